package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// TestUndoingTheFightLeavesNoBand: Ctrl+Z straight after Start fight
// hid the turn controls pinned above the inspector, but the pane kept
// their room: an empty band about 84 px tall sat above "Inspector" until
// the selection changed. The inspector's scroll starts at the pane's top
// again.
func TestUndoingTheFightLeavesNoBand(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 780))
	d := fyne.CurrentApp().Driver()
	top := func() float32 {
		return d.AbsolutePositionForObject(ed.fight.scroll).Y - d.AbsolutePositionForObject(ed.right).Y
	}
	before := top()
	if err := ed.StartFight(func() int { return 10 }); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	if top() < before+40 {
		t.Fatalf("in the fight the inspector starts %v down the pane, want the turn controls above it", top())
	}
	ed.Undo()
	settle(t, ed, p)
	if ed.enc.Fight != nil {
		t.Fatal("the fight was not undone")
	}
	if got := top(); got > before+0.5 {
		t.Errorf("after undoing the fight the inspector starts %v down the pane, %v before it: a band where the turn controls were", got, before)
	}
}
