package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// TestEscapeInAWallDragKeepsTheTurnsCreature: Escape during a wall drag
// took the wall back, and also let go of the creature whose turn it is,
// its reach and path gone until the GM picked it again. Escape in a drag
// now only cancels the drag; with no drag it still lets go.
func TestEscapeInAWallDragKeepsTheTurnsCreature(t *testing.T) {
	ed, _, _ := newTestEditor(t, doorRoom(t))
	ed.Select(0)
	ed.rune('w')
	c := ed.win.Canvas()
	mouseDown(ed, 1, 0, 0)
	dragTo(ed, 1, 2)
	if len(ed.enc.Edges) == 3 {
		t.Fatal("the drag drew no wall")
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	ed.view.DragEnd()
	mouseUp(ed, 1, 2)
	if len(ed.enc.Edges) != 3 {
		t.Errorf("Escape left the wall being drawn: %v", ed.enc.Edges)
	}
	if ed.Selected() != 0 {
		t.Errorf("Escape in the wall drag let go of Hero (selected %d)", ed.Selected())
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if ed.Selected() != -1 {
		t.Errorf("Escape with no drag kept Hero selected")
	}
}

// TestEscapeInAnAreaDragPutsTheBurstBack: Escape during a Ctrl-drag of a
// burst let go of the area first, so the drag could not find it to put it
// back: the burst stayed where the pointer had taken it, moved with no
// undo step. Escape now puts it back and keeps it picked.
func TestEscapeInAnAreaDragPutsTheBurstBack(t *testing.T) {
	e := openEncounter(t, 12, 10)
	e.Areas = []model.Area{{Kind: model.Burst, X: 4, Y: 4, Radius: 10}}
	ed, _, _ := newTestEditor(t, e)
	mouseDown(ed, 4, 4, fyne.KeyModifierControl)
	dragTo(ed, 7, 6)
	if a := ed.enc.Areas[0]; a.X == 4 && a.Y == 4 {
		t.Fatal("the Ctrl-drag did not move the burst")
	}
	ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	ed.view.DragEnd()
	mouseUp(ed, 7, 6)
	if a := ed.enc.Areas[0]; a.X != 4 || a.Y != 4 {
		t.Errorf("after Escape the burst is at (%d, %d), want (4, 4)", a.X, a.Y)
	}
	if ed.pickedArea() != 0 {
		t.Errorf("Escape in the drag let go of the burst")
	}
	if ed.hist.Peek() != nil {
		t.Errorf("the abandoned drag left an undo step")
	}
}
