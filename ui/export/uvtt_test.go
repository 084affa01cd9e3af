package export

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"runtime"
	"strings"
	"testing"

	"encounterplanner/model"
)

// uvttDoc is a small valid .dd2vtt around the given image bytes.
func uvttDoc(img []byte) string {
	return `{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":2,"y":2},"pixels_per_grid":4},` +
		`"line_of_sight":[],"objects_line_of_sight":[],"portals":[],"environment":{"baked_lighting":true,"ambient_light":"ffffffff"},` +
		`"lights":[],"image":"` + base64.StdEncoding.EncodeToString(img) + `"}`
}

func pngBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func mustRefuseUVTT(t *testing.T, doc, want string) {
	t.Helper()
	_, _, err := ImportUVTT(strings.NewReader(doc), "X")
	if err == nil {
		t.Fatalf("imported a bad file; want an error containing %q\n%.300s", want, doc)
	}
	var fe *model.FieldError
	if !errors.Is(err, model.ErrInvalid) || !errors.As(err, &fe) || fe.Token != -1 {
		t.Errorf("error %q (%T) is not an invalid-input FieldError", err, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q\nwant it to contain %q", err, want)
	}
}

// TestImportUVTTDecodesTheImage: an image that the renderer could not draw
// is refused at import, not lost silently at the next export.
func TestImportUVTTDecodesTheImage(t *testing.T) {
	good := pngBytes(t, 8, 8)
	if e, _, err := ImportUVTT(strings.NewReader(uvttDoc(good)), "Good"); err != nil || e.Background == "" {
		t.Fatalf("a good PNG: %v", err)
	}
	var jbuf bytes.Buffer
	jpeg.Encode(&jbuf, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil)
	if e, _, err := ImportUVTT(strings.NewReader(uvttDoc(jbuf.Bytes())), "JPEG"); err != nil || !strings.HasPrefix(e.Background, "data:image/jpeg;base64,") {
		t.Fatalf("a good JPEG: %v", err)
	}
	t.Run("JPEGCutShort", func(t *testing.T) { mustRefuseUVTT(t, uvttDoc(jbuf.Bytes()[:60]), "image: is not a readable JPEG") })
	t.Run("GIF", func(t *testing.T) {
		mustRefuseUVTT(t, uvttDoc([]byte("GIF89a\x01\x00\x01\x00")), "image: is not a PNG, WebP or JPEG image")
	})
	t.Run("PNGCutShort", func(t *testing.T) { mustRefuseUVTT(t, uvttDoc(good[:len(good)-20]), "image: is not a readable PNG") })
	t.Run("WebPHeaderThenJunk", func(t *testing.T) {
		mustRefuseUVTT(t, uvttDoc([]byte("RIFF\x20\x00\x00\x00WEBPVP8 junkjunkjunkjunkjunk")), "image: is not a readable WebP")
	})
	t.Run("PNGTooLarge", func(t *testing.T) {
		// A valid header claiming 100000x100000 pixels: refused before any pixel is allocated.
		img := pngBytes(t, 1, 1)
		img[16], img[17], img[18], img[19] = 0, 1, 0x86, 0xa0 // width 100000
		img[20], img[21], img[22], img[23] = 0, 1, 0x86, 0xa0 // height 100000
		binary.BigEndian.PutUint32(img[29:33], crc32.ChecksumIEEE(img[12:29]))
		mustRefuseUVTT(t, uvttDoc(img), "image: is 100000x100000 pixels")
	})
}

// TestImportUVTTStrictJSON: the file is read as strictly as encounter/1: an
// unknown or repeated key, a null, or a point without both coordinates is
// an error naming the field, never a silent 0.
func TestImportUVTTStrictJSON(t *testing.T) {
	const res = `"resolution":{"map_size":{"x":4,"y":3}}`
	for _, c := range []struct{ name, doc, want string }{
		{"DuplicateResolution", `{` + res + `,"resolution":{"map_size":{"x":9,"y":9}}}`, "resolution: is given twice"},
		{"DuplicateMapSize", `{"resolution":{"map_size":{"x":4,"y":3},"map_size":{"x":9,"y":9}}}`, "resolution.map_size: is given twice"},
		{"DuplicateX", `{"resolution":{"map_size":{"x":4,"x":5,"y":3}}}`, "resolution.map_size.x: is given twice"},
		{"PointMissingY", `{` + res + `,"line_of_sight":[[{"x":1},{"x":2,"y":2}]]}`, "line_of_sight[0][0]: needs x and y"},
		{"PointNull", `{` + res + `,"line_of_sight":[[null,{"x":2,"y":2}]]}`, "line_of_sight[0][0]: must not be null"},
		{"CoordinateNull", `{` + res + `,"objects_line_of_sight":[[{"x":1,"y":null}]]}`, "objects_line_of_sight[0][0].y: must not be null"},
		{"MapSizeMissingY", `{"resolution":{"map_size":{"x":4}}}`, "resolution.map_size: needs x and y"},
		{"MapSizeMissing", `{"resolution":{"pixels_per_grid":4}}`, "resolution.map_size: is required"},
		{"ResolutionNull", `{"resolution":null}`, "resolution: must not be null"},
		{"ImageNull", `{` + res + `,"image":null}`, "image: must not be null"},
		{"LineNull", `{` + res + `,"line_of_sight":[null]}`, "line_of_sight[0]: must not be null"},
		{"UnknownTop", `{` + res + `,"walls":[]}`, `unknown field "walls"`},
		{"UnknownPointKey", `{` + res + `,"line_of_sight":[[{"x":1,"y":1,"z":0}]]}`, `line_of_sight[0][0]: unknown field "z"`},
		{"UnknownResolutionKey", `{"resolution":{"map_size":{"x":4,"y":3},"scale":2}}`, `resolution: unknown field "scale"`},
		{"WrongCase", `{"Resolution":{"map_size":{"x":4,"y":3}}}`, `unknown field "Resolution"`},
		{"PortalsNotArray", `{` + res + `,"portals":{}}`, "portals: must be an array, not object"},
		{"LightsNull", `{` + res + `,"lights":null}`, "lights: must not be null"},
		{"EnvironmentArray", `{` + res + `,"environment":[]}`, "environment: must be an object, not array"},
		{"CoordinateString", `{` + res + `,"line_of_sight":[[{"x":"1","y":1}]]}`, "line_of_sight[0][0].x: must be a number, not string"},
		{"NotObject", `[]`, "must be an object, not array"},
		{"Trailing", `{` + res + `} {}`, "not valid JSON"},
		{"OriginFar", `{"resolution":{"map_origin":{"x":1e300,"y":0},"map_size":{"x":4,"y":3}}}`, "resolution.map_origin: point (1e+300, 0) is far outside the map"},
		// QA's u4.dd2vtt: no pixels a square, which no map has.
		{"PixelsPerGridZero", `{"resolution":{"map_size":{"x":4,"y":3},"pixels_per_grid":0}}`,
			"resolution.pixels_per_grid: must be more than 0 (the map image's pixels per square), not 0"},
		{"PixelsPerGridNegative", `{"resolution":{"map_size":{"x":4,"y":3},"pixels_per_grid":-70}}`,
			"resolution.pixels_per_grid: must be more than 0 (the map image's pixels per square), not -70"},
		{"SoftwareNotString", `{"software":5,` + res + `}`, "software: must be a string, not number"},
	} {
		t.Run(c.name, func(t *testing.T) { mustRefuseUVTT(t, c.doc, c.want) })
	}
	// What Dungeondraft writes, and the smallest file, still import, and
	// so does a file that names the program and the person who made it
	// (other map makers write "software" and "creator"; such a map was
	// refused, `unknown field "software"`).
	for _, doc := range []string{uvttDoc(pngBytes(t, 8, 8)), `{` + res + `}`,
		`{"software":"A map maker 2.1","creator":"Ana",` + res + `,"format":1.0}`,
		`{"format":0.3,` + res + `,"portals":[{"position":{"x":1,"y":1},"bounds":[{"x":0,"y":1},{"x":2,"y":1}],"rotation":0,"closed":true,"freestanding":false}],"lights":[{"position":{"x":1,"y":1},"range":2,"intensity":1,"color":"ffffffff","shadows":true}],"image":""}`} {
		if _, _, err := ImportUVTT(strings.NewReader(doc), "OK"); err != nil {
			t.Errorf("refused a good file: %v\n%.200s", err, doc)
		}
	}
}

// hostileUVTT is a 3.5 MB .dd2vtt of 31 x 1000 squares whose one closed
// line zigzags top to bottom 60,000 times: 60 million row crossings, just
// inside the rasterising budget.
func hostileUVTT() string {
	var b strings.Builder
	b.WriteString(`{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":31,"y":1000},"pixels_per_grid":1},"line_of_sight":[[`)
	const n = 60000
	for i := 0; i <= n; i++ {
		x, y := 0.5+30*float64(i)/n, 0.0
		if i%2 == 1 {
			y = 1000
		}
		if i == n {
			x = 0.5 // closed: back to the first point
		}
		fmt.Fprintf(&b, `{"x":%.20f,"y":%.20f},`, x, y)
	}
	s := strings.TrimSuffix(b.String(), ",")
	return s + `]]}`
}

// TestImportUVTTMemory: a file like the one above needed 899 MB (one float
// a crossing, 2.4 GB allocated in all); importing it now allocates about
// 52 MB in all (logged), most of it garbage of the JSON walk.
func TestImportUVTTMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("imports a 3 MB file")
	}
	doc := hostileUVTT()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err := ImportUVTT(strings.NewReader(doc), "Hostile")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("a %.1f MB .dd2vtt of 31,000 squares: %.1f MB allocated in all", float64(len(doc))/1e6, float64(alloc)/1e6)
	if alloc > 128<<20 {
		t.Errorf("allocated %d MB; want at most 128", alloc>>20)
	}
}

