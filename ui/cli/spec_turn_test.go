package cli

// spec_turn_test.go checks the turn state flags of reach and path
// (queries.md, "Added with table play and the third dimension";
// rules-conventions.md, "Turn state"), sentence by sentence.

import (
	"fmt"
	"strings"
	"testing"
)

// turnFile is an encounter of ruleset on the given rows with one token
// "A" (small: one square in every ruleset) at (x, y) with the given speeds (a JSON object), and extra top-level
// fields (",..." or "").
func turnFile(t *testing.T, ruleset string, rows []string, x, y int, speeds, extra string) string {
	t.Helper()
	q := make([]string, len(rows))
	for i, r := range rows {
		q[i] = fmt.Sprintf("%q", r)
	}
	return specFile(t, ruleset+".encounter.json", fmt.Sprintf(`{"format":"encounter/1","name":"T","ruleset":%q,"map":{"rows":[%s]},"tokens":[{"name":"A","x":%d,"y":%d,"size":"small","speeds":%s}]%s}`,
		ruleset, strings.Join(q, ","), x, y, speeds, extra))
}

type turnSquare struct {
	X, Y, Cost, Actions int
	Facings             []string
}

type turnReachOut struct {
	Token   string
	Mode    string
	Actions int
	Squares []turnSquare
}

func turnCost(r turnReachOut, x, y int) (turnSquare, bool) {
	for _, s := range r.Squares {
		if s.X == x && s.Y == y {
			return s, true
		}
	}
	return turnSquare{}, false
}

// "a token that made one diagonal in its first Stride pays 10 ft for its
// next diagonal in the second" (rules-conventions.md, the issue's Done
// when), through the command line: path reports the turn's diagonals, and
// the next query continues from them ("so queries chain").
func TestSpecTurnDiagonalInFirstStridePays10InSecond(t *testing.T) {
	// Difficult squares beside the second diagonal make going round dearer.
	f := turnFile(t, "sf2e", []string{".d.", "..d", "..."}, 0, 2, `{"land":25}`, "")
	var first pathOut
	okJSON(t, &first, "path", f, "--token", "A", "--to", "1,1")
	if *first.Cost != 5 || first.Diagonals == nil || *first.Diagonals != 1 {
		t.Fatalf("first Stride: cost %v diagonals %v, want 5 and 1", *first.Cost, first.Diagonals)
	}
	moved := turnFile(t, "sf2e", []string{".d.", "..d", "..."}, 1, 1, `{"land":25}`, "")
	var second pathOut
	okJSON(t, &second, "path", moved, "--token", "A", "--to", "2,0", "--spent-actions", "1", "--diagonals", itoa(*first.Diagonals))
	if *second.Cost != 10 || *second.Actions != 1 || *second.Diagonals != 2 || len(second.Steps) != 1 {
		t.Fatalf("second Stride: %+v, want one diagonal step of 10 ft, 1 action, 2 diagonals", second)
	}
	var r turnReachOut
	okJSON(t, &r, "reach", moved, "--token", "A", "--spent-actions", "1", "--diagonals", "1")
	if s, _ := turnCost(r, 2, 0); s.Cost != 10 {
		t.Fatalf("reach after one diagonal: (2,0) %+v, want 10 ft", s)
	}
	// "Without them a query is a fresh turn, as before."
	okJSON(t, &r, "reach", moved, "--token", "A")
	if s, _ := turnCost(r, 2, 0); s.Cost != 5 {
		t.Fatalf("a fresh reach: (2,0) %+v, want 5 ft", s)
	}
}

// "--spent-actions N sf2e: actions already spent on movement this turn
// (0-2); pf1e: move actions (0-1)"; "--actions then counts the actions
// still to use (at most 3 minus --spent-actions in sf2e, 2 minus it in
// pf1e; more is exit 2)"; "Reported actions count from now and cost is
// spent from now."
func TestSpecTurnSpentActionsAndActionsLeft(t *testing.T) {
	sf := turnFile(t, "sf2e", []string{"......."}, 0, 0, `{"land":10}`, "")
	var r turnReachOut
	okJSON(t, &r, "reach", sf, "--token", "A", "--spent-actions", "1", "--actions", "2")
	want := []turnSquare{{X: 1, Cost: 5, Actions: 1}, {X: 2, Cost: 10, Actions: 1}, {X: 3, Cost: 15, Actions: 2}, {X: 4, Cost: 20, Actions: 2}}
	if fmt.Sprint(r.Squares) != fmt.Sprint(want) || r.Actions != 2 {
		t.Fatalf("1 spent, 2 from now: %+v, want %v", r, want)
	}
	okJSON(t, nil, "reach", sf, "--token", "A", "--spent-actions", "2")
	okJSON(t, nil, "reach", sf, "--token", "A", "--spent-actions", "0", "--actions", "3")
	bad(t, []string{"reach", sf, "--token", "A", "--spent-actions", "3"}, "--spent-actions", "0 to 2")
	bad(t, []string{"reach", sf, "--token", "A", "--spent-actions", "-1"}, "--spent-actions")
	bad(t, []string{"reach", sf, "--token", "A", "--spent-actions", "1", "--actions", "3"}, "--actions")
	bad(t, []string{"path", sf, "--token", "A", "--to", "1,0", "--spent-actions", "2", "--actions", "2"}, "--actions")
	pf := turnFile(t, "pf1e", []string{"......."}, 0, 0, `{"land":10}`, "")
	okJSON(t, nil, "reach", pf, "--token", "A", "--spent-actions", "1")
	bad(t, []string{"reach", pf, "--token", "A", "--spent-actions", "2"}, "--spent-actions", "0 to 1")
	bad(t, []string{"reach", pf, "--token", "A", "--spent-actions", "1", "--actions", "2"}, "--actions")
}

