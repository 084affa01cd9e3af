package cli

// spec_area_test.go checks the area query of queries.md ("Added with table
// play and the third dimension") and rules-conventions.md "Areas",
// sentence by sentence.

import (
	"fmt"
	"strings"
	"testing"
)

// areaFile is an sf2e (or ruleset) encounter on a w x h open map with the
// given tokens and edges (JSON).
func areaFile(t *testing.T, ruleset string, w, h int, edges string, tokens ...string) string {
	t.Helper()
	row := `"` + strings.Repeat(".", w) + `"`
	rows := strings.TrimSuffix(strings.Repeat(row+",", h), ",")
	ed := ""
	if edges != "" {
		ed = `,"edges":` + edges
	}
	return specFile(t, "a.encounter.json", `{"format":"encounter/1","name":"A","ruleset":"`+ruleset+`","map":{"rows":[`+rows+`]`+ed+`},"tokens":[`+strings.Join(tokens, ",")+`]}`)
}

type areaOut struct {
	Squares []struct {
		X int `json:"x"`
		Y int `json:"y"`
	} `json:"squares"`
	Creatures []struct {
		Name  string `json:"name"`
		Cover string `json:"cover"`
	} `json:"creatures"`
}

// "A 5-ft burst is the 4 squares around the intersection; 10 ft is 12
// squares; 15 ft is 24"; the JSON shape, squares by y then x, creatures by
// name with their cover.
func TestSpecAreaBurst(t *testing.T) {
	f := areaFile(t, "sf2e", 12, 12, "", tok("Ogre", 5, 5, "medium", 0), tok("Bat", 6, 6, "medium", 0), tok("Far", 0, 0, "medium", 0))
	out := okJSON(t, nil, "area", f, "--burst", "6,6", "--radius", "5")
	want := `{"squares":[{"x":5,"y":5},{"x":6,"y":5},{"x":5,"y":6},{"x":6,"y":6}],"creatures":[{"name":"Bat","cover":"none"},{"name":"Ogre","cover":"none"}]}` + "\n"
	if out != want {
		t.Errorf("5-ft burst:\n%s want\n%s", out, want)
	}
	for r, n := range map[string]int{"10": 12, "15": 24, "20": 44} {
		var a areaOut
		okJSON(t, &a, "area", f, "--burst", "6,6", "--radius", r)
		if len(a.Squares) != n {
			t.Errorf("%s-ft burst: %d squares, want %d", r, len(a.Squares), n)
		}
	}
	// The centre may be any intersection from 0 to the width and height.
	okJSON(t, nil, "area", f, "--burst", "12,12", "--radius", "5")
	okJSON(t, nil, "area", f, "--burst", "0,0", "--radius", "5")
}

// "a 15-ft cone aimed north by a Medium token is 7 squares ...; aimed
// north-east, 6"; --origin-offset for a Large token.
func TestSpecAreaCone(t *testing.T) {
	f := areaFile(t, "sf2e", 11, 11, "", tok("M", 5, 5, "medium", 0), tok("L", 0, 8, "large", 0))
	for dir, n := range map[string]int{"N": 7, "NE": 6, "S": 7, "W": 7} {
		var a areaOut
		okJSON(t, &a, "area", f, "--cone", "M", "--dir", dir, "--length", "15")
		if len(a.Squares) != n {
			t.Errorf("15-ft cone %s: %d squares, want %d", dir, len(a.Squares), n)
		}
	}
	okJSON(t, nil, "area", f, "--cone", "L", "--dir", "E", "--length", "15", "--origin-offset", "1")
	bad(t, []string{"area", f, "--cone", "M", "--dir", "N", "--length", "15", "--origin-offset", "1"}, "offset")
	bad(t, []string{"area", f, "--cone", "M", "--dir", "up", "--length", "15"}, "--dir")
}

// Emanation: the token's own squares and those within the radius; "an
// emanation's own token is left out".
func TestSpecAreaEmanation(t *testing.T) {
	f := areaFile(t, "sf2e", 7, 7, "", tok("M", 3, 3, "medium", 0), tok("N", 4, 4, "medium", 0))
	var a areaOut
	okJSON(t, &a, "area", f, "--emanation", "M", "--radius", "5")
	if len(a.Squares) != 9 || len(a.Creatures) != 1 || a.Creatures[0].Name != "N" {
		t.Errorf("5-ft emanation: %+v", a)
	}
}

