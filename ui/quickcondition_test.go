package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// skyFight is .ci/e2e-air's sky fight, four creatures and none with HP,
// in a fight on Navasi's turn.
func skyFight(*testing.T) *model.Encounter {
	e, _ := model.DecodeEncounter([]byte(`{"format": "encounter/1", "name": "Sky fight", "ruleset": "sf2e",
	  "map": {"feetPerSquare": 5, "rows": ["............", "............", "............", "............",
	    "............", "............", "............", "............"]},
	  "tokens": [
	    {"name": "Navasi", "x": 8, "y": 3, "side": "party", "speeds": {"land": 25, "fly": 30}},
	    {"name": "Dae", "x": 6, "y": 3, "side": "party", "speeds": {"land": 25, "fly": 30}},
	    {"name": "Cloud ray", "x": 7, "y": 3, "side": "enemy", "speeds": {"land": 10, "fly": 40}},
	    {"name": "Ogre", "x": 2, "y": 5, "size": "large", "side": "enemy", "speeds": {"land": 30}, "reach": 10}],
	  "fight": {"round": 1, "order": ["Navasi", "Dae", "Cloud ray", "Ogre"], "turn": "Navasi"}}`))
	return e
}

// addCondition picks c in the inspector's condition picker and presses
// Add, as the GM does, and returns where Add was, on the window.
func addCondition(t *testing.T, ed *Editor, c string) fyne.Position {
	t.Helper()
	sel, ok := inspectorFind(ed, func(s *controls.PaneSelect) bool { return s.PlaceHolder == "condition" })
	if !ok {
		t.Fatal("no condition picker")
	}
	sel.SetSelected(session.ConditionWords(c)) // the picker lists words
	add := buttonIn(t, ed, "Add")
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(add)
	test.Tap(add)
	return at
}

// TestAConditionAddedInTheQuickPartShows: in a fight of four creatures at
// the first window size, prone added to the Ogre in the inspector's quick
// part went under the split handle, only its top edge in sight: the quick
// part grown by a condition keeps its room (the order does not shrink, so
// Add and Damage stay under the pointer), and the room it grew by was
// nowhere. Now the pane's top asks it of the overlay switches' answers:
// the handle moves down, the order and Add stay where they were, and the
// condition's remove button is in sight at the first window size; at
// every size, where the answers have no more room to give, it scrolls
// into view. The den's Ogre Brute, with HP, is checked too.
func TestAConditionAddedInTheQuickPartShows(t *testing.T) {
	for _, c := range []struct {
		name string
		enc  func(*testing.T) *model.Encounter
		who  string
	}{{"sky fight", skyFight, "Ogre"}, {"den", denFight, "Ogre Brute"}} {
		for _, win := range paneWindowSizes() {
			t.Run(fmt.Sprintf("%s at %vx%v", c.name, win.Width, win.Height), func(t *testing.T) {
				ed, _, p := newTestEditor(t, c.enc(t))
				ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
				ed.Select(ed.enc.TokenIndex(c.who))
				settle(t, ed, p)
				order := ed.fight.order.Size().Height
				at := addCondition(t, ed, model.CondProne)
				settle(t, ed, p)
				if got := ed.enc.Tokens[ed.enc.TokenIndex(c.who)].Conditions; len(got) != 1 || got[0] != model.CondProne {
					t.Fatalf("conditions %q", got)
				}
				if got := fyne.CurrentApp().Driver().AbsolutePositionForObject(buttonIn(t, ed, "Add")); got != at {
					t.Errorf("Add moved from %v to %v under the pointer that pressed it", at, got)
				}
				if got := ed.fight.order.Size().Height; got != order {
					t.Errorf("the order went from %v to %v high", order, got)
				}
				rm := buttonIn(t, ed, session.ConditionWords(model.CondProne))
				why := outOfSight(ed, rm)
				if why != "" && win == fyne.NewSize(1200, 780) {
					t.Errorf("the added condition's button is %s", why)
				}
				if why != "" {
					// scrollable: the inspector's view scrolls to it
					sc := ed.fight.scroll
					d := fyne.CurrentApp().Driver()
					foot := d.AbsolutePositionForObject(rm).Y + rm.Size().Height
					view := d.AbsolutePositionForObject(sc).Y + sc.Size().Height
					sc.ScrollToOffset(sc.Offset.AddXY(0, foot-view))
					if why := outOfSight(ed, rm); why != "" {
						t.Errorf("scrolled down to it, the added condition's button is %s", why)
					}
				}
				for _, why := range paneSpills(ed) {
					t.Error(why)
				}
			})
		}
	}
}
