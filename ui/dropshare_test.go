package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestDropWhereTheRulesetShares: the editor refused, and marked with a
// warning, every drop overlapping another token, though the rules (and the
// path the app drew to that very square) let a pf1e or sf2e tiny creature
// share a square and a ship end on a ship two or more sizes apart.
// Points has no such exception, and neither do two ships one size apart.
func TestDropWhereTheRulesetShares(t *testing.T) {
	land := map[string]int{model.SpeedLand: 30}
	ship := map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}
	for _, c := range []struct {
		name       string
		rs         model.Ruleset
		big, small model.Size
		speeds     map[string]int
		ok         bool
	}{
		{"pf1e cat on a fighter", model.PF1E, model.Medium, model.Tiny, land, true},
		{"pf1e fine on an ogre", model.PF1E, model.Large, model.Fine, land, true},
		{"sf2e tiny on a medium", model.SF2E, model.Medium, model.Tiny, land, true},
		{"pf1e small on a medium", model.PF1E, model.Medium, model.Small, land, false},
		{"points tiny on a medium", model.Points, model.Medium, model.Tiny, map[string]int{model.SpeedLand: 5}, false},
		{"starship tiny on a medium", model.Starship, model.Medium, model.Tiny, ship, true},
		{"starship small on a large", model.Starship, model.Large, model.Small, ship, true},
		{"starship small on a medium", model.Starship, model.Medium, model.Small, ship, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, err := library.NewEncounter("Share", c.rs, 20, 20, c.rs.DefaultFeetPerSquare())
			if err != nil {
				t.Fatal(err)
			}
			e.Tokens = []model.Token{
				{ID: model.NewID(), Name: "Big", X: 2, Y: 2, Size: c.big, Side: "enemy", Speeds: c.speeds},
				{ID: model.NewID(), Name: "Small", X: 12, Y: 12, Size: c.small, Side: "party", Speeds: c.speeds},
			}
			ed, _, p := newTestEditor(t, e)
			settle(t, ed, p)
			moved := ed.MoveToken(1, 2, 2, false)
			settle(t, ed, p)
			if moved != c.ok {
				t.Fatalf("MoveToken onto Big = %v, want %v (status %q)", moved, c.ok, ed.status.msgLabel.Text)
			}
			if !c.ok {
				return
			}
			if tk := ed.enc.Tokens[1]; tk.X != 2 || tk.Y != 2 {
				t.Errorf("Small at (%d, %d), want (2, 2)", tk.X, tk.Y)
			}
			ed.rebuildOverlays()
			for _, w := range ed.live.ov.Warn {
				t.Errorf("token %s marked as standing where it may not", ed.enc.Tokens[w].Name)
			}
			if strings.Contains(ed.status.msgLabel.Text, "anyway") {
				t.Errorf("status %q: a legal drop is not a forced one", ed.status.msgLabel.Text)
			}
		})
	}
}
