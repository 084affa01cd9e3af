package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md "points". Costs are movement points.

func TestConvPointsBudgetAndCosts(t *testing.T) {
	runReachTables(t, convPointsBudgetAndCostsCases())
	for _, m := range []string{ModeCrawl, ModeClimb, ModeSwim} {
		t.Run(m+" costs 1 more: 2 open, 3 difficult, 4 greater difficult", func(t *testing.T) {
			e := withTokens(mapOf(t, model.Points, ".d.D."), tok{name: "A", side: "a", speeds: "land=11"})
			convReach(t, e, MoveQuery{Mode: m}, []string{"@ 3 5 9 11"})
		})
	}
	t.Run("a combined difficult and greater difficult square costs 3", func(t *testing.T) {
		e := withTokens(mapOf(t, model.Points, "..."), tok{name: "A", side: "a", speeds: "land=4"})
		e.Grid.Set(1, 0, model.Difficult|model.GreaterDifficult)
		convReach(t, e, MoveQuery{}, []string{"@ 3 4"})
	})
}

// convPointsBudgetAndCostsCases lists the tables of TestConvPointsBudgetAndCosts.
func convPointsBudgetAndCostsCases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	a := func(sp string) []tok { return []tok{{name: "A", side: "a", speeds: sp}} }
	add(model.Points, []reachCase{
		// Speed 2 + 2 x mobility 2 = 6 points; actions = smallest n with
		// cost <= 2 + (n-1) x 2.
		{"Speed + (N-1) x mobility, actions the smallest n", []string{"........"}, a("land=2 mobility=2"), MoveQuery{Actions: 3},
			[]string{"@ 1 2 3/2 4/2 5/3 6/3 ."}},
		{"mobility 1", []string{"......"}, a("land=2 mobility=1"), MoveQuery{Actions: 3},
			[]string{"@ 1 2 3/2 4/3 ."}},
		{"two actions: one budget of Speed + mobility", []string{"......."}, a("land=3 mobility=2"), MoveQuery{Actions: 2},
			[]string{"@ 1 2 3 4/2 5/2 ."}},
		{"every step, diagonal or not, costs 1", []string{"....", "....", "....", "...."}, a("land=3"), MoveQuery{},
			[]string{"@ 1 2 3", "1 1 2 3", "2 2 2 3", "3 3 3 3"}},
		{"difficult 2, greater difficult 3, a square takes its worst trait", []string{".dD.."}, a("land=9"), MoveQuery{},
			[]string{"@ 2 5 6 7"}},
		{"hazardous, narrow and uneven cost 1", []string{".hnu"}, a("land=3"), MoveQuery{},
			[]string{"@ 1 2 3"}},
		{"the default Speed is 5 and mobility 2", []string{"........."}, a(""), MoveQuery{Actions: 2},
			[]string{"@ 1 2 3 4 5 6/2 7/2 ."}},
		{"Speed 0 with one action reaches nothing", []string{"..."}, a("land=0"), MoveQuery{},
			[]string{"@ . ."}},
	})
	return out
}

// "Enemies, walls and obstacles cannot be entered; allies can be passed
// through but not ended in." "Tiny creatures get no exception here."
func TestConvPointsCreatures(t *testing.T) {
	runReachTables(t, convPointsCreaturesCases())
}

