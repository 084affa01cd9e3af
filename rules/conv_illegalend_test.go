package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Conditions the rules act on", last bullet: "An
// illegal end (a drop or forced move that would end where the token may
// not stand) puts the token in the last legal position it passed on the
// way, or, for a drop, the legal position nearest by the distance rule,
// ties by y then x (pf1e 'Accidentally Ending Movement in an Illegal
// Space'; the same for every ruleset)."

// A drop where the token may stand stays; on a wall it goes to the nearest
// legal position by the ruleset's distance rule: sf2e counts the second
// diagonal as 2 squares, points every diagonal as 1.
func TestConvIllegalEndDropNearestByTheDistanceRule(t *testing.T) {
	rows := []string{
		"#######",
		"#######",
		"##.##.#",
		"#######",
		"####.##",
	}
	for _, c := range []struct {
		rs   model.Ruleset
		want Point
	}{
		{model.SF2E, Point{5, 2}},   // (5,2) is 3 squares, (4,4) 2 + 1 = 3: the tie goes to the smaller y
		{model.PF1E, Point{5, 2}},   // the same diagonal rule
		{model.Points, Point{4, 4}}, // (4,4) is 2 squares, (5,2) 3
	} {
		e := withTokens(mapOf(t, c.rs, rows...), tok{name: "A", x: 2, y: 2, speeds: "land=5"})
		if p, ok := SettleDrop(e, 0, 2, 2); !ok || p != (Point{2, 2}) {
			t.Fatalf("%s: a legal drop moved to %v %v", c.rs, p, ok)
		}
		if p, ok := SettleDrop(e, 0, 2, 1); !ok || p != (Point{2, 2}) {
			t.Fatalf("%s: a drop beside the only near square: %v %v, want (2,2)", c.rs, p, ok)
		}
		e.Grid.Set(2, 2, model.Wall)
		if p, ok := SettleDrop(e, 0, 2, 2); !ok || p != c.want {
			t.Fatalf("%s: a drop on a wall went to %v %v, want %v", c.rs, p, ok, c.want)
		}
	}
}

// Ties by y then x; creatures the token may not share with are illegal,
// a prone unconscious creature its size is not (sf2e), nowhere is not ok.
func TestConvIllegalEndDropTiesAndCreatures(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "...", "...", "..."),
		tok{name: "A", x: 0, y: 0, side: "a"},
		tok{name: "Z", x: 1, y: 1, side: "b"})
	if p, _ := SettleDrop(e, 0, 1, 1); p != (Point{0, 0}) {
		t.Fatalf("a drop on an enemy: %v, want (0,0), the first of the 8 at 1 square by y then x", p)
	}
	e.Tokens[1].Conditions = []string{model.CondUnconscious, model.CondProne}
	if p, _ := SettleDrop(e, 0, 1, 1); p != (Point{1, 1}) {
		t.Fatalf("a drop on a prone unconscious creature: %v, want it to stay (1,1)", p)
	}
	walls := withTokens(mapOf(t, model.SF2E, "##", "##"), tok{name: "A", x: 0, y: 0})
	if _, ok := SettleDrop(walls, 0, 0, 0); ok {
		t.Fatal("a map of walls has a legal position")
	}
}

// A forced move ends in the last legal position it passed.
func TestConvIllegalEndForcedLastLegalPositionPassed(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "....#"), tok{name: "A", x: 0, y: 0})
	passed := []Point{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}
	if p, ok := SettleForced(e, 0, passed); !ok || p != (Point{3, 0}) {
		t.Fatalf("forced into a wall: %v %v, want (3,0)", p, ok)
	}
	if p, _ := SettleForced(e, 0, passed[:3]); p != (Point{2, 0}) {
		t.Fatalf("a legal end: %v, want (2,0)", p)
	}
	e.Grid.Set(0, 0, model.Wall)
	e.Grid.Set(1, 0, model.Wall)
	if p, _ := SettleForced(e, 0, []Point{{0, 0}, {1, 0}}); p != (Point{2, 0}) {
		t.Fatalf("no legal position passed: %v, want the nearest (2,0)", p)
	}
}

// points forced movement: a move that would end with the space still on
// an obstacle (a Large token that started over one) ends in the nearest
// legal position instead of vanishing from the list.
func TestConvIllegalEndPointsForcedMovement(t *testing.T) {
	e := withTokens(mapOf(t, model.Points, "....", ".o..", "....", "...."),
		tok{name: "A", x: 0, y: 0, size: model.Large, side: "a"},
		tok{name: "S", x: 3, y: 3, side: "b"})
	sq, err := ptsEng().Forced(nil, e, 0, ForcedSweep, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range sq {
		if !MayStand(e, 0, s.X, s.Y) {
			t.Fatalf("forced movement lists an illegal end %+v in %v", s, sq)
		}
		found = found || (s.X == 2 && s.Y == 0 && s.Cost == 1)
	}
	if !found {
		t.Fatalf("the sweep east would end on the obstacle: want it settled at (2,0) after 1 square, got %v", sq)
	}
}
