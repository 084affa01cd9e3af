package cli

// spec_elevation_test.go checks the elevation sentences of queries.md
// ("Elevation (sf2e, pf1e): `reach` and `path` take `--elevation E` ...")
// and rules-conventions.md "Elevation" through the command line, sentence
// by sentence.

import (
	"fmt"
	"strings"
	"testing"
)

// elevFile is an encounter of ruleset on a 6x6 open map with the tokens
// (JSON objects).
func elevFile(t *testing.T, ruleset string, tokens ...string) string {
	t.Helper()
	rows := strings.TrimSuffix(strings.Repeat(`"......",`, 6), ",")
	return specFile(t, "elev.encounter.json", `{"format":"encounter/1","name":"E","ruleset":"`+ruleset+`","map":{"rows":[`+rows+`]},"tokens":[`+strings.Join(tokens, ",")+`]}`)
}

func elevTok(name string, x, y int, size, side string, elevation int, speeds string) string {
	return fmt.Sprintf(`{"name":%q,"x":%d,"y":%d,"size":%q,"side":%q,"elevation":%d,"speeds":{%s}}`, name, x, y, size, side, elevation, speeds)
}

// "`reach` and `path` take `--elevation E` (feet; the end elevation, default
// the token's own)"; "straight up is 10 ft a layer"; "the start square is
// listed when E differs from the token's elevation".
func TestSpecElevationReach(t *testing.T) {
	f := elevFile(t, "sf2e", elevTok("Navasi", 2, 2, "medium", "party", 0, `"land":25,"fly":30`))
	var r struct {
		Token, Mode string
		Actions     int
		Squares     []struct{ X, Y, Cost, Actions int }
	}
	okJSON(t, &r, "reach", f, "--token", "Navasi", "--mode", "fly", "--elevation", "15")
	found := false
	for _, s := range r.Squares {
		if s.X == 2 && s.Y == 2 {
			found = true
			if s.Cost != 30 {
				t.Errorf("straight up 15 ft: cost %d, want 30", s.Cost)
			}
		}
	}
	if !found {
		t.Errorf("the start square is not listed at 15 ft: %+v", r.Squares)
	}
	// At its own elevation the start is not listed.
	okJSON(t, &r, "reach", f, "--token", "Navasi", "--mode", "fly", "--elevation", "0")
	for _, s := range r.Squares {
		if s.X == 2 && s.Y == 2 {
			t.Errorf("the start is listed at the token's own elevation")
		}
	}
	// "Other modes keep their elevation; `--elevation` other than the
	// token's own with them is exit 2."
	bad(t, []string{"reach", f, "--token", "Navasi", "--elevation", "10"}, "Navasi", "land")
	okJSON(t, nil, "reach", f, "--token", "Navasi", "--elevation", "0")
	// "a multiple of `feetPerSquare`"; "Elevation never goes below 0 in flight".
	bad(t, []string{"reach", f, "--token", "Navasi", "--mode", "fly", "--elevation", "7"}, "multiple of 5")
	bad(t, []string{"reach", f, "--token", "Navasi", "--mode", "fly", "--elevation", "-5"}, "below the ground")
	bad(t, []string{"reach", f, "--token", "Navasi", "--mode", "fly", "--elevation", "high"}, "--elevation")
	// "elevation is sf2e and pf1e".
	pts := specFile(t, "p.encounter.json", `{"format":"encounter/1","name":"P","ruleset":"points","map":{"rows":["....","...."]},"tokens":[{"name":"A","x":0,"y":0,"side":"party","speeds":{"land":3,"mobility":2}}]}`)
	bad(t, []string{"reach", pts, "--token", "A", "--elevation", "0"}, "points")
}

