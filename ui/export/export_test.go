package export

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

var update = flag.Bool("update", false, "write the golden files in testdata/")

func mapFrom(rows ...string) *model.Encounter {
	g := model.NewGrid(len(rows[0]), len(rows))
	for y, row := range rows {
		for x, c := range row {
			g.Set(x, y, model.DefaultLegend[c])
		}
	}
	return &model.Encounter{Name: "Test", Ruleset: model.SF2E, Grid: g, FeetPerSquare: 5}
}

func sample() *model.Encounter {
	e := mapFrom(
		"##########",
		"#....o...#",
		"#.dd.o.~~#",
		"#.hh...~~#",
		"#..uu.nn.#",
		"####..####",
	)
	e.Tokens = []model.Token{
		{Name: "Iseph", X: 1, Y: 1, Size: model.Medium, Side: "party"},
		{Name: "Tashtari", X: 6, Y: 2, Size: model.Large, Side: "enemy"},
		{Name: "Lurker", X: 8, Y: 4, Size: model.Small, Side: "enemy", Hidden: true},
	}
	return e
}

func TestPNG(t *testing.T) {
	for _, c := range []struct {
		name string
		o    PNGOptions
		w, h int
	}{
		{"default", PNGOptions{Grid: true}, 700, 420},
		{"player-20", PNGOptions{PX: 20, Player: true, Grid: true}, 200, 120},
		{"nogrid-33", PNGOptions{PX: 33}, 330, 198},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := PNG(&buf, sample(), c.o); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h || b.Min != (image.Point{}) {
				t.Fatalf("size %v, want %dx%d", b, c.w, c.h)
			}
			golden(t, "png-"+c.name+".png", buf.Bytes(), func(want []byte) bool {
				wi, err := png.Decode(bytes.NewReader(want))
				return err == nil && samePixels(wi, img)
			})
		})
	}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				r1, g1, b1, a1 := a.At(x, y).RGBA()
				r2, g2, b2, a2 := b.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
					return false
				}
			}
		}
	}
	return true
}

func golden(t *testing.T, name string, got []byte, same func(want []byte) bool) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no master (go test -update): %v", err)
	}
	if !same(want) {
		os.MkdirAll(filepath.Join("testdata", "failed"), 0o755)
		os.WriteFile(filepath.Join("testdata", "failed", name), got, 0o644)
		t.Errorf("%s differs from its master; got testdata/failed/%s", path, name)
	}
}

func TestPNGTooBig(t *testing.T) {
	e := mapFrom(strings.Repeat(".", 300))
	err := PNG(&bytes.Buffer{}, e, PNGOptions{PX: 70})
	if !errors.Is(err, model.ErrInvalid) || !strings.Contains(err.Error(), "21000x70") {
		t.Fatalf("err = %v, want ErrInvalid naming 21000x70", err)
	}
	if err := PNG(&bytes.Buffer{}, e, PNGOptions{PX: 54}); err != nil {
		t.Fatalf("16200 px wide: %v", err)
	}
}

func randomMap(rng *rand.Rand, w, h int) *model.Encounter {
	e := mapFrom(strings.Repeat(".", w))
	e.Grid = model.NewGrid(w, h)
	p := rng.Float64()
	for i := range e.Grid.Cells {
		if rng.Float64() < p {
			e.Grid.Cells[i] |= model.Wall
		}
		if rng.Float64() < 0.2 {
			e.Grid.Cells[i] |= model.Obstacle
		}
		if rng.Float64() < 0.1 {
			e.Grid.Cells[i] |= model.Difficult
		}
	}
	return e
}

