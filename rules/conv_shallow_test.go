package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Shallow water": "Trait shallow-water (default
// legend key w). sf2e: +5 ft for land and climb (difficult terrain); swim,
// burrow and fly pay nothing; no swim Speed is needed to enter it. pf1e:
// one doubling for land and climb. Points: land 2, crawl/climb/swim 3.
// Starship: ignored."

func shallowCost(t *testing.T, e *model.Encounter, q MoveQuery, x, y int) (int, bool) {
	t.Helper()
	s, ok := costAt(turnReach(t, e, q), x, y)
	return s.Cost, ok
}

func TestConvShallowWaterSF2ELandAndClimbPlus5OthersNothing(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, ".ww..", "....."), tok{name: "A", speeds: "land=30 climb=30 swim=30 burrow=30 fly=30"})
	for mode, want := range map[string]int{ModeLand: 10, ModeClimb: 10, ModeSwim: 5, ModeBurrow: 5, ModeFly: 5} {
		if c, ok := shallowCost(t, e, MoveQuery{Mode: mode}, 1, 0); !ok || c != want {
			t.Errorf("%s into shallow water: %d %v, want %d ft", mode, c, ok, want)
		}
	}
	// The surcharge is not doubled on a diagonal, and is the worst trait.
	if c, _ := shallowCost(t, e, MoveQuery{}, 2, 0); c != 20 {
		t.Errorf("land through two shallow squares: %d ft, want 20", c)
	}
	e.Grid.Set(1, 0, model.ShallowWater|model.Difficult)
	if c, _ := shallowCost(t, e, MoveQuery{}, 1, 0); c != 10 {
		t.Errorf("shallow water that is difficult too: %d ft, want 10 (the worst, not the sum)", c)
	}
	// ignores-difficult-terrain ignores it as difficult terrain.
	e.Tokens[0].Conditions = []string{model.CondIgnoresDifficult}
	if c, _ := shallowCost(t, e, MoveQuery{}, 1, 0); c != 5 {
		t.Errorf("ignoring difficult terrain: %d ft, want 5", c)
	}
	// A Step never enters it (difficult terrain for land movement).
	e.Tokens[0].Conditions = nil
	if _, ok := shallowCost(t, e, MoveQuery{Step: true}, 1, 0); ok {
		t.Error("a Step into shallow water")
	}
	p := turnPath(t, e, MoveQuery{}, 1, 0)
	if len(p.Steps) != 1 || p.Steps[0].Flags&FlagDifficult == 0 {
		t.Errorf("a land step into shallow water is not flagged difficult: %+v", p)
	}
}

// "no swim Speed is needed to enter it": a walker with no swim Speed
// enters shallow water, not water; a swimmer enters both.
func TestConvShallowWaterNoSwimSpeedNeeded(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := withTokens(mapOf(t, rs, ".w~"), tok{name: "A", speeds: "land=30"})
		if _, ok := shallowCost(t, e, MoveQuery{}, 1, 0); !ok {
			t.Errorf("%s: a walker cannot enter shallow water", rs)
		}
		if _, ok := shallowCost(t, e, MoveQuery{}, 2, 0); ok {
			t.Errorf("%s: a walker enters water", rs)
		}
		e.Tokens[0].Speeds[model.SpeedSwim] = 30
		if _, ok := shallowCost(t, e, MoveQuery{Mode: ModeSwim}, 1, 0); !ok {
			t.Errorf("%s: a swimmer cannot enter shallow water", rs)
		}
	}
}

func TestConvShallowWaterPF1EOneDoublingForLandAndClimb(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, ".w.", ".w."), tok{name: "A", speeds: "land=30 climb=30 swim=30 fly=30"})
	for mode, want := range map[string][2]int{ModeLand: {10, 15}, ModeClimb: {10, 15}, ModeSwim: {5, 5}, ModeFly: {5, 5}} {
		straight, _ := shallowCost(t, e, MoveQuery{Mode: mode}, 1, 0)
		p := turnPath(t, e, MoveQuery{Mode: mode}, 1, 1)
		if straight != want[0] || p.Steps[0].Cost != want[1] {
			t.Errorf("%s: shallow water %d ft straight, diagonal %+v; want %d and %d", mode, straight, p, want[0], want[1])
		}
	}
	e.Grid.Set(1, 0, model.ShallowWater|model.Difficult)
	if c, _ := shallowCost(t, e, MoveQuery{}, 1, 0); c != 10 {
		t.Errorf("shallow and difficult: %d ft, want 10 (one doubling, the worst trait)", c)
	}
}

func TestConvShallowWaterPointsLand2CrawlClimbSwim3(t *testing.T) {
	e := withTokens(mapOf(t, model.Points, ".w."), tok{name: "A", speeds: "land=5"})
	for mode, want := range map[string]int{ModeLand: 2, ModeCrawl: 3, ModeClimb: 3, ModeSwim: 3} {
		if c, ok := shallowCost(t, e, MoveQuery{Mode: mode}, 1, 0); !ok || c != want {
			t.Errorf("points %s into shallow water: %d %v, want %d", mode, c, ok, want)
		}
	}
	p := turnPath(t, e, MoveQuery{}, 1, 0)
	if p.Steps[0].Flags&FlagDifficult == 0 {
		t.Errorf("points: a step into shallow water is not flagged difficult: %+v", p)
	}
}

func TestConvShallowWaterStarshipIgnored(t *testing.T) {
	e := shipTestEnc([]string{".w."}, shipTok("S", 0, 0, model.Small, model.E, shipFly, 100))
	if c, ok := shallowCost(t, e, MoveQuery{}, 1, 0); !ok || c != 50 {
		t.Errorf("starship into shallow water: %d %v, want 50 ft", c, ok)
	}
	if p := turnPath(t, e, MoveQuery{}, 1, 0); p.Steps[0].Flags != 0 {
		t.Errorf("starship: shallow water flagged %v", p.Steps[0].Flags)
	}
}
