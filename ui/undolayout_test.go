package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// rightPaneLaidOut fails when the overlay switches spill out of the
// right-hand column's lower part: the part is shorter than they need, or
// the answers start above their end.
func rightPaneLaidOut(t *testing.T, ed *Editor, when string) {
	t.Helper()
	d := fyne.CurrentApp().Driver()
	h := ed.right.Size().Height
	if b, want := ed.right.Bottom.Size().Height, ed.right.Bottom.MinSize().Height; b < want-1 {
		t.Errorf("%s: the overlays part is %v px high, less than the %v its switches need", when, b, want)
	}
	if b := ed.right.Bottom.Size().Height; ed.right.Bottom.Position().Y+b > h+1 {
		t.Errorf("%s: the overlays part ends at %v, below the column's %v", when, ed.right.Bottom.Position().Y+b, h)
	}
	box := d.AbsolutePositionForObject(ed.ovp.box).Y + ed.ovp.box.MinSize().Height
	if lab := d.AbsolutePositionForObject(ed.ovp.coverLabel).Y; lab < box-1 {
		t.Errorf("%s: the answers start at y=%v, over the switches that end at %v", when, lab, box)
	}
}

// TestUndoingAnInspectorEditKeepsTheRightPane: undoing a name typed in the
// inspector drew the Overlays panel over the cover list and past the
// status bar, until another token was selected. The panel is rebuilt on
// undo, and the answers changing ("Cover from IsephX" back to "Iseph")
// laid the column out while it was empty.
func TestUndoingAnInspectorEditKeepsTheRightPane(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(ed.enc.TokenIndex("Iseph"))
	p.until(t, "overlays", ed.overlaysIdle)
	rightPaneLaidOut(t, ed, "selected")
	entryOf(t, formWidget(t, ed, "Name")).SetText("IsephX")
	p.until(t, "overlays", ed.overlaysIdle)
	ed.updateCoverList()
	rightPaneLaidOut(t, ed, "renamed")
	ed.Undo()
	p.until(t, "overlays", ed.overlaysIdle)
	ed.updateCoverList()
	rightPaneLaidOut(t, ed, "after undo")
	ed.Redo()
	p.until(t, "overlays", ed.overlaysIdle)
	ed.updateCoverList()
	rightPaneLaidOut(t, ed, "after redo")
}

// TestTheHandleStopsWhereTheOverlaysStillFit: dragging the handle to the
// bottom of the column pushed the Overlays panel under the status bar and
// its switches out of the window.
func TestTheHandleStopsWhereTheOverlaysStillFit(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(ed.enc.TokenIndex("Iseph"))
	p.until(t, "overlays", ed.overlaysIdle)
	handle := rightPaneHandle(t, ed)
	handle.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, 800)})
	handle.DragEnd()
	rightPaneLaidOut(t, ed, "dragged down")
	if b := ed.right.BottomHeight; b < ed.right.Bottom.MinSize().Height-1 {
		t.Errorf("the kept height %v is less than the panel's %v", b, ed.right.Bottom.MinSize().Height)
	}
}