func TestUVTTRoundTrip(t *testing.T) {
	maps := []*model.Encounter{
		sample(),
		mapFrom("#"),
		mapFrom("."),
		mapFrom("#.#.", ".#.#", "#.#.", ".#.#"), // checkerboard: corners where 4 edges meet
		mapFrom("#####", "#...#", "#.#.#", "#...#", "#####"),
		mapFrom("..o..", ".ooo.", "oo.oo", ".ooo.", "..o.."),
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 40; i++ {
		maps = append(maps, randomMap(rng, 1+rng.IntN(25), 1+rng.IntN(25)))
	}
	for i, e := range maps {
		var buf bytes.Buffer
		if err := UVTT(&buf, e, 8); err != nil {
			t.Fatalf("map %d: %v", i, err)
		}
		got, _, err := ImportUVTT(bytes.NewReader(buf.Bytes()), "Imported")
		if err != nil {
			t.Fatalf("map %d: import: %v", i, err)
		}
		if got.Grid.W != e.Grid.W || got.Grid.H != e.Grid.H {
			t.Fatalf("map %d: %dx%d, want %dx%d", i, got.Grid.W, got.Grid.H, e.Grid.W, e.Grid.H)
		}
		for j, c := range e.Grid.Cells {
			want := c & (model.Wall | model.Obstacle)
			if got.Grid.Cells[j] != want {
				t.Fatalf("map %d: square (%d, %d) is %v, want %v\n%s", i, j%e.Grid.W, j/e.Grid.W, got.Grid.Cells[j], want, ascii(&got.Grid))
			}
		}
		if !strings.HasPrefix(got.Background, "data:image/png;base64,") || got.Ruleset != model.SF2E || got.Name != "Imported" {
			t.Fatalf("map %d: background %.30q ruleset %q name %q", i, got.Background, got.Ruleset, got.Name)
		}
		if err := model.Validate(got); err != nil {
			t.Fatal(err)
		}
	}
}

func ascii(g *model.Grid) string {
	var b strings.Builder
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			c := g.At(x, y)
			switch {
			case c.Any(model.Wall):
				b.WriteByte('#')
			case c.Any(model.Obstacle):
				b.WriteByte('o')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestUVTTShape checks the JSON layout and that walls merge into few lines.
func TestUVTTShape(t *testing.T) {
	e := mapFrom("#####", "#...#", "#...#", "#####")
	var buf bytes.Buffer
	if err := UVTT(&buf, e, 10); err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	if f["format"] != 0.3 {
		t.Errorf("format %v", f["format"])
	}
	res := f["resolution"].(map[string]any)
	if res["pixels_per_grid"] != 10.0 || res["map_size"].(map[string]any)["x"] != 5.0 || res["map_size"].(map[string]any)["y"] != 4.0 {
		t.Errorf("resolution %v", res)
	}
	los := f["line_of_sight"].([]any)
	// A ring of walls: its outer and inner outlines, 5 points each.
	if len(los) != 2 || len(los[0].([]any)) != 5 || len(los[1].([]any)) != 5 {
		t.Errorf("line_of_sight %v", los)
	}
	env := f["environment"].(map[string]any)
	if env["baked_lighting"] != true || env["ambient_light"] != "ffffffff" {
		t.Errorf("environment %v", env)
	}
	img, _ := base64.StdEncoding.DecodeString(f["image"].(string))
	cfg, err := png.DecodeConfig(bytes.NewReader(img))
	if err != nil || cfg.Width != 50 || cfg.Height != 40 {
		t.Errorf("image %v %v", cfg, err)
	}
}

func TestImportUVTTOpenWalls(t *testing.T) {
	// A Dungeondraft-style thin wall: an open polyline along y=1.5.
	doc := `{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":4,"y":3},"pixels_per_grid":50},
	"line_of_sight":[[{"x":0.2,"y":1.5},{"x":2.7,"y":1.5}]],"portals":[],"lights":[],"image":""}`
	e, _, err := ImportUVTT(strings.NewReader(doc), "Thin")
	if err != nil {
		t.Fatal(err)
	}
	if got := ascii(&e.Grid); got != "....\n###.\n....\n" {
		t.Errorf("got\n%s", got)
	}
}

func TestImportUVTTErrors(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{`, "not valid JSON"},
		{`{"format":0.3}`, "resolution"},
		{`{"resolution":{"map_size":{"x":0,"y":3}}}`, "resolution.map_size.x"},
		{`{"resolution":{"map_size":{"x":1001,"y":3}}}`, "resolution.map_size.x"},
		{`{"resolution":{"map_size":{"x":2.5,"y":3}}}`, "resolution.map_size.x"},
		{`{"resolution":{"map_size":{"x":"2","y":3}}}`, "resolution.map_size.x"},
		{`{"resolution":{"map_size":{"x":2,"y":3}},"line_of_sight":{}}`, "line_of_sight"},
		{`{"resolution":{"map_size":{"x":2,"y":3}},"line_of_sight":[[{"x":"a"}]]}`, "line_of_sight"},
		{`{"resolution":{"map_size":{"x":2,"y":3}},"image":"!!"}`, "image"},
		{`{"resolution":{"map_size":{"x":2,"y":3}},"image":"aGVsbG8="}`, "image"},
		{`{"resolution":{"map_size":{"x":2,"y":3}},"line_of_sight":[[{"x":1e300,"y":0},{"x":0,"y":0}]]}`, "line_of_sight[0][0]"},
	} {
		_, _, err := ImportUVTT(strings.NewReader(c.doc), "X")
		if err == nil || !errors.Is(err, model.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want ErrInvalid naming %q", c.doc, err, c.want)
		}
	}
	if _, _, err := ImportUVTT(strings.NewReader(`{"resolution":{"map_size":{"x":2,"y":3}}}`), ""); !errors.Is(err, model.ErrInvalid) {
		t.Errorf("empty name: %v", err)
	}
}

func FuzzImportUVTT(f *testing.F) {
	var buf bytes.Buffer
	UVTT(&buf, mapFrom("#.#", ".o.", "##."), 2)
	f.Add(buf.Bytes())
	f.Add([]byte(`{"resolution":{"map_size":{"x":4,"y":3}},"line_of_sight":[[{"x":0.2,"y":1.5},{"x":2.7,"y":1.5}]]}`))
	f.Add([]byte(`{"resolution":{"map_origin":{"x":-3,"y":2},"map_size":{"x":4,"y":3}},"line_of_sight":[[{"x":0,"y":0},{"x":9,"y":3},{"x":1,"y":7},{"x":0,"y":0}]]}`))
	f.Add([]byte(`{"resolution":{"map_size":{"x":1000,"y":1000}},"objects_line_of_sight":[[{"x":-1e8,"y":-1e8},{"x":1e8,"y":1e8}]]}`))
	f.Add([]byte(`[]`))
	// The strictness seeds: a PNG cut short, a WebP header then junk, a
	// point with one coordinate, a null point, a repeated key, closed lines
	// crossing many rows.
	exported := buf.Bytes()
	var doc map[string]any
	json.Unmarshal(exported, &doc)
	img, _ := base64.StdEncoding.DecodeString(doc["image"].(string))
	for _, b := range [][]byte{img[:len(img)/2], []byte("RIFF\x20\x00\x00\x00WEBPVP8 junkjunkjunkjunk")} {
		doc["image"] = base64.StdEncoding.EncodeToString(b)
		d, _ := json.Marshal(doc)
		f.Add(d)
	}
	f.Add([]byte(`{"resolution":{"map_size":{"x":4,"y":3}},"line_of_sight":[[{"x":1},{"x":2,"y":2}]]}`))
	f.Add([]byte(`{"resolution":{"map_size":{"x":4,"y":3}},"objects_line_of_sight":[[null,{"x":2,"y":null}]]}`))
	f.Add([]byte(`{"resolution":{"map_size":{"x":4,"y":3}},"resolution":{"map_size":{"x":9,"y":9}}}`))
	f.Add([]byte(`{"resolution":{"map_size":{"x":3,"y":1000}},"line_of_sight":[[{"x":0.5,"y":0},{"x":1,"y":1000},{"x":2,"y":0},{"x":2.5,"y":1000},{"x":0.5,"y":0}]]}`))
	// Edges and doors: our export of walls, doors, a secret door and door
	// squares; the Dungeondraft-shaped sample; overlapping portals; a
	// portal off the grid lines and one off the map.
	edged := mapFrom("#+#.", "..../", "....")
	edged.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 0, Y1: 2, X2: 2, Y2: 2}, {Kind: model.EdgeDoor, X1: 2, Y1: 2, X2: 3, Y2: 2},
		{Kind: model.EdgeOpenDoor, X1: 3, Y1: 2, X2: 4, Y2: 2}, {Kind: model.EdgeSecretDoor, X1: 1, Y1: 2, X2: 1, Y2: 3}}
	var ebuf bytes.Buffer
	UVTT(&ebuf, edged, 2)
	f.Add(ebuf.Bytes())
	if dd, err := os.ReadFile("testdata/dungeondraft-doors.dd2vtt"); err == nil {
		f.Add(dd)
	}
	f.Add([]byte(`{"resolution":{"map_size":{"x":4,"y":3}},"portals":[{"bounds":[{"x":1,"y":1},{"x":2,"y":1}]},{"bounds":[{"x":0,"y":1},{"x":2,"y":1}],"closed":false}]}`))
	f.Add([]byte(`{"resolution":{"map_size":{"x":4,"y":3}},"line_of_sight":[[{"x":0,"y":1},{"x":4,"y":1}]],"portals":[{"bounds":[{"x":1.2,"y":0.3},{"x":2.9,"y":2.6}],"closed":false},{"bounds":[{"x":-9,"y":1},{"x":-7,"y":1}]}]}`))
	// What a GM's tools write: a byte order mark, the image as a data
	// URL (and one of another type), a newer format, a portal of three
	// points.
	f.Add(append([]byte("\xef\xbb\xbf"), exported...))
	doc["image"] = "data:image/png;base64," + base64.StdEncoding.EncodeToString(img)
	d, _ := json.Marshal(doc)
	f.Add(d)
	f.Add([]byte(`{"format":99,"resolution":{"map_size":{"x":4,"y":3}},"image":"data:image/gif;base64,R0lGODlh"}`))
	f.Add([]byte(`{"resolution":{"map_size":{"x":4,"y":3}},"portals":[{"bounds":[{"x":0,"y":1},{"x":1,"y":1},{"x":2,"y":1}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, _, err := ImportUVTT(bytes.NewReader(data), "Fuzz")
		if err != nil {
			if !errors.Is(err, model.ErrInvalid) {
				t.Fatalf("error not ErrInvalid: %v", err)
			}
			return
		}
		if err := model.Validate(e); err != nil {
			t.Fatalf("invalid encounter: %v", err)
		}
	})
}

// TestPNGBands writes a PNG in many bands of rows and checks it holds the
// image drawn whole: tokens, name plates, overlays and the grid cross
// band edges intact.
func TestPNGBands(t *testing.T) {
	e := bigMap(16, 30)
	// Across the band edges at rows 8, 16 and 24: a Huge token, its name
	// plate, enemy reach stripes, reach, a collision and a path.
	e.Tokens = append(e.Tokens, model.Token{Name: "Big Ogre", X: 3, Y: 6, Size: model.Huge, Side: "enemy"},
		model.Token{Name: "Plate", X: 9, Y: 15, Size: model.Medium, Side: "party"})
	o := render.NewOverlays()
	o.Selected, o.PathFrom, o.Units = 0, 0, "ft"
	o.Threat = []rules.Point{{X: 2, Y: 7}, {X: 2, Y: 8}, {X: 2, Y: 9}, {X: 3, Y: 9}}
	o.Reach = []rules.Square{{X: 1, Y: 15, Actions: 1}, {X: 1, Y: 16, Actions: 2}, {X: 1, Y: 17, Actions: 3}}
	o.Collide = []rules.Point{{X: 1, Y: 16}}
	o.Path = &rules.Path{Steps: []rules.Step{{X: 2, Y: 3, Turn: rules.NoTurn, Total: 5}, {X: 2, Y: 8, Turn: rules.NoTurn, Total: 30}}}
	for _, px := range []int{16, 33, 70} {
		opt := PNGOptions{PX: px, Grid: true, Overlays: o}
		want, err := Image(e, opt)
		if err != nil {
			t.Fatal(err)
		}
		old := pngBandBytes
		pngBandBytes = 1 // the smallest band: 8 squares
		var buf bytes.Buffer
		err = PNG(&buf, e, opt)
		pngBandBytes = old
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if !samePixels(got, want) {
			t.Errorf("px %d: the PNG written in bands of 8 squares differs from the image drawn whole", px)
		}
	}
}

// TestAreaOverlays: the overlays of an export without the current ones are
// the placed areas alone, none without areas; the players' version
// computes them without the hidden tokens, so an emanation from a hidden
// token shades nothing, while the GM's shades it.
func TestAreaOverlays(t *testing.T) {
	e := mapFrom("......", "......", "......")
	if o := AreaOverlays(e, false); o != nil {
		t.Errorf("no areas: %+v, want nil", o)
	}
	e.Ruleset = model.SF2E
	e.Tokens = []model.Token{{Name: "Lurker", X: 2, Y: 1, Size: model.Medium, Side: "enemy", Hidden: true}}
	e.Areas = []model.Area{
		{Kind: model.Burst, X: 1, Y: 1, Radius: 5, Player: true},
		{Kind: model.Emanation, Token: "Lurker", Radius: 5, Player: true},
	}
	for _, c := range []struct {
		player bool
		want   [2]int // squares shaded, by area
	}{{false, [2]int{4, 9}}, {true, [2]int{4, 0}}} {
		o := AreaOverlays(e, c.player)
		if o == nil || len(o.Areas) != 2 || len(o.Areas[0].Squares) != c.want[0] || len(o.Areas[1].Squares) != c.want[1] || !o.Areas[0].Player {
			t.Errorf("player %v: %+v, want %v squares", c.player, o, c.want)
		}
	}
}
