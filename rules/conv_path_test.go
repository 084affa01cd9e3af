package rules

import (
	"testing"

	"encounterplanner/model"
)

// queries.md "path": "the fewest actions, then the least cost ..., then
// the fewest hazardous, narrow and uneven squares, then the fewest reaction
// steps, then the first in neighbour order N, NE, E, SE, S, SW, W, NW at
// each step"; rules-conventions.md "Hazardous, narrow and uneven squares
// cost nothing extra, but a path through them is flagged"; sf2e "Moving out
// of a square within an enemy's reach during a move action can trigger
// reactions ...: paths flag those steps. Step does not."

type pathCase struct {
	name string
	rows []string
	toks []tok
	q    MoveQuery
	x, y int
	want string
}

func runPathCases(t *testing.T, rs model.Ruleset, cases []pathCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := withTokens(mapOf(t, rs, c.rows...), c.toks...)
			convPath(t, e, c.q, c.x, c.y, c.want)
		})
	}
}

func TestConvPathTieBreaks(t *testing.T) {
	a := func(x, y int) tok { return tok{name: "A", x: x, y: y, side: "a", speeds: "land=30"} }
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			runPathCases(t, rs, []pathCase{
				{"SE before S", []string{"...", "...", "..."}, []tok{a(0, 0)}, MoveQuery{}, 1, 2,
					"cost 10 actions 1: (1,1) 5/5 (1,2) 5/10"},
				{"N before NE", []string{"...", "...", "..."}, []tok{a(0, 2)}, MoveQuery{}, 1, 0,
					"cost 10 actions 1: (0,1) 5/5 (1,0) 5/10"},
				{"W before NW", []string{"...", "...", "..."}, []tok{a(2, 2)}, MoveQuery{}, 0, 1,
					"cost 10 actions 1: (1,2) 5/5 (0,1) 5/10"},
				{"SW before W", []string{"...", "...", "..."}, []tok{a(2, 0)}, MoveQuery{}, 0, 1,
					"cost 10 actions 1: (1,1) 5/5 (0,1) 5/10"},
				{"the cheaper path through a hazard wins", []string{".h.", "###"}, []tok{a(0, 0)}, MoveQuery{}, 2, 0,
					"cost 10 actions 1: (1,0) 5/5 [hazardous] (2,0) 5/10"},
				{"equal cost: fewer hazardous, narrow and uneven squares", []string{".hn", "...", "..."}, []tok{a(0, 0)}, MoveQuery{}, 2, 1,
					"cost 10 actions 1: (1,1) 5/5 (2,1) 5/10"},
				{"equal cost: a narrow square counts", []string{".n.", "...", "..."}, []tok{a(0, 0)}, MoveQuery{}, 2, 1,
					"cost 10 actions 1: (1,1) 5/5 (2,1) 5/10"},
				{"equal cost: an uneven square counts", []string{".u.", "...", "..."}, []tok{a(0, 0)}, MoveQuery{}, 2, 1,
					"cost 10 actions 1: (1,1) 5/5 (2,1) 5/10"},
				// E, SE enters the hazard and leaves no threatened square;
				// SE, E enters none but leaves (1,1), next to E. Hazards
				// are counted first.
				{"fewer hazards before fewer reactions", []string{".h.", "...", "..."},
					[]tok{a(0, 0), {name: "E", x: 1, y: 2, side: "b"}}, MoveQuery{}, 2, 1,
					"cost 10 actions 1: (1,1) 5/5 (2,1) 5/10 [reaction]"},
				{"without the hazard, fewer reactions", []string{"...", "...", "..."},
					[]tok{a(0, 0), {name: "E", x: 1, y: 2, side: "b"}}, MoveQuery{}, 2, 1,
					"cost 10 actions 1: (1,0) 5/5 (2,1) 5/10"},
			})
		})
	}
}

