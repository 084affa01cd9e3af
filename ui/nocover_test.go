package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestNoCoverExplained: in starship and points the Cover and Flanking
// switches are greyed out and nothing said why; the panel where their
// answers go now says the ruleset has none. sf2e and pf1e say nothing of
// the kind. Enemy reach shows nothing there (no reactions): the note
// says so too, and the switch is greyed out
// (TestEnemyReachIsOffWhereNothingReacts).
func TestNoCoverExplained(t *testing.T) {
	for _, c := range []struct {
		rs   model.Ruleset
		want string
	}{
		{model.Starship, "Starship combat has no cover, flanking or reactions"},
		{model.Points, "movement-points rules define no cover, flanking or reactions"},
		{model.PF1E, ""},
		{model.SF2E, ""},
	} {
		t.Run(string(c.rs), func(t *testing.T) {
			e, err := library.NewEncounter("No cover", c.rs, 12, 8, c.rs.DefaultFeetPerSquare())
			if err != nil {
				t.Fatal(err)
			}
			sp := map[string]int{model.SpeedLand: 5}
			if c.rs == model.Starship {
				sp = map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}
			}
			e.Tokens = []model.Token{
				{ID: model.NewID(), Name: "A", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: sp},
				{ID: model.NewID(), Name: "B", X: 6, Y: 1, Size: model.Medium, Side: "enemy", Speeds: sp},
			}
			ed, _, p := newTestEditor(t, e)
			settle(t, ed, p)
			if strings.Contains(ed.ovp.coverLabel.Text, "no cover") {
				t.Errorf("nothing selected: %q should stay quiet", ed.ovp.coverLabel.Text)
			}
			ed.Select(0)
			ed.requestOverlays()
			settle(t, ed, p)
			got := ed.ovp.coverLabel.Text
			if c.want == "" {
				if strings.Contains(got, "no cover") {
					t.Errorf("%s has cover: %q", c.rs, got)
				}
				if !strings.Contains(got, "Cover from A:") {
					t.Errorf("%s should list cover: %q", c.rs, got)
				}
				return
			}
			if !strings.Contains(got, c.want) {
				t.Errorf("%s panel %q, want it to say %q", c.rs, got, c.want)
			}
		})
	}
}
