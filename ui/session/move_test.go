package session

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// goblinTurn is a 20x20 open sf2e room with the Goblin Warrior (land 25)
// at (11, 10) and Dae (land 25) at (2, 2), in a fight on the Goblin
// Warrior's turn with turn state ts.
func goblinTurn(ts model.TurnState) *model.Encounter {
	e := &model.Encounter{Name: "turn", Ruleset: model.SF2E, Grid: model.NewGrid(20, 20), Tokens: []model.Token{
		{ID: model.NewID(), Name: "Goblin Warrior", X: 11, Y: 10, Size: model.Medium, Side: "enemy", Speeds: map[string]int{"land": 25}},
		{ID: model.NewID(), Name: "Dae", X: 2, Y: 2, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 25}},
	}}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Goblin Warrior", "Dae"}, Turn: "Goblin Warrior"}
	if ts != (model.TurnState{}) {
		e.Fight.State = map[string]model.TurnState{"Goblin Warrior": ts}
	}
	return e
}

// TestMoveRefusalKeepsADragWithinTheTurn: on its turn a token moves
// where what is left of its turn reaches, in the overlays' mode; beyond,
// or with no actions left, the drag is refused in words that say why.
// Off its turn, or outside a fight, the GM moves it freely; a token that
// cannot act never moves itself.
func TestMoveRefusalKeepsADragWithinTheTurn(t *testing.T) {
	for _, c := range []struct {
		name  string
		ts    model.TurnState
		edit  func(e *model.Encounter)
		tok   int
		x, y  int
		mode  string
		want  string // "" = may move; else a part of the refusal
		exact bool
	}{
		{name: "55 ft in 3 Strides", x: 0, y: 10, mode: "land"},
		{name: "beyond 3 actions", x: 0, y: 0, mode: "land",
			want: "(0, 0) is beyond its movement (3 of 3 actions left)", exact: true},
		{name: "beyond the 1 action left", ts: model.TurnState{Actions: 2}, x: 17, y: 10, mode: "land",
			want: "(17, 10) is beyond its movement (1 of 3 actions left)", exact: true},
		{name: "within the 1 action left", ts: model.TurnState{Actions: 2}, x: 16, y: 10, mode: "land"},
		{name: "no actions left", ts: model.TurnState{Actions: 3}, x: 12, y: 10, mode: "land",
			want: "it has no actions left for movement this turn", exact: true},
		{name: "fly asked of a walker: its land mode", x: 0, y: 0, mode: "fly", want: "beyond its movement"},
		{name: "not its turn", tok: 1, x: 19, y: 19, mode: "land"},
		{name: "no fight", edit: func(e *model.Encounter) { e.Fight = nil }, x: 0, y: 0, mode: "land"},
		{name: "unconscious, on its turn", edit: func(e *model.Encounter) {
			e.Tokens[0].Conditions = []string{model.CondUnconscious, model.CondProne}
		}, x: 12, y: 10, mode: "land", want: "it is unconscious and cannot move", exact: true},
		{name: "dead, no fight", edit: func(e *model.Encounter) {
			e.Fight = nil
			e.Tokens[1].Conditions = []string{model.CondDead}
		}, tok: 1, x: 3, y: 2, mode: "land"}, // the GM places it
		{name: "cannot act, off its turn", edit: func(e *model.Encounter) {
			e.Tokens[1].Conditions = []string{model.CondCannotAct}
		}, tok: 1, x: 3, y: 2, mode: "land"}, // not its turn: the GM places it
		{name: "no Speed at all", edit: func(e *model.Encounter) { e.Tokens[0].Speeds = nil }, x: 12, y: 10, mode: "land",
			want: "it has no land Speed", exact: true},
	} {
		e := goblinTurn(c.ts)
		if c.edit != nil {
			c.edit(e)
		}
		got := MoveRefusal(e, c.tok, c.x, c.y, c.mode)
		switch {
		case c.want == "" && got != "":
			t.Errorf("%s: refused %q, want the move allowed", c.name, got)
		case c.want != "" && c.exact && got != c.want:
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		case c.want != "" && !strings.Contains(got, c.want):
			t.Errorf("%s: %q, want it to say %q", c.name, got, c.want)
		}
	}
}

// TestMoveRefusalInEveryRuleset: beyond what the turn has left is refused
// in each ruleset's own words (actions, points spent, feet flown); a
// leap, teleport or forced movement, which has no path, is the GM's.
func TestMoveRefusalInEveryRuleset(t *testing.T) {
	for _, rs := range model.Rulesets {
		t.Run(string(rs), func(t *testing.T) {
			e := duel(t, rs, 40, 1,
				model.Token{Name: "A", X: 1, Y: 1, Side: "party", Facing: model.E},
				model.Token{Name: "B", X: 30, Y: 30, Side: "enemy"})
			e.Fight = &model.Fight{Round: 1, Order: []string{"A", "B"}, Turn: "A"}
			mode := rules.Describe(rs).DefaultMode
			got := MoveRefusal(e, 0, 39, 1, mode)
			if !strings.Contains(got, "(39, 1) is beyond its movement (") {
				t.Errorf("across the map: %q", got)
			}
			for _, m := range []string{modeLeap, modeTeleport, modeForced} {
				if rules.Describe(rs).HasMode(m) {
					if got := MoveRefusal(e, 0, 39, 1, m); got != "" {
						t.Errorf("%s: refused %q", m, got)
					}
				}
			}
		})
	}
}

