package cli

// spec_test.go checks queries.md sentence by sentence; each test names the
// sentences it holds to.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/storage"
)

func specFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// okJSON runs a query that must succeed: exit 0, nothing on stderr, one
// JSON document (one line) on stdout, decoded strictly into v.
func okJSON(t *testing.T, v any, args ...string) string {
	t.Helper()
	code, out, errs := runCLI(t, args...)
	if code != ExitOK || errs != "" {
		t.Fatalf("%v: exit %d, stderr %q", args, code, errs)
	}
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") || !json.Valid([]byte(out)) {
		t.Fatalf("%v: stdout is not one JSON document: %q", args, out)
	}
	if v != nil {
		decode(t, out, v)
	}
	return out
}

// bad runs a command that must fail on bad input: exit 2, nothing on
// stdout, one stderr line containing every want.
func bad(t *testing.T, args []string, want ...string) {
	t.Helper()
	code, out, errs := runCLI(t, args...)
	if code != ExitBad {
		t.Errorf("%v: exit %d, want 2 (stderr %q)", args, code, errs)
	}
	if out != "" {
		t.Errorf("%v: stdout %q, want nothing", args, out)
	}
	if strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
		t.Errorf("%v: stderr %q is not one line", args, errs)
	}
	for _, w := range want {
		if !strings.Contains(errs, w) {
			t.Errorf("%v: stderr %q does not name %q", args, errs, w)
		}
	}
}

type pointsOut struct {
	Token   string
	Squares []struct {
		X, Y      int
		Collision *bool
	}
}

func sortedYX(t *testing.T, what string, xy [][2]int) {
	t.Helper()
	for i := 1; i < len(xy); i++ {
		p, s := xy[i-1], xy[i]
		if p[1] > s[1] || p[1] == s[1] && p[0] >= s[0] {
			t.Fatalf("%s: squares not sorted by y then x at %d: %v then %v", what, i, p, s)
		}
	}
}

func reachXY(r reachOut) [][2]int {
	var out [][2]int
	for _, s := range r.Squares {
		out = append(out, [2]int{s.X, s.Y})
	}
	return out
}

// "Bad input prints one line on stderr that names the problem (file, field,
// row/column or token) and exits 2; nothing else is printed on stdout."
func TestSpecBadFilesNameFileAndField(t *testing.T) {
	head := `{"format":"encounter/1","name":"N","ruleset":"sf2e",`
	cases := []struct {
		name, body string
		want       []string
	}{
		{"UnknownField", head + `"map":{"rows":["."]},"colour":1}`, []string{`unknown field "colour"`}},
		{"WrongCaseField", head + `"map":{"Rows":["."]}}`, []string{`map: unknown field "Rows"`}},
		{"Ragged", head + `"map":{"rows":["..","."]}}`, []string{"map.rows[1]"}},
		{"UnknownChar", head + `"map":{"rows":["..",".?"]}}`, []string{"map.rows[1][1]"}},
		{"TokenOffMap", head + `"map":{"rows":[".."]},"tokens":[{"name":"Gob","x":5,"y":0}]}`, []string{`tokens[0] "Gob"`, "off the 2x1 map"}},
		{"WrongType", head + `"map":{"rows":[".."]},"tokens":[{"name":"Gob","x":0,"y":"0"}]}`, []string{`tokens[0] "Gob".y`}},
		{"NotJSON", "name: x\n", []string{"not valid JSON"}},
		{"Empty", "", []string{"empty"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := specFile(t, "bad.encounter.json", c.body)
			for _, args := range [][]string{
				{"reach", f, "--token", "Gob"},
				{"path", f, "--token", "Gob", "--to", "0,0"},
				{"cover", f, "--from", "Gob", "--to", "X"},
				{"flanking", f},
				{"distance", f, "--from", "Gob", "--to", "X"},
				{"threat", f, "--party-level", "1"},
				{"leap", f, "--token", "Gob"},
				{"export", f, "--png", filepath.Join(t.TempDir(), "o.png")},
			} {
				bad(t, args, append([]string{f + ": "}, c.want...)...)
			}
		})
	}
}