// "path steps carry `"z": FEET` when the token flies".
func TestSpecElevationPathZ(t *testing.T) {
	f := elevFile(t, "sf2e", elevTok("Navasi", 0, 0, "medium", "party", 0, `"land":25,"fly":40`))
	out := okJSON(t, nil, "path", f, "--token", "Navasi", "--mode", "fly", "--to", "3,0", "--elevation", "10")
	want := `{"token":"Navasi","to":{"x":3,"y":0},"reachable":true,"cost":25,"actions":1,"diagonals":0,"steps":[` +
		`{"x":1,"y":0,"cost":5,"total":5,"flags":[],"z":0},{"x":2,"y":0,"cost":10,"total":15,"flags":[],"z":5},{"x":3,"y":0,"cost":10,"total":25,"flags":[],"z":10}]}` + "\n"
	if out != want {
		t.Errorf("got  %swant %s", out, want)
	}
	// A flight on the ground carries z too; a walk does not.
	out = okJSON(t, nil, "path", f, "--token", "Navasi", "--mode", "fly", "--to", "1,0")
	if !strings.Contains(out, `"z":0`) {
		t.Errorf("flight on the ground: %s", out)
	}
	out = okJSON(t, nil, "path", f, "--token", "Navasi", "--to", "1,0")
	if strings.Contains(out, `"z"`) {
		t.Errorf("a walk carries z: %s", out)
	}
}

// "pf1e dive attack: a flyer's path qualifies when it moves at least 30 ft
// ... and ends at least 10 ft lower than it started; paths report `dive:
// true`."
func TestSpecElevationDive(t *testing.T) {
	f := elevFile(t, "pf1e", elevTok("Roc", 0, 0, "medium", "enemy", 30, `"fly":60`))
	// Five squares east and six layers down: five steps down and across and
	// one straight down, six squares moved.
	out := okJSON(t, nil, "path", f, "--token", "Roc", "--mode", "fly", "--to", "5,0", "--elevation", "0")
	if !strings.Contains(out, `"dive":true`) {
		t.Errorf("a 30-ft flight 30 ft down: %s", out)
	}
	out = okJSON(t, nil, "path", f, "--token", "Roc", "--mode", "fly", "--to", "5,0", "--elevation", "20")
	if strings.Contains(out, `"dive"`) {
		t.Errorf("a 25-ft flight: %s", out)
	}
	out = okJSON(t, nil, "path", f, "--token", "Roc", "--mode", "fly", "--to", "4,0", "--elevation", "20")
	if strings.Contains(out, `"dive"`) {
		t.Errorf("a 20-ft flight: %s", out)
	}
	out = okJSON(t, nil, "path", f, "--token", "Roc", "--mode", "fly", "--to", "5,0", "--elevation", "30", "--actions", "2")
	if strings.Contains(out, `"dive"`) {
		t.Errorf("a level flight: %s", out)
	}
}

// "`cover`, `flanking` and `distance` use the tokens' elevations": the
// seed's cube (Dae under the flying cloud ray, Navasi above it) flanks, and
// a creature far above the line gives no cover.
func TestSpecElevationCoverAndFlanking(t *testing.T) {
	f := elevFile(t, "sf2e",
		elevTok("Cloud ray", 2, 2, "medium", "enemy", 5, `"fly":30`),
		elevTok("Dae", 2, 2, "medium", "party", 0, `"land":25`),
		elevTok("Navasi", 2, 2, "medium", "party", 10, `"fly":30`))
	if out := okJSON(t, nil, "flanking", f); out != `{"flanked":[{"target":"Cloud ray","by":["Dae","Navasi"]}]}`+"\n" {
		t.Errorf("the cube: %s", out)
	}
	c := elevFile(t, "sf2e",
		elevTok("Archer", 0, 3, "medium", "party", 0, `"land":25`),
		elevTok("Bird", 2, 3, "medium", "neutral", 30, `"fly":30`),
		elevTok("Target", 5, 3, "medium", "enemy", 0, `"land":25`))
	if out := okJSON(t, nil, "cover", c, "--from", "Archer", "--to", "Target"); out != `{"from":"Archer","to":"Target","cover":"none"}`+"\n" {
		t.Errorf("a bird 30 ft above the line: %s", out)
	}
	c = elevFile(t, "sf2e",
		elevTok("Archer", 0, 3, "medium", "party", 0, `"land":25`),
		elevTok("Bird", 2, 3, "medium", "neutral", 0, `"fly":30`),
		elevTok("Target", 5, 3, "medium", "enemy", 0, `"land":25`))
	if out := okJSON(t, nil, "cover", c, "--from", "Archer", "--to", "Target"); out != `{"from":"Archer","to":"Target","cover":"lesser"}`+"\n" {
		t.Errorf("a bird on the line: %s", out)
	}
}
