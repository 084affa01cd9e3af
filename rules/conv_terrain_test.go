package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md: terrain costs, ignores-difficult-terrain and the
// movement modes of sf2e and pf1e ("Movement modes: as sf2e").
//
// The same 4x4 map, a band of (greater) difficult terrain across row 2,
// tells the cost models apart: in pf1e a doubled diagonal costs 3 (6)
// squares and leaves the alternating count unchanged, so a route with an
// open diagonal on each side of it pays 5 + 15 + 10.
var convBand = func(c byte) []string {
	b := string([]byte{c, c, c, c})
	return []string{"....", "....", b, "...."}
}

func TestConvTerrainCostsSF2E(t *testing.T) {
	runReachTables(t, convTerrainCostsSF2ECases())
}

// convTerrainCostsSF2ECases lists the tables of TestConvTerrainCostsSF2E.
func convTerrainCostsSF2ECases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	a := func(sp string, conds ...string) []tok {
		return []tok{{name: "A", side: "a", speeds: sp, conds: conds}}
	}
	fly := MoveQuery{Mode: ModeFly}
	dRow := []string{"@ 5 10 15", "5 5 10 15", "15 15 20 25", "20 20 25 25"}
	DRow := []string{"@ 5 10 15", "5 5 10 15", "20 20 25 30", "25 25 30 30"}
	open := []string{"@ 5 10 15", "5 5 10 15", "10 10 15 20", "15 15 20 20"}
	add(model.SF2E, []reachCase{
		{"difficult +5 (not doubled diagonally)", convBand('d'), a("land=60"), MoveQuery{}, dRow},
		{"greater difficult +10", convBand('D'), a("land=60"), MoveQuery{}, DRow},
		{"ignores: difficult costs nothing", convBand('d'), a("land=60", model.CondIgnoresDifficult), MoveQuery{}, open},
		{"ignores: greater costs +5", convBand('D'), a("land=60", model.CondIgnoresDifficult), MoveQuery{}, dRow},
		{"fly: difficult ignored", convBand('d'), a("fly=60"), fly, open},
		{"fly: greater counts as difficult", convBand('D'), a("fly=60"), fly, dRow},
		{"fly and ignores do not stack further", convBand('D'), a("fly=60", model.CondIgnoresDifficult), fly, dRow},
		{"burrow ignores surcharges", convBand('D'), a("burrow=60"), MoveQuery{Mode: ModeBurrow}, open},
		{"climb pays them", convBand('D'), a("land=5 climb=60"), MoveQuery{Mode: ModeClimb}, DRow},
		{"hazardous, narrow and uneven cost nothing extra", []string{"hhhh", "nnnn", "uuuu", "...."}, a("land=60"), MoveQuery{}, open},
	})
	return out
}

// pf1eBandDifficult and pf1eBandGreater are the pf1e reach over convBand
// of difficult and of greater difficult terrain: greater difficult doubles
// twice, straight 20, diagonal 30.
var (
	pf1eBandDifficult = []string{"@ 5 10 15", "5 5 10 15", "15 15 20 25", "20 20 25 30"}
	pf1eBandGreater   = []string{"@ 5 10 15", "5 5 10 15", "25 25 30 35", "30 30 35 40"}
)

func TestConvTerrainCostsPF1E(t *testing.T) {
	runReachTables(t, convTerrainCostsPF1ECases())
	// "a square that is several things at once takes its worst trait, not
	// the sum": difficult + greater difficult is two doublings (not three),
	// and one with ignores-difficult-terrain.
	for _, c := range []struct {
		name  string
		conds []string
		want  []string
	}{
		{"difficult+greater is greater", nil, pf1eBandGreater},
		{"difficult+greater with ignores doubles once", []string{model.CondIgnoresDifficult}, pf1eBandDifficult},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := withTokens(mapOf(t, model.PF1E, convBand('.')...), tok{name: "A", side: "a", speeds: "land=60", conds: c.conds})
			for x := 0; x < 4; x++ {
				e.Grid.Set(x, 2, model.Difficult|model.GreaterDifficult)
			}
			convReach(t, e, MoveQuery{}, c.want)
		})
	}
}

// convTerrainCostsPF1ECases lists the tables of TestConvTerrainCostsPF1E.
func convTerrainCostsPF1ECases() []reachTable {
	var out []reachTable
	add := func(rs model.Ruleset, cases []reachCase) { out = append(out, reachTable{rs, cases}) }
	a := func(sp string, conds ...string) []tok {
		return []tok{{name: "A", side: "a", speeds: sp, conds: conds}}
	}
	fly := MoveQuery{Mode: ModeFly}
	// Difficult doubles: straight 10, diagonal 15 (count unchanged).
	dRow := pf1eBandDifficult
	DRow := pf1eBandGreater
	open := []string{"@ 5 10 15", "5 5 10 15", "10 10 15 20", "15 15 20 20"}
	add(model.PF1E, []reachCase{
		{"difficult doubles", convBand('d'), a("land=60"), MoveQuery{}, dRow},
		{"greater difficult doubles twice", convBand('D'), a("land=60"), MoveQuery{}, DRow},
		{"ignores: difficult costs nothing extra", convBand('d'), a("land=60", model.CondIgnoresDifficult), MoveQuery{}, open},
		{"ignores: greater doubles once", convBand('D'), a("land=60", model.CondIgnoresDifficult), MoveQuery{}, dRow},
		{"fly: difficult ignored", convBand('d'), a("fly=60"), fly, open},
		{"fly: greater counts as difficult", convBand('D'), a("fly=60"), fly, dRow},
		{"fly and ignores do not stack further", convBand('D'), a("fly=60", model.CondIgnoresDifficult), fly, dRow},
		{"burrow ignores hampering terrain", convBand('D'), a("burrow=60"), MoveQuery{Mode: ModeBurrow}, open},
		{"hazardous, narrow and uneven cost nothing extra", []string{"hhhh", "nnnn", "uuuu", "...."}, a("land=60"), MoveQuery{}, open},
	})
	return out
}

// "swim moves only through water squares (surcharges still apply;
// obstacles still block). land, climb and burrow cannot enter water".
func TestConvSwimAndWater(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "~~~.", "~o~~", "~~~~"), tok{name: "A", side: "a", speeds: "swim=20"})
			e.Grid.Set(2, 2, model.Water|model.Difficult)
			want := []string{
				"@ 5 10 .",
				"5 . 10 15",
				"10 10 20 20",
			}
			if rs == model.PF1E {
				// No cutting the obstacle's corner; difficult water doubles.
				want = []string{
					"@ 5 10 .",
					"5 . 15 15",
					"10 15 . 20",
				}
			}
			convReach(t, e, MoveQuery{Mode: ModeSwim}, want)
		})
		for _, m := range []string{ModeLand, ModeClimb, ModeBurrow} {
			t.Run(string(rs)+"/"+m+" cannot enter water", func(t *testing.T) {
				e := withTokens(mapOf(t, rs, ".~.", "###"), tok{name: "A", side: "a", speeds: m + "=30"})
				convReach(t, e, MoveQuery{Mode: m}, []string{"@ . .", ". . ."})
			})
		}
		t.Run(string(rs)+"/fly passes water, obstacles and hazards but not walls", func(t *testing.T) {
			e := withTokens(mapOf(t, rs, ".~ohnu#."), tok{name: "A", side: "a", speeds: "fly=60"})
			convReach(t, e, MoveQuery{Mode: ModeFly}, []string{"@ 5 . 15 20 25 . ."})
		})
	}
}
