package cli

// spec_sight_test.go checks the sight query of queries.md ("Added with
// table play and the third dimension"): "The squares visible from the
// token (wall squares, closed doors and blocking edges block sight)."

import (
	"testing"
)

func TestSpecSight(t *testing.T) {
	f := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"sf2e","map":{"rows":["..#.","..+.","..#."]},"tokens":[`+tok("Iseph", 0, 1, "medium", 0)+`]}`)
	out := okJSON(t, nil, "sight", f, "--token", "Iseph")
	want := `{"token":"Iseph","squares":[{"x":0,"y":0},{"x":1,"y":0},{"x":2,"y":0},{"x":0,"y":1},{"x":1,"y":1},{"x":2,"y":1},{"x":0,"y":2},{"x":1,"y":2},{"x":2,"y":2}]}` + "\n"
	if out != want {
		t.Errorf("behind walls and a closed door square:\n%s want\n%s", out, want)
	}
	// An open door square lets sight through its row.
	g := specFile(t, "o.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"pf1e","map":{"rows":["..#.","../.","..#."]},"tokens":[`+tok("Iseph", 0, 1, "medium", 0)+`]}`)
	var s struct {
		Token   string `json:"token"`
		Squares []struct{ X, Y int }
	}
	okJSON(t, &s, "sight", g, "--token", "Iseph")
	found := false
	for _, p := range s.Squares {
		found = found || p.X == 3 && p.Y == 1
	}
	if !found {
		t.Errorf("through an open door square (3, 1) is not seen: %+v", s.Squares)
	}
	// Blocking edges: a wall edge at x = 2 hides the right half.
	h := specFile(t, "e.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"points","map":{"rows":["....","....","...."],"edges":[{"kind":"wall","from":[2,0],"to":[2,3]}]},"tokens":[`+tok("Iseph", 0, 1, "medium", 0)+`]}`)
	okJSON(t, &s, "sight", h, "--token", "Iseph")
	if len(s.Squares) != 6 {
		t.Errorf("a wall edge at x = 2: %d squares seen, want 6: %+v", len(s.Squares), s.Squares)
	}
	bad(t, []string{"sight", f, "--token", "Nobody"}, "Nobody")
	bad(t, []string{"sight", f}, "--token")
	bad(t, []string{"sight", f, "--token", "Iseph", "--radius", "5"}, "radius")
}
