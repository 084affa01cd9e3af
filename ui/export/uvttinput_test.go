package export

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/jpeg"
	"reflect"
	"strings"
	"testing"
)

// TestImportUVTTReadsPastAByteOrderMark: a .dd2vtt saved by Windows
// Notepad starts with a UTF-8 byte order mark, and was refused as "not
// valid JSON at byte 1: invalid character 'ï'". It imports as the same
// file without the mark does (as an encounter file does), and a syntax
// error in it is still at its byte in the file, the mark counted.
func TestImportUVTTReadsPastAByteOrderMark(t *testing.T) {
	doc := leftOutDoc(line(0, 1, 4, 1), "", portal(1, 1, 2, 1), uvttLight)
	doc = strings.Replace(doc, `"image":""`, `"image":"`+base64.StdEncoding.EncodeToString(pngBytes(t, 8, 6))+`"`, 1)
	want, wantLeft, err := ImportUVTT(strings.NewReader(doc), "Crypt")
	if err != nil {
		t.Fatal(err)
	}
	got, left, err := ImportUVTT(strings.NewReader("\xef\xbb\xbf"+doc), "Crypt")
	if err != nil {
		t.Fatalf("with a byte order mark: %v", err)
	}
	got.ID = want.ID
	if !reflect.DeepEqual(got, want) || left != wantLeft {
		t.Errorf("with a byte order mark the map differs:\n%+v\nwant\n%+v", got, want)
	}

	bad := `{"resolution":{"map_size":{"x":4,"y":3}},"portals":[}`
	var v any
	// the mark is no column: the error is where a text editor shows it
	mustRefuseUVTT(t, "\xef\xbb\xbf"+bad, jsonBad("", json.Unmarshal([]byte(bad), &v), []byte(bad)).Error())
	mustRefuseUVTT(t, "\xef\xbb\xbf", "the file is empty")
}

// TestImportUVTTNamesOtherKindsOfFile: a file that is no map at all, given
// a map's extension, is named for what it is, in the words an encounter
// file's reader has for it, not as the first byte JSON cannot read
// ("invalid character 'S'" for a library).
func TestImportUVTTNamesOtherKindsOfFile(t *testing.T) {
	var jbuf bytes.Buffer
	jpeg.Encode(&jbuf, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil)
	for _, c := range []struct{ name, doc, want string }{
		{"PNG", string(pngBytes(t, 8, 8)), "the file is a PNG image, not a Universal VTT map: to use it as the map of the open encounter, choose Encounter > Import map image…; to make a new encounter from it, File > New from map image…"},
		{"JPEG", jbuf.String(), "the file is a JPEG image, not a Universal VTT map"},
		{"WebP", "RIFF\x20\x00\x00\x00WEBPVP8 ", "the file is a WebP image, not a Universal VTT map"},
		{"GIF", "GIF89a\x01\x00\x01\x00", "the file is a GIF image, not a Universal VTT map"},
		{"PDF", "%PDF-1.7\n", "the file is a PDF document, not a Universal VTT map"},
		{"Database", "SQLite format 3\x00\x10\x00", "the file is an SQLite database (an Encounter Planner library is one), not a Universal VTT map"},
		{"ZIP", "PK\x03\x04\x14\x00", "the file is a ZIP archive, not a Universal VTT map; unpack it and import the map inside"},
		{"UTF16", "\xff\xfe{\x00\"\x00", "the file is UTF-16 text; save it as UTF-8, as map makers write it"},
	} {
		t.Run(c.name, func(t *testing.T) { mustRefuseUVTT(t, c.doc, c.want) })
	}
}

// TestImportUVTTImageAsDataURL: an image written as a data URL (some map
// makers and hand-edited files write "data:image/png;base64,iVBOR…") was
// refused as "illegal base64 data at input byte 4". The image after a
// prefix naming a PNG, JPEG or WebP is read as the plain base64 is, held
// once; any other prefix is refused, naming the field and what it holds,
// as is a prefix naming another kind of image than the bytes are.
func TestImportUVTTImageAsDataURL(t *testing.T) {
	img := pngBytes(t, 8, 8)
	std := base64.StdEncoding.EncodeToString(img)
	want := "data:image/png;base64," + std
	withText := func(text string) string {
		return `{"resolution":{"map_size":{"x":2,"y":2}},"image":"` + text + `"}`
	}
	for name, doc := range map[string]string{
		"PNG":          withText("data:image/png;base64," + std),
		"EscapedSlash": withText(`data:image\/png;base64,` + strings.ReplaceAll(std, "/", `\/`)),
		"UpperCase":    withText("DATA:Image/PNG;BASE64," + std),
		"Parameter":    withText("data:image/png;name=crypt.png;base64," + std),
		"Unpadded":     withText("data:image/png;base64," + strings.TrimRight(std, "=")),
		"ImageFirst":   `{"image":"data:image/png;base64,` + std + `","resolution":{"map_size":{"x":2,"y":2}}}`,
	} {
		e, _, err := ImportUVTT(strings.NewReader(doc), "X")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if e.Background != want {
			t.Errorf("%s: background %.60q..., want %.60q...", name, e.Background, want)
		}
	}
	var jbuf bytes.Buffer
	jpeg.Encode(&jbuf, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil)
	jpg := base64.StdEncoding.EncodeToString(jbuf.Bytes())
	for _, prefix := range []string{"data:image/jpeg;base64,", "data:image/jpg;base64,"} {
		if e, _, err := ImportUVTT(strings.NewReader(withText(prefix+jpg)), "X"); err != nil || e.Background != "data:image/jpeg;base64,"+jpg {
			t.Errorf("%s: background %.40q, error %v", prefix, e.Background, err)
		}
	}
	if e, _, err := ImportUVTT(strings.NewReader(withText("data:image/png;base64,")), "X"); err != nil || e.Background != "" {
		t.Errorf("an empty data URL: background %.40q, error %v; want none, as an empty image", e.Background, err)
	}
	for _, c := range []struct{ name, doc, want string }{
		{"GIF", withText("data:image/gif;base64,R0lGODlhAQABAAAAACw="), `image: is a data URL of "image/gif", not of a PNG, WebP or JPEG image`},
		{"Text", withText("data:text/plain;base64,aGVsbG8="), `image: is a data URL of "text/plain", not of a PNG, WebP or JPEG image`},
		{"NoType", withText("data:;base64,aGVsbG8="), `image: is a data URL of "text/plain", not of a PNG, WebP or JPEG image`},
		{"NotBase64", withText("data:image/png,%89PNG"), "image: is a data URL of image/png whose data is not base64"},
		{"NoComma", withText("data:image/png;base64"), "image: is a data URL with no comma after its type"},
		{"SaysPNGHoldsJPEG", withText("data:image/png;base64," + jpg), "image: is a data URL of a PNG (data:image/png) that holds a JPEG image"},
		{"BadBase64", withText("data:image/png;base64," + std[:8] + "*" + std[8:]), "image: is not base64: illegal base64 data at input byte 8"},
	} {
		t.Run(c.name, func(t *testing.T) { mustRefuseUVTT(t, c.doc, c.want) })
	}
}

