package session

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
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

// TestCoverGoesToFoesUnlessAlliesToo: cover lines and the cover list went
// to every token, the selected one's allies included; by default they go
// to tokens not on its side (enemies and neutrals), with CoverAllies for
// all.
func TestCoverGoesToFoesUnlessAlliesToo(t *testing.T) {
	e, _ := newEncounter("room", model.SF2E, 12, 12, 5)
	sp := map[string]int{model.SpeedLand: 25}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Hero", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: sp},
		{ID: model.NewID(), Name: "Friend", X: 3, Y: 1, Size: model.Medium, Side: "party", Speeds: sp},
		{ID: model.NewID(), Name: "Orc", X: 8, Y: 8, Size: model.Medium, Side: "enemy", Speeds: sp},
		{ID: model.NewID(), Name: "Bystander", X: 8, Y: 1, Size: model.Medium, Speeds: sp},
	}
	to := func(lines []render.CoverLine, back bool) string {
		var names []string
		for _, l := range lines {
			i := l.To
			if back {
				i = l.From
			}
			names = append(names, e.Tokens[i].Name)
		}
		return strings.Join(names, ",")
	}
	for _, c := range []struct {
		allies bool
		want   string
	}{{false, "Orc,Bystander"}, {true, "Friend,Orc,Bystander"}} {
		res := (&Worker{}).Compute(&Request{Enc: e, Sel: 0, Drag: -1,
			Set: Settings{Mode: model.SpeedLand, Actions: 1, Cover: true, CoverBack: true, CoverAllies: c.allies}})
		if got := to(res.Cover, false); got != c.want {
			t.Errorf("allies too %v: cover toward %s, want %s", c.allies, got, c.want)
		}
		if got := to(res.CoverBack, true); got != c.want {
			t.Errorf("allies too %v: cover from %s, want %s", c.allies, got, c.want)
		}
	}
}

// TestForcedWithoutSourceAsksForOne: forced movement with no token chosen
// to move the selected one read "the reach could not be worked out
// (choose the token ...)", as if the app had failed; it asks for the token.
func TestForcedWithoutSourceAsksForOne(t *testing.T) {
	e, _ := newEncounter("room", model.Points, 8, 8, 5)
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Hero", X: 2, Y: 2, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedLand: 5}}}
	res := (&Worker{}).Compute(&Request{Enc: e, Sel: 0, Drag: -1, Set: Settings{Reach: true, Mode: rules.ModeForced, Actions: 1, ForcedKind: rules.ForcedPush, ForcedDist: 2}})
	if len(res.Errs) != 1 || !strings.HasPrefix(res.Errs[0], "choose the token that moves Hero") {
		t.Errorf("errs %q, want the question alone", res.Errs)
	}
}

// TestHeightMode: the mode a token's height asks for. Above the ground a
// flyer that can act flies; below it, where flight never goes, a swimmer
// in water swims, a burrower burrows, and one with neither is shown the
// ruleset's land, the rules' answer there (QA: a flyer lowered into water
// kept fly, "flight never goes below 0", over an empty reach).
func TestHeightMode(t *testing.T) {
	for _, c := range []struct {
		name   string
		rs     model.Ruleset
		x      int // (0, 0) dry ground, (2, 0) water
		elev   int
		speeds map[string]int
		conds  []string
		mode   string
		want   string
		words  string
	}{
		{"a flyer on the ground keeps land", model.SF2E, 0, 0, map[string]int{"land": 25, "fly": 30}, nil, "land", "land", ""},
		{"a flyer aloft flies", model.SF2E, 0, 15, map[string]int{"land": 25, "fly": 30}, nil, "land", "fly", "Navasi is 15 ft up: showing fly"},
		{"an unconscious flyer falls instead", model.SF2E, 0, 15, map[string]int{"land": 25, "fly": 30}, []string{model.CondUnconscious}, "land", "land", ""},
		{"a walker aloft keeps land", model.SF2E, 0, 15, map[string]int{"land": 25}, nil, "land", "land", ""},
		{"a swimmer under water swims", model.SF2E, 2, -20, map[string]int{"land": 25, "fly": 30, "swim": 20}, nil, "fly", "swim", "Navasi is 20 ft down in water: showing swim"},
		{"a swimmer already swimming", model.PF1E, 2, -10, map[string]int{"fly": 30, "swim": 20}, nil, "swim", "swim", ""},
		{"no swim Speed: land, and why", model.SF2E, 2, -20, map[string]int{"land": 25, "fly": 30}, nil, "fly", "land", "Navasi is 20 ft down in water without a swim Speed: showing land"},
		{"no swim Speed, in land already", model.SF2E, 2, -20, map[string]int{"land": 25, "fly": 30}, nil, "land", "land", ""},
		{"a burrower underground burrows", model.SF2E, 0, -10, map[string]int{"land": 25, "fly": 30, "burrow": 10}, nil, "fly", "burrow", "Navasi is 10 ft down: showing burrow"},
		{"starship has no heights", model.Starship, 0, 0, map[string]int{"fly": 300}, nil, "fly", "fly", ""},
	} {
		e := &model.Encounter{Name: "h", Ruleset: c.rs, Grid: model.NewGrid(4, 2), Tokens: []model.Token{
			{Name: "Navasi", X: c.x, Size: model.Medium, Elevation: c.elev, Speeds: c.speeds, Conditions: c.conds},
		}}
		e.Grid.Set(2, 0, model.Water)
		got, words := HeightMode(e, 0, c.mode)
		if got != c.want || words != c.words {
			t.Errorf("%s: HeightMode = %q, %q\nwant %q, %q", c.name, got, words, c.want, c.words)
		}
	}
}
