package rules

import (
	"errors"
	"math"
	"slices"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Turn state (a fight in progress)": reach and path
// continue from what the token already did this turn.

func turnPath(t *testing.T, e *model.Encounter, q MoveQuery, x, y int) Path {
	t.Helper()
	p, err := mustEngine(t, e.Ruleset).Path(e, q, x, y)
	if err != nil {
		t.Fatalf("Path: %v", err)
	}
	return p
}

func turnReach(t *testing.T, e *model.Encounter, q MoveQuery) []Square {
	t.Helper()
	sq, err := mustEngine(t, e.Ruleset).Reach(nil, e, q)
	if err != nil {
		t.Fatalf("Reach %+v: %v", q, err)
	}
	return sq
}

// "a token that made one diagonal in its first Stride pays 10 ft for its
// next diagonal in the second" (issue 14, Done when).
func TestConvTurnOneDiagonalInFirstStrideNextDiagonalCosts10InSecond(t *testing.T) {
	// Difficult squares beside the second diagonal: going round costs 15.
	e := withTokens(mapOf(t, model.SF2E, ".d.", "..d", "..."), tok{name: "A", x: 0, y: 2, speeds: "land=25"})
	// The first Stride: one diagonal, 5 ft.
	first := turnPath(t, e, MoveQuery{}, 1, 1)
	if first.Cost != 5 || first.Diagonals != 1 {
		t.Fatalf("first Stride NE: %d ft, %d diagonals; want 5 ft and 1", first.Cost, first.Diagonals)
	}
	e.Tokens[0].X, e.Tokens[0].Y = 1, 1
	q := MoveQuery{Turn: model.TurnState{Actions: 1, Diagonals: first.Diagonals}}
	second := turnPath(t, e, q, 2, 0)
	if second.Cost != 10 || second.Actions != 1 || second.Diagonals != 2 {
		t.Fatalf("second Stride NE: %+v; want 10 ft, 1 action from now, 2 diagonals", second)
	}
	if fresh := turnPath(t, e, MoveQuery{}, 2, 0); fresh.Cost != 5 {
		t.Fatalf("a fresh turn pays %d ft for its first diagonal, want 5", fresh.Cost)
	}
}

// "the next diagonal is the turn's (count + 1)-th": an even count is a
// fresh start (5 ft next), an odd one pays 10 ft next, in sf2e and pf1e.
func TestConvTurnNextDiagonalIsCountPlusOne(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		// Going round by the difficult squares costs 15 ft in sf2e, 20 in pf1e.
		e := withTokens(mapOf(t, rs, "...", "d..", ".d."), tok{name: "A", x: 0, y: 2, speeds: "land=30"})
		for d, want := range []int{5, 10, 5, 10} {
			p := turnPath(t, e, MoveQuery{Turn: model.TurnState{Diagonals: d}}, 1, 1)
			if p.Cost != want || len(p.Steps) != 1 || p.Diagonals != d+1 {
				t.Fatalf("%s, %d diagonals counted: %+v; want the diagonal at %d ft, %d diagonals after", rs, d, p, want, d+1)
			}
			if c, _ := costAt(turnReach(t, e, MoveQuery{Turn: model.TurnState{Diagonals: d}}), 1, 1); c.Cost != want {
				t.Fatalf("%s, %d diagonals counted: reach says %d ft, want %d", rs, d, c.Cost, want)
			}
		}
	}
}