func TestConvReactionFlags(t *testing.T) {
	a := tok{name: "A", y: 1, side: "a", speeds: "land=30"}
	straight := func(flags1, flags2 string) string {
		return "cost 10 actions 1: (1,1) 5/5" + flags1 + " (2,1) 5/10" + flags2
	}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			runPathCases(t, rs, []pathCase{
				{"leaving an enemy's reach", []string{"...", "...", "###"}, []tok{a, {name: "E", x: 1, y: 0, side: "b"}}, MoveQuery{}, 2, 1,
					straight(" [reaction]", " [reaction]")},
				{"a neutral never threatens", []string{"...", "...", "###"}, []tok{a, {name: "E", x: 1, y: 0}}, MoveQuery{}, 2, 1,
					straight("", "")},
				{"an ally never threatens", []string{"...", "...", "###"}, []tok{a, {name: "E", x: 1, y: 0, side: "a"}}, MoveQuery{}, 2, 1,
					straight("", "")},
				{"an unconscious enemy does not", []string{"...", "...", "###"}, []tok{a, {name: "E", x: 1, y: 0, side: "b", conds: []string{model.CondUnconscious}}}, MoveQuery{}, 2, 1,
					straight("", "")},
				{"an enemy that cannot act does not", []string{"...", "...", "###"}, []tok{a, {name: "E", x: 1, y: 0, side: "b", conds: []string{model.CondCannotAct}}}, MoveQuery{}, 2, 1,
					straight("", "")},
				{"an enemy with no melee does not", []string{"...", "...", "###"}, []tok{a, {name: "E", x: 1, y: 0, side: "b", conds: []string{model.CondNoMelee}}}, MoveQuery{}, 2, 1,
					straight("", "")},
				{"a tiny enemy (0 ft) does not", []string{"...", "...", "###"}, []tok{a, {name: "E", x: 1, y: 0, size: model.Tiny, side: "b"}}, MoveQuery{}, 2, 1,
					straight("", "")},
				{"entering its reach is no reaction, leaving is", []string{"....", "....", "####"}, []tok{a, {name: "E", x: 3, y: 0, side: "b"}}, MoveQuery{}, 3, 1,
					"cost 15 actions 1: (1,1) 5/5 (2,1) 5/10 (3,1) 5/15 [reaction]"},
			})
		})
	}
	t.Run("pf1e/a reach weapon threatens 10 ft, not adjacent", func(t *testing.T) {
		e := withTokens(mapOf(t, model.PF1E, "....", "....", "####"), a, tok{name: "E", x: 3, y: 0, side: "b", rw: true})
		convPath(t, e, MoveQuery{}, 3, 1, "cost 15 actions 1: (1,1) 5/5 (2,1) 5/10 [reaction] (3,1) 5/15")
	})
	t.Run("sf2e/a large mover leaves any threatened square of its space", func(t *testing.T) {
		e := withTokens(mapOf(t, model.SF2E, ".....", ".....", ".....", "....."),
			tok{name: "L", y: 1, size: model.Large, side: "a", speeds: "land=30"}, tok{name: "E", x: 0, y: 0, side: "b"})
		// E threatens (0,1) and (1,1); the first step east leaves (0,1)
		// and (0,2) and keeps (1,1); the second leaves (1,1).
		convPath(t, e, MoveQuery{}, 2, 1, "cost 10 actions 1: (1,1) 5/5 [reaction] (2,1) 5/10 [reaction]")
	})
}

// sf2e Step (queries.md): "5 ft, never into difficult terrain; actions 1",
// no reactions.
func TestConvStepSF2E(t *testing.T) {
	runReachTables(t, convStepSF2ECases())
	e := withTokens(mapOf(t, model.SF2E, "...", "..h", "..."), tok{name: "A", x: 1, y: 1, side: "a", speeds: "land=25"}, tok{name: "E", x: 0, y: 0, side: "b"})
	convPath(t, e, MoveQuery{Step: true}, 2, 1, "cost 5 actions 1: (2,1) 5/5 [hazardous]")
	convPath(t, e, MoveQuery{Step: true}, 2, 2, "cost 5 actions 1: (2,2) 5/5")
	convPath(t, e, MoveQuery{}, 2, 2, "cost 5 actions 1: (2,2) 5/5 [reaction]")
	convPath(t, e, MoveQuery{Step: true}, 1, 2, "cost 5 actions 1: (1,2) 5/5")
	convPath(t, e, MoveQuery{Step: true}, 1, 0, "cost 5 actions 1: (1,0) 5/5")
	convPath(t, e, MoveQuery{Step: true}, 0, 0, "unreachable")
}

// convStepSF2ECases lists the tables of TestConvStepSF2E.
func convStepSF2ECases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	a := func(conds ...string) tok {
		return tok{name: "A", x: 1, y: 1, side: "a", speeds: "land=25", conds: conds}
	}
	add(model.SF2E, []reachCase{
		{"diagonals cost 5; not into difficult or greater difficult", []string{"d.D", "...", "..h"}, []tok{a()}, MoveQuery{Step: true},
			[]string{". 5 .", "5 @ 5", "5 5 5"}},
		{"not into difficult even when it is ignored", []string{"ddd", "d.d", "ddd"}, []tok{a(model.CondIgnoresDifficult)}, MoveQuery{Step: true},
			[]string{". . .", ". @ .", ". . ."}},
		{"not between two walls, not into an ally's or enemy's space", []string{".#.", "..#", "..."},
			[]tok{a(), {name: "B", x: 1, y: 2, side: "a"}, {name: "E", x: 2, y: 2, side: "b"}}, MoveQuery{Step: true},
			[]string{"5 . .", "5 @ .", "5 . ."}},
		{"Speed under 5 ft: no Step", []string{"...", "...", "..."},
			[]tok{{name: "A", x: 1, y: 1, side: "a", speeds: "land=4"}}, MoveQuery{Step: true},
			[]string{". . .", ". @ .", ". . ."}},
		{"a large Step", []string{"....", "....", "...d", "...."},
			[]tok{{name: "L", x: 1, y: 1, size: model.Large, side: "a", speeds: "land=25"}}, MoveQuery{Step: true},
			[]string{"5 5 5 .", "5 @ . .", "5 5 . .", ". . . ."}},
	})
	return out
}

// "A Stride or move action that is not the last one of the move may end in
// an ally's space": the path through it needs two actions.
func TestConvPathThroughAnAllyNeedsTwoActions(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "...", "###"), tok{name: "A", side: "a", speeds: "land=5"}, tok{name: "B", x: 1, side: "a"})
			convPath(t, e, MoveQuery{Actions: 2}, 2, 0, "cost 10 actions 2: (1,0) 5/5 (2,0) 5/10")
			convPath(t, e, MoveQuery{Actions: 1}, 2, 0, "unreachable")
			convPath(t, e, MoveQuery{Actions: 2}, 1, 0, "unreachable")
		})
	}
}
