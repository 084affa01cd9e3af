package model

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestSniffUniversalVTTAgreesWithTheReader: the start of a file tells a
// Universal VTT map from an encounter file as reading the whole file does
// (ErrUniversalVTT); a head that does not tell says no, and the reader
// decides.
func TestSniffUniversalVTTAgreesWithTheReader(t *testing.T) {
	var enc bytes.Buffer
	if err := WriteEncounter(&enc, Sample()); err != nil {
		t.Fatal(err)
	}
	uvtt := `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 70}, "line_of_sight": [], "image": "` + strings.Repeat("A", 100000) + `"}`
	for _, c := range []struct {
		what, doc string
		want      bool
	}{
		{"a Universal VTT map", uvtt, true},
		{"its head only", uvtt[:SniffHead], true},
		{"an encounter file", enc.String(), false},
		{"an encounter file with a resolution key", `{"format": "encounter/1", "resolution": {}, "name": "x"}`, false},
		{"no format yet in the head", `{"resolution": {"map_size": {"x": 4, "y": 3}}, "line_of_sight": [[`, false},
		{"not JSON", "PK\x03\x04", false},
		{"an array", `[{"format": 0.3}]`, false},
	} {
		if got := SniffUniversalVTT([]byte(c.doc)); got != c.want {
			t.Errorf("%s: %v, want %v", c.what, got, c.want)
		}
		if !c.want || c.what == "its head only" {
			continue
		}
		if _, err := ReadEncounter(strings.NewReader(c.doc)); !errors.Is(err, ErrUniversalVTT) {
			t.Errorf("%s: the reader says %v, not a Universal VTT map", c.what, err)
		}
	}
}

// TestSniffUniversalVTTReadsPastAByteOrderMark: a Universal VTT map saved
// as .json by an editor that writes a UTF-8 byte order mark was not told
// from its head (SniffEncounter read past the mark, SniffUniversalVTT did
// not), so the import read it whole as an encounter file first, its
// image's text and all, before reading it as the map it is.
func TestSniffUniversalVTTReadsPastAByteOrderMark(t *testing.T) {
	uvtt := "\xef\xbb\xbf" + `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 70}, "line_of_sight": []}`
	if !SniffUniversalVTT([]byte(uvtt)) {
		t.Error("a map with a byte order mark is not told from its head")
	}
	if _, err := ReadEncounter(strings.NewReader(uvtt)); !errors.Is(err, ErrUniversalVTT) {
		t.Errorf("the reader says %v, not a Universal VTT map", err)
	}
	if SniffUniversalVTT([]byte("\xef\xbb\xbf" + `{"format": "encounter/1", "resolution": {}}`)) {
		t.Error("an encounter file with a byte order mark is told a map")
	}
}

// A file that is not an encounter file at all is named for what it is,
// where its bytes once read as "the file is not UTF-8 text" (a PNG) or
// "not valid JSON at line 1, column 2: invalid character 'S'" (a
// database); and a UTF-8 byte order mark, which Windows Notepad wrote,
// is read past ("invalid character 'ï'" at column 2, before).
func TestReadEncounterNamesWhatTheFileIs(t *testing.T) {
	for _, c := range []struct{ what, data, want string }{
		{"PNG", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "the file is a PNG image, not an encounter file"},
		{"JPEG", "\xff\xd8\xff\xe0\x00\x10JFIF", "the file is a JPEG image, not an encounter file"},
		{"WebP", "RIFF\x24\x00\x00\x00WEBPVP8 ", "the file is a WebP image, not an encounter file"},
		{"PDF", "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "the file is a PDF document, not an encounter file"},
		{"SQLite", "SQLite format 3\x00\x10\x00", "the file is an SQLite database (an Encounter Planner library is one), not an encounter file"},
		{"ZIP", "PK\x03\x04\x14\x00", "the file is a ZIP archive, not an encounter file"},
		{"UTF-16", "\xff\xfe{\x00\"\x00", "the file is UTF-16 text; save it as UTF-8"},
	} {
		_, err := ReadEncounter(strings.NewReader(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v; want %q...", c.what, err, c.want)
		}
	}
	var enc bytes.Buffer
	if err := WriteEncounter(&enc, Sample()); err != nil {
		t.Fatal(err)
	}
	want, err := ReadEncounter(bytes.NewReader(enc.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadEncounter(strings.NewReader("\xef\xbb\xbf" + enc.String()))
	if err != nil {
		t.Fatalf("with a byte order mark: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("with a byte order mark it reads as another encounter")
	}
	_, err = ReadEncounter(strings.NewReader("\xef\xbb\xbf{\n  \"format\": 7}"))
	if err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("an error after a byte order mark: %v; want it about format", err)
	}
}

// SniffEncounter tells an encounter file by its top-level format, with or
// without a byte order mark, and says no to a map or a head that does not
// tell.
func TestSniffEncounter(t *testing.T) {
	var enc bytes.Buffer
	if err := WriteEncounter(&enc, Sample()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what, doc string
		want      bool
	}{
		{"an encounter file", enc.String(), true},
		{"with a byte order mark", "\xef\xbb\xbf" + enc.String(), true},
		{"its first line", `{"format": "encounter/1",`, true},
		{"format after other keys", `{"name": "x", "map": {"rows": ["."]}, "format": "encounter/1"}`, true},
		{"a Universal VTT map", `{"format": 0.3, "resolution": {}}`, false},
		{"another version", `{"format": "encounter/2"}`, false},
		{"no format in the head", `{"name": "x", "map": {"rows": [`, false},
		{"format nested", `{"map": {"format": "encounter/1"}}`, false},
		{"an array", `[{"format": "encounter/1"}]`, false},
	} {
		if got := SniffEncounter([]byte(c.doc)); got != c.want {
			t.Errorf("%s: %v, want %v", c.what, got, c.want)
		}
	}
}
