package rules

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestMayShareEveryRulesetAndSizePair: for every ruleset and every pair of
// its sizes, MayShare gives the convention's answer, and the engine agrees:
// token A can end its move overlapping token B exactly when MayShare says
// they may share. (The UI's drop check and its "overlap" warning both ask
// MayShare; a Large and a Small starship got one answer from each.)
func TestMayShareEveryRulesetAndSizePair(t *testing.T) {
	want := map[model.Ruleset]func(a, b model.Size) bool{
		// "a tiny creature is one of the two" (fine, diminutive, tiny)
		model.SF2E: func(a, b model.Size) bool { return a <= model.Tiny || b <= model.Tiny },
		model.PF1E: func(a, b model.Size) bool { return a <= model.Tiny || b <= model.Tiny },
		// "only when their sizes differ by two or more"
		model.Starship: func(a, b model.Size) bool { return a >= b+2 || b >= a+2 },
		// "Tiny creatures get no exception here"
		model.Points: func(a, b model.Size) bool { return false },
	}
	for _, rs := range model.Rulesets {
		d := Describe(rs)
		for _, a := range d.Sizes {
			for _, b := range d.Sizes {
				t.Run(fmt.Sprintf("%s/%s-on-%s", rs, a, b), func(t *testing.T) {
					got := d.MayShare(a, b)
					if got != want[rs](a, b) {
						t.Errorf("MayShare(%s, %s) = %v, want %v", a, b, got, !got)
					}
					if got != d.MayShare(b, a) {
						t.Errorf("MayShare is not symmetric for %s and %s", a, b)
					}
					if ends := endsOn(t, rs, a, b); ends != got {
						t.Errorf("the %s engine lets a %s token end on a %s one: %v; MayShare says %v", rs, a, b, ends, got)
					}
				})
			}
		}
	}
}

