package rules

import (
	"runtime"
	"testing"
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