// "sf2e has 3 minus spent actions left": with 2 spent, one Stride is left;
// asking for 2 is a bad query; what one Stride reaches does not change.
func TestConvTurnSF2EThreeMinusSpentActionsLeft(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "......", "......"), tok{name: "A", x: 0, y: 0, speeds: "land=10"})
	fresh := turnReach(t, e, MoveQuery{Actions: 1})
	for spent := 0; spent <= 2; spent++ {
		got := turnReach(t, e, MoveQuery{Actions: 1, Turn: model.TurnState{Actions: spent}})
		if !slices.Equal(got, fresh) {
			t.Fatalf("%d spent, 1 from now: %v, want %v", spent, got, fresh)
		}
		left := 3 - spent
		if _, err := mustEngine(t, model.SF2E).Reach(nil, e, MoveQuery{Actions: left + 1, Turn: model.TurnState{Actions: spent}}); !errors.Is(err, ErrBadQuery) && left+1 <= 3 {
			t.Fatalf("%d spent, %d from now: %v, want a bad query", spent, left+1, err)
		}
		if left > 0 {
			turnReach(t, e, MoveQuery{Actions: left, Turn: model.TurnState{Actions: spent}})
		}
	}
	if _, err := mustEngine(t, model.SF2E).Reach(nil, e, MoveQuery{Turn: model.TurnState{Actions: 3}}); !errors.Is(err, ErrBadQuery) {
		t.Fatalf("3 spent: %v, want a bad query (no action left)", err)
	}
	if ActionsLeft(model.SF2E, model.TurnState{Actions: 1}) != 2 || ActionsLeft(model.PF1E, model.TurnState{Actions: 1}) != 1 {
		t.Fatal("ActionsLeft")
	}
}

// "pf1e 2 minus spent move actions": after one move action, one is left,
// a double move is refused, and minimum movement (a full-round action)
// is no longer there.
func TestConvTurnPF1ETwoMinusSpentMoveActions(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, "D..", "..."), tok{name: "A", x: 1, y: 0, speeds: "land=5"})
	q := MoveQuery{Actions: 1, Turn: model.TurnState{Actions: 1}}
	for _, s := range turnReach(t, e, q) {
		if s.X == 0 && s.Y == 0 {
			t.Fatalf("one move action left reaches the difficult square by minimum movement: %+v", s)
		}
	}
	if _, ok := costAt(turnReach(t, e, MoveQuery{Actions: 2}), 0, 0); !ok {
		t.Fatal("a fresh double move reaches the difficult square by minimum movement")
	}
	if _, err := mustEngine(t, model.PF1E).Reach(nil, e, MoveQuery{Actions: 2, Turn: model.TurnState{Actions: 1}}); !errors.Is(err, ErrBadQuery) {
		t.Fatalf("1 spent, 2 from now: %v, want a bad query", err)
	}
}

// "Reported actions count from now (1 = the next Stride) and cost counts
// feet spent from now."
func TestConvTurnActionsAndCostCountFromNow(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "......."), tok{name: "A", x: 0, y: 0, speeds: "land=10"})
	sq := turnReach(t, e, MoveQuery{Actions: 2, Turn: model.TurnState{Actions: 1}})
	want := []Square{{X: 1, Cost: 5, Actions: 1}, {X: 2, Cost: 10, Actions: 1}, {X: 3, Cost: 15, Actions: 2}, {X: 4, Cost: 20, Actions: 2}}
	if !slices.Equal(sq, want) {
		t.Fatalf("1 Stride spent, 2 from now: %v, want %v", sq, want)
	}
}