// TestSpendMoveSpendsNothingTheTurnCannotPay: a move beyond the turn's
// movement (placed with Shift) spends nothing, nor does moving a token
// that cannot act on its turn (the GM moving a body), though its Crawl
// could reach the square.
func TestSpendMoveSpendsNothingTheTurnCannotPay(t *testing.T) {
	e := goblinTurn(model.TurnState{})
	after := e.Clone()
	after.Tokens[0].X, after.Tokens[0].Y = 0, 0
	SpendMove(e, after, 0, 0, 0, "land")
	if after.Fight.State != nil {
		t.Errorf("beyond its movement: spent %+v", after.Fight.State)
	}
	after = e.Clone()
	after.Tokens[0].X = 12
	SpendMove(e, after, 0, 12, 10, "land")
	if got := after.Fight.State["Goblin Warrior"]; got.Actions != 1 {
		t.Errorf("a 5-ft Stride: %+v, want 1 action", got)
	}
	e.Tokens[0].Conditions = []string{model.CondUnconscious, model.CondProne}
	after = e.Clone()
	after.Tokens[0].X = 12
	SpendMove(e, after, 0, 12, 10, "land")
	if after.Fight.State != nil {
		t.Errorf("an unconscious token moved by the GM: spent %+v", after.Fight.State)
	}
}

// TestATokenThatCannotActShowsNoReach: an unconscious, dead or
// cannot-act token selected gets no reach and no path, and the status
// bar's words say why; forced movement (points), done to it, still shows.
func TestATokenThatCannotActShowsNoReach(t *testing.T) {
	for _, c := range []struct{ cond, words string }{
		{model.CondUnconscious, "Dae is unconscious: it cannot move"},
		{model.CondDead, "Dae is dead: it cannot move"},
		{model.CondCannotAct, "Dae cannot act or move"},
	} {
		e := goblinTurn(model.TurnState{})
		e.Fight.Turn = "Dae"
		e.Tokens[1].Conditions = []string{c.cond, model.CondProne}
		res := (&Worker{}).Compute(&Request{Enc: e, Sel: 1, Drag: -1, Hover: &rules.Point{X: 3, Y: 2},
			Set: Settings{Reach: true, Mode: "land", Actions: 3, Path: true}})
		if len(res.Reach) != 0 || res.Path != nil || len(res.Errs) != 1 || res.Errs[0] != c.words {
			t.Errorf("%s: %d reach squares, path %v, errs %q; want none, none, %q", c.cond, len(res.Reach), res.Path != nil, res.Errs, c.words)
		}
		if got := CannotMove(e, 1); got != c.words {
			t.Errorf("%s: CannotMove %q", c.cond, got)
		}
	}
	e := goblinTurn(model.TurnState{})
	if got := CannotMove(e, 1); got != "" {
		t.Errorf("an able token: %q", got)
	}
	// points: a push moves an unconscious creature as any other
	p := duel(t, model.Points, 12, 1, model.Token{Name: "A", X: 5, Y: 5, Side: "party"}, model.Token{Name: "B", X: 4, Y: 5, Side: "enemy"})
	p.Tokens[0].Conditions = []string{model.CondUnconscious}
	res := (&Worker{}).Compute(&Request{Enc: p, Sel: 0, Drag: -1,
		Set: Settings{Reach: true, Mode: modeForced, ForcedKind: rules.ForcedPush, ForcedSource: "B", ForcedDist: 2}})
	if len(res.Reach) == 0 || len(res.Errs) != 0 {
		t.Errorf("pushing an unconscious token: %d squares, errs %q", len(res.Reach), res.Errs)
	}
}

