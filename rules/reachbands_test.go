package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestReachBandsIsReach joins the bands of ReachBands and compares them
// with Reach on random maps of every ruleset, on a map of several bands,
// and checks that fn's error stops it.
func TestReachBandsIsReach(t *testing.T) {
	check := func(e *model.Encounter, q MoveQuery, label string) int {
		t.Helper()
		en := mustEngine(t, e.Ruleset)
		want, werr := en.Reach(nil, e, q)
		var got []Square
		bands := 0
		gerr := ReachBands(en, nil, e, q, func(b []Square) error {
			got = append(got, b...)
			bands++
			return nil
		})
		if (werr == nil) != (gerr == nil) || !slices.Equal(got, want) {
			t.Fatalf("%s %+v: bands %d squares (%v), reach %d (%v)", label, q, len(got), gerr, len(want), werr)
		}
		return bands
	}
	for _, rs := range model.Rulesets {
		for seed := uint64(0); seed < 150; seed++ {
			rng := rand.New(rand.NewPCG(seed, 41))
			e, q := randEncounterSized(rng, rs, 12, 8)
			check(e, q, fmt.Sprintf("%s seed %d", rs, seed))
		}
	}
	e, q := gargantuanMap(400)
	if n := check(e, q, "gargantuan 400"); n < 2 {
		t.Fatalf("a 400x400 whole-map reach came in %d bands, want several", n)
	}
	stop := errors.New("stop")
	calls := 0
	err := ReachBands(mustEngine(t, e.Ruleset), nil, e, q, func([]Square) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Fatalf("fn's error: got %v after %d calls, want it after 1", err, calls)
	}
}