// convPointsCreaturesCases lists the tables of TestConvPointsCreatures.
func convPointsCreaturesCases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	add(model.Points, []reachCase{
		{"a tiny enemy blocks", []string{"...", "###"},
			[]tok{{name: "A", side: "a", speeds: "land=3"}, {name: "t", x: 1, size: model.Tiny, side: "b"}}, MoveQuery{},
			[]string{"@ . .", ". . ."}},
		{"a tiny mover is blocked by an enemy", []string{"...", "###"},
			[]tok{{name: "t", size: model.Tiny, side: "a", speeds: "land=3"}, {name: "B", x: 1, side: "b"}}, MoveQuery{},
			[]string{"@ . .", ". . ."}},
		{"a tiny ally is passed, not ended in", []string{"...", "###"},
			[]tok{{name: "A", side: "a", speeds: "land=3"}, {name: "t", x: 1, size: model.Tiny, side: "a"}}, MoveQuery{},
			[]string{"@ . 2", ". . ."}},
		{"an enemy three sizes larger still blocks", []string{".....", ".....", ".....", ".....", "....."},
			[]tok{{name: "A", y: 4, side: "a", speeds: "land=9"}, {name: "G", x: 0, size: model.Gargantuan, side: "b"}}, MoveQuery{},
			// (4,3) is not a diagonal past G's corner (3,3): N from (4,4).
			[]string{". . . . 8", ". . . . 7", ". . . . 6", ". . . . 5", "@ 1 2 3 4"}},
		{"a large mover passes through a large ally, ending beyond it", []string{"......", "......", "######"},
			[]tok{{name: "L", size: model.Large, side: "a", speeds: "land=4"}, {name: "B", x: 2, size: model.Large, side: "a"}}, MoveQuery{},
			[]string{"@ . . . 4 .", ". . . . . .", ". . . . . ."}},
		{"obstacles and walls", []string{".o.", ".#.", "..."},
			[]tok{{name: "A", side: "a", speeds: "land=4"}}, MoveQuery{},
			// (1,2) and (2,1): no cutting the wall's corners.
			[]string{"@ . .", "1 . .", "2 3 4"}},
	})
	return out
}

// Leap: "up to mobility squares in a straight line, over obstacles and
// enemies (not walls), ignoring terrain, ending in an empty square."
// Teleport: "any empty square in range with line of sight (walls block
// sight, obstacles do not)".
func TestConvPointsLeapAndTeleport(t *testing.T) {
	mover := func(t *testing.T) Mover {
		m, ok := mustEngine(t, model.Points).(Mover)
		if !ok {
			t.Fatal("the points engine is no Mover")
		}
		return m
	}
	cmp := func(t *testing.T, e *model.Encounter, sq []Square, err error, want []string) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		got := gotReachRows(e, 0, sq)
		want = normRows(want)
		for y := range want {
			if got[y] != want[y] {
				t.Errorf("differs (first at row %d)\n%s", y, sideBySide(e, got, want))
				return
			}
		}
	}
	t.Run("leap over an enemy, an obstacle and difficult terrain, stopped by a wall", func(t *testing.T) {
		e := withTokens(mapOf(t, model.Points, "..oD.#.."), tok{name: "A", side: "a", speeds: "mobility=6"}, tok{name: "E", x: 1, side: "b"})
		sq, err := mover(t).Leap(nil, e, 0)
		cmp(t, e, sq, err, []string{"@ . . 3 4 . . ."})
	})
	t.Run("leap: straight lines only, not onto an ally, not into a wall", func(t *testing.T) {
		e := withTokens(mapOf(t, model.Points,
			".....",
			".#...",
			".....",
			".....",
		), tok{name: "A", y: 2, side: "a", speeds: "mobility=2"}, tok{name: "B", x: 1, y: 2, side: "a"})
		sq, err := mover(t).Leap(nil, e, 0)
		// N: (0,1), (0,0); NE: (1,1) is a wall; E: (1,2) ally, (2,2);
		// SE: (1,3); S: (0,3).
		cmp(t, e, sq, err, []string{
			"2 . . . .",
			"1 . . . .",
			"@ . 2 . .",
			"1 1 . . .",
		})
	})
	t.Run("teleport: range counts diagonals as 1; walls block sight, obstacles and creatures do not", func(t *testing.T) {
		e := withTokens(mapOf(t, model.Points,
			"......",
			"..#...",
			"..#o..",
			"......",
			"......",
		), tok{name: "A", y: 2, side: "a"}, tok{name: "B", x: 1, y: 4, side: "b"}, tok{name: "C", x: 1, y: 3, side: "a"})
		sq, err := mover(t).Teleport(nil, e, 0, 3)
		// (2,0) and (3,3): the sight line touches only a wall's corner;
		// (2,4): it crosses C's square.
		cmp(t, e, sq, err, []string{
			"2 2 2 . . .",
			"1 1 . . . .",
			"@ 1 . . . .",
			"1 . 2 3 . .",
			"2 . 2 3 . .",
		})
		e = withTokens(mapOf(t, model.Points, ".o..."), tok{name: "A", side: "a"})
		sq, err = mover(t).Teleport(nil, e, 0, 3)
		cmp(t, e, sq, err, []string{"@ . 2 3 ."})
	})
}