// "starship flies what is left of its Speed" (seed text "Breaking Up Your
// Move": speed 300, move 100, actions, then move 200).
func TestConvTurnStarshipFliesWhatIsLeftBreakingUpItsMove(t *testing.T) {
	rows := []string{"........"}
	e := shipTestEnc(rows, shipTok("S", 0, 0, model.Small, model.E, shipFly, 300))
	got := turnReach(t, e, MoveQuery{Turn: model.TurnState{Spent: 100}})
	if len(got) != 4 || got[3].X != 4 || got[3].Cost != 200 {
		t.Fatalf("300 ft, 100 flown: %v; want 4 squares, the last at 200 ft", got)
	}
	e2 := shipTestEnc(rows, shipTok("S", 0, 0, model.Small, model.E, shipFly, 200))
	if fresh := turnReach(t, e2, MoveQuery{}); !slices.Equal(got, fresh) {
		t.Fatalf("300 ft with 100 flown %v, a fresh 200 ft %v", got, fresh)
	}
	if _, err := mustEngine(t, model.Starship).Reach(nil, e, MoveQuery{Turn: model.TurnState{Spent: 350}}); !errors.Is(err, ErrBadQuery) {
		t.Fatalf("350 of 300 ft flown: %v, want a bad query", err)
	}
	// Its diagonals carry on too: one counted, the next costs 100.
	d := shipTestEnc([]string{"...", "...", "..."}, shipTok("S", 0, 2, model.Small, model.NE, shipFly, 300))
	p := turnPath(t, d, MoveQuery{Turn: model.TurnState{Diagonals: 1}}, 1, 1)
	if p.Cost != 100 || p.Diagonals != 2 {
		t.Fatalf("a ship with one diagonal counted: %+v, want 100 ft and 2 diagonals", p)
	}
}

// "points spends from Speed + (N - 1) x mobility minus the points spent,
// where N is the total actions the token commits this turn".
func TestConvTurnPointsSpendFromWhatIsLeft(t *testing.T) {
	e := withTokens(mapOf(t, model.Points, "..........."), tok{name: "A", x: 0, y: 0, speeds: "land=5 mobility=2"})
	got := turnReach(t, e, MoveQuery{Actions: 2, Turn: model.TurnState{Spent: 3}})
	// 5 + 2 - 3 = 4 points left; 2 more are within the first action's 5.
	want := []Square{{X: 1, Cost: 1, Actions: 1}, {X: 2, Cost: 2, Actions: 1}, {X: 3, Cost: 3, Actions: 2}, {X: 4, Cost: 4, Actions: 2}}
	if !slices.Equal(got, want) {
		t.Fatalf("5+2 points, 3 spent: %v, want %v", got, want)
	}
	// more spent than a whole turn gives (5 + 2 x 2 = 9) is no turn: a bad
	// query, as a ship that has flown more than its Speed, not no square
	if _, err := mustEngine(t, model.Points).Reach(nil, e, MoveQuery{Actions: 3, Turn: model.TurnState{Spent: 10}}); !errors.Is(err, ErrBadQuery) {
		t.Fatalf("10 of a turn's 9 points spent: %v, want a bad query", err)
	}
	if _, err := mustEngine(t, model.Points).Reach(nil, e, MoveQuery{Actions: 3, Turn: model.TurnState{Spent: 9}}); err != nil {
		t.Fatalf("a whole turn's 9 points spent: %v, want no square but no error", err)
	}
}

// A turn state field that does not apply to the ruleset is a bad query:
// feet spent in sf2e and pf1e, actions or diagonals in points, actions in
// starship; nothing negative.
func TestConvTurnFieldsThatDoNotApplyAreBadQueries(t *testing.T) {
	cases := []struct {
		rs model.Ruleset
		ts model.TurnState
	}{
		{model.SF2E, model.TurnState{Spent: 5}},
		{model.PF1E, model.TurnState{Spent: 5}},
		{model.PF1E, model.TurnState{Actions: 2}},
		{model.Points, model.TurnState{Actions: 1}},
		{model.Points, model.TurnState{Diagonals: 1}},
		{model.Starship, model.TurnState{Actions: 1}},
		{model.SF2E, model.TurnState{Diagonals: -1}},
		{model.Points, model.TurnState{Spent: -1}},
	}
	for _, c := range cases {
		var e *model.Encounter
		if c.rs == model.Starship {
			e = shipTestEnc([]string{"..."}, shipTok("S", 0, 0, model.Small, model.E, shipFly, 300))
		} else {
			e = withTokens(mapOf(t, c.rs, "..."), tok{name: "A", speeds: "land=5"})
		}
		if _, err := mustEngine(t, c.rs).Reach(nil, e, MoveQuery{Turn: c.ts}); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%s %+v: %v, want a bad query", c.rs, c.ts, err)
		}
		if _, err := mustEngine(t, c.rs).Path(e, MoveQuery{Turn: c.ts}, 1, 0); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%s %+v path: %v, want a bad query", c.rs, c.ts, err)
		}
	}
}

