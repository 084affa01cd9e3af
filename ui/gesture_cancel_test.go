package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// TestEscapeTakesTheRectangleOffTheMap: Escape in the middle of a
// rectangle drag put the squares back in the model but left the preview
// drawn (and the status bar naming it) until something else redrew the
// map, kept a stale snapshot for the overlays, and left an undo step that
// did nothing, so the next Ctrl+Z seemed broken.
func TestEscapeTakesTheRectangleOffTheMap(t *testing.T) {
	e := openEncounter(t, 12, 8)
	ed, _, p := newTestEditor(t, e)
	c := ed.win.Canvas()
	test.TypeOnCanvas(c, "b2")
	gesture(ed, 0, [2]int{1, 1})
	settle(t, ed, p)
	walled := ed.enc.Grid.Clone()
	ed.hover(0, 0, false)
	ed.message("")
	settle(t, ed, p)
	clean := mapShot(ed)

	test.TypeOnCanvas(c, "r4")
	mouseDown(ed, 3, 2, 0)
	dragTo(ed, 6, 5)
	if ed.enc.Grid.At(5, 4) != model.Difficult {
		t.Fatalf("the rectangle preview should be on the map while dragging")
	}
	settle(t, ed, p)
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if got := ed.status.hoverLabel.Text; got != "(6, 5) open" {
		t.Errorf("status bar after Escape: %q, want the square open again", got)
	}
	ed.view.DragEnd()
	mouseUp(ed, 6, 5)
	ed.hover(0, 0, false)
	ed.message("")
	settle(t, ed, p)
	for i := range walled.Cells {
		if ed.enc.Grid.Cells[i] != walled.Cells[i] {
			t.Fatalf("square %d is %v after Escape, want %v", i, ed.enc.Grid.Cells[i], walled.Cells[i])
		}
	}
	if snap := ed.snapshot(); snap.Grid.At(5, 4) != 0 {
		t.Errorf("the overlays' snapshot still has the abandoned rectangle")
	}
	if !sameImage(mapShot(ed), clean) {
		t.Errorf("the map still shows the rectangle after Escape")
	}
	ed.Undo()
	if ed.enc.Grid.At(1, 1) != 0 {
		t.Errorf("Ctrl+Z after Escape should undo the wall painted before, not the abandoned rectangle")
	}

	// a tool key in the middle of a line drag does the same
	ed.Redo()
	test.TypeOnCanvas(c, "l")
	mouseDown(ed, 0, 6, 0)
	dragTo(ed, 8, 6)
	test.TypeOnCanvas(c, "v")
	ed.view.DragEnd()
	mouseUp(ed, 8, 6)
	ed.hover(0, 0, false)
	ed.message("")
	settle(t, ed, p)
	if n := countTerrain(&ed.enc.Grid, model.Wall); n != 1 {
		t.Errorf("%d walls after switching tools mid-line, want the 1 painted before", n)
	}
	if !sameImage(mapShot(ed), clean) {
		t.Errorf("the map still shows the line after switching tools")
	}
}
