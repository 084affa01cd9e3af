package model

import (
	"bytes"
	"errors"
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
