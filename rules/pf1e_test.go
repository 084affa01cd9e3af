package rules

import (
	"errors"
	"reflect"
	"testing"

	"encounterplanner/model"
)

// "If movement cost is doubled twice, then each square counts as 4 squares
// (or as 6 squares if moving diagonally)."
func TestPF1EDoubledTwice(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, "...", ".D.", "..."), tok{name: "A", side: "a", speeds: "land=60"})
	q := MoveQuery{Token: 0}
	if got, want := walk(e, q, kindPF1E, SE), []int{30}; !reflect.DeepEqual(got, want) {
		t.Errorf("diagonal into greater difficult %v, want %v", got, want)
	}
	e.Tokens[0].X, e.Tokens[0].Y = 1, 0
	if got, want := walk(e, q, kindPF1E, S), []int{20}; !reflect.DeepEqual(got, want) {
		t.Errorf("straight into greater difficult %v, want %v", got, want)
	}
	// The doubled diagonal leaves the count alone: the next diagonal is the first.
	e.Tokens[0].X, e.Tokens[0].Y = 0, 0
	if got, want := walk(e, q, kindPF1E, SE, SE, N, NW), []int{30, 5, 5, 10}; !reflect.DeepEqual(got, want) {
		t.Errorf("after a doubled diagonal %v, want %v", got, want)
	}
}

// "each square of movement through difficult terrain counts as 2 squares,
// and each diagonal move through such terrain counts as 3 squares".
func TestPF1EDifficultDoubles(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, "..", ".d"), tok{name: "A", side: "a", speeds: "land=30"})
	checkReach(t, e, MoveQuery{}, []want{{1, 1, 15, 1}})
	e.Tokens[0].X = 1
	checkReach(t, e, MoveQuery{}, []want{{1, 1, 10, 1}})
}

// "you can take a full-round action to move 5 feet (1 square) in any
// direction, even diagonally ... doesn't allow you to move through
// impassable terrain or to move when all movement is prohibited."
func TestPF1EMinimumMovement(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E,
		"dd#",
		"d.d",
		"ddd",
	), tok{name: "A", x: 1, y: 1, side: "a", speeds: "land=5"})
	checkReach(t, e, MoveQuery{}, []want{{0, 0, 0, 0}, {1, 2, 0, 0}})
	sq := checkReach(t, e, MoveQuery{Actions: 2}, []want{
		{0, 0, 5, 2}, {1, 0, 5, 2}, {2, 0, 0, 0}, {0, 1, 5, 2}, {2, 1, 5, 2}, {0, 2, 5, 2}, {1, 2, 5, 2}, {2, 2, 5, 2},
	})
	if len(sq) != 7 {
		t.Errorf("minimum movement lists %d squares, want 7", len(sq))
	}
	p, err := mustEngine(t, model.PF1E).Path(e, MoveQuery{Actions: 2}, 2, 2)
	if err != nil || !p.Reachable || p.Cost != 5 || p.Actions != 2 || len(p.Steps) != 1 {
		t.Errorf("minimum movement path %+v %v", p, err)
	}
	// Not around a cut corner.
	e2 := withTokens(mapOf(t, model.PF1E, ".#", "dd"), tok{name: "A", side: "a", speeds: "land=5"})
	checkReach(t, e2, MoveQuery{Actions: 2}, []want{{1, 1, 0, 0}, {0, 1, 5, 2}})
	// Speed 0 prohibits all movement; a Speed under one square does not.
	e.Tokens[0].Speeds["land"] = 0
	checkReach(t, e, MoveQuery{Actions: 2}, []want{{0, 0, 0, 0}})
	e.Tokens[0].Speeds["land"] = 3
	checkReach(t, e, MoveQuery{Actions: 2}, []want{{0, 0, 5, 2}})
	// Normal movement wins where it reaches: Speed 10 enters difficult in one action.
	e.Tokens[0].Speeds["land"] = 10
	checkReach(t, e, MoveQuery{Actions: 2}, []want{{1, 0, 10, 1}, {0, 0, 20, 2}})
}

