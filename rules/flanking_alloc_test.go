package rules

import (
	"math/bits"
	"runtime"
	"testing"

	"encounterplanner/model"
)

// TestFlankingKeepsItsWallTable: an engine asked for flanking again and
// again (every move of a drag) reuses its wall sums instead of making a
// whole-map table per call (0.25 MB on 250x250).
func TestFlankingKeepsItsWallTable(t *testing.T) {
	e := benchMap(250, 250)
	benchTokens(e, 20)
	en := mustEngine(t, e.Ruleset)
	en.Flanking(e)
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	const calls = 10
	for range calls {
		en.Flanking(e)
	}
	runtime.ReadMemStats(&b)
	if per, table := (b.TotalAlloc-a.TotalAlloc)/calls, uint64(251*251*4); per >= table/2 {
		t.Errorf("Flanking allocates %d bytes a call; the whole-map wall table alone is %d", per, table)
	}
}

// TestFlankingAllocatesOnlyItsAnswer: after a first call, an engine's
// Flanking reuses its buckets, candidate lists and sides, and allocates
// only the list it returns (its growth by appends). A drag's flank-spot
// search calls it hundreds of times: each call made about 60 allocations
// on the 200 tokens of BenchmarkDragOverlays' map, the drag's garbage.
func TestFlankingAllocatesOnlyItsAnswer(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := &model.Encounter{Name: "crowd", Ruleset: rs, Grid: model.NewGrid(30, 30)}
		benchTokens(e, 200)
		en := mustEngine(t, e.Ruleset)
		first, err := en.Flanking(e)
		if err != nil {
			t.Fatal(err)
		}
		if len(first) == 0 {
			t.Fatalf("%s: no flanks on the crowded map: the test measures nothing", rs)
		}
		allocs := testing.AllocsPerRun(20, func() { en.Flanking(e) })
		// the answer's appends: one array a doubling
		if most := float64(bits.Len(uint(len(first))) + 1); allocs > most {
			t.Errorf("%s: Flanking allocates %.0f times a call for %d flanks; its answer's appends take at most %.0f", rs, allocs, len(first), most)
		}
	}
}
