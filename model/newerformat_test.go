package model

import (
	"errors"
	"strings"
	"testing"
)

// TestNewerFormatSaysSoFirst: a file of a newer format brings fields this
// version does not know, and the reader named the first of them
// ("unknown field \"lighting\"") as if the file were mistyped; the format
// is the problem, and is said first, with what to do. A format that is no
// newer encounter/N is still refused as not the one this version reads.
func TestNewerFormatSaysSoFirst(t *testing.T) {
	for _, c := range []struct {
		name, file, want string
	}{
		{"NewerWithNewFields", `{"format":"encounter/2","name":"N","ruleset":"sf2e","lighting":{"dim":true},"map":{"rows":["."],"fogColour":"grey"}}`,
			`format: is "encounter/2", a newer format than this version reads ("encounter/1"): update Encounter Planner to read it`},
		{"Newer", `{"format":"encounter/12","name":"N","ruleset":"sf2e","map":{"rows":["."]}}`,
			`format: is "encounter/12", a newer format than this version reads ("encounter/1"): update Encounter Planner to read it`},
		{"Other", `{"format":"dungeon/1","name":"N","ruleset":"sf2e","lighting":1,"map":{"rows":["."]}}`,
			`format: is "dungeon/1"; this version reads "encounter/1"`},
		{"OlderNumber", `{"format":"encounter/0","name":"N","ruleset":"sf2e","map":{"rows":["."]}}`,
			`format: is "encounter/0"; this version reads "encounter/1"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeEncounter([]byte(c.file))
			var fe *FieldError
			if err == nil || !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want a FieldError", err)
			}
			if err.Error() != c.want || fe.Field != "format" {
				t.Errorf("got %q (field %q)\nwant %q (field format)", err, fe.Field, c.want)
			}
		})
	}
	// an encounter/1 file with an unknown field still names the field
	_, err := DecodeEncounter([]byte(`{"format":"encounter/1","name":"N","ruleset":"sf2e","lighting":1,"map":{"rows":["."]}}`))
	if err == nil || !strings.Contains(err.Error(), `unknown field "lighting"`) {
		t.Errorf("an unknown field of encounter/1: %v", err)
	}
}