func TestPF1EConventions(t *testing.T) {
	dD := mapOf(t, model.PF1E, "...")
	dD.Grid.Set(1, 0, model.Difficult|model.GreaterDifficult)
	cases := []struct {
		name  string
		e     *model.Encounter
		q     MoveQuery
		wants []want
	}{
		{"diagonals 1, 2, 1, 2 over the double move", withTokens(mapOf(t, model.PF1E, "...", "...", "..."), tok{name: "A", side: "a", speeds: "land=5"}),
			MoveQuery{Actions: 2}, []want{{1, 1, 5, 1}, {2, 2, 0, 0}, {2, 1, 10, 2}}},
		{"either corner refuses a diagonal", withTokens(mapOf(t, model.PF1E, ".#", ".."), tok{name: "A", side: "a", speeds: "land=30"}),
			MoveQuery{}, []want{{1, 1, 10, 1}}},
		{"large diagonal refused past one wall", withTokens(mapOf(t, model.PF1E, ".#..", "....", "....", "...."), tok{name: "L", x: 1, y: 1, size: model.Large, side: "a", speeds: "land=30"}),
			MoveQuery{}, []want{{2, 0, 10, 1}}},
		{"obstacle corner refuses walking", withTokens(mapOf(t, model.PF1E, ".o", ".."), tok{name: "A", side: "a", speeds: "land=30"}),
			MoveQuery{}, []want{{1, 1, 10, 1}}},
		{"obstacle corner does not refuse flying", withTokens(mapOf(t, model.PF1E, ".o", ".."), tok{name: "A", side: "a", speeds: "fly=30"}),
			MoveQuery{Mode: ModeFly}, []want{{1, 1, 5, 1}}},
		{"creatures do not block diagonals", withTokens(mapOf(t, model.PF1E, "..", ".."), tok{name: "A", side: "a", speeds: "land=30"}, tok{name: "B", x: 1, side: "b"}, tok{name: "C", y: 1, side: "b"}),
			MoveQuery{}, []want{{1, 1, 5, 1}}},
		{"ignores difficult removes one doubling", withTokens(mapOf(t, model.PF1E, ".dD"), tok{name: "A", side: "a", speeds: "land=30", conds: []string{model.CondIgnoresDifficult}}),
			MoveQuery{}, []want{{1, 0, 5, 1}, {2, 0, 15, 1}}},
		{"worst trait, not the sum", withTokens(dD, tok{name: "A", side: "a", speeds: "land=30"}),
			MoveQuery{}, []want{{1, 0, 20, 1}}},
		{"double move: leftover lost", withTokens(mapOf(t, model.PF1E, ".ddd"), tok{name: "A", side: "a", speeds: "land=15"}),
			MoveQuery{Actions: 2}, []want{{1, 0, 10, 1}, {2, 0, 20, 2}, {3, 0, 0, 0}}},
		{"tiny shares squares", withTokens(mapOf(t, model.PF1E, "..."), tok{name: "A", size: model.Diminutive, side: "a", speeds: "land=10"}, tok{name: "B", x: 1, side: "b"}),
			MoveQuery{}, []want{{1, 0, 5, 1}}},
		{"enemies block", withTokens(mapOf(t, model.PF1E, "..."), tok{name: "A", side: "a", speeds: "land=10"}, tok{name: "B", x: 1, side: "b"}),
			MoveQuery{}, []want{{1, 0, 0, 0}, {2, 0, 0, 0}}},
		{"colossal space is 6x6", withTokens(mapOf(t, model.PF1E, ".......", ".......", ".......", ".......", ".......", "......."), tok{name: "A", size: model.Colossal, side: "a", speeds: "land=30"}),
			MoveQuery{}, []want{{1, 0, 5, 1}, {1, 1, 0, 0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkReach(t, c.e, c.q, c.wants)
			checkPathsMatchReach(t, c.e, c.q)
		})
	}
}

func TestPF1EBadQueries(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, "..."), tok{name: "A", side: "a", speeds: "land=30"})
	en := mustEngine(t, model.PF1E)
	for _, q := range []MoveQuery{{Actions: 3}, {Mode: ModeSwim}, {Step: true}, {Mode: ModeCrawl}} {
		if _, err := en.Reach(nil, e, q); !errors.Is(err, ErrBadQuery) {
			t.Errorf("Reach(%+v) error %v, want a bad query", q, err)
		}
	}
}

// "Large or larger creatures using reach weapons can strike up to double
// their natural reach but can't strike at their natural reach or less."
func TestPF1EReachWeapon(t *testing.T) {
	rows := []string{".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."}
	e := withTokens(mapOf(t, model.PF1E, rows...),
		tok{name: "M", x: 4, y: 4, side: "a", rw: true},
		tok{name: "T", x: 4, y: 4, size: model.Tiny, side: "a"},
		tok{name: "C", x: 1, y: 1, size: model.Colossal, side: "a"},
	)
	en := mustEngine(t, model.PF1E)
	got := en.Threatened(nil, e, 0)
	if len(got) != 5*5-3*3 {
		t.Errorf("medium with a reach weapon threatens %d squares, want 16: %v", len(got), got)
	}
	for _, p := range got {
		if max(abs(p.X-4), abs(p.Y-4)) != 2 {
			t.Errorf("threatens %v, not 10 ft away", p)
		}
	}
	if got := en.Threatened(nil, e, 1); len(got) != 0 {
		t.Errorf("tiny threatens %v, want nothing", got)
	}
	if got := naturalReach(kindPF1E, &e.Tokens[2]); got != 30 {
		t.Errorf("colossal reach %d, want 30", got)
	}
	runFlanking(t, model.PF1E, []flankCase{
		{"reach weapon does not threaten adjacent", []string{"...", "...", "..."},
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p", rw: true}, {name: "B", x: 2, y: 1, side: "p"}}, nil},
		{"reach weapons flank from 10 ft", []string{".....", ".....", "....."},
			[]tok{{name: "F", x: 2, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p", rw: true}, {name: "B", x: 4, y: 1, side: "p", rw: true}}, []string{"F: A+B"}},
		{"tiny does not flank unless sharing", []string{"...", "...", "..."},
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p", size: model.Tiny}, {name: "B", x: 2, y: 1, side: "p"}}, nil},
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestPF1ECover(t *testing.T) {
	runCover(t, model.PF1E, []coverCase{
		{"the attacker's best corner sees past the obstacle", []string{".o..", "...."},
			[]tok{{name: "A", side: "a"}, {name: "C", x: 3, y: 1, side: "c"}}, "A", "C", CoverNone},
		{"standard when every corner is stopped", []string{"..o..", "..o..", "..o.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverStandard},
		{"creatures give lesser (soft) cover", []string{".....", ".....", "....."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "B", x: 2, y: 1, side: "b"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverLesser},
		{"taken cover has no effect", []string{"..o..", "..o..", "..o.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c", conds: []string{model.CondTakenCover}}}, "A", "C", CoverStandard},
		{"blocked by walls", []string{"..#..", "..#..", "..#.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverBlocked},
	})
	// The same first map in sf2e: the centre line crosses the obstacle.
	runCover(t, model.SF2E, []coverCase{
		{"sf2e draws from the centre", []string{".o..", "...."},
			[]tok{{name: "A", side: "a"}, {name: "C", x: 3, y: 1, side: "c"}}, "A", "C", CoverStandard},
	})
}
