package cli

// spec_fall_test.go checks the fall query of queries.md ("Added with table
// play and the third dimension") and the falling sentences of
// rules-conventions.md "Elevation", sentence by sentence.

import (
	"fmt"
	"testing"
)

// fallFile is an encounter of ruleset on the map rows with Navasi at
// elevation feet over (1, 1) and a Large Ogre on the ground under her, at
// (1, 1) (its space 1-2, 1-2), so that she can land on it.
func fallFile(t *testing.T, ruleset string, elevation int, rows string) string {
	t.Helper()
	return specFile(t, "fall.encounter.json", fmt.Sprintf(`{"format":"encounter/1","name":"F","ruleset":%q,"map":{"rows":[%s]},"tokens":[`+
		`{"name":"Navasi","x":1,"y":1,"side":"party","elevation":%d,"speeds":{"land":25}},`+
		`{"name":"Ogre","x":1,"y":1,"size":"large","side":"enemy","speeds":{"land":25}}]}`, ruleset, rows, elevation))
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
	// Every refusal of E names --to and the value, as the one below the
	// ground does: it was "fall: token "Navasi" is at 60 ft and cannot
	// fall up to 70 ft", naming no flag.
	bad(t, []string{"fall", f, "--token", "Navasi", "--to", "70"}, "encounter-planner: --to 70: Navasi is at 60 ft and cannot fall up to 70 ft\n")
	bad(t, []string{"fall", f, "--token", "Navasi", "--to", "3"}, "encounter-planner: --to 3: the landing elevation 3 ft is not a multiple of 5 ft (one square)\n")
	bad(t, []string{"fall", f, "--token", "Nobody"}, "--token", "Nobody")
	bad(t, []string{"fall", f, "--token", "Navasi", "--onto", "Navasi"}, "same token")
	bad(t, []string{"fall", f}, "--token is required")
}

// Where the sections are silent, the command line decides so: a landing
// below the ground (--to under 0) is refused, naming --to, for a token
// that may not go there, as the app refuses PageDown there: it takes a
// burrow Speed, or water under the token's whole space (rules.MayGoBelow;
// "negative for a burrowing or diving token"). It was answered as a fall
// of 60 ft on open ground.
func TestSpecFallBelowTheGround(t *testing.T) {
	f := fallFile(t, "sf2e", 50, fallOpen)
	bad(t, []string{"fall", f, "--token", "Navasi", "--to", "-10"}, "--to -10: Navasi cannot go below the ground here (no burrow Speed, no water)")
	bad(t, []string{"fall", f, "--token", "Navasi", "--to=-5"}, "--to -5: Navasi cannot go below the ground here")
	pf := fallFile(t, "pf1e", 50, fallOpen)
	bad(t, []string{"fall", pf, "--token", "Navasi", "--to", "-10"}, "--to -10: Navasi cannot go below the ground here")
	// The Ogre, over one water square of its four, may not dive either.
	part := specFile(t, "part.encounter.json", `{"format":"encounter/1","name":"F","ruleset":"sf2e","map":{"rows":["....",".~..","...."]},"tokens":[`+
		`{"name":"Ogre","x":1,"y":1,"size":"large","side":"enemy","elevation":30,"speeds":{"land":25}}]}`)
	bad(t, []string{"fall", part, "--token", "Ogre", "--to", "-10"}, "--to -10: Ogre cannot go below the ground here (no burrow Speed, and water under only part of its space)")
	// Water under the whole space, or a burrow Speed, lets it go down.
	wet := fallFile(t, "sf2e", 50, `"....",".~..","...."`)
	if out := okJSON(t, nil, "fall", wet, "--token", "Navasi", "--to", "-10"); out != `{"token":"Navasi","feet":60,"damage":20,"prone":true}`+"\n" {
		t.Errorf("a dive into water: %s", out)
	}
	mole := specFile(t, "mole.encounter.json", `{"format":"encounter/1","name":"F","ruleset":"sf2e","map":{"rows":["...."]},"tokens":[`+
		`{"name":"Mole","x":1,"y":0,"side":"enemy","elevation":20,"speeds":{"land":25,"burrow":10}}]}`)
	if out := okJSON(t, nil, "fall", mole, "--token", "Mole", "--to", "-10"); out != `{"token":"Mole","feet":30,"damage":15,"prone":true}`+"\n" {
		t.Errorf("a burrower: %s", out)
	}
}

// Where the sections are silent, the command line decides so: --onto
// names a creature under the falling token, in its way down (their
// spaces share a square; its top at or below the token, above where it
// lands: rules.LandsOn); any other is refused, naming --onto. It was
// answered for a creature beside the token.
func TestSpecFallOntoMustBeUnder(t *testing.T) {
	f := specFile(t, "onto.encounter.json", `{"format":"encounter/1","name":"F","ruleset":"sf2e","map":{"rows":["........","........","........","........"]},"tokens":[`+
		`{"name":"Rock","x":5,"y":0,"side":"party","elevation":50,"speeds":{"land":25}},`+
		`{"name":"Big","x":6,"y":2,"size":"large","side":"enemy","speeds":{"land":25}},`+
		`{"name":"Mole","x":5,"y":0,"side":"enemy","elevation":-10,"speeds":{"land":25,"burrow":10}},`+
		`{"name":"Kite","x":4,"y":0,"size":"large","side":"enemy","elevation":45,"speeds":{"land":25,"fly":40}},`+
		`{"name":"Gnat","x":5,"y":0,"side":"enemy","elevation":20,"speeds":{"fly":40}}]}`)
	bad(t, []string{"fall", f, "--token", "Rock", "--onto", "Big"}, "--onto Big: Big is not under Rock")
	bad(t, []string{"fall", f, "--token", "Rock", "--onto", "Kite"}, "--onto Kite: Kite is not under Rock (it reaches up to 55 ft, and Rock falls from 50 ft)")
	bad(t, []string{"fall", f, "--token", "Rock", "--onto", "Mole"}, "--onto Mole: Mole is not in Rock's way down (it reaches up to -5 ft, and Rock lands at 0 ft)")
	bad(t, []string{"fall", f, "--token", "Rock", "--to", "25", "--onto", "Gnat"}, "--onto Gnat: Gnat is not in Rock's way down")
	want := `{"token":"Rock","feet":50,"damage":25,"prone":true,"onto":{"name":"Gnat","dc":15,"criticalSuccess":0,"success":6,"failure":12,"criticalFailure":25}}` + "\n"
	if out := okJSON(t, nil, "fall", f, "--token", "Rock", "--onto", "Gnat"); out != want {
		t.Errorf("onto Gnat, under Rock: %s", out)
	}
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