// Bad query arguments: exit 2, one line naming the flag or token.
func TestSpecBadArguments(t *testing.T) {
	ship := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["....","....","...."]},"tokens":[{"name":"Gull","x":0,"y":1,"size":"small","facing":"E","speeds":{"fly":100,"turn":50}}]}`)
	pts := specFile(t, "p.encounter.json", `{"format":"encounter/1","name":"P","ruleset":"points","map":{"rows":["....","...."]},"tokens":[{"name":"A","x":0,"y":0,"side":"party","speeds":{"land":3,"mobility":2}},{"name":"B","x":1,"y":0,"side":"enemy","speeds":{"land":3}}]}`)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"reach", iseph, "--token", "Iseph", "--actions", "0"}, "--actions"},
		{[]string{"reach", iseph, "--token", "Iseph", "--mode", "crawl"}, "--mode"},
		{[]string{"reach", iseph, "--token", "Iseph", "--mode", "fly"}, "Iseph"},
		{[]string{"reach", iseph, "--token", "Iseph", "--step", "--actions", "2"}, "--step"},
		{[]string{"reach", ship, "--token", "Gull", "--mode", "swim"}, "--mode"},
		{[]string{"reach", ship, "--token", "Gull", "--actions", "2"}, "--actions"},
		{[]string{"reach", pts, "--token", "A", "--mode", "fly"}, "--mode"},
		{[]string{"path", iseph, "--token", "Ghost", "--to", "1,1"}, "Ghost"},
		{[]string{"path", iseph, "--token", "Iseph", "--to", "-1,0"}, "--to"},
		{[]string{"path", iseph, "--token", "Iseph", "--to", "0,4"}, "--to"},
		{[]string{"cover", iseph, "--from", "Iseph", "--to", "Nobody"}, "Nobody"},
		{[]string{"cover", iseph, "--from", "Iseph"}, "--to"},
		{[]string{"teleport", pts, "--token", "A", "--range", "x"}, "--range"},
		{[]string{"teleport", iseph, "--token", "Iseph", "--range", "2"}, "teleport"},
		{[]string{"forced", iseph, "--token", "Iseph", "--kind", "push", "--from", "Tashtari", "--distance", "1"}, "forced"},
		{[]string{"forced", pts, "--token", "B", "--kind", "throw", "--from", "A", "--distance", "1"}, "--kind"},
		{[]string{"forced", pts, "--token", "B", "--kind", "push", "--from", "Nobody", "--distance", "1"}, "Nobody"},
		{[]string{"forced", pts, "--token", "B", "--kind", "push", "--from", "A"}, "--distance"},
		{[]string{"export", iseph, "--png", filepath.Join(t.TempDir(), "o.png"), "--px", "big"}, "--px"},
		{[]string{"export", iseph, "--png", "a.png", "--pdf", "b.pdf"}, "exactly one"},
		{[]string{"export", iseph, "--png="}, "--png: the output file name is empty"},
		{[]string{"export", iseph, "--uvtt", ""}, "--uvtt: the output file name is empty"},
	}
	for _, c := range cases {
		bad(t, c.args, c.want)
	}
}

// "Every query ... prints one JSON document on stdout and exits 0"; the
// help is no error either.
func TestSpecQueriesPrintOneDocument(t *testing.T) {
	pts := specFile(t, "p.encounter.json", `{"format":"encounter/1","name":"P","ruleset":"points","map":{"rows":["....","....","...."]},"tokens":[{"name":"A","x":0,"y":0,"side":"party","speeds":{"land":3,"mobility":2}},{"name":"B","x":1,"y":0,"side":"enemy","speeds":{"land":3}}]}`)
	for _, args := range [][]string{
		{"reach", iseph, "--token", "Iseph"},
		{"reach", iseph, "--token", "Tashtari", "--actions", "3"},
		{"path", iseph, "--token", "Iseph", "--to", "5,3"},
		{"cover", iseph, "--from", "Tashtari", "--to", "Iseph"},
		{"flanking", iseph},
		{"distance", iseph, "--from", "Iseph", "--to", "Tashtari"},
		{"distance", pts, "--from", "A", "--to", "B"},
		{"threat", iseph, "--party-level", "1"},
		{"leap", pts, "--token", "A"},
		{"teleport", pts, "--token", "A", "--range", "3"},
		{"forced", pts, "--token", "B", "--kind", "push", "--from", "A", "--distance", "2"},
	} {
		okJSON(t, nil, args...)
	}
	for _, h := range []string{"help", "--help", "-h"} {
		code, out, errs := runCLI(t, h)
		if code != 0 || errs != "" || !strings.Contains(out, "encounter-planner reach FILE") {
			t.Errorf("%s: exit %d, stderr %q", h, code, errs)
		}
		// The help names every query of queries.md that works, with its flags.
		for _, q := range []string{
			"encounter-planner distance FILE --from A --to B\n",
			"encounter-planner threat FILE [--party-level L] [--party-size N] ",
		} {
			if !strings.Contains(out, q) {
				t.Errorf("%s: the help lacks %q", h, q)
			}
		}
	}
}

// reach: "`--actions` 1 to 3 (default 1)"; "`--mode` land (default)";
// "`squares` lists every position ... its start excluded"; "`actions` is the
// fewest move actions ... and `cost` the least total movement spent";
// "squares by y then x".
func TestSpecReach(t *testing.T) {
	var r1 reachOut
	okJSON(t, &r1, "reach", iseph, "--token", "Iseph")
	if r1.Token != "Iseph" || r1.Mode != "land" || r1.Actions != 1 {
		t.Fatalf("defaults: %+v", r1)
	}
	var explicit reachOut
	okJSON(t, &explicit, "reach", iseph, "--token", "Iseph", "--actions", "1", "--mode", "land")
	if !reflect.DeepEqual(explicit, r1) {
		t.Errorf("--actions 1 --mode land differs from the defaults")
	}
	prev := map[[2]int][2]int{}
	for _, n := range []string{"1", "2", "3"} {
		var r reachOut
		okJSON(t, &r, "reach", iseph, "--token", "Iseph", "--actions", n)
		if r.Actions != int(n[0]-'0') {
			t.Errorf("--actions %s reported as %d", n, r.Actions)
		}
		sortedYX(t, "reach --actions "+n, reachXY(r))
		got := map[[2]int][2]int{}
		for _, s := range r.Squares {
			if s.X == 0 && s.Y == 0 {
				t.Errorf("--actions %s lists the start", n)
			}
			if s.Actions < 1 || s.Actions > r.Actions || s.Cost <= 0 || s.Cost%5 != 0 || s.Cost > 25*s.Actions {
				t.Errorf("--actions %s: square %+v", n, s)
			}
			if s.Facings != nil {
				t.Errorf("sf2e square has facings: %+v", s)
			}
			got[[2]int{s.X, s.Y}] = [2]int{s.Cost, s.Actions}
		}
		// More actions reach a superset; a square already reached keeps its
		// fewest actions and their least cost.
		for sq, ca := range prev {
			if got[sq] != ca {
				t.Errorf("--actions %s: square %v is %v, with fewer actions it was %v", n, sq, got[sq], ca)
			}
		}
		prev = got
	}
	// A Large token: positions are its top-left square, start excluded.
	var big reachOut
	okJSON(t, &big, "reach", iseph, "--token", "Tashtari")
	for _, s := range big.Squares {
		if s.X == 8 && s.Y == 2 || s.X > 8 || s.Y > 2 || s.X < 0 || s.Y < 0 {
			t.Errorf("Large token square %+v (start 8,2; its space must fit the 10x4 map)", s)
		}
	}
	sortedYX(t, "reach Tashtari", reachXY(big))
}

// "`--step` (sf2e): the squares a single Step reaches instead (5 ft, never
// into difficult terrain; `actions` 1)".
func TestSpecReachStep(t *testing.T) {
	f := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"sf2e","map":{"rows":["d...","..D.","h...","...."]},"tokens":[{"name":"A","x":1,"y":1,"speeds":{"land":30}}]}`)
	var r reachOut
	okJSON(t, &r, "reach", f, "--token", "A", "--step")
	if r.Actions != 1 || r.Mode != "land" {
		t.Errorf("step reported as %+v", r)
	}
	var got [][2]int
	for _, s := range r.Squares {
		if s.Cost != 5 || s.Actions != 1 {
			t.Errorf("step square %+v: want cost 5, actions 1", s)
		}
		got = append(got, [2]int{s.X, s.Y})
	}
	want := [][2]int{{1, 0}, {2, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("step squares %v, want %v (no difficult terrain, start excluded)", got, want)
	}
	okJSON(t, &r, "reach", f, "--token", "A", "--step", "--actions", "1")
	// A Step provokes no reaction (rules-conventions.md); a Stride does.
	re := specFile(t, "r.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":["....","....","...."]},"tokens":[{"name":"A","x":0,"y":1,"side":"party","speeds":{"land":30}},{"name":"E","x":0,"y":0,"side":"enemy","speeds":{"land":30}}]}`)
	var step, stride pathOut
	okJSON(t, &step, "path", re, "--token", "A", "--to", "1,2", "--step")
	okJSON(t, &stride, "path", re, "--token", "A", "--to", "1,2")
	if len(step.Steps) != 1 || len(step.Steps[0].Flags) != 0 || len(stride.Steps) != 1 || !slices.Contains(stride.Steps[0].Flags, "reaction") {
		t.Errorf("step %+v, stride %+v", step.Steps, stride.Steps)
	}
}

// "`--mode` land (default), fly, swim, climb, burrow" (sf2e, pf1e).
func TestSpecReachModes(t *testing.T) {
	for _, rs := range []string{"sf2e", "pf1e"} {
		f := specFile(t, rs+".encounter.json", `{"format":"encounter/1","name":"M","ruleset":"`+rs+`","map":{"rows":["....","....","...."]},"tokens":[{"name":"A","x":1,"y":1,"speeds":{"land":30,"fly":30,"swim":30,"climb":30,"burrow":30}}]}`)
		for _, m := range []string{"land", "fly", "swim", "climb", "burrow"} {
			var r reachOut
			okJSON(t, &r, "reach", f, "--token", "A", "--mode", m)
			if r.Mode != m {
				t.Errorf("%s --mode %s reported %q", rs, m, r.Mode)
			}
		}
	}
}

// "`points` takes land, crawl, climb, swim; `starship` moves only by flying
// (its default is fly, any other mode is an error)"; starship "has one move
// (`actions` is always 1) and adds "facings" ... in the order N, NE, E, SE,
// S, SW, W, NW".
func TestSpecReachModesAndStarship(t *testing.T) {
	pts := specFile(t, "p.encounter.json", `{"format":"encounter/1","name":"P","ruleset":"points","map":{"rows":["....","....","...."]},"tokens":[{"name":"A","x":0,"y":0,"speeds":{"land":3,"climb":2,"swim":2}}]}`)
	for _, m := range []string{"land", "crawl", "climb", "swim"} {
		var r reachOut
		okJSON(t, &r, "reach", pts, "--token", "A", "--mode", m)
		if r.Mode != m {
			t.Errorf("points --mode %s reported %q", m, r.Mode)
		}
		sortedYX(t, "points "+m, reachXY(r))
	}
	ship := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["........","........","........","........"]},"tokens":[{"name":"Gull","x":2,"y":1,"size":"small","facing":"E","speeds":{"fly":150,"turn":50}}]}`)
	var r reachOut
	okJSON(t, &r, "reach", ship, "--token", "Gull")
	var fly reachOut
	okJSON(t, &fly, "reach", ship, "--token", "Gull", "--mode", "fly")
	if r.Mode != "fly" || r.Actions != 1 || !reflect.DeepEqual(r, fly) || len(r.Squares) == 0 {
		t.Fatalf("starship reach: %+v", r)
	}
	sortedYX(t, "starship", reachXY(r))
	order := []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
	for _, s := range r.Squares {
		if s.Actions != 1 || s.X == 2 && s.Y == 1 || len(s.Facings) == 0 {
			t.Errorf("starship square %+v", s)
		}
		last := -1
		for _, f := range s.Facings {
			i := slices.Index(order, f)
			if i <= last {
				t.Errorf("square (%d,%d) facings %v not in the order N..NW", s.X, s.Y, s.Facings)
			}
			last = i
		}
	}
	// "turning in place included": a ship that can afford a turn ends a
	// straight move facing more than its start facing.
	for _, s := range r.Squares {
		if s.X == 3 && s.Y == 1 && !slices.Contains(s.Facings, "E") {
			t.Errorf("one square ahead, facings %v lack E", s.Facings)
		}
		if s.X == 3 && s.Y == 1 && len(s.Facings) < 2 {
			t.Errorf("one square ahead with 100 ft left, facings %v: turning in place is included", s.Facings)
		}
	}
}

