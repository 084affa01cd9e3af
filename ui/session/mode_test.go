package session

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestFitMode: a mode the ruleset or the token lacks falls back to the
// ruleset's default; points keeps its extra movements.
func TestFitMode(t *testing.T) {
	walker := model.Token{Name: "Iseph", Size: model.Medium, Speeds: map[string]int{model.SpeedLand: 25}}
	flier := model.Token{Name: "Drone", Size: model.Medium, Speeds: map[string]int{model.SpeedLand: 25, model.SpeedFly: 30}}
	for _, c := range []struct {
		rs        model.Ruleset
		tok       model.Token
		sel       int
		mode, out string
	}{
		{model.SF2E, walker, 0, rules.ModeForced, rules.ModeLand},
		{model.SF2E, walker, 0, rules.ModeFly, rules.ModeLand},
		{model.SF2E, flier, 0, rules.ModeFly, rules.ModeFly},
		{model.SF2E, walker, -1, rules.ModeFly, rules.ModeFly},
		{model.PF1E, walker, 0, "teleport", rules.ModeLand},
		{model.Points, walker, 0, rules.ModeForced, rules.ModeForced},
		{model.Points, walker, 0, rules.ModeClimb, rules.ModeClimb}, // every points mode spends land points
		{model.Points, walker, 0, rules.ModeFly, rules.ModeLand},
		{model.Starship, walker, 0, rules.ModeLand, rules.ModeFly},
	} {
		e, _ := newEncounter("room", c.rs, 8, 8, c.rs.DefaultFeetPerSquare())
		e.Tokens = []model.Token{c.tok}
		if got := FitMode(e, c.sel, c.mode); got != c.out {
			t.Errorf("%s, %s selected %d, mode %q: got %q, want %q", c.rs, c.tok.Name, c.sel, c.mode, got, c.out)
		}
	}
}

// TestRefusalsInTheGMsWords: what the worker puts in Errs names no query
// and quotes no token, and a token without the Speed its ruleset needs
// says which and how to fix it.
func TestRefusalsInTheGMsWords(t *testing.T) {
	e, _ := newEncounter("room", model.Starship, 8, 8, model.Starship.DefaultFeetPerSquare())
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Goblin B", X: 1, Y: 1, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 25}},
		{ID: model.NewID(), Name: "Ship", X: 5, Y: 5, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}},
	}
	res := (&Worker{}).Compute(&Request{Enc: e, Sel: 0, Drag: -1, Hover: &rules.Point{X: 4, Y: 1},
		Set: Settings{Reach: true, Mode: model.SpeedLand, Actions: 1, Path: true, Cover: true}})
	all := strings.Join(res.Errs, "; ")
	for _, bad := range []string{"reach:", "path:", "cover:", `"`, "mode fly"} {
		if strings.Contains(all, bad) {
			t.Errorf("errs %q contain %q", all, bad)
		}
	}
	if !strings.Contains(all, "Goblin B has no fly Speed (ships move with fly)") {
		t.Errorf("errs %q should say Goblin B has no fly Speed and why", all)
	}
}
