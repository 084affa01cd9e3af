package ui

import (
	"testing"
	"time"
)

// TestTokenListGrowsWithTheTokensNotTheirSquare: with nothing selected
// the inspector lists every token. Its rows went in one by one, each
// laying the whole list out again: 1000 tokens took 1.6 s, every time the
// selection was let go. Four times the tokens now take about four times
// as long, not sixteen.
func TestTokenListGrowsWithTheTokensNotTheirSquare(t *testing.T) {
	growsLinearly(t, "the token list", func(n int) time.Duration {
		ed, _ := goblinsEditor(t, n)
		ed.Select(0)
		d := timed(func() { ed.Select(-1) })
		if got := ed.insp.rows.Length(); got != n {
			t.Errorf("the list has %d rows, want %d tokens", got, n)
		}
		return d
	})
}