// "--diagonals N diagonal steps already counted this turn (sf2e, pf1e,
// starship)"; "--spent AMOUNT starship: feet already flown this turn;
// points: points already spent"; "A flag that does not apply to the
// ruleset is exit 2."
func TestSpecTurnFlagsThatDoNotApplyAreExit2(t *testing.T) {
	sf := turnFile(t, "sf2e", []string{"..."}, 0, 0, `{"land":10}`, "")
	pf := turnFile(t, "pf1e", []string{"..."}, 0, 0, `{"land":10}`, "")
	pts := turnFile(t, "points", []string{"..."}, 0, 0, `{"land":5}`, "")
	ship := turnFile(t, "starship", []string{"..."}, 0, 0, `{"fly":100}`, "")
	for _, c := range []struct {
		file, flag string
	}{
		{sf, "--spent"}, {pf, "--spent"},
		{pts, "--spent-actions"}, {pts, "--diagonals"},
		{ship, "--spent-actions"},
	} {
		for _, cmd := range [][]string{{"reach"}, {"path", "--to", "1,0"}} {
			bad(t, append(append(cmd, c.file, "--token", "A"), c.flag, "1"), c.flag)
		}
	}
	for _, file := range []string{sf, pf, ship} {
		okJSON(t, nil, "reach", file, "--token", "A", "--diagonals", "3")
		bad(t, []string{"reach", file, "--token", "A", "--diagonals", "-1"}, "--diagonals")
		bad(t, []string{"reach", file, "--token", "A", "--diagonals", "x"}, "--diagonals", "whole number")
	}
	okJSON(t, nil, "reach", pts, "--token", "A", "--spent", "2")
	okJSON(t, nil, "reach", ship, "--token", "A", "--spent", "50")
	bad(t, []string{"reach", pts, "--token", "A", "--spent", "-2"}, "--spent")
	bad(t, []string{"reach", ship, "--token", "A", "--spent", "150"}, "A", "150")
}

// starship: "--spent AMOUNT starship: feet already flown this turn" (it
// flies what is left of its Speed, breaking up its move); its diagonals
// carry on.
func TestSpecTurnStarshipSpentAndDiagonals(t *testing.T) {
	ship := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["........"]},"tokens":[{"name":"A","x":0,"y":0,"size":"small","facing":"E","speeds":{"fly":300}}]}`)
	var r turnReachOut
	okJSON(t, &r, "reach", ship, "--token", "A", "--spent", "100")
	if len(r.Squares) != 4 || r.Squares[3].X != 4 || r.Squares[3].Cost != 200 {
		t.Fatalf("300 ft with 100 flown: %+v, want 4 squares, the last at 200 ft", r.Squares)
	}
	diag := specFile(t, "d.encounter.json", `{"format":"encounter/1","name":"D","ruleset":"starship","map":{"rows":["...","...","..."]},"tokens":[{"name":"A","x":0,"y":2,"size":"small","facing":"NE","speeds":{"fly":300}}]}`)
	var p pathOut
	okJSON(t, &p, "path", diag, "--token", "A", "--to", "1,1", "--diagonals", "1")
	if *p.Cost != 100 || *p.Diagonals != 2 {
		t.Fatalf("a ship's second diagonal: %+v, want 100 ft and 2 diagonals", p)
	}
}

// points: "--actions ... for points it is still the total actions
// committed this turn"; it "spends from Speed + (N - 1) x mobility minus
// the points spent".
func TestSpecTurnPointsSpent(t *testing.T) {
	pts := turnFile(t, "points", []string{"..........."}, 0, 0, `{"land":5,"mobility":2}`, "")
	var r turnReachOut
	okJSON(t, &r, "reach", pts, "--token", "A", "--actions", "2", "--spent", "3")
	want := []turnSquare{{X: 1, Cost: 1, Actions: 1}, {X: 2, Cost: 2, Actions: 1}, {X: 3, Cost: 3, Actions: 2}, {X: 4, Cost: 4, Actions: 2}}
	if fmt.Sprint(r.Squares) != fmt.Sprint(want) {
		t.Fatalf("5+2 points with 3 spent: %+v, want %v", r.Squares, want)
	}
	var p pathOut
	okJSON(t, &p, "path", pts, "--token", "A", "--to", "4,0", "--actions", "2", "--spent", "3")
	if *p.Cost != 4 || *p.Actions != 2 {
		t.Fatalf("path with 3 spent: %+v", p)
	}
}

// "The file's fight.state is never applied to a query: pass it with these
// flags."
func TestSpecTurnFightStateNeverApplied(t *testing.T) {
	fight := `,"fight":{"round":1,"order":["A"],"turn":"A","state":{"A":{"actions":2,"diagonals":1}}}`
	f := turnFile(t, "sf2e", []string{"...", "...", "..."}, 0, 2, `{"land":10}`, fight)
	var r turnReachOut
	okJSON(t, &r, "reach", f, "--token", "A", "--actions", "3")
	if s, _ := turnCost(r, 1, 1); s.Cost != 5 || s.Actions != 1 {
		t.Fatalf("with a fight state in the file: (1,1) %+v, want a fresh 5 ft in 1 action", s)
	}
	var p pathOut
	okJSON(t, &p, "path", f, "--token", "A", "--to", "1,1")
	if *p.Diagonals != 1 {
		t.Fatalf("path diagonals %d, want 1 (a fresh turn's first)", *p.Diagonals)
	}
}