// path: fields; "`--actions` defaults to 1"; steps' running totals; "so
// its cost and actions equal those that reach reports"; flags from the
// list; "An unreachable target gives "reachable": false and no steps
// (exit 0)".
func TestSpecPath(t *testing.T) {
	f := specFile(t, "h.encounter.json", `{"format":"encounter/1","name":"H","ruleset":"sf2e","map":{"rows":[".hnu.","..dD.",".....","#####","....."]},"tokens":[{"name":"A","x":0,"y":0,"side":"party","speeds":{"land":30}},{"name":"E","x":0,"y":2,"side":"enemy","speeds":{"land":30}}]}`)
	allowed := []string{"difficult", "greater-difficult", "hazardous", "narrow", "uneven", "reaction"}
	var r reachOut
	okJSON(t, &r, "reach", f, "--token", "A")
	seen := map[string]bool{}
	for _, s := range r.Squares {
		var p, p1 pathOut
		to := itoa(s.X) + "," + itoa(s.Y)
		okJSON(t, &p, "path", f, "--token", "A", "--to", to)
		okJSON(t, &p1, "path", f, "--token", "A", "--to", to, "--actions", "1")
		if !reflect.DeepEqual(p, p1) {
			t.Errorf("path to %s: --actions does not default to 1", to)
		}
		if p.Token != "A" || p.To.X != s.X || p.To.Y != s.Y || !p.Reachable || *p.Cost != s.Cost || *p.Actions != s.Actions {
			t.Errorf("path to %s: %+v, reach says %+v", to, p, s)
		}
		total := 0
		for i, st := range p.Steps {
			total += st.Cost
			if st.X == nil || st.Y == nil || st.Turn != "" || st.Total != total || st.Flags == nil {
				t.Fatalf("path to %s step %d: %+v", to, i, st)
			}
			for _, fl := range st.Flags {
				if !slices.Contains(allowed, fl) {
					t.Errorf("path to %s: unknown flag %q", to, fl)
				}
				seen[fl] = true
			}
		}
		if l := p.Steps[len(p.Steps)-1]; *l.X != s.X || *l.Y != s.Y || total != s.Cost {
			t.Errorf("path to %s ends at %d,%d after %d ft", to, *l.X, *l.Y, total)
		}
	}
	for _, fl := range []string{"hazardous", "narrow", "uneven"} {
		if !seen[fl] {
			t.Errorf("no path flagged %q", fl)
		}
	}
	// Behind the wall: unreachable, exit 0, no steps, no cost.
	out := okJSON(t, nil, "path", f, "--token", "A", "--to", "2,4")
	if out != `{"token":"A","to":{"x":2,"y":4},"reachable":false,"steps":[]}`+"\n" {
		t.Errorf("unreachable: %s", out)
	}
	var p pathOut
	okJSON(t, &p, "path", f, "--token", "A", "--to", "4,4", "--actions", "3")
	if p.Reachable || len(p.Steps) != 0 || p.Cost != nil || p.Actions != nil {
		t.Errorf("unreachable with 3 actions: %+v", p)
	}
}

