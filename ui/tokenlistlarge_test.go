package ui

import (
	"fmt"
	"testing"
	"time"

	"encounterplanner/model"
)

// TestTokenListGrowsWithTheTokensNotTheirSquare: with nothing selected
// the inspector lists every token. Its rows went in one by one, each
// laying the whole list out again: 1000 tokens took 1.6 s, every time the
// selection was let go. Four times the tokens now take about four times
// as long, not sixteen.
func TestTokenListGrowsWithTheTokensNotTheirSquare(t *testing.T) {
	took := func(n int) time.Duration {
		e := openEncounter(t, 40, 40)
		for i := 0; i < n; i++ {
			e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: fmt.Sprint("Goblin ", i), X: i % 40, Y: i / 40, Size: model.Medium, Side: "enemy"})
		}
		ed, _, p := newTestEditor(t, e)
		settle(t, ed, p)
		ed.Select(0)
		start := time.Now()
		ed.Select(-1)
		d := time.Since(start)
		if got := len(ed.insp.box.Objects); got < n {
			t.Errorf("the list shows %d objects, want %d tokens", got, n)
		}
		return d
	}
	took(50) // the fonts measured once
	// the least of three runs each: a run that shares the processor with
	// another package's tests is slower, never faster
	least := func(n int) time.Duration { return min(took(n), took(n), took(n)) }
	small, large := least(150), least(600)
	if large > 9*small {
		t.Errorf("150 tokens list in %v, 600 in %v: more than 9 times as long", small, large)
	}
}
