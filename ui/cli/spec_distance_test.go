package cli

// spec_distance_test.go checks the distance query of queries.md ("Added
// with table play and the third dimension") and the conventions it answers
// by (rules-conventions.md, "Distance and the ruler" and "Elevation"),
// sentence by sentence.

import (
	"fmt"
	"strings"
	"testing"
)

// distanceFile is an encounter of ruleset on a 12x12 open map with the
// given tokens (JSON objects).
func distanceFile(t *testing.T, ruleset, feetPerSquare string, tokens ...string) string {
	t.Helper()
	rows := strings.TrimSuffix(strings.Repeat(`"............",`, 12), ",")
	fps := ""
	if feetPerSquare != "" {
		fps = `"feetPerSquare":` + feetPerSquare + `,`
	}
	return specFile(t, ruleset+".encounter.json", `{"format":"encounter/1","name":"D","ruleset":"`+ruleset+`","map":{`+fps+`"rows":[`+rows+`]},"tokens":[`+strings.Join(tokens, ",")+`]}`)
}

// tok is a token object: name, top-left square, size and elevation in feet.
func tok(name string, x, y int, size string, elevation int) string {
	return fmt.Sprintf(`{"name":%q,"x":%d,"y":%d,"size":%q,"elevation":%d}`, name, x, y, size, elevation)
}

// distanceJSON is the exact line distance prints; feet < 0 leaves it out.
func distanceJSON(from, to string, squares, feet int) string {
	if feet < 0 {
		return fmt.Sprintf(`{"from":%q,"to":%q,"squares":%d}`+"\n", from, to, squares)
	}
	return fmt.Sprintf(`{"from":%q,"to":%q,"squares":%d,"feet":%d}`+"\n", from, to, squares, feet)
}

// "encounter-planner distance FILE --from A --to B
// {"from": "A", "to": "B", "squares": 3, "feet": 15}"; "`points` gives
// `squares` only."
func TestSpecDistanceExample(t *testing.T) {
	sf := distanceFile(t, "sf2e", "", tok("A", 0, 0, "medium", 0), tok("B", 3, 0, "medium", 0))
	if out := okJSON(t, nil, "distance", sf, "--from", "A", "--to", "B"); out != `{"from":"A","to":"B","squares":3,"feet":15}`+"\n" {
		t.Errorf("sf2e: %s", out)
	}
	pts := distanceFile(t, "points", "", tok("A", 0, 0, "medium", 0), tok("B", 3, 0, "medium", 0))
	if out := okJSON(t, nil, "distance", pts, "--from", "A", "--to", "B"); out != `{"from":"A","to":"B","squares":3}`+"\n" {
		t.Errorf("points: %s", out)
	}
	// Terrain never matters: walls, obstacles and rough ground between the
	// tokens leave the distance as on an open map.
	walled := specFile(t, "w.encounter.json", `{"format":"encounter/1","name":"W","ruleset":"sf2e","map":{"rows":[".#dDo."]},"tokens":[`+tok("A", 0, 0, "medium", 0)+`,`+tok("B", 5, 0, "medium", 0)+`]}`)
	if out := okJSON(t, nil, "distance", walled, "--from", "A", "--to", "B"); out != `{"from":"A","to":"B","squares":5,"feet":25}`+"\n" {
		t.Errorf("through walls: %s", out)
	}
	// The flags may come before FILE, and --flag=value works as elsewhere.
	if out := okJSON(t, nil, "distance", "--from=A", "--to", "B", sf); out != `{"from":"A","to":"B","squares":3,"feet":15}`+"\n" {
		t.Errorf("flags first: %s", out)
	}
}