// "The route is the one with the fewest actions, then the least cost ...,
// then the fewest hazardous, narrow and uneven squares, then the fewest
// reaction steps, then the first in neighbour order N, NE, E, SE, S, SW, W,
// NW at each step."
func TestSpecPathTieBreaks(t *testing.T) {
	first := func(f, to string) [2]int {
		t.Helper()
		var p pathOut
		okJSON(t, &p, "path", f, "--token", "A", "--to", to)
		if !p.Reachable || len(p.Steps) == 0 {
			t.Fatalf("path to %s: %+v", to, p)
		}
		return [2]int{*p.Steps[0].X, *p.Steps[0].Y}
	}
	open := specFile(t, "o.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":[".....",".....",".....","....."]},"tokens":[{"name":"A","x":2,"y":2,"speeds":{"land":30}}]}`)
	for to, want := range map[string][2]int{
		"4,1": {3, 1}, // NE before E
		"3,0": {2, 1}, // N before NE
		"1,0": {2, 1}, // N before NW
		"4,3": {3, 2}, // E before SE
		"0,3": {1, 3}, // SW before W
		"0,1": {1, 2}, // W before NW
	} {
		if got := first(open, to); got != want {
			t.Errorf("open map, path to %s starts at %v, want %v", to, got, want)
		}
	}
	// A hazardous square weighs more than a reaction step.
	hz := specFile(t, "h.encounter.json", `{"format":"encounter/1","name":"H","ruleset":"sf2e","map":{"rows":[".h...","..d..","....."]},"tokens":[{"name":"A","x":0,"y":0,"side":"party","speeds":{"land":30}},{"name":"E","x":0,"y":2,"side":"enemy","speeds":{"land":30}}]}`)
	var p pathOut
	okJSON(t, &p, "path", hz, "--token", "A", "--to", "2,1")
	if len(p.Steps) != 2 || *p.Steps[0].X != 1 || *p.Steps[0].Y != 1 || !slices.Contains(p.Steps[1].Flags, "reaction") || *p.Cost != 15 {
		t.Errorf("path to (2,1) should take the reaction, not the hazard: %+v", p.Steps)
	}
	// A reaction step weighs more than neighbour order; a neutral token
	// provokes nothing.
	re := `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":["....","....","....","...."]},"tokens":[{"name":"A","x":0,"y":2,"side":"party","speeds":{"land":30}},{"name":"E","x":0,"y":0,"side":"SIDE","speeds":{"land":30}}]}`
	if got := first(specFile(t, "e.encounter.json", strings.Replace(re, "SIDE", "enemy", 1)), "2,0"); got != [2]int{1, 2} {
		t.Errorf("next to an enemy, path to (2,0) starts at %v, want the route with no reaction via (1,2)", got)
	}
	if got := first(specFile(t, "n.encounter.json", strings.Replace(re, "SIDE", "neutral", 1)), "2,0"); got != [2]int{0, 1} {
		t.Errorf("next to a neutral, path to (2,0) starts at %v, want N first (0,1)", got)
	}
}

