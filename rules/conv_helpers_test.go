package rules

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"encounterplanner/model"
)

// Helpers of the conv_*_test.go files: each of those checks one part of
// ../shared/docs/rules-conventions.md sentence by sentence, with the whole
// expected reach written as an ASCII map so that a failure prints what the
// engine answered over the map it was asked about.
//
// An expected reach map has one row per map row, one field per square,
// separated by spaces:
//
//	@      the token's start (never listed)
//	.      not listed (cannot end there)
//	15     listed: cost 15 in 1 action
//	15/2   listed: cost 15 in 2 actions

// gotReachRows renders reach results in the format of an expected map.
func gotReachRows(e *model.Encounter, tok int, sq []Square) []string {
	return startRows(e, tok, sq, func(s Square) string {
		v := strconv.Itoa(s.Cost)
		if s.Actions != 1 {
			v += "/" + strconv.Itoa(s.Actions)
		}
		return v
	})
}

// startRows prints field(s) for each listed square, "@" at the token's
// start ("@=" and the field if the start is listed, which it must never
// be), "." elsewhere; "!dup" marks a square listed twice.
func startRows(e *model.Encounter, tok int, sq []Square, field func(Square) string) []string {
	cell := map[[2]int]string{}
	for _, s := range sq {
		v := field(s)
		if _, dup := cell[[2]int{s.X, s.Y}]; dup {
			v += "!dup"
		}
		cell[[2]int{s.X, s.Y}] = v
	}
	t := &e.Tokens[tok]
	return asciiRows(e, func(x, y int) (string, bool) {
		v, ok := cell[[2]int{x, y}]
		switch {
		case x == t.X && y == t.Y && ok:
			return "@=" + v, true
		case x == t.X && y == t.Y:
			return "@", true
		case !ok:
			return ".", true
		}
		return v, true
	})
}

// sideBySide prints the terrain, what the engine answered and what was
// expected.
func sideBySide(e *model.Encounter, got, want []string) string {
	return "terrain and tokens:\n" + tokenMap(e) + "got:\n" + asciiMap(got) + "want:\n" + asciiMap(want)
}

// tokenMap prints the terrain characters with each token's first letter
// over its space.
func tokenMap(e *model.Encounter) string { return asciiMap(asciiRows(e, nil)) }

// convReach runs Reach and compares the whole result with want.
func convReach(t *testing.T, e *model.Encounter, q MoveQuery, want []string) {
	t.Helper()
	if len(want) != e.Grid.H {
		t.Fatalf("expected map has %d rows, the map %d", len(want), e.Grid.H)
	}
	sq, err := mustEngine(t, e.Ruleset).Reach(nil, e, q)
	if err != nil {
		t.Fatalf("Reach: %v", err)
	}
	got := gotReachRows(e, q.Token, sq)
	want = normRows(want)
	for y := range want {
		if got[y] != want[y] {
			t.Errorf("reach differs (first at row %d)\n%s", y, sideBySide(e, got, want))
			return
		}
	}
}

// reachCase is a row of a reach table.
type reachCase struct {
	name string
	rows []string
	toks []tok
	q    MoveQuery
	want []string
}

// reachTable is a table of reach rows for one ruleset.
type reachTable struct {
	rs    model.Ruleset
	cases []reachCase
}

func runReachTables(t *testing.T, tables []reachTable) {
	t.Helper()
	for _, tb := range tables {
		t.Run(string(tb.rs), func(t *testing.T) { runReachCases(t, tb.rs, tb.cases) })
	}
}

// allReachTables is every reach table of the conv_*_test.go files: the
// seeds of the fuzz targets.
func allReachTables() []reachTable {
	var out []reachTable
	for _, f := range []func() []reachTable{
		convCreatureSizesApartCases,
		convNeutralBlocksAsAnEnemyCases,
		convNonFinalStrideInAllysSpaceCases,
		convNeverEndOverObstaclesCases,
		convStepSF2ECases,
		convPF1EMinimumMovementCases,
		convPointsBudgetAndCostsCases,
		convPointsCreaturesCases,
		convTerrainCostsSF2ECases,
		convTerrainCostsPF1ECases,
	} {
		out = append(out, f()...)
	}
	return out
}

func runReachCases(t *testing.T, rs model.Ruleset, cases []reachCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := withTokens(mapOf(t, rs, c.rows...), c.toks...)
			convReach(t, e, c.q, c.want)
		})
	}
}

// pathString prints a path as "(x,y) cost/total [flags]" steps.
func pathString(p Path) string {
	if !p.Reachable {
		return "unreachable"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "cost %d actions %d:", p.Cost, p.Actions)
	for _, s := range p.Steps {
		if s.Turn != NoTurn {
			fmt.Fprintf(&b, " turn %s %d/%d", model.Facing(s.Turn), s.Cost, s.Total)
		} else {
			fmt.Fprintf(&b, " (%d,%d) %d/%d", s.X, s.Y, s.Cost, s.Total)
		}
		if n := s.Flags.Names(); len(n) > 0 {
			fmt.Fprintf(&b, " %v", n)
		}
	}
	return b.String()
}

// pathMap draws a path over the map: the start '@', then the steps numbered
// 1, 2, ... (a letter from 10 on) at the top-left square of the space.
func pathMap(e *model.Encounter, tok int, p Path) string {
	cell := map[[2]int]string{}
	t := &e.Tokens[tok]
	cell[[2]int{t.X, t.Y}] = "@"
	n := 0
	for _, s := range p.Steps {
		if s.Turn != NoTurn {
			continue
		}
		n++
		cell[[2]int{s.X, s.Y}] = string("123456789abcdefghijklmnopqrstuvwxyz"[min(n, 35)-1])
	}
	return asciiMap(asciiRows(e, func(x, y int) (string, bool) {
		v, ok := cell[[2]int{x, y}]
		return v, ok
	}))
}

// convPath asks a path and compares its printed form with want.
func convPath(t *testing.T, e *model.Encounter, q MoveQuery, x, y int, want string) {
	t.Helper()
	p, err := mustEngine(t, e.Ruleset).Path(e, q, x, y)
	if err != nil {
		t.Fatalf("Path: %v", err)
	}
	if got := pathString(p); got != want {
		t.Errorf("path to (%d,%d):\n got %s\nwant %s\n%s", x, y, got, want, pathMap(e, q.Token, p))
	}
}
