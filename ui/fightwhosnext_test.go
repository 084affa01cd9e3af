package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"encounterplanner/model"
)

// whoIsNext says why the order in ed's fight panel does not show, whole,
// the current creature's row and under it a row naming the creature whose
// turn comes next ("" when it does). After the round's last creature that
// is the first, in a row after the last that says the round it begins
// ("Round 3: Iseph (19)").
func whoIsNext(ed *Editor) string {
	f := ed.enc.Fight
	i := slices.Index(f.Order, f.Turn)
	next := f.Order[(i+1)%len(f.Order)]
	for k := i; k <= i+1; k++ {
		o, ok := ed.fight.rows.rowAt(k).(*orderRow)
		if !ok {
			return fmt.Sprintf("row %d of the order is not made", k)
		}
		if why := outOfSight(ed, o); why != "" {
			return fmt.Sprintf("row %d (%q) %s", k, o.pick.Text, why)
		}
		got := o.pick.Text
		switch {
		case k == i && !strings.HasPrefix(got, "▶ "+f.Turn):
			return fmt.Sprintf("row %d reads %q, want ▶ %s", k, got, f.Turn)
		case k > i && i+1 < len(f.Order) && !strings.HasPrefix(got, next+" "):
			return fmt.Sprintf("row %d reads %q, want %s next", k, got, next)
		case k > i && i+1 == len(f.Order) && !strings.HasPrefix(got, fmt.Sprintf("Round %d: %s ", f.Round+1, next)):
			return fmt.Sprintf("row %d, after the last, reads %q, want round %d beginning with %s", k, got, f.Round+1, next)
		}
	}
	return ""
}

// manyInAFight is the sample with goblins up to n creatures, the fight
// not begun.
func manyInAFight(n int) *model.Encounter {
	e := model.Sample()
	for i := len(e.Tokens); i < n; i++ {
		e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: fmt.Sprint("Goblin ", i), X: i, Y: 12, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 25}})
	}
	return e
}

// TestWhoIsNextIsInSight: on the round's last creature's turn the order
// was scrolled to its foot, and the creature who goes next, first in the
// next round at the order's top, was out of view: the GM could not see
// who is next. At every window size, through a round and into the next,
// the current creature's row and the next one's are in sight; after the
// last row, a row says the next round and who begins it. So on a fight
// opened on the last turn, and after a window grown and shrunk on it.
func TestWhoIsNextIsInSight(t *testing.T) {
	fights := []struct {
		name string
		enc  func(t *testing.T) *model.Encounter
	}{
		{"den", denFight},
		{"twelve", func(*testing.T) *model.Encounter { return manyInAFight(12) }},
	}
	for _, fi := range fights {
		for _, win := range paneWindowSizes() {
			t.Run(fmt.Sprintf("%s at %vx%v", fi.name, win.Width, win.Height), func(t *testing.T) {
				ed, _, p := newTestEditor(t, fi.enc(t))
				ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
				if ed.enc.Fight == nil {
					roll := 0
					if err := ed.StartFight(func() int { roll++; return roll }); err != nil {
						t.Fatal(err)
					}
				}
				settle(t, ed, p)
				for turn := range len(ed.enc.Fight.Order) + 1 {
					if why := whoIsNext(ed); why != "" {
						t.Errorf("turn %d, round %d, %s's: %s", turn, ed.enc.Fight.Round, ed.enc.Fight.Turn, why)
					}
					ed.NextTurn()
					settle(t, ed, p)
				}
			})
		}
	}

	// the den opened on the Ogre Brute's turn, its last
	for _, win := range paneWindowSizes() {
		e := denFight(t)
		e.Fight.Turn, e.Fight.State = "Ogre Brute", nil
		ed, _, p := newTestEditor(t, e)
		ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
		settle(t, ed, p)
		if why := whoIsNext(ed); why != "" {
			t.Errorf("opened on the last turn at %vx%v: %s", win.Width, win.Height, why)
		}
	}

	// twelve on the last turn, the window grown (the order shows the
	// round's first row itself, or the row after the last) and shrunk
	// to the least again
	ed, _, p := newTestEditor(t, manyInAFight(12))
	ed.win.Resize(editorLeast.Subtract(editorChrome()))
	if err := ed.StartFight(func() int { return 10 }); err != nil {
		t.Fatal(err)
	}
	for range len(ed.enc.Fight.Order) - 1 {
		ed.NextTurn()
	}
	settle(t, ed, p)
	if why := whoIsNext(ed); why != "" {
		t.Errorf("the last turn at the least size: %s", why)
	}
	// the row after the last has no arrows (it is no place in the
	// order), and selects the creature it names
	f := ed.enc.Fight
	if after, ok := ed.fight.rows.rowAt(len(f.Order)).(*orderRow); ok {
		if after.arrows.Visible() {
			t.Errorf("the row after the last, %q, has the arrows", after.pick.Text)
		}
		test.Tap(after.pick)
		if s := ed.sel; s < 0 || ed.enc.Tokens[s].Name != f.Order[0] {
			t.Errorf("a tap on %q selected token %d, want %s", after.pick.Text, s, f.Order[0])
		}
	}
	ed.win.Resize(fyne.NewSize(1600, 1400))
	first := ed.fight.rows.rowAt(0)
	if first == nil || outOfSight(ed, first) != "" {
		if why := whoIsNext(ed); why != "" {
			t.Errorf("the window grown to 1600x1400: %s", why)
		}
	}
	ed.win.Resize(editorLeast.Subtract(editorChrome()))
	if why := whoIsNext(ed); why != "" {
		t.Errorf("the window shrunk to the least again: %s", why)
	}
	// the next round: a row a creature, the arrows on each
	ed.NextTurn()
	settle(t, ed, p)
	f = ed.enc.Fight
	if n := ed.fight.rows.Length(); n != len(f.Order) {
		t.Errorf("round %d: %d rows for %d creatures", f.Round, n, len(f.Order))
	}
	if why := whoIsNext(ed); why != "" {
		t.Errorf("round %d: %s", f.Round, why)
	}
	if r, ok := ed.fight.rows.rowAt(0).(*orderRow); !ok || !r.arrows.Visible() {
		t.Errorf("round %d: the first row has no arrows", f.Round)
	}
}