// "`starship` paths include turns as steps {"turn": "NE", "cost": 50,
// "total": ...}".
func TestSpecStarshipPathTurns(t *testing.T) {
	ship := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["......","......","......"]},"tokens":[{"name":"Gull","x":0,"y":1,"size":"small","facing":"E","speeds":{"fly":100,"turn":50}}]}`)
	var r reachOut
	okJSON(t, &r, "reach", ship, "--token", "Gull")
	turns := 0
	for _, s := range r.Squares {
		var p pathOut
		okJSON(t, &p, "path", ship, "--token", "Gull", "--to", itoa(s.X)+","+itoa(s.Y))
		if !p.Reachable || *p.Cost != s.Cost || *p.Actions != 1 {
			t.Errorf("path to (%d,%d): %+v; reach %+v", s.X, s.Y, p, s)
		}
		total := 0
		for _, st := range p.Steps {
			total += st.Cost
			if st.Total != total {
				t.Errorf("path to (%d,%d): total %d, running %d", s.X, s.Y, st.Total, total)
			}
			if st.Turn != "" {
				turns++
				if st.X != nil || st.Y != nil || !slices.Contains([]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}, st.Turn) {
					t.Errorf("turn step %+v", st)
				}
			} else if st.X == nil || st.Y == nil {
				t.Errorf("move step without x, y: %+v", st)
			}
		}
	}
	if turns == 0 {
		t.Error("no starship path turned")
	}
	var p pathOut
	okJSON(t, &p, "path", ship, "--token", "Gull", "--to", "1,0")
	if len(p.Steps) != 2 || p.Steps[0].Turn != "NE" || p.Steps[0].Cost != 25 || p.Steps[1].Turn != "" || *p.Steps[1].X != 1 || *p.Steps[1].Y != 0 {
		t.Errorf("path to (1,0): %+v", p.Steps)
	}
}

// cover: `{"from": "A", "to": "B", "cover": none|lesser|standard|greater|blocked}`.
func TestSpecCover(t *testing.T) {
	f := specFile(t, "c.encounter.json", `{"format":"encounter/1","name":"C","ruleset":"pf1e","map":{"rows":["...#...","...#...","......."]},"tokens":[{"name":"A","x":0,"y":0},{"name":"B","x":6,"y":0},{"name":"C","x":6,"y":2},{"name":"D","x":1,"y":0}]}`)
	for _, pair := range [][2]string{{"A", "B"}, {"A", "C"}, {"A", "D"}, {"B", "A"}, {"C", "D"}} {
		var c struct{ From, To, Cover string }
		okJSON(t, &c, "cover", f, "--from", pair[0], "--to", pair[1])
		if c.From != pair[0] || c.To != pair[1] || !slices.Contains([]string{"none", "lesser", "standard", "greater", "blocked"}, c.Cover) {
			t.Errorf("cover %v: %+v", pair, c)
		}
	}
}

// flanking: "One entry per flanking pair; `by` is sorted; entries sorted by
// target, then pair"; "pairs by name".
func TestSpecFlankingSorted(t *testing.T) {
	f := specFile(t, "f.encounter.json", `{"format":"encounter/1","name":"F","ruleset":"sf2e","map":{"rows":[".......",".......",".......",".......",".......","......."]},"tokens":[
{"name":"Zed","x":2,"y":2,"side":"enemy"},
{"name":"b","x":1,"y":2,"side":"party"},{"name":"a","x":3,"y":2,"side":"party"},
{"name":"D","x":2,"y":1,"side":"party"},{"name":"C","x":2,"y":3,"side":"party"},
{"name":"Alpha","x":5,"y":4,"side":"party"},{"name":"E2","x":4,"y":4,"side":"enemy"},{"name":"E1","x":6,"y":4,"side":"enemy"}]}`)
	var out struct {
		Flanked []struct {
			Target string
			By     []string
		}
	}
	okJSON(t, &out, "flanking", f)
	type entry struct{ target, a, b string }
	var got []entry
	for _, x := range out.Flanked {
		if len(x.By) != 2 || x.By[0] >= x.By[1] {
			t.Errorf("by %v is not a sorted pair", x.By)
		}
		got = append(got, entry{x.Target, x.By[0], x.By[1]})
	}
	want := []entry{{"Alpha", "E1", "E2"}, {"Zed", "C", "D"}, {"Zed", "a", "b"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("flanked %v, want %v", got, want)
	}
}

// leap, teleport, forced: `{"token": NAME, "squares": [{"x", "y"}, ...]}`,
// sorted; "`forced` adds "collision": true to squares where it stopped
// against something" (and only there).
func TestSpecPointsMovers(t *testing.T) {
	f := specFile(t, "p.encounter.json", `{"format":"encounter/1","name":"P","ruleset":"points","map":{"rows":["......","..#...","......","......"]},"tokens":[{"name":"A","x":0,"y":0,"side":"party","speeds":{"land":3,"mobility":2}},{"name":"B","x":1,"y":0,"side":"enemy","speeds":{"land":3}}]}`)
	for _, args := range [][]string{
		{"leap", f, "--token", "A"},
		{"teleport", f, "--token", "A", "--range", "2"},
		{"forced", f, "--token", "B", "--kind", "push", "--from", "A", "--distance", "3"},
		{"forced", f, "--token", "B", "--kind", "shove", "--from", "A", "--distance", "2"},
		{"forced", f, "--token", "B", "--kind", "pull", "--from", "A", "--distance", "1"},
		{"forced", f, "--token", "B", "--kind", "sweep", "--from", "A", "--distance", "2"},
		{"forced", f, "--token", "B", "--kind", "drag", "--from", "A", "--distance", "2"},
	} {
		code, out, errs := runCLI(t, args...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: %d %q", args, code, errs)
		}
		if args[0] != "forced" && strings.Contains(out, "collision") {
			t.Errorf("%v: %s has collision", args, out)
		}
		if strings.Contains(out, `"collision":false`) {
			t.Errorf("%v: collision false written: %s", args, out)
		}
		var p pointsOut
		decode(t, out, &p)
		var xy [][2]int
		for _, s := range p.Squares {
			xy = append(xy, [2]int{s.X, s.Y})
			if s.Collision != nil && !*s.Collision {
				t.Errorf("%v: collision false", args)
			}
		}
		if p.Token != args[3] || p.Squares == nil {
			t.Errorf("%v: %s", args, out)
		}
		sortedYX(t, args[0], xy)
	}
	var p pointsOut
	okJSON(t, &p, "teleport", f, "--token", "A", "--range", "2")
	if len(p.Squares) == 0 {
		t.Error("teleport 2 reaches nothing")
	}
	for _, s := range p.Squares {
		if s.X > 2 || s.Y > 2 || s.X == 0 && s.Y == 0 || s.X == 2 && s.Y == 1 || s.X == 1 && s.Y == 0 {
			t.Errorf("teleport 2 from (0,0) to (%d,%d)", s.X, s.Y)
		}
	}
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	img, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func samePixels(a, b image.Image, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// export: "The PNG (and the UVTT image) is exactly width x px by height x
// px pixels: the map and nothing else, square (0, 0) at the top-left
// pixel"; "(the UVTT image: no tokens)"; "`--player` leaves out ... hidden
// tokens"; "An image over 16384 pixels on a side is refused (exit 2)".
func TestSpecExport(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		px   []string
		w, h int
	}{{nil, 700, 280}, {[]string{"--px", "1"}, 10, 4}, {[]string{"--px", "33"}, 330, 132}} {
		out := filepath.Join(dir, "m.png")
		args := append([]string{"export", iseph, "--png", out}, c.px...)
		code, stdout, errs := runCLI(t, args...)
		if code != 0 || stdout != "" || !strings.HasPrefix(errs, "encounter-planner: wrote "+out+" (") || strings.Count(errs, "\n") != 1 {
			t.Fatalf("%v: %d %q %q", args, code, stdout, errs)
		}
		if b := decodePNG(t, out).Bounds(); b != image.Rect(0, 0, c.w, c.h) {
			t.Errorf("%v: png %v, want %dx%d", args, b, c.w, c.h)
		}
		uv := filepath.Join(dir, "m.dd2vtt")
		if code, _, errs := runCLI(t, append([]string{"export", iseph, "--uvtt", uv}, c.px...)...); code != 0 {
			t.Fatalf("uvtt: %d %q", code, errs)
		}
		if img := uvttImage(t, uv); img.Bounds() != image.Rect(0, 0, c.w, c.h) {
			t.Errorf("%v: uvtt image %v, want %dx%d", args, img.Bounds(), c.w, c.h)
		}
	}
	// Square (0, 0) is the top-left px x px block: a wall there changes
	// that block and nothing else.
	open := specFile(t, "o.encounter.json", `{"format":"encounter/1","name":"O","ruleset":"sf2e","map":{"rows":["...","..."]}}`)
	wall := specFile(t, "w.encounter.json", `{"format":"encounter/1","name":"O","ruleset":"sf2e","map":{"rows":["#..","..."]}}`)
	po, pw := filepath.Join(dir, "o.png"), filepath.Join(dir, "w.png")
	for _, x := range [][2]string{{open, po}, {wall, pw}} {
		if code, _, errs := runCLI(t, "export", x[0], "--png", x[1], "--px", "20", "--no-grid"); code != 0 {
			t.Fatalf("%d %q", code, errs)
		}
	}
	imgO, imgW := decodePNG(t, po), decodePNG(t, pw)
	if samePixels(imgO, imgW, image.Rect(0, 0, 20, 20)) {
		t.Error("a wall at (0,0) does not show in the top-left square")
	}
	if !samePixels(imgO, imgW, image.Rect(20, 0, 60, 40)) || !samePixels(imgO, imgW, image.Rect(0, 20, 20, 40)) {
		t.Error("a wall at (0,0) changed pixels outside the top-left square")
	}
	// Tokens show on the PNG, not on the UVTT image; --player leaves hidden
	// tokens out.
	none := specFile(t, "n.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":["...","..."]}}`)
	hid := specFile(t, "h.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":["...","..."]},"tokens":[{"name":"Spy","x":1,"y":1,"side":"enemy","hidden":true}]}`)
	shown := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":["...","..."]},"tokens":[{"name":"Spy","x":1,"y":1,"side":"enemy"}]}`)
	pngOf := func(src string, extra ...string) image.Image {
		out := filepath.Join(t.TempDir(), "x.png")
		if code, _, errs := runCLI(t, append([]string{"export", src, "--png", out, "--px", "20"}, extra...)...); code != 0 {
			t.Fatalf("%d %q", code, errs)
		}
		return decodePNG(t, out)
	}
	full := image.Rect(0, 0, 60, 40)
	if samePixels(pngOf(none), pngOf(shown), full) {
		t.Error("the PNG shows no token")
	}
	if !samePixels(pngOf(none, "--player"), pngOf(hid, "--player"), full) {
		t.Error("--player shows a hidden token")
	}
	if samePixels(pngOf(none), pngOf(hid), full) {
		t.Error("the GM's PNG leaves out a hidden token")
	}
	// --player leaves out GM-only notes; player notes show on both.
	gmNote := specFile(t, "g.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":["...","..."]},"notes":[{"x":1,"y":1,"text":"trap"}]}`)
	plNote := specFile(t, "p.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"sf2e","map":{"rows":["...","..."]},"notes":[{"x":1,"y":1,"text":"trap","player":true}]}`)
	if !samePixels(pngOf(none, "--player"), pngOf(gmNote, "--player"), full) {
		t.Error("--player shows a GM-only note")
	}
	if samePixels(pngOf(none), pngOf(gmNote), full) {
		t.Error("the GM's PNG leaves out a GM-only note")
	}
	if samePixels(pngOf(none, "--player"), pngOf(plNote, "--player"), full) {
		t.Error("--player leaves out a player note")
	}
	uvN, uvS := filepath.Join(dir, "n.dd2vtt"), filepath.Join(dir, "s.dd2vtt")
	runCLI(t, "export", none, "--uvtt", uvN, "--px", "20")
	runCLI(t, "export", shown, "--uvtt", uvS, "--px", "20")
	if !samePixels(uvttImage(t, uvN), uvttImage(t, uvS), full) {
		t.Error("the UVTT image shows tokens")
	}
	// Over 16384 pixels a side: refused, exit 2, nothing written.
	big := filepath.Join(dir, "big.png")
	bad(t, []string{"export", iseph, "--png", big, "--px", "1639"}, "16384")
	if _, _, errs := runCLI(t, "export", iseph, "--png", big, "--px", "1639"); strings.HasSuffix(errs, "invalid encounter\n") {
		t.Errorf("the refusal ends with the bare sentinel text: %q", errs)
	}
	bad(t, []string{"export", iseph, "--uvtt", filepath.Join(dir, "big.dd2vtt"), "--px", "1639"}, "16384")
	bad(t, []string{"export", open, "--png", big, "--px", "16385"}, "16384")
	if _, err := os.Stat(big); !os.IsNotExist(err) {
		t.Error("a refused export wrote a file")
	}
	// The PDF.
	pdf := filepath.Join(dir, "m.pdf")
	for _, paper := range []string{"letter", "a4"} {
		if code, out, errs := runCLI(t, "export", iseph, "--pdf", pdf, "--paper", paper, "--player"); code != 0 || out != "" {
			t.Fatalf("pdf %s: %d %q %q", paper, code, out, errs)
		}
		if b, _ := os.ReadFile(pdf); !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Errorf("pdf %s: not a PDF", paper)
		}
	}
}