// uvttImage is the image of a .dd2vtt, decoded.
func uvttImage(t *testing.T, doc []byte) image.Image {
	t.Helper()
	var f struct{ Image string }
	if err := json.Unmarshal(doc, &f); err != nil {
		t.Fatal(err)
	}
	data, err := base64.StdEncoding.DecodeString(f.Image)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestUVTTIsThePlayersView: a UVTT file goes to another table's players,
// so its image shows what the players see and nothing the GM alone knows:
// a GM-only trap and wall are open ground, as in the player PNG (without
// its tokens and notes, which UVTT never draws, and without this table's
// fog, which the VTT keeps itself). The GM-only wall still blocks (a VTT
// does not show its lines), and a GM-only door square is a wall, not a
// portal that would show the players a door.
func TestUVTTIsThePlayersView(t *testing.T) {
	e := mapFrom(
		"......",
		".h#+/.",
		"......",
		"##+###",
	)
	e.GMOnly = make([]bool, len(e.Grid.Cells))
	for x := 1; x <= 4; x++ {
		e.GMOnly[1*6+x] = true // the trap, the wall and both doors of row 1
	}
	e.Tokens = []model.Token{
		{Name: "Iseph", X: 0, Y: 0, Size: model.Medium, Side: "party"},
		{Name: "Lurker", X: 5, Y: 2, Size: model.Small, Side: "enemy", Hidden: true},
	}
	e.Notes = []model.Note{{X: 1, Y: 1, Text: "pit trap"}, {X: 0, Y: 2, Text: "a statue", Player: true}}
	e.Revealed = make([]bool, len(e.Grid.Cells)) // all in fog
	e.Revealed[0] = true
	e.Edges = []model.Edge{edge(model.EdgeSecretDoor, 0, 3, 1, 3)}
	if err := model.Validate(e); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := UVTT(&buf, e, 20); err != nil {
		t.Fatal(err)
	}
	got := uvttImage(t, buf.Bytes())

	seen := e.Clone()
	seen.Tokens, seen.Notes, seen.Revealed = nil, nil, nil
	want, err := Image(seen, PNGOptions{PX: 20, Player: true})
	if err != nil {
		t.Fatal(err)
	}
	if !samePixels(got, want) {
		t.Error("the UVTT image is not the players' view (GM-only squares, notes or fog show)")
	}
	gm, err := Image(seen, PNGOptions{PX: 20})
	if err != nil {
		t.Fatal(err)
	}
	if samePixels(gm, want) {
		t.Fatal("the test map looks the same to the GM and the players")
	}

	back, _, err := ImportUVTT(bytes.NewReader(buf.Bytes()), "Imported")
	if err != nil {
		t.Fatal(err)
	}
	// Row 1: the GM-only wall and doors block as walls; row 3: the door
	// square the players know stays a door.
	if a := ascii(&back.Grid); a != "......\n..###.\n......\n##.###\n" {
		t.Errorf("imported squares\n%s", a)
	}
	for i, c := range back.Grid.Cells {
		if c.Any(model.Door) != (i == 3*6+2) {
			t.Errorf("square (%d, %d) is %v", i%6, i/6, c)
		}
	}
}
