package ui

import (
	"slices"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestAShipIsOfferedNoProne: a starship's inspector offered Prone, Taken
// cover, No melee and Ignores difficult terrain, and its free Conditions
// field suggested "Prone, Taken cover", though "a ship is never prone"
// and nothing in ship combat (or in points) acts on them. There the
// picker offers what stops a token acting, and the field suggests
// "Cannot act" (what 0 HP gives there); pf1e keeps them all.
func TestAShipIsOfferedNoProne(t *testing.T) {
	for _, c := range []struct {
		rs       model.Ruleset
		speeds   map[string]int
		hint     string
		hasProne bool
	}{
		{model.Starship, map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}, "Cannot act", false},
		{model.Points, map[string]int{model.SpeedLand: 5}, "Cannot act", false},
		{model.PF1E, map[string]int{model.SpeedLand: 30}, "Prone, Taken cover", true},
	} {
		t.Run(string(c.rs), func(t *testing.T) {
			e, err := library.NewEncounter("Conditions", c.rs, 12, 8, c.rs.DefaultFeetPerSquare())
			if err != nil {
				t.Fatal(err)
			}
			e.Tokens = []model.Token{{ID: model.NewID(), Name: "Frigate", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: c.speeds}}
			ed, _, _ := newTestEditor(t, e)
			ed.Select(0)
			offered := selectOf(t, formWidget(t, ed, "Condition")).Options
			for _, w := range []string{"Prone", "Taken cover", "No melee", "Ignores difficult terrain"} {
				if slices.Contains(offered, w) != c.hasProne {
					t.Errorf("%s offers %v: %q should be there: %v", c.rs, offered, w, c.hasProne)
				}
			}
			if !slices.Contains(offered, "Cannot act") {
				t.Errorf("%s offers %v, without Cannot act", c.rs, offered)
			}
			if got := entryOf(t, formWidget(t, ed, "Conditions")).PlaceHolder; got != c.hint {
				t.Errorf("%s: the Conditions field suggests %q, want %q", c.rs, got, c.hint)
			}
		})
	}
}