func uvttImage(t *testing.T, path string) image.Image {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var u struct {
		Resolution struct {
			PixelsPerGrid int `json:"pixels_per_grid"`
		} `json:"resolution"`
		Image string `json:"image"`
	}
	if err := json.Unmarshal(b, &u); err != nil {
		t.Fatal(err)
	}
	raw, err := base64.StdEncoding.DecodeString(u.Image)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// database: "`list` prints one line per encounter,
// ID<TAB>NAME<TAB>RULESET<TAB>WxH<TAB>UPDATED (RFC 3339), newest first;
// `--json` prints {"encounters": [{"id", "name", "ruleset", "width",
// "height", "updated"}]}"; "`import` prints the new id and name; a name
// already stored gets " (2)", " (3)" ... appended"; "A NAME that matches
// several encounters exits 2 and lists their ids".
func TestSpecDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "sub", "e.db")
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(dbEnv(&out, &errb), append([]string{"--db", db}, args...))
		return code, out.String(), errb.String()
	}
	// A database not made yet is no empty library: list names it, exit 2
	// (queries.md "database"); the app or import makes one.
	code, out, errs := run("list")
	if code != ExitBad || out != "" || !strings.Contains(errs, db+": file does not exist") {
		t.Fatalf("list of no database: %d %q %q", code, out, errs)
	}
	empty, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	empty.Close()
	code, out, errs = run("list")
	if code != 0 || out != "" || errs != "" {
		t.Fatalf("empty list: %d %q %q", code, out, errs)
	}
	if code, out, _ = run("list", "--json"); code != 0 || out != `{"encounters":[]}`+"\n" {
		t.Errorf("empty list --json: %d %q", code, out)
	}
	ship := specFile(t, "ship.encounter.json", `{"format":"encounter/1","name":"Dogfight","ruleset":"starship","map":{"rows":["...","...","..."]}}`)
	var ids, names []string
	for i, f := range []string{iseph, iseph, iseph, ship} {
		if i > 0 {
			time.Sleep(10 * time.Millisecond)
		}
		code, out, errs := run("import", f)
		parts := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if code != 0 || errs != "" || len(parts) != 2 || strings.Count(out, "\n") != 1 {
			t.Fatalf("import: %d %q %q", code, out, errs)
		}
		if len(parts[0]) != 36 {
			t.Errorf("import id %q", parts[0])
		}
		ids, names = append(ids, parts[0]), append(names, parts[1])
	}
	if want := []string{"Derelict cargo bay", "Derelict cargo bay (2)", "Derelict cargo bay (3)", "Dogfight"}; !reflect.DeepEqual(names, want) {
		t.Errorf("imported names %q, want %q", names, want)
	}
	code, out, _ = run("list")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 4 {
		t.Fatalf("list: %d %q", code, out)
	}
	for i, l := range lines {
		f := strings.Split(l, "\t")
		j := 3 - i // newest first
		wantRS, wantWH := "sf2e", "10x4"
		if j == 3 {
			wantRS, wantWH = "starship", "3x3"
		}
		if len(f) != 5 || f[0] != ids[j] || f[1] != names[j] || f[2] != wantRS || f[3] != wantWH {
			t.Errorf("list line %d: %q", i, l)
			continue
		}
		if _, err := time.Parse(time.RFC3339, f[4]); err != nil {
			t.Errorf("list line %d: updated %q is not RFC 3339", i, f[4])
		}
	}
	code, out, _ = run("list", "--json")
	var js map[string][]map[string]any
	if err := json.Unmarshal([]byte(out), &js); code != 0 || err != nil || len(js) != 1 || len(js["encounters"]) != 4 {
		t.Fatalf("list --json: %d %v %q", code, err, out)
	}
	for i, r := range js["encounters"] {
		var keys []string
		for k := range r {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !reflect.DeepEqual(keys, []string{"height", "id", "name", "ruleset", "updated", "width"}) {
			t.Errorf("list --json keys %v", keys)
		}
		f := strings.Split(lines[i], "\t")
		if r["id"] != f[0] || r["name"] != f[1] || r["ruleset"] != f[2] || r["updated"] != f[4] {
			t.Errorf("list --json row %d %v differs from list line %q", i, r, lines[i])
		}
	}
	if !strings.HasPrefix(out, `{"encounters":[{"id":`) || !strings.Contains(out, `"width":3,"height":3,"updated":"`) {
		t.Errorf("list --json field order: %s", out)
	}

	// export-encounter by name and by id writes the canonical file.
	exp := filepath.Join(dir, "out.encounter.json")
	for _, key := range []string{"Derelict cargo bay (2)", ids[1]} {
		os.Remove(exp)
		if code, out, errs := run("export-encounter", key, exp); code != 0 || out != "" || errs != "" {
			t.Fatalf("export-encounter %q: %d %q %q", key, code, out, errs)
		}
		b, _ := os.ReadFile(exp)
		e, err := model.DecodeEncounter(b)
		if err != nil || e.Name != "Derelict cargo bay (2)" {
			t.Fatalf("exported: %v", err)
		}
		if b2, _ := model.EncodeEncounter(e); !bytes.Equal(b, b2) {
			t.Errorf("export-encounter is not canonical")
		}
	}

	// Two encounters with one name: the name is ambiguous.
	st, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	e, err := st.Load(context.Background(), ids[3])
	if err != nil {
		t.Fatal(err)
	}
	dup := e.Clone()
	dup.ID, dup.Version = "", 0
	if err := st.Save(context.Background(), dup); err != nil {
		st.Close()
		t.Fatalf("save a second %q: %v", dup.Name, err)
	}
	st.Close()
	os.Remove(exp)
	code, out, errs = run("export-encounter", "Dogfight", exp)
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, ids[3]) || !strings.Contains(errs, dup.ID) {
		t.Errorf("ambiguous name: %d %q %q (ids %s %s)", code, out, errs, ids[3], dup.ID)
	}
	if _, err := os.Stat(exp); !os.IsNotExist(err) {
		t.Error("an ambiguous export wrote a file")
	}
	// Either id still works.
	if code, _, errs := run("export-encounter", dup.ID, exp); code != 0 {
		t.Errorf("export by id: %d %q", code, errs)
	}
}

