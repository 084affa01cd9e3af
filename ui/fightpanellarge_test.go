package ui

import (
	"fmt"
	"testing"
	"time"

	"encounterplanner/model"
)

// TestFightPanelGrowsWithTheOrderNotItsSquare: the fight panel lists the
// order in one go. Its rows went in one by one, each laying the whole
// order out again: starting a fight of 1000 tokens took 11 seconds, and
// so did every Next, the editor frozen. Four times the tokens now take
// about four times as long, not sixteen.
func TestFightPanelGrowsWithTheOrderNotItsSquare(t *testing.T) {
	took := func(n int) time.Duration {
		e := openEncounter(t, 40, 40)
		for i := 0; i < n; i++ {
			e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: fmt.Sprint("Goblin ", i), X: i % 40, Y: i / 40, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 25}})
		}
		ed, _, p := newTestEditor(t, e)
		settle(t, ed, p)
		start := time.Now()
		if err := ed.StartFight(func() int { return 10 }); err != nil {
			t.Fatal(err)
		}
		ed.NextTurn()
		d := time.Since(start)
		if got := len(ed.fight.box.Objects); got < n {
			t.Errorf("the order shows %d rows, want %d", got, n)
		}
		return d
	}
	took(50) // the fonts measured once
	// the least of three runs each: a run that shares the processor with
	// another package's tests is slower, never faster
	least := func(n int) time.Duration { return min(took(n), took(n), took(n)) }
	small, large := least(150), least(600)
	if large > 9*small {
		t.Errorf("a fight of 150 tokens starts in %v, of 600 in %v: more than 9 times as long", small, large)
	}
}
