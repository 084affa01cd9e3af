package cli

// spec_fall_test.go checks the fall query of queries.md ("Added with table
// play and the third dimension") and the falling sentences of
// rules-conventions.md "Elevation", sentence by sentence.

import (
	"fmt"
	"testing"
)

// fallFile is an encounter of ruleset on the map rows with Navasi at
// elevation feet over (1, 1) and a Large Ogre on the ground at (2, 1).
func fallFile(t *testing.T, ruleset string, elevation int, rows string) string {
	t.Helper()
	return specFile(t, "fall.encounter.json", fmt.Sprintf(`{"format":"encounter/1","name":"F","ruleset":%q,"map":{"rows":[%s]},"tokens":[`+
		`{"name":"Navasi","x":1,"y":1,"side":"party","elevation":%d,"speeds":{"land":25}},`+
		`{"name":"Ogre","x":2,"y":1,"size":"large","side":"enemy","speeds":{"land":25}}]}`, ruleset, rows, elevation))
}

const fallOpen = `"....","....","...."`

// The example of queries.md: "{"token": "Navasi", "feet": 60, "damage": 30,
// "prone": true, "onto": {"name": "Ogre", "dc": 15, "criticalSuccess": 0,
// "success": 7, "failure": 15, "criticalFailure": 30}}".
func TestSpecFallExample(t *testing.T) {
	f := fallFile(t, "sf2e", 60, fallOpen)
	want := `{"token":"Navasi","feet":60,"damage":30,"prone":true,"onto":{"name":"Ogre","dc":15,"criticalSuccess":0,"success":7,"failure":15,"criticalFailure":30}}` + "\n"
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi", "--onto", "Ogre"); out != want {
		t.Errorf("got %s want %s", out, want)
	}
	// "`onto` appears with `--onto`."
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi"); out != `{"token":"Navasi","feet":60,"damage":30,"prone":true}`+"\n" {
		t.Errorf("without --onto: %s", out)
	}
}

// "Falling from the token's elevation to E (default 0); `feet` is the
// distance fallen before any reduction".
func TestSpecFallTo(t *testing.T) {
	f := fallFile(t, "sf2e", 60, fallOpen)
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi", "--to", "20"); out != `{"token":"Navasi","feet":40,"damage":20,"prone":true}`+"\n" {
		t.Errorf("--to 20: %s", out)
	}
	// "When what remains is more than 5 ft ... lands prone": 5 ft does nothing.
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi", "--to", "55"); out != `{"token":"Navasi","feet":5,"damage":0,"prone":false}`+"\n" {
		t.Errorf("a 5-ft fall: %s", out)
	}
	// "capped at 1,500 ft".
	high := fallFile(t, "sf2e", 2000, fallOpen)
	if out := okJSON(t, nil, "fall", high, "--token", "Navasi"); out != `{"token":"Navasi","feet":2000,"damage":750,"prone":true}`+"\n" {
		t.Errorf("2,000 ft: %s", out)
	}
	bad(t, []string{"fall", f, "--token", "Navasi", "--to", "70"}, "cannot fall up")
	bad(t, []string{"fall", f, "--token", "Navasi", "--to", "3"}, "multiple of 5")
	bad(t, []string{"fall", f, "--token", "Nobody"}, "--token", "Nobody")
	bad(t, []string{"fall", f, "--token", "Navasi", "--onto", "Navasi"}, "same token")
	bad(t, []string{"fall", f}, "--token is required")
}

// "a water square under the token gives the soft landing": "into a `water`
// square it counts 20 ft shorter (30 ft for an intentional dive), the
// reduction never more than the water's depth (unlimited unless the query
// gives `--water-depth`)".
func TestSpecFallIntoWater(t *testing.T) {
	f := fallFile(t, "sf2e", 60, `"....",".~..","...."`)
	// "a 60-ft fall into 10-ft-deep water does 25 damage".
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi", "--water-depth", "10"); out != `{"token":"Navasi","feet":60,"damage":25,"prone":true}`+"\n" {
		t.Errorf("10-ft-deep water: %s", out)
	}
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi"); out != `{"token":"Navasi","feet":60,"damage":20,"prone":true}`+"\n" {
		t.Errorf("deep water: %s", out)
	}
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi", "--dive"); out != `{"token":"Navasi","feet":60,"damage":15,"prone":true}`+"\n" {
		t.Errorf("a dive: %s", out)
	}
	// Shallow water is not water for falling.
	s := fallFile(t, "sf2e", 60, `"....",".w..","...."`)
	if out := okJSON(t, nil, "fall", s, "--token", "Navasi", "--water-depth", "10"); out != `{"token":"Navasi","feet":60,"damage":30,"prone":true}`+"\n" {
		t.Errorf("shallow water: %s", out)
	}
	bad(t, []string{"fall", f, "--token", "Navasi", "--water-depth", "-5"}, "--water-depth")
}

// "pf1e answers `"damage": "6d6"` (`"0"` below 10 ft) and no `onto`"; "1d6
// per full 10 ft, at most 20d6 ... no water rule; prone when any".
func TestSpecFallPF1E(t *testing.T) {
	f := fallFile(t, "pf1e", 60, `"....",".~..","...."`)
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi"); out != `{"token":"Navasi","feet":60,"damage":"6d6","prone":true}`+"\n" {
		t.Errorf("pf1e 60 ft: %s", out)
	}
	if out := okJSON(t, nil, "fall", f, "--token", "Navasi", "--to", "55"); out != `{"token":"Navasi","feet":5,"damage":"0","prone":false}`+"\n" {
		t.Errorf("pf1e 5 ft: %s", out)
	}
	high := fallFile(t, "pf1e", 500, fallOpen)
	if out := okJSON(t, nil, "fall", high, "--token", "Navasi"); out != `{"token":"Navasi","feet":500,"damage":"20d6","prone":true}`+"\n" {
		t.Errorf("pf1e 500 ft: %s", out)
	}
	bad(t, []string{"fall", f, "--token", "Navasi", "--onto", "Ogre"}, "pf1e")
	bad(t, []string{"fall", f, "--token", "Navasi", "--water-depth", "10"}, "pf1e")
	bad(t, []string{"fall", f, "--token", "Navasi", "--dive"}, "pf1e")
}

// "Areas, threat and falling are sf2e (pf1e falling as above) ... A query
// that does not apply to the encounter's ruleset is exit 2".
func TestSpecFallOtherRulesets(t *testing.T) {
	ship := specFile(t, "s.encounter.json", `{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["....","....","...."]},"tokens":[{"name":"Gull","x":0,"y":1,"size":"small","facing":"E","speeds":{"fly":100,"turn":50}}]}`)
	bad(t, []string{"fall", ship, "--token", "Gull"}, "starship")
	pts := specFile(t, "p.encounter.json", `{"format":"encounter/1","name":"P","ruleset":"points","map":{"rows":["....","...."]},"tokens":[{"name":"A","x":0,"y":0,"side":"party","speeds":{"land":3,"mobility":2}}]}`)
	bad(t, []string{"fall", pts, "--token", "A"}, "points")
}