// "Moving a token during its turn spends: sf2e/pf1e the Strides or move
// actions the path used (leftover feet of a Stride are lost, as always)
// and its diagonals; starship its cost; points its cost (leftover points
// stay until the end of the turn)."
func TestConvTurnMovingSpends(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "......", "......"), tok{name: "A", x: 0, y: 0, speeds: "land=10"})
	p := turnPath(t, e, MoveQuery{Actions: 2}, 3, 1) // 5 + 5 (diagonal), then 10 in a second Stride
	ts := Spend(model.SF2E, model.TurnState{}, p)
	if ts != (model.TurnState{Actions: 2, Diagonals: p.Diagonals}) || p.Actions != 2 {
		t.Fatalf("sf2e: %+v after %+v", ts, p)
	}
	// A leftover 5 ft of the first Stride is lost: the next query starts
	// a fresh Stride with one action left.
	e.Tokens[0].X, e.Tokens[0].Y = 3, 1
	if sq := turnReach(t, e, MoveQuery{Turn: ts}); len(sq) == 0 {
		t.Fatal("the third Stride reaches nothing")
	}
	ship := shipTestEnc([]string{"......"}, shipTok("S", 0, 0, model.Small, model.E, shipFly, 300))
	sp := turnPath(t, ship, MoveQuery{}, 2, 0)
	if got := Spend(model.Starship, model.TurnState{Spent: 50}, sp); got != (model.TurnState{Spent: 150}) {
		t.Fatalf("starship: %+v", got)
	}
	pts := withTokens(mapOf(t, model.Points, "......"), tok{name: "A", speeds: "land=5"})
	pp := turnPath(t, pts, MoveQuery{}, 2, 0)
	if got := Spend(model.Points, model.TurnState{Spent: 1}, pp); got != (model.TurnState{Spent: 3}) {
		t.Fatalf("points: %+v", got)
	}
	if got := Spend(model.SF2E, ts, Path{}); got != ts {
		t.Fatalf("an unreachable path spent %+v", got)
	}
}

// A turn's diagonal count stays within model.MaxTurnDiagonals, keeping
// its parity, so the turn state a move leaves is one the encounter saves.
// A count near the largest int (a file's fight.state) is a bad query: it
// once wrapped to a negative count after one more diagonal, and the token
// could then neither move nor be saved.
func TestConvTurnDiagonalCountStaysWithinItsBound(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := withTokens(mapOf(t, rs, "...", "...", "..."), tok{name: "A", x: 0, y: 0, speeds: "land=30"})
		for _, start := range []int{model.MaxTurnDiagonals, model.MaxTurnDiagonals - 1} {
			p := turnPath(t, e, MoveQuery{Turn: model.TurnState{Diagonals: start}}, 2, 2)
			ts := Spend(rs, model.TurnState{Diagonals: start}, p)
			if ts.Diagonals < 0 || ts.Diagonals > model.MaxTurnDiagonals || ts.Diagonals%2 != p.Diagonals%2 {
				t.Errorf("%s from %d diagonals: the path counts %d, the turn keeps %d; want within 0 to %d, of the same parity",
					rs, start, p.Diagonals, ts.Diagonals, model.MaxTurnDiagonals)
			}
		}
		q := MoveQuery{Turn: model.TurnState{Diagonals: math.MaxInt}}
		if p, err := mustEngine(t, rs).Path(e, q, 2, 2); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%s from %d diagonals: %+v, %v; want a bad query", rs, math.MaxInt, p, err)
		}
		if _, err := mustEngine(t, rs).Reach(nil, e, q); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%s reach from %d diagonals: %v; want a bad query", rs, math.MaxInt, err)
		}
	}
}