// TestPlanMoveEndsWhereThePathEnds: a flight asked to end at the overlays'
// End elevation ends there (Move.Elevation) and spends what that path
// costs (a 2-square flight climbing 20 ft: 40 ft, 2 actions of a fly 30);
// in land mode, or for another height unset, the token keeps its own. A
// token in the air without a fly Speed must fall first on its turn; off
// its turn the GM places it.
func TestPlanMoveEndsWhereThePathEnds(t *testing.T) {
	e := goblinTurn(model.TurnState{})
	e.Tokens[0].Speeds["fly"] = 30
	fly := Settings{Mode: rules.ModeFly, End: 20, EndSet: true}
	m := PlanMove(e, 0, 13, 10, fly)
	if m.Refusal != "" || m.Elevation != 20 {
		t.Fatalf("flight to 20 ft: %+v", m)
	}
	after := e.Clone()
	m.Spend(after)
	if ts := after.Fight.State["Goblin Warrior"]; ts.Actions != 2 {
		t.Errorf("a 2-square flight climbing 20 ft spent %+v, want 2 actions (40 ft of fly 30)", ts)
	}
	if z := PlanMove(e, 0, 13, 10, Settings{Mode: rules.ModeLand, End: 20, EndSet: true}).Elevation; z != 0 {
		t.Errorf("a land move ends %d ft up", z)
	}
	if z := DropHeight(e, 0, Settings{Mode: rules.ModeFly}); z != 0 {
		t.Errorf("no End elevation: %d ft", z)
	}
	// 15 ft up without a fly Speed
	delete(e.Tokens[0].Speeds, "fly")
	e.Tokens[0].Elevation = 15
	want := "it is 15 ft up without a fly Speed and must fall first (Encounter > Selected token falls)"
	if got := PlanMove(e, 0, 12, 10, Settings{Mode: rules.ModeLand}); got.Refusal != want || got.Elevation != 15 {
		t.Errorf("walking on air: %+v\nwant %q", got, want)
	}
	if got := CannotMove(e, 0); got != "Goblin Warrior is 15 ft up without a fly Speed: it would fall 15 ft for 7 bludgeoning damage and land prone; it must fall before it moves (Encounter > Selected token falls)" {
		t.Errorf("CannotMove %q", got)
	}
	if got := PlanMove(e, 1, 3, 3, Settings{Mode: rules.ModeLand}); got.Refusal != "" {
		t.Errorf("Dae, off her turn: %q", got.Refusal)
	}
}

// TestStaysPutSaysWhyInPlainWords: a drag on the turn of a creature that
// cannot move says why once ("it cannot act or move", not "it cannot act
// and cannot move"); off its turn the GM places it and nothing is said.
func TestStaysPutSaysWhyInPlainWords(t *testing.T) {
	for _, c := range []struct{ cond, words string }{
		{model.CondUnconscious, "it is unconscious and cannot move"},
		{model.CondDead, "it is dead and cannot move"},
		{model.CondCannotAct, "it cannot act or move"},
	} {
		e := goblinTurn(model.TurnState{})
		e.Fight.Turn = "Dae"
		e.Tokens[1].Conditions = []string{c.cond}
		if got := StaysPut(e, 1); got != c.words {
			t.Errorf("%s: StaysPut %q, want %q", c.cond, got, c.words)
		}
		e.Fight.Turn = e.Tokens[0].Name
		if got := StaysPut(e, 1); got != "" {
			t.Errorf("%s off its turn: StaysPut %q, want nothing", c.cond, got)
		}
	}
}

// TestPointsTurnWordsSayOfHowMany: a points token's turn said "5 points
// spent", with no word of what it had, where a ship's says "100 of 300 ft
// flown". The move action gives its Speed and each extra action its
// mobility; the turn keeps only the points spent, so the words say them
// of what the fewest actions that paid for them give, and what another
// action would add.
func TestPointsTurnWordsSayOfHowMany(t *testing.T) {
	for _, c := range []struct {
		land, mob int // -1: none (the defaults, 5 and 2)
		spent     int
		want      string
	}{
		{-1, -1, 0, "0 of 5 points spent, +2 per extra action"},
		{-1, -1, 5, "5 of 5 points spent, +2 per extra action"},
		{-1, -1, 6, "6 of 7 points spent, +2 for a third action"},
		{-1, -1, 8, "8 of 9 points spent"},
		{6, 3, 7, "7 of 9 points spent, +3 for a third action"},
		{4, 0, 3, "3 of 4 points spent"},
		{0, 2, 0, "Speed 0: cannot move"},
	} {
		tok := model.Token{Name: "A", Speeds: map[string]int{}}
		if c.land >= 0 {
			tok.Speeds[model.SpeedLand] = c.land
		}
		if c.mob >= 0 {
			tok.Speeds[model.SpeedMobility] = c.mob
		}
		if got := TurnWords(model.Points, &tok, model.TurnState{Spent: c.spent}); got != c.want {
			t.Errorf("land %d, mobility %d, %d spent: %q, want %q", c.land, c.mob, c.spent, got, c.want)
		}
	}
	e := duel(t, model.Points, 40, 1,
		model.Token{Name: "A", X: 1, Y: 1, Side: "party"},
		model.Token{Name: "B", X: 30, Y: 30, Side: "enemy"})
	e.Fight = &model.Fight{Round: 1, Order: []string{"A", "B"}, Turn: "A", State: map[string]model.TurnState{"A": {Spent: 3}}}
	if got, want := MoveRefusal(e, 0, 39, 1, rules.ModeLand), "(39, 1) is beyond its movement (3 of 5 points spent, +2 per extra action)"; got != want {
		t.Errorf("across the map: %q, want %q", got, want)
	}
}