// "encounter-planner [--db PATH] list": --db PATH and --db=PATH choose the
// database; without it the default is opened (main.go's OpenStore maps ""
// to os.UserConfigDir()/encounter-planner/encounters.db).
func TestSpecDBFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"list"}, ""},
		{[]string{"--db", "/x/a.db", "list"}, "/x/a.db"},
		{[]string{"--db=/x/b.db", "list", "--json"}, "/x/b.db"},
	} {
		var got *string
		var out, errb bytes.Buffer
		env := Env{Stdout: &out, Stderr: &errb, OpenStore: func(p string, _ bool) (Store, error) {
			got = &p
			return storage.Open(filepath.Join(t.TempDir(), "e.db"))
		}}
		if code := Run(env, c.args); code != 0 || got == nil || *got != c.want {
			t.Errorf("%v: exit %d, opened %v, want %q (%s)", c.args, code, got, c.want, errb.String())
		}
	}
	// A database flag after the command, or an import of a bad file, is
	// bad input and opens nothing.
	var out, errb bytes.Buffer
	env := Env{Stdout: &out, Stderr: &errb, OpenStore: func(string, bool) (Store, error) {
		t.Fatal("opened the database")
		return nil, nil
	}}
	if code := Run(env, []string{"import", filepath.Join(t.TempDir(), "missing.encounter.json")}); code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "missing.encounter.json") {
		t.Errorf("import of a missing file: %d %q", code, errb.String())
	}
}

// docs/queries.md, the users' copy of queries.md, shows only commands that
// work: every command line it shows is one the help lists (spaces aside).
func TestSpecDocsShowOnlyWorkingCommands(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "queries.md"))
	if err != nil {
		t.Fatal(err)
	}
	help := strings.Join(strings.Fields(Usage), " ")
	n := 0
	for _, l := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(l, "    encounter-planner ") {
			continue
		}
		n++
		if cmd := strings.Join(strings.Fields(l), " "); !strings.Contains(help, cmd) {
			t.Errorf("docs/queries.md shows %q; the help does not list it", cmd)
		}
	}
	if n < 15 {
		t.Errorf("docs/queries.md shows %d command lines; want every query's", n)
	}
}
