package export

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestImportUVTTSyntaxErrorsPointIntoTheFile: the image's text is read
// apart from the rest of the file, yet a file that is not JSON is refused
// with the words json.Unmarshal has for the whole file, at the byte where
// it goes wrong in the file: cut short anywhere, or with a stray byte
// anywhere, in the image's text (with escapes in it) or around it.
func TestImportUVTTSyntaxErrorsPointIntoTheFile(t *testing.T) {
	plain := uvttDoc(pngBytes(t, 8, 8))
	text := plain[strings.Index(plain, `"image":"`)+9 : len(plain)-2]
	escaped := strings.Replace(plain, text, strings.ReplaceAll(text[:40], "/", `\/`)+`\n`+text[40:], 1)
	first := `{"image":"` + text + `","resolution":{"map_size":{"x":2,"y":2}}}`
	for name, doc := range map[string]string{"Plain": plain, "Escaped": escaped, "ImageFirst": first} {
		var bad []string
		for n := 1; n < len(doc); n++ { // doc[:0], an empty file, says so (TestImportUVTTEmptyOrCutShort)
			bad = append(bad, doc[:n])
		}
		for i := range len(doc) + 1 {
			for _, c := range []string{"\x01", `\`, `\x`, `\u12`, `"`, "}", "é\x01"} {
				bad = append(bad, doc[:i]+c+doc[i:])
			}
		}
		for _, b := range bad {
			if json.Valid([]byte(b)) {
				continue
			}
			var v any
			want := jsonBad("", json.Unmarshal([]byte(b), &v), []byte(b)).Error()
			_, _, err := ImportUVTT(strings.NewReader(b), "X")
			if err == nil || err.Error() != want {
				t.Fatalf("%s: %q\ngot  %v\nwant %s", name, b, err, want)
			}
		}
	}
}

// TestImportUVTTImageAsWritten: however a tool writes the image's text
// (JSON escapes, line breaks, no padding, a \u escape, the image first or
// last), the encounter's map image is the same data URL of standard base64;
// an "image" inside lights or environment is not the map's; and text that
// is not base64 is refused at the byte where it goes wrong.
func TestImportUVTTImageAsWritten(t *testing.T) {
	img := pngBytes(t, 8, 8)
	std := base64.StdEncoding.EncodeToString(img)
	want := "data:image/png;base64," + std
	withText := func(text string) string {
		return `{"resolution":{"map_size":{"x":2,"y":2}},"image":"` + text + `"}`
	}
	var lines []string
	for s := std; s != ""; s = s[min(len(s), 76):] {
		lines = append(lines, s[:min(len(s), 76)])
	}
	for name, doc := range map[string]string{
		"Standard":      withText(std),
		"EscapedSlash":  withText(strings.ReplaceAll(std, "/", `\/`)),
		"Lines":         withText(strings.Join(lines, `\r\n`)),
		"Unpadded":      withText(strings.TrimRight(std, "=")),
		"UnicodeEscape": withText(std[:20] + fmt.Sprintf(`\u%04x`, std[20]) + std[21:]),
		"ImageFirst":    `{"image":"` + std + `","resolution":{"map_size":{"x":2,"y":2}}}`,
		"Spaced":        "{ \"resolution\" : {\"map_size\":{\"x\":2,\"y\":2}} ,\n\t\"image\" :\r\n \"" + std + "\" }",
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
	for name, doc := range map[string]string{
		"InLights":      `{"resolution":{"map_size":{"x":2,"y":2}},"lights":[{"image":"` + std + `"}]}`,
		"InEnvironment": `{"resolution":{"map_size":{"x":2,"y":2}},"environment":{"image":"` + std + `"}}`,
		"AValue":        `{"resolution":{"map_size":{"x":2,"y":2}},"lights":["image","` + std + `"]}`,
	} {
		if e, _, err := ImportUVTT(strings.NewReader(doc), "X"); err != nil || e.Background != "" {
			t.Errorf("%s: background %.40q, error %v; want no map image", name, e.Background, err)
		}
	}
	for _, c := range []struct{ name, doc, want string }{
		{"Star", withText(std[:8] + "*" + std[8:]), "image: is not base64: illegal base64 data at input byte 8"},
		{"NonASCII", withText(std[:12] + "é" + std[12:]), "image: is not base64: illegal base64 data at input byte 12"},
		{"Twice", `{"image":"` + std + `","resolution":{"map_size":{"x":2,"y":2}},"image":"` + std + `"}`, "image: is given twice"},
		{"Null", `{"resolution":{"map_size":{"x":2,"y":2}},"image":null}`, "image: must not be null"},
		{"TooLarge", withText(strings.Repeat("A", maxImageText+1)), "image: is larger than 64 MiB"},
	} {
		t.Run(c.name, func(t *testing.T) { mustRefuseUVTT(t, c.doc, c.want) })
	}
}

// importAlloc is what ImportUVTT allocates (in all) to import doc.
func importAlloc(t *testing.T, doc []byte) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	e, _, err := ImportUVTT(bytes.NewReader(doc), "Large")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(e.Background, string(doc[bytes.LastIndex(doc, []byte(`"image":"`))+9:len(doc)-2])) {
		t.Fatal("the map image is not the file's")
	}
	return after.TotalAlloc - before.TotalAlloc
}

// TestImportUVTTHoldsTheImageOnce: a 12 x 12 map of 256-pixel squares (a
// 3072 x 3072 PNG, some 11 MB as a .dd2vtt) imports allocating little more
// than its image's text, once, as the map's data URL: never the copies of
// the text the JSON decoder made (the file, its buffer, the token; 768 MB
// for a 69 MB file), nor the image's pixels (4 bytes a pixel, 38 MB here)
// to check that it decodes.
func TestImportUVTTHoldsTheImageOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("draws and imports an 11 MB map")
	}
	doc := largeUVTT(t, 12, 12, 256)
	alloc := importAlloc(t, doc)
	t.Logf("a %.1f MB .dd2vtt: %.1f MB allocated", float64(len(doc))/1e6, float64(alloc)/1e6)
	if limit := uint64(len(doc))*5/4 + 4<<20; alloc > limit {
		t.Errorf("importing a %d MB file allocated %d MB; want at most %d (the text once)", len(doc)>>20, alloc>>20, limit>>20)
	}
}