// Line: toward a square; "a line toward a square of the token's own space
// ... is exit 2".
func TestSpecAreaLine(t *testing.T) {
	f := areaFile(t, "sf2e", 8, 3, "", tok("M", 0, 1, "medium", 0), tok("L", 5, 0, "large", 0))
	out := okJSON(t, nil, "area", f, "--line", "M", "--toward", "1,1", "--length", "20")
	if !strings.HasPrefix(out, `{"squares":[{"x":1,"y":1},{"x":2,"y":1},{"x":3,"y":1},{"x":4,"y":1}],"creatures":[]}`) {
		t.Errorf("20-ft line east: %s", out)
	}
	bad(t, []string{"area", f, "--line", "M", "--toward", "0,1", "--length", "20"}, "own space")
	bad(t, []string{"area", f, "--line", "L", "--toward", "6,1", "--length", "20"}, "own space")
}

// Line of effect and cover through edges: a closed door edge between the
// burst and a creature leaves it out; the open door lets the burst in.
func TestSpecAreaEdges(t *testing.T) {
	edges := `[{"kind":"wall","from":[0,3],"to":[2,3]},{"kind":"door","from":[2,3],"to":[3,3]},{"kind":"wall","from":[3,3],"to":[6,3]}]`
	f := areaFile(t, "sf2e", 6, 6, edges, tok("Ogre", 2, 3, "medium", 0))
	var a areaOut
	okJSON(t, &a, "area", f, "--burst", "3,2", "--radius", "10")
	for _, s := range a.Squares {
		if s.Y >= 3 {
			t.Errorf("the burst passes the closed door: %+v", a.Squares)
			break
		}
	}
	if len(a.Creatures) != 0 {
		t.Errorf("a creature behind a closed door is caught: %+v", a.Creatures)
	}
	f = areaFile(t, "sf2e", 6, 6, strings.Replace(edges, `"door"`, `"open-door"`, 1), tok("Ogre", 2, 3, "medium", 0))
	okJSON(t, &a, "area", f, "--burst", "3,2", "--radius", "10")
	if len(a.Creatures) != 1 {
		t.Errorf("the open door keeps the Ogre out: %+v", a)
	}
}

// "sf2e only"; "A burst centre is a grid intersection from 0 to the map's
// width and height"; "a radius or length that is not a positive multiple
// of 5 is exit 2"; one shape per query.
func TestSpecAreaBadInput(t *testing.T) {
	f := areaFile(t, "sf2e", 6, 4, "", tok("M", 1, 1, "medium", 0))
	for _, args := range [][]string{
		{"--burst", "7,0", "--radius", "5"},
		{"--burst", "0,5", "--radius", "5"},
		{"--burst", "-1,0", "--radius", "5"},
		{"--burst", "1", "--radius", "5"},
		{"--burst", "1,1", "--radius", "7"},
		{"--burst", "1,1", "--radius", "0"},
		{"--burst", "1,1", "--radius", "-5"},
		{"--burst", "1,1"},
		{"--emanation", "M", "--radius", "12"},
		{"--cone", "M", "--dir", "N", "--length", "3"},
		{"--line", "M", "--toward", "3,3", "--length", "0"},
		{"--line", "M", "--toward", "9,9", "--length", "10"},
		{"--emanation", "Nobody", "--radius", "5"},
		{"--burst", "1,1", "--emanation", "M", "--radius", "5"},
		{"--burst", "1,1", "--radius", "5", "--dir", "N"},
		{},
	} {
		bad(t, append([]string{"area", f}, args...))
	}
	for _, rs := range []string{"pf1e", "starship", "points"} {
		g := areaFile(t, rs, 6, 4, "", tok("M", 1, 1, "medium", 0))
		bad(t, []string{"area", g, "--burst", "1,1", "--radius", fmt.Sprint(5)}, "sf2e")
	}
}