// "The distance between two squares, with gaps a >= b in squares, is
// a + floor(b / 2) squares for sf2e, pf1e and starship (times
// `feetPerSquare` for feet) with a fresh diagonal count; for `points` it is
// a squares."
func TestSpecDistanceDiagonalRule(t *testing.T) {
	gaps := []struct{ dx, dy, squares, points int }{
		{1, 0, 1, 1},
		{0, 4, 4, 4},
		{1, 1, 1, 1}, // a fresh count: the first diagonal is 1 square
		{2, 2, 3, 2},
		{3, 1, 3, 3},
		{1, 3, 3, 3},
		{3, 3, 4, 3},
		{4, 2, 5, 4},
		{5, 5, 7, 5},
		{10, 7, 13, 10},
	}
	for _, rs := range []struct {
		ruleset, size, fps string
		feet               int // a square's feet; 0: points, no feet
	}{
		{"sf2e", "medium", "", 5},
		{"sf2e", "medium", "10", 10},
		{"pf1e", "medium", "", 5},
		{"starship", "small", "", 50},
		{"points", "medium", "", 0},
	} {
		for _, g := range gaps {
			// Each gap both ways round, from either end.
			for _, sign := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
				ax, ay := 5, 5
				bx, by := ax+sign[0]*g.dx, ay+sign[1]*g.dy
				if bx < 0 || by < 0 || bx > 11 || by > 11 {
					ax, ay, bx, by = 0, 0, g.dx, g.dy
				}
				f := distanceFile(t, rs.ruleset, rs.fps, tok("A", ax, ay, rs.size, 0), tok("B", bx, by, rs.size, 0))
				want := distanceJSON("A", "B", g.squares, g.squares*rs.feet)
				if rs.feet == 0 {
					want = distanceJSON("A", "B", g.points, -1)
				}
				if out := okJSON(t, nil, "distance", f, "--from", "A", "--to", "B"); out != want {
					t.Errorf("%s fps %q, A (%d,%d) B (%d,%d): %s want %s", rs.ruleset, rs.fps, ax, ay, bx, by, out, want)
				}
			}
		}
	}
}

// "The distance between two tokens is between their nearest squares
// (adjacent = 1 square)".
func TestSpecDistanceNearestSquares(t *testing.T) {
	cases := []struct {
		name    string
		a, b    string
		squares int
	}{
		{"AdjacentMedium", tok("A", 0, 0, "medium", 0), tok("B", 1, 0, "medium", 0), 1},
		{"AdjacentDiagonal", tok("A", 0, 0, "medium", 0), tok("B", 1, 1, "medium", 0), 1},
		{"LargeAdjacent", tok("A", 0, 0, "large", 0), tok("B", 2, 1, "medium", 0), 1},
		{"LargeBelowLarge", tok("A", 0, 0, "large", 0), tok("B", 1, 2, "large", 0), 1},
		// Large (0..1, 0..1) to Huge (5..7, 4..6): gaps 4 and 3.
		{"LargeHuge", tok("A", 0, 0, "large", 0), tok("B", 5, 4, "huge", 0), 5},
		// Gargantuan (2..5, 2..5) to Medium (9, 3): gaps 4 and 0.
		{"GargantuanSide", tok("A", 2, 2, "gargantuan", 0), tok("B", 9, 3, "medium", 0), 4},
	}
	for _, c := range cases {
		f := distanceFile(t, "sf2e", "", c.a, c.b)
		want := distanceJSON("A", "B", c.squares, 5*c.squares)
		if out := okJSON(t, nil, "distance", f, "--from", "A", "--to", "B"); out != want {
			t.Errorf("%s: %s want %s", c.name, out, want)
		}
		if out := okJSON(t, nil, "distance", f, "--from", "B", "--to", "A"); out != distanceJSON("B", "A", c.squares, 5*c.squares) {
			t.Errorf("%s, B to A: %s", c.name, out)
		}
	}
}

