package ui

import (
	"testing"
	"time"
)

// TestFightPanelGrowsWithTheOrderNotItsSquare: the fight panel lists the
// order in one go. Its rows went in one by one, each laying the whole
// order out again: starting a fight of 1000 tokens took 11 seconds, and
// so did every Next, the editor frozen. Four times the tokens now take
// about four times as long, not sixteen.
func TestFightPanelGrowsWithTheOrderNotItsSquare(t *testing.T) {
	growsLinearly(t, "starting a fight", func(n int) time.Duration {
		ed, _ := goblinsEditor(t, n)
		var err error
		d := timed(func() {
			if err = ed.StartFight(func() int { return 10 }); err == nil {
				ed.NextTurn()
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := ed.fight.rows.Length(); got != n {
			t.Errorf("the order has %d rows, want %d", got, n)
		}
		return d
	})
}
