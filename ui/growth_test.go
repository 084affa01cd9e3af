package ui

import (
	"fmt"
	"runtime"
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
// is the least of five runs: a run that shares the processor with another
// package's tests is slower, never faster. what names the work.
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
	small, large := least(150), least(600)
	t.Logf("%s: 150 tokens in %v, 600 in %v (%.1fx)", what, small, large, float64(large)/float64(small))
	if large > 9*small {
		t.Errorf("%s: 150 tokens in %v, 600 in %v: more than 9 times as long", what, small, large)
	}
}

// timed is how long work takes, the garbage of the set-up before it
// collected first: the larger set-up leaves more of it, and a collection
// that falls inside the timing is the set-up's cost, not the work's.
func timed(work func()) time.Duration {
	runtime.GC()
	start := time.Now()
	work()
	return time.Since(start)
}
