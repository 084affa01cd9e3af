package ui

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// TestTheTurnsRowComesFirst: on the den at the
// first window size, after N the Goblin Archer's row was the third in
// the order's view, under two creatures who had acted (the view stopped
// at the order's foot). Through a round and into the next, at every window size, the current
// creature's row is the first in view where the order does not fit (the
// next one's under it: TestWhoIsNextIsInSight), and the order's view
// keeps its height from one creature to the next whose HP and conditions
// take as much room. (Not yet between creatures whose HP and conditions
// take different room: the order has five rows on the Archer's turn and
// four on the frightened Dae's, so the amount field moves 40 px.)
func TestTheTurnsRowComesFirst(t *testing.T) {
	for _, win := range paneWindowSizes() {
		t.Run(fmt.Sprintf("%vx%v", win.Width, win.Height), func(t *testing.T) {
			ed, _, p := newTestEditor(t, denFight(t))
			ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
			settle(t, ed, p)
			sc := ed.fight.order
			height, column, quick := sc.Size().Height, ed.fight.pin.Size().Height, ed.fight.quickRoom
			row := ed.orderRowHeight()
			f := ed.enc.Fight
			fits := float32(len(f.Order))*row-theme.Padding() <= height+0.5
			for turn := range len(f.Order) + 1 {
				f = ed.enc.Fight
				i := slices.Index(f.Order, f.Turn)
				// (where the window is short, Navasi's elevation row under
				// the overlay switches takes the column a row, and the
				// unconscious Goblin Warrior's taller HP and conditions take
				// the order's rows but two)
				same := ed.fight.pin.Size().Height == column && ed.fight.quickRoom == quick
				if got := sc.Size().Height; got != height && same {
					t.Errorf("turn %d, %s's: the order is %v high, %v on the first turn", turn, f.Turn, got, height)
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
