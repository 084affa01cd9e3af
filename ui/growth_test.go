package ui

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"encounterplanner/model"
)

// goblinsEditor opens a 40 x 40 map with n enemy goblins (land 25 ft) in an
// editor whose first overlays are done.
func goblinsEditor(t *testing.T, n int) (*Editor, *pump) {
	t.Helper()
	e := openEncounter(t, 40, 40)
	for i := 0; i < n; i++ {
		e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: fmt.Sprint("Goblin ", i), X: i % 40, Y: i / 40, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 25}})
	}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	return ed, p
}

// growsLinearly fails when took(600) is more than 9 times took(150): four
// times the work should take about four times as long, not sixteen. Each
// is the least of five runs, and the two are compared up to three times:
// a run that shares the processor with another package's tests is slower,
// never faster, and a 600-token run (20 ms or more) cannot dodge a
// preemption that a 150-token one (3 ms) can, so a busy machine gave 9.4x
// where a quiet one gives 4-5x. Work that grows as the square of the
// tokens fails all three. what names the work.
func growsLinearly(t *testing.T, what string, took func(n int) time.Duration) {
	t.Helper()
	took(50) // the fonts measured once
	least := func(n int) time.Duration {
		d := took(n)
		for range 4 {
			d = min(d, took(n))
		}
		return d
	}
	var small, large time.Duration
	for try := 0; try < 3; try++ {
		small, large = least(150), least(600)
		t.Logf("%s: 150 tokens in %v, 600 in %v (%.1fx)", what, small, large, float64(large)/float64(small))
		if large <= 9*small {
			return
		}
	}
	t.Errorf("%s: 150 tokens in %v, 600 in %v: more than 9 times as long, three times", what, small, large)
}

// timed is how long work takes with the collector off: the garbage of the
// set-up is collected first, then none while work runs. A collection
// costs as much as the live heap, which holds the earlier runs' editors
// too (a third of a 600-token fight's start was the collector, and the
// ratio of the two sizes swung from 4x to 9x with it); what this test
// guards is the work's own growth, rows laid out once and not once a row.
func timed(work func()) time.Duration {
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	start := time.Now()
	work()
	return time.Since(start)
}
