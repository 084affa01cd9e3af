package model

import (
	"errors"
	"testing"
)

// A Universal VTT map given to the encounter reader is named as one, so the
// user knows to import it as a map, and callers can (ErrUniversalVTT); an
// encounter/1 file with an unknown "resolution" is only an unknown field.
func TestUniversalVTTFileNamed(t *testing.T) {
	uvtt := `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 6, "y": 4}, "pixels_per_grid": 70}, "line_of_sight": [], "image": ""}`
	mustRefuse(t, uvtt, `unknown field "resolution": this is a Universal VTT map (.dd2vtt), not an encounter/1 file; import it as one`)
	if _, err := DecodeEncounter([]byte(uvtt)); !errors.Is(err, ErrUniversalVTT) || !errors.Is(err, ErrInvalid) {
		t.Errorf("err %v: want ErrUniversalVTT and ErrInvalid", err)
	}
	ours := `{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["."]},"resolution":1}`
	mustRefuse(t, ours, `unknown field "resolution"`)
	if _, err := DecodeEncounter([]byte(ours)); errors.Is(err, ErrUniversalVTT) {
		t.Errorf("an encounter/1 file with a stray key is called a Universal VTT map: %v", err)
	}
}