// "Breaking Up Your Move": "if your ship has a speed of 300 feet, it can
// move 100 feet, two players can take actions, and then it can move 200
// feet", asked as two queries: the second continues the turn state the
// first one spent.
func TestShipBreakingUpYourMoveAsTwoQueriesMove100ThenMove200(t *testing.T) {
	e := shipTestEnc([]string{"........."}, shipTok("Ship", 0, 0, model.Small, model.E, shipFly, 300, shipTurn, 100))
	first := turnPath(t, e, MoveQuery{}, 2, 0)
	ts := Spend(model.Starship, model.TurnState{}, first)
	if first.Cost != 100 || ts.Spent != 100 {
		t.Fatalf("the first 100 ft: %+v, state %+v", first, ts)
	}
	e.Tokens[0].X = 2
	sq := turnReach(t, e, MoveQuery{Turn: ts})
	if last := sq[len(sq)-1]; last.X != 6 || last.Cost != 200 {
		t.Fatalf("the rest of the move: %v, want it to end at (6,0) after 200 ft", sq)
	}
	if p := turnPath(t, e, MoveQuery{Turn: ts}, 7, 0); p.Reachable {
		t.Fatalf("past 300 ft in all: %+v", p)
	}
}

// "a ship might move one square diagonally (50 feet), then three squares
// straight (150 feet), and then another square diagonally (100 feet) for a
// total movement of 300 feet", broken up after the straight squares: the
// diagonal count carries over the break.
func TestShipOneDiagonalThreeStraightThenBreakAnotherDiagonalCosts100(t *testing.T) {
	e := shipTestEnc([]string{"......", "......"}, shipTok("Ship", 0, 1, model.Small, model.NE, shipFly, 300, shipTurn, 100))
	first := turnPath(t, e, MoveQuery{}, 1, 0)
	ts := Spend(model.Starship, model.TurnState{}, first)
	if first.Cost != 50 || ts.Diagonals != 1 {
		t.Fatalf("one square diagonally: %+v", first)
	}
	straight := shipTestEnc([]string{"......", "......"}, shipTok("Ship", 1, 0, model.Small, model.E, shipFly, 300, shipTurn, 100))
	p := turnPath(t, straight, MoveQuery{Turn: ts}, 4, 0)
	ts = Spend(model.Starship, ts, p)
	if p.Cost != 150 || ts != (model.TurnState{Spent: 200, Diagonals: 1}) {
		t.Fatalf("three squares straight: %+v, state %+v", p, ts)
	}
	diag := shipTestEnc([]string{"......", "......"}, shipTok("Ship", 4, 0, model.Small, model.SE, shipFly, 300, shipTurn, 100))
	p = turnPath(t, diag, MoveQuery{Turn: ts}, 5, 1)
	if p.Cost != 100 || ts.Spent+p.Cost != 300 {
		t.Fatalf("another square diagonally: %+v, want 100 ft, 300 in all", p)
	}
}

// "A token's turn state is what it has already done this turn: sf2e and
// pf1e the actions spent on movement and the diagonals counted so far;
// starship the feet flown so far ...; points the points spent so far."
func TestConvTurnStateFieldsPerRuleset(t *testing.T) {
	want := map[model.Ruleset][3]bool{
		model.SF2E:     {true, true, false},
		model.PF1E:     {true, true, false},
		model.Starship: {false, true, true},
		model.Points:   {false, false, true},
	}
	for rs, w := range want {
		a, d, s := Describe(rs).TurnCounts()
		if [3]bool{a, d, s} != w {
			t.Errorf("%s counts actions, diagonals, spent = %v %v %v, want %v", rs, a, d, s, w)
		}
	}
}