// endsOn reports whether the engine lets a token of size a (A) end a move
// where its space overlaps that of an enemy of size b (B) standing beside
// it on open ground, with Speed to spare.
func endsOn(t *testing.T, rs model.Ruleset, a, b model.Size) bool {
	t.Helper()
	ka, kb := rs.Space(a), rs.Space(b)
	w := ka + kb + 8
	e := &model.Encounter{Name: "share", Ruleset: rs, Grid: model.NewGrid(w, max(ka, kb)+4)}
	speeds := map[string]int{model.SpeedLand: 200}
	switch rs {
	case model.Starship:
		speeds = map[string]int{model.SpeedFly: 50 * 2 * w, model.SpeedTurn: 2}
	case model.Points:
		speeds = map[string]int{model.SpeedLand: 2 * w}
	}
	e.Tokens = []model.Token{
		{ID: "a", Name: "A", X: 0, Y: 1, Size: a, Side: "party", Facing: model.E, Speeds: speeds},
		{ID: "b", Name: "B", X: ka + 1, Y: 1, Size: b, Side: "enemy", Facing: model.W, Speeds: speeds},
	}
	eng, err := For(rs)
	if err != nil {
		t.Fatal(err)
	}
	sq, err := eng.Reach(nil, e, MoveQuery{Token: 0, Actions: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(sq) == 0 {
		t.Fatalf("A cannot move at all")
	}
	bt := &e.Tokens[1]
	for _, s := range sq {
		if s.X < bt.X+kb && bt.X < s.X+ka && s.Y < bt.Y+kb && bt.Y < s.Y+ka {
			return true
		}
	}
	return false
}

// TestConvertLandEveryRulesetPair: a land Speed converts between feet and
// movement points at one point a square, and stays between feet rulesets,
// for every ordered pair of rulesets; starship keeps a land Speed at 5 ft a
// square, its squares being a ship's.
func TestConvertLandEveryRulesetPair(t *testing.T) {
	// the land Speed of a 5-square walker in each ruleset, at its default scale
	walker := map[model.Ruleset]int{model.SF2E: 25, model.PF1E: 25, model.Starship: 25, model.Points: 5}
	for _, from := range model.Rulesets {
		for _, to := range model.Rulesets {
			t.Run(string(from)+"-to-"+string(to), func(t *testing.T) {
				got := ConvertLand(walker[from], from, from.DefaultFeetPerSquare(), to, to.DefaultFeetPerSquare())
				if got != walker[to] {
					t.Errorf("%d %s in %s is %d in %s, want %d", walker[from], Describe(from).Unit, from, got, to, walker[to])
				}
			})
		}
	}
	// a GM's own scale: 30 ft at 10 ft a square is 3 points, and back
	if got := ConvertLand(30, model.SF2E, 10, model.Points, 10); got != 3 {
		t.Errorf("30 ft at 10 ft/sq is %d points, want 3", got)
	}
	if got := ConvertLand(3, model.Points, 10, model.PF1E, 10); got != 30 {
		t.Errorf("3 points at 10 ft/sq is %d ft, want 30", got)
	}
}

// TestConvertThroughEveryRulesetChain: switching an encounter through any
// two rulesets and on to a third gives the land Speed the third would give
// directly; sf2e -> starship -> points left "25 points" before.
func TestConvertThroughEveryRulesetChain(t *testing.T) {
	walker := map[model.Ruleset]int{model.SF2E: 25, model.PF1E: 25, model.Starship: 25, model.Points: 5}
	for _, a := range model.Rulesets {
		for _, b := range model.Rulesets {
			for _, c := range model.Rulesets {
				e := &model.Encounter{Name: "chain", Ruleset: a, Grid: model.NewGrid(20, 20)}
				e.Tokens = []model.Token{{ID: "w", Name: "Walker", X: 1, Y: 1, Size: model.Medium,
					Speeds: map[string]int{model.SpeedLand: walker[a], model.SpeedFly: 40}}}
				Convert(e, b)
				Convert(e, c)
				if got := e.Tokens[0].Speeds[model.SpeedLand]; got != walker[c] || e.Ruleset != c {
					t.Errorf("%s -> %s -> %s: land %d in %s, want %d", a, b, c, got, e.Ruleset, walker[c])
				}
				if got := e.Tokens[0].Speeds[model.SpeedFly]; got != 40 {
					t.Errorf("%s -> %s -> %s: fly %d, want it kept at 40", a, b, c, got)
				}
				if e.Feet() != c.DefaultFeetPerSquare() {
					t.Errorf("%s -> %s -> %s: %d ft a square, want %d", a, b, c, e.Feet(), c.DefaultFeetPerSquare())
				}
			}
		}
	}
}

// TestConvertFitsSizesFacingAndReachWeapon: sizes go to the nearest allowed
// one, spaces back onto the map, and facings and reach weapons go where the
// new ruleset has none; the speeds map of the original is not shared.
func TestConvertFitsSizesFacingAndReachWeapon(t *testing.T) {
	e := &model.Encounter{Name: "fit", Ruleset: model.PF1E, Grid: model.NewGrid(10, 10)}
	e.Tokens = []model.Token{
		{ID: "1", Name: "Fly", X: 0, Y: 0, Size: model.Fine, ReachWeapon: true, Speeds: map[string]int{model.SpeedLand: 25}},
		{ID: "2", Name: "Whale", X: 4, Y: 4, Size: model.Colossal, Speeds: map[string]int{model.SpeedLand: 25}},
	}
	orig := e.Tokens[0].Speeds
	Convert(e, model.Starship)
	if e.Tokens[0].Size != model.Tiny || e.Tokens[1].Size != model.Gargantuan {
		t.Errorf("sizes %s, %s; want tiny, gargantuan", e.Tokens[0].Size, e.Tokens[1].Size)
	}
	if w := e.Tokens[1]; w.X+16 > 10 && w.X != 0 {
		t.Errorf("the 16x16 ship stays at (%d, %d), off the map", w.X, w.Y)
	}
	if e.Tokens[0].ReachWeapon {
		t.Errorf("a ship keeps a reach weapon")
	}
	e.Tokens[0].Facing = model.SE
	Convert(e, model.Points)
	if e.Tokens[0].Facing != model.N {
		t.Errorf("facing %s kept by points", e.Tokens[0].Facing)
	}
	if orig[model.SpeedLand] != 25 {
		t.Errorf("the original speeds map was changed: %v", orig)
	}
}

// TestDescribeAgreesWithEngines: what a descriptor says the ruleset has is
// what its engine does: modes, actions, and cover and flanking (refused
// with ErrBadQuery where the descriptor has a note instead).
func TestDescribeAgreesWithEngines(t *testing.T) {
	for _, rs := range model.Rulesets {
		d := Describe(rs)
		if d.Name != rs || d.Title == "" || d.Unit == "" {
			t.Errorf("%s: name %q, title %q, unit %q", rs, d.Name, d.Title, d.Unit)
		}
		if !slices.Equal(d.Modes, Modes(rs)) || d.DefaultMode != DefaultMode(rs) || d.Modes[0] != d.DefaultMode || d.MaxActions != MaxActions(rs) {
			t.Errorf("%s: modes %v (default %s), actions %d", rs, d.Modes, d.DefaultMode, d.MaxActions)
		}
		if !slices.Equal(d.Sizes, rs.Sizes()) {
			t.Errorf("%s: sizes %v", rs, d.Sizes)
		}
		eng, err := For(rs)
		if err != nil {
			t.Fatal(err)
		}
		e := &model.Encounter{Name: "x", Ruleset: rs, Grid: model.NewGrid(8, 8), Tokens: []model.Token{
			{ID: "a", Name: "A", X: 0, Y: 0, Size: model.Medium, Side: "party", Speeds: map[string]int{d.SpeedKeys[0]: d.NewSpeed, model.SpeedTurn: 2}},
			{ID: "b", Name: "B", X: 5, Y: 5, Size: model.Medium, Side: "enemy", Speeds: map[string]int{d.SpeedKeys[0]: d.NewSpeed, model.SpeedTurn: 2}},
		}}
		_, cerr := eng.Cover(e, 0, 1)
		_, ferr := eng.Flanking(e)
		if d.Cover != (cerr == nil) || d.Flanking != (ferr == nil) {
			t.Errorf("%s: descriptor cover %v flanking %v; engine errors %v, %v", rs, d.Cover, d.Flanking, cerr, ferr)
		}
		if !d.Cover && !errors.Is(cerr, ErrBadQuery) {
			t.Errorf("%s: cover error %v does not wrap ErrBadQuery", rs, cerr)
		}
		if (d.NoCombatNote == "") != (d.Cover && d.Flanking && d.Reactions) {
			t.Errorf("%s: note %q with cover %v flanking %v reactions %v", rs, d.NoCombatNote, d.Cover, d.Flanking, d.Reactions)
		}
		if d.Reactions != (len(eng.Threatened(nil, e, 1)) > 0) {
			t.Errorf("%s: descriptor reactions %v, engine threatens %v", rs, d.Reactions, eng.Threatened(nil, e, 1))
		}
		if _, ok := eng.(Mover); ok != (len(d.MoverModes) > 0) {
			t.Errorf("%s: Mover %v, mover modes %v", rs, ok, d.MoverModes)
		}
		if _, err := eng.Reach(nil, e, MoveQuery{Token: 0, Mode: d.DefaultMode}); err != nil {
			t.Errorf("%s: a new token (%s %d) cannot move: %v", rs, d.SpeedKeys[0], d.NewSpeed, err)
		}
	}
}

// TestRulesetWords: pf1e's text says "flanked" and "soft cover"
// (pf1e-special-movement.txt, rules-conventions.md "lesser (soft cover)"),
// sf2e's "off-guard" and "lesser".
func TestRulesetWords(t *testing.T) {
	for _, c := range []struct {
		rs             model.Ruleset
		flanked, minor string
	}{
		{model.SF2E, "off-guard", "lesser"},
		{model.PF1E, "flanked", "soft cover"},
	} {
		w := Describe(c.rs).Words
		if w.Flanked != c.flanked || w.Cover(CoverLesser) != c.minor || w.Cover(CoverStandard) != "standard" {
			t.Errorf("%s: %q, %q, %q", c.rs, w.Flanked, w.Cover(CoverLesser), w.Cover(CoverStandard))
		}
	}
}

// TestDescribeUnknownRuleset: a name no ruleset has still gets a
// descriptor the UI can show, with no cover and no sharing.
func TestDescribeUnknownRuleset(t *testing.T) {
	d := Describe("chess")
	if d.Name != "chess" || d.Cover || d.MayShare(model.Tiny, model.Huge) || d.NoCombatNote == "" || len(d.Modes) == 0 {
		t.Errorf("%+v", d)
	}
	if Describe(model.SF2E).Name != model.SF2E {
		t.Errorf("describing an unknown ruleset changed sf2e's")
	}
}

// TestDescriptorSaysWhatTheAddedRulesCover: the table-play and elevation
// features each ruleset has, as the conventions give them, come from the
// descriptor (the UI compares no ruleset names).
func TestDescriptorSaysWhatTheAddedRulesCover(t *testing.T) {
	for _, c := range []struct {
		r                              model.Ruleset
		areas, threat, elevation, dice bool
		valued                         string
		dying                          bool
	}{
		{model.SF2E, true, true, true, false, "frightened", true},
		{model.PF1E, false, false, true, true, "", false},
		{model.Starship, false, false, false, false, "", false},
		{model.Points, false, false, false, false, "", false},
		{"homebrew", false, false, false, false, "", false},
	} {
		d := Describe(c.r)
		if d.Areas != c.areas || d.Threat != c.threat || d.Elevation != c.elevation || d.DiceFalls != c.dice || (d.DyingNote != "") != c.dying {
			t.Errorf("%s: areas %v threat %v elevation %v dice %v dying %q", c.r, d.Areas, d.Threat, d.Elevation, d.DiceFalls, d.DyingNote)
		}
		if got := slices.Contains(d.Valued, "frightened"); got != (c.valued != "") {
			t.Errorf("%s: frightened valued %v", c.r, got)
		}
		if HasElevation(c.r) != c.elevation {
			t.Errorf("%s: HasElevation %v", c.r, HasElevation(c.r))
		}
	}
}

// TestConvertKeepsOnlyTheTurnStateTheNewRulesetCounts: a fight's turn
// state switched to another ruleset keeps what that ruleset counts in the
// same unit (sf2e and pf1e actions, capped at pf1e's two; diagonals
// between the rulesets that alternate them) and drops the rest (actions
// for starship and points, feet flown for points, points spent for a
// ship), so every query of the turn in progress still answers.
func TestConvertKeepsOnlyTheTurnStateTheNewRulesetCounts(t *testing.T) {
	all := []model.Ruleset{model.SF2E, model.PF1E, model.Starship, model.Points}
	states := map[model.Ruleset]model.TurnState{
		model.SF2E:     {Actions: 3, Diagonals: 1},
		model.PF1E:     {Actions: 1, Diagonals: 1},
		model.Starship: {Diagonals: 1, Spent: 150},
		model.Points:   {Spent: 4},
	}
	for _, from := range all {
		for _, to := range all {
			if from == to {
				continue
			}
			e := &model.Encounter{Name: "f", Ruleset: from, Grid: model.NewGrid(10, 10), Tokens: []model.Token{
				{ID: "1", Name: "A", Size: model.Small, Speeds: map[string]int{model.SpeedLand: 25, model.SpeedFly: 300, model.SpeedTurn: 100}}}}
			e.Fight = &model.Fight{Round: 1, Order: []string{"A"}, Turn: "A", State: map[string]model.TurnState{"A": states[from]}}
			Convert(e, to)
			ts := e.Fight.State["A"]
			if ts.Actions < MaxActions(to) { // all spent is a state queries answer before asking
				if err := CheckTurn(to, "A", ts); err != nil {
					t.Errorf("%s -> %s: %+v: %v", from, to, ts, err)
				}
			}
			want := model.TurnState{}
			switch {
			case from == model.SF2E && to == model.PF1E:
				want = model.TurnState{Actions: 2, Diagonals: 1}
			case from == model.PF1E && to == model.SF2E:
				want = model.TurnState{Actions: 1, Diagonals: 1}
			case to == model.Points:
			case from != model.Points: // sf2e, pf1e, starship alternate diagonals
				want.Diagonals = 1
			}
			if ts != want {
				t.Errorf("%s -> %s: turn state %+v, want %+v", from, to, ts, want)
			}
		}
	}
}
