package ui

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// TestTheTurnsRowComesFirst: on the den at the first window size, after
// N the Goblin Archer's row was the third in the order's view, under two
// creatures who had acted (the view stopped at the order's foot).
// Through two rounds and into the next, at every window size, the current
// creature's row is the first in view where the order does not fit (the
// next one's under it: TestWhoIsNextIsInSight), and the order's view
// keeps its height from one creature to the next whose HP and conditions
// take as much room: the order had five rows on the Archer's turn and
// four on the frightened Dae's, so the amount field moved 40 px. It now
// keeps the room of the largest HP and conditions the creatures in the
// fight have shown (TestTheOrderGetsItsRowsBackAtTheNextTurn).
func TestTheTurnsRowComesFirst(t *testing.T) {
	for _, win := range paneWindowSizes() {
		t.Run(fmt.Sprintf("%vx%v", win.Width, win.Height), func(t *testing.T) {
			ed, _, p := newTestEditor(t, denFight(t))
			ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
			settle(t, ed, p)
			sc := ed.fight.order
			row := ed.orderRowHeight()
			f := ed.enc.Fight
			n := len(f.Order)
			// the first round shows every creature's HP and conditions
			// once; from the second the order keeps one height
			var height, column float32
			for turn := range 2*n + 1 {
				f = ed.enc.Fight
				i := slices.Index(f.Order, f.Turn)
				fits := float32(n)*row-theme.Padding() <= sc.Size().Height+0.5
				if turn == n {
					height, column = sc.Size().Height, ed.fight.pin.Size().Height
				}
				// (where the window is short, Navasi's elevation row under
				// the overlay switches takes the column a row)
				if got := sc.Size().Height; turn > n && got != height && ed.fight.pin.Size().Height == column {
					t.Errorf("turn %d, %s's: the order is %v high, %v at the second round's start", turn, f.Turn, got, height)
				}
				if top := sc.Offset.Y / row; !fits && (top < float32(i)-0.01 || top > float32(i)+0.01) {
					t.Errorf("turn %d, %s's (row %d): the view begins at row %v, want the current row first", turn, f.Turn, i, top)
				}
				if why := whoIsNext(ed); why != "" {
					t.Errorf("turn %d, %s's: %s", turn, f.Turn, why)
				}
				ed.NextTurn()
				settle(t, ed, p)
			}
		})
	}
}
