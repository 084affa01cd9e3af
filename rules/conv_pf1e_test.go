package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md pf1e "Minimum movement: with 2 actions, every
// adjacent square the token may enter and end in is reachable with a
// full-round action that moves 5 ft (diagonals too, never through
// impassable terrain or a cut corner); where normal movement cannot reach
// such a square, it is reported with actions 2 and cost 5. A Speed of 0
// prohibits all movement, minimum movement included."
func TestConvPF1EMinimumMovement(t *testing.T) {
	runReachTables(t, convPF1EMinimumMovementCases())
}

// convPF1EMinimumMovementCases lists the tables of TestConvPF1EMinimumMovement.
func convPF1EMinimumMovementCases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	all := func(c byte) []string {
		r := string([]byte{c, c, c})
		return []string{r, r, r}
	}
	add(model.PF1E, []reachCase{
		{"a large creature in difficult terrain; a wall refuses E, NE and the cut corner SE",
			[]string{"dddd", "ddd#", "dddd", "dddd"},
			[]tok{{name: "L", x: 1, y: 1, size: model.Large, side: "a", speeds: "land=5"}}, MoveQuery{Actions: 2},
			[]string{
				"5/2 5/2 . .",
				"5/2 @ . .",
				"5/2 5/2 . .",
				". . . .",
			}},
		{"one action: no minimum movement",
			[]string{"dddd", "ddd#", "dddd", "dddd"},
			[]tok{{name: "L", x: 1, y: 1, size: model.Large, side: "a", speeds: "land=5"}}, MoveQuery{Actions: 1},
			[]string{". . . .", ". @ . .", ". . . .", ". . . ."}},
		{"not into an ally (cannot end), an enemy or a neutral (cannot enter); into a tiny enemy's square",
			all('d'),
			[]tok{{name: "A", x: 1, y: 1, side: "a", speeds: "land=5"}, {name: "B", x: 1, side: "a"}, {name: "C", side: "b"}, {name: "N", y: 1},
				{name: "t", x: 2, size: model.Tiny, side: "b"}}, MoveQuery{Actions: 2},
			[]string{
				". . 5/2",
				". @ 5/2",
				"5/2 5/2 5/2",
			}},
		{"flying passes the obstacle's corner but cannot end on it",
			[]string{"DDD", "D.o", "DDD"},
			[]tok{{name: "A", x: 1, y: 1, side: "a", speeds: "fly=5"}}, MoveQuery{Mode: ModeFly, Actions: 2},
			[]string{
				"5/2 5/2 5/2",
				"5/2 @ .",
				"5/2 5/2 5/2",
			}},
		{"walking cannot cut the obstacle's corners",
			[]string{"DDD", "D.o", "DDD"},
			[]tok{{name: "A", x: 1, y: 1, side: "a", speeds: "land=5"}}, MoveQuery{Actions: 2},
			[]string{
				"5/2 5/2 .",
				"5/2 @ .",
				"5/2 5/2 .",
			}},
		{"a fly Speed of 0 prohibits it", all('d'),
			[]tok{{name: "A", x: 1, y: 1, side: "a", speeds: "land=30 fly=0"}}, MoveQuery{Mode: ModeFly, Actions: 2},
			[]string{". . .", ". @ .", ". . ."}},
		{"normal movement wins where it reaches, even dearer: E then S into difficult is 15/2",
			[]string{"..", ".d"},
			[]tok{{name: "A", side: "a", speeds: "land=10"}}, MoveQuery{Actions: 2},
			[]string{"@ 5", "5 15/2"}},
		{"a minimum-movement square next to normally reachable ones",
			[]string{"...", ".dD", "..."},
			[]tok{{name: "A", x: 1, y: 1, side: "a", speeds: "land=5"}}, MoveQuery{Actions: 2},
			// Speed 5: every open neighbour is one move action; the
			// greater difficult one (20 ft) only minimum movement reaches.
			[]string{
				"5 5 5",
				"5 @ 5/2",
				"5 5 5",
			}},
	})
	return out
}

// Minimum movement paths: one step of 5 ft in 2 actions, flagged as a
// reaction when it leaves a threatened square ("provokes attacks of
// opportunity as normal").
func TestConvPF1EMinimumMovementPath(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, "DDD", "D.D", "DDD"),
		tok{name: "A", x: 1, y: 1, side: "a", speeds: "land=5"}, tok{name: "E", x: 0, y: 0, side: "b"})
	e.Grid.Set(0, 0, 0)
	convPath(t, e, MoveQuery{Actions: 2}, 2, 2, "cost 5 actions 2: (2,2) 5/5 [greater-difficult reaction]")
	convPath(t, e, MoveQuery{Actions: 1}, 2, 2, "unreachable")
	e.Tokens[0].Speeds["land"] = 0
	convPath(t, e, MoveQuery{Actions: 2}, 2, 2, "unreachable")
}

// pf1e-special-movement.txt "Double Movement Cost": "each square of
// movement through difficult terrain counts as 2 squares, and each diagonal
// move through such terrain counts as 3 squares ... doubled twice, then each
// square counts as 4 squares (or as 6 squares if moving diagonally) ...
// doubled three times, then each square counts as 8 squares (12 if
// diagonal)". The map model has at most two doublings (greater difficult);
// the formula is checked for three as the text gives it, and the
// alternating count is left unchanged by every doubled step.
func TestConvPF1EDoubledMovementNumbers(t *testing.T) {
	for _, c := range []struct {
		lvl            uint8
		straight, diag int32
	}{{0, 1, 1}, {1, 2, 3}, {2, 4, 6}, {3, 8, 12}} {
		for _, p := range []uint8{0, 1} {
			w, q := stepCost(kindPF1E, false, p, c.lvl)
			if w != c.straight || q != p {
				t.Errorf("%d doublings, straight, parity %d: %d squares, parity %d; want %d, %d", c.lvl, p, w, q, c.straight, p)
			}
			w, q = stepCost(kindPF1E, true, p, c.lvl)
			want, wantQ := c.diag, p
			if c.lvl == 0 {
				want, wantQ = 1+int32(p), p^1 // 1, 2, 1, 2
			}
			if w != want || q != wantQ {
				t.Errorf("%d doublings, diagonal, parity %d: %d squares, parity %d; want %d, %d", c.lvl, p, w, q, want, wantQ)
			}
		}
	}
}