// "`cover`, `flanking` and `distance` use the tokens' elevations"; "in three
// dimensions when their elevations differ" (Distance and the ruler);
// Elevation: "A space is as tall as it is wide"; "The vertical gap v
// between two tokens is 0 when their layer ranges overlap, else the
// difference between their nearest layers (directly stacked = 1) ... The
// distance between two tokens is max(h, v) + floor(min(h, v) / 2)
// squares"; "Elevation (sf2e and pf1e)".
func TestSpecDistanceElevation(t *testing.T) {
	cases := []struct {
		name    string
		a, b    string
		squares int
	}{
		// A Medium flyer 15 ft above an adjacent square: h 1, v 3.
		{"FlyerAboveAdjacent", tok("A", 0, 0, "medium", 0), tok("B", 1, 0, "medium", 15), 3},
		// The reach example: a Large creature (layers 0 and 1) and
		// a Medium flyer 15 ft above an adjacent square: h 1, v 2, 10 ft.
		{"LargeAndFlyer", tok("A", 0, 0, "large", 0), tok("B", 2, 0, "medium", 15), 2},
		{"DirectlyStacked", tok("A", 3, 3, "medium", 0), tok("B", 3, 3, "medium", 5), 1},
		{"StackedTwoUp", tok("A", 3, 3, "medium", 0), tok("B", 3, 3, "medium", 10), 2},
		// A Large space fills layers 0 and 1: a Medium token at 5 ft beside
		// it shares a layer, v 0.
		{"LayersOverlap", tok("A", 0, 0, "large", 0), tok("B", 2, 0, "medium", 5), 1},
		{"SameHeightAloft", tok("A", 0, 0, "medium", 30), tok("B", 3, 0, "medium", 30), 3},
		{"HMoreThanV", tok("A", 0, 0, "medium", 0), tok("B", 4, 0, "medium", 10), 5},
		{"VMoreThanH", tok("A", 0, 0, "medium", 0), tok("B", 2, 0, "medium", 20), 5},
		{"DiagonalAndUp", tok("A", 0, 0, "medium", 0), tok("B", 3, 3, "medium", 15), 5},
		{"Burrowing", tok("A", 0, 0, "medium", -10), tok("B", 1, 0, "medium", 0), 2},
	}
	for _, rs := range []string{"sf2e", "pf1e"} {
		for _, c := range cases {
			f := distanceFile(t, rs, "", c.a, c.b)
			if out := okJSON(t, nil, "distance", f, "--from", "A", "--to", "B"); out != distanceJSON("A", "B", c.squares, 5*c.squares) {
				t.Errorf("%s %s: %s, want %d squares", rs, c.name, out, c.squares)
			}
			if out := okJSON(t, nil, "distance", f, "--from", "B", "--to", "A"); out != distanceJSON("B", "A", c.squares, 5*c.squares) {
				t.Errorf("%s %s, B to A: %s", rs, c.name, out)
			}
		}
	}
	// Layers are feetPerSquare tall: with 10-ft squares, 30 ft up is 3.
	f := distanceFile(t, "sf2e", "10", tok("A", 0, 0, "medium", 0), tok("B", 1, 0, "medium", 30))
	if out := okJSON(t, nil, "distance", f, "--from", "A", "--to", "B"); out != distanceJSON("A", "B", 3, 30) {
		t.Errorf("10-ft squares, 30 ft up: %s", out)
	}
	// Elevation is sf2e's and pf1e's: starship and points measure flat.
	ship := distanceFile(t, "starship", "", tok("A", 0, 0, "small", 0), tok("B", 2, 0, "small", 500))
	if out := okJSON(t, nil, "distance", ship, "--from", "A", "--to", "B"); out != distanceJSON("A", "B", 2, 100) {
		t.Errorf("starship: %s", out)
	}
	pts := distanceFile(t, "points", "", tok("A", 0, 0, "medium", 0), tok("B", 1, 0, "medium", 15))
	if out := okJSON(t, nil, "distance", pts, "--from", "A", "--to", "B"); out != distanceJSON("A", "B", 1, -1) {
		t.Errorf("points: %s", out)
	}
}

// Bad input: exit 2, nothing on stdout, one stderr line naming the flag,
// the token or the file.
func TestSpecDistanceBadInput(t *testing.T) {
	f := distanceFile(t, "sf2e", "", tok("A", 0, 0, "medium", 0), tok("B", 3, 0, "medium", 0))
	odd := specFile(t, "odd.encounter.json", `{"format":"encounter/1","name":"O","ruleset":"sf2e","map":{"rows":["...."]},"tokens":[{"name":"A","x":0,"y":0,"elevation":7}]}`)
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"distance", f, "--to", "B"}, []string{"--from is required"}},
		{[]string{"distance", f, "--from", "A"}, []string{"--to is required"}},
		{[]string{"distance", f, "--from", "A", "--to", "Nobody"}, []string{"--to:", `no token named "Nobody"`}},
		{[]string{"distance", f, "--from", "Nobody", "--to", "B"}, []string{"--from:", `no token named "Nobody"`}},
		{[]string{"distance", f, "--from", "A", "--to", "A"}, []string{"--from and --to", `"A"`}},
		{[]string{"distance", f, "--from", "A", "--from", "B", "--to", "B"}, []string{"--from given twice"}},
		{[]string{"distance", f, "--from", "A", "--to"}, []string{"--to needs a value"}},
		{[]string{"distance", f, "--from", "A", "--to", "B", "--token", "A"}, []string{"unknown flag --token"}},
		{[]string{"distance", f, "--from", "A", "--to", "B", "more"}, []string{`unexpected argument "more"`}},
		{[]string{"distance", "--from", "A", "--to", "B"}, []string{"missing FILE"}},
		{[]string{"distance", f + ".missing", "--from", "A", "--to", "B"}, []string{f + ".missing", "no such file"}},
		{[]string{"distance", odd, "--from", "A", "--to", "A"}, []string{odd, "elevation", "multiple of 5"}},
	}
	for _, c := range cases {
		bad(t, c.args, c.want...)
	}
}