// TestImportUVTTDataURLHoldsTheImageOnce: a large map whose image is a
// data URL imports allocating what the same map in plain base64 does:
// the text, once, as the map's data URL.
func TestImportUVTTDataURLHoldsTheImageOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("draws and imports an 11 MB map")
	}
	doc := largeUVTT(t, 12, 12, 256)
	i := bytes.LastIndex(doc, []byte(`"image":"`)) + len(`"image":"`)
	url := append(append(append([]byte{}, doc[:i]...), "data:image/png;base64,"...), doc[i:]...)
	plain, asURL := importAlloc(t, doc), importAlloc(t, url)
	t.Logf("a %.1f MB .dd2vtt: %.1f MB allocated, %.1f MB with a data URL", float64(len(doc))/1e6, float64(plain)/1e6, float64(asURL)/1e6)
	if asURL > plain+1<<20 {
		t.Errorf("with a data URL the import allocated %d MB, plain %d MB", asURL>>20, plain>>20)
	}
}

// TestImportUVTTFormat: "format": 99 was read silently. The formats this
// reader knows (0.2, 0.3, and none given) are read as before, saying
// nothing; a newer one is read as the newest it knows, and the note says
// so, naming the file's format, for the GM to check the walls and doors;
// 0, a negative number or something not a number is refused, naming
// format.
func TestImportUVTTFormat(t *testing.T) {
	const res = `"resolution":{"map_size":{"x":4,"y":3}},"line_of_sight":[[{"x":0,"y":1},{"x":4,"y":1}]]`
	for _, c := range []struct {
		format string
		note   string
	}{
		{``, ""},
		{`"format":0.2,`, ""},
		{`"format":0.3,`, ""},
		{`"format":0.4,`, "format 0.4 is newer than this app reads (0.3): read as 0.3; check the walls and doors"},
		{`"format":1.0,`, "format 1 is newer than this app reads (0.3): read as 0.3; check the walls and doors"},
		{`"format":99,`, "format 99 is newer than this app reads (0.3): read as 0.3; check the walls and doors"},
	} {
		e, left, err := ImportUVTT(strings.NewReader(`{`+c.format+res+`}`), "X")
		if err != nil {
			t.Errorf("%s: %v", c.format, err)
			continue
		}
		if got := left.String(); got != c.note {
			t.Errorf("%s: note %q, want %q", c.format, got, c.note)
		}
		if len(e.Edges) != 1 || e.Edges[0].X2-e.Edges[0].X1 != 4 {
			t.Errorf("%s: wall edges %v, want the wall across the map", c.format, e.Edges)
		}
	}
	withLights := `{"format":2,` + res + `,"lights":[{}]}`
	if _, left, err := ImportUVTT(strings.NewReader(withLights), "X"); err != nil || !strings.HasPrefix(left.String(), "format 2 is newer than this app reads (0.3): read as 0.3; check the walls and doors; 1 light was left out") {
		t.Errorf("a newer format with a light: %q, %v", left.String(), err)
	}
	for _, c := range []struct{ format, want string }{
		{`0`, "format: must be more than 0 (the version of the Universal VTT format the file is written in, such as 0.3), not 0"},
		{`-0.3`, "format: must be more than 0 (the version of the Universal VTT format the file is written in, such as 0.3), not -0.3"},
		{`"0.3"`, "format: must be a number, not string"},
		{`null`, "format: must not be null"},
		{`[0.3]`, "format: must be a number, not array"},
	} {
		t.Run(c.format, func(t *testing.T) { mustRefuseUVTT(t, `{"format":`+c.format+`,`+res+`}`, c.want) })
	}
}
