package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"encounterplanner/model"
)

// TestAppendPathMatchesPath checks AppendPath against Path on random
// encounters, reusing one buffer throughout, and that Path never answers
// nil Steps.
func TestAppendPathMatchesPath(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		en := mustEngine(t, rs)
		pa, ok := en.(PathAppender)
		if !ok {
			t.Fatalf("%s engine is not a PathAppender", rs)
		}
		var buf []Step
		for seed := uint64(0); seed < uint64(randomCases(60, 60)); seed++ {
			rng := rand.New(rand.NewPCG(seed, 13))
			e, q := randEncounter(rng, rs)
			for y := 0; y < e.Grid.H; y++ {
				for x := 0; x < e.Grid.W; x++ {
					want, werr := en.Path(e, q, x, y)
					got, gerr := pa.AppendPath(buf, e, q, x, y)
					if fmt.Sprint(werr) != fmt.Sprint(gerr) || !reflect.DeepEqual(want, got) {
						t.Fatalf("%s seed %d (%d,%d): Path %+v %v, AppendPath %+v %v", rs, seed, x, y, want, werr, got, gerr)
					}
					if werr == nil && want.Steps == nil {
						t.Fatalf("%s seed %d (%d,%d): nil Steps", rs, seed, x, y)
					}
					if got.Steps != nil {
						buf = got.Steps
					}
				}
			}
		}
	}
}

func TestAppendPathNoAllocs(t *testing.T) {
	e := benchMap(100, 100)
	tok := benchMover(e, model.Medium, map[string]int{"land": 30})
	en := mustEngine(t, e.Ruleset)
	q := MoveQuery{Token: tok, Actions: 3}
	sq, _ := en.Reach(nil, e, q)
	pa := en.(PathAppender)
	p, _ := pa.AppendPath(nil, e, q, sq[0].X, sq[0].Y)
	steps := p.Steps
	if n := testing.AllocsPerRun(20, func() {
		p, _ := pa.AppendPath(steps, e, q, sq[0].X, sq[0].Y)
		steps = p.Steps
	}); n != 0 {
		t.Errorf("AppendPath: %v allocations per call, want 0", n)
	}
}
