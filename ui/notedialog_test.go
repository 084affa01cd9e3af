package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// TestNoteDialogEnterSavesShiftEnterAddsALine: in the note dialog
// (right-click a square), Enter added a new line where every other dialog
// saves, as the README promises. Enter saves, Shift+Enter starts a new
// line, the hint under the field says so, and Escape cancels.
func TestNoteDialogEnterSavesShiftEnterAddsALine(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 6, 6))
	c := ed.win.Canvas()
	ed.noteDialog(2, 3)
	f := c.Focused()
	if f == nil {
		t.Fatal("the note dialog opens with no field focused")
	}
	hint := false
	walkObjects(c.Overlays().Top(), func(o fyne.CanvasObject) {
		if fm, ok := o.(*widget.Form); ok {
			for _, it := range fm.Items {
				hint = hint || strings.Contains(it.HintText, "Shift+Enter")
			}
		}
	})
	if !hint {
		t.Error("the note dialog does not say how to start a new line")
	}
	typeOn(c, "Pit trap")
	shift := &fyne.KeyEvent{Name: desktop.KeyShiftLeft}
	f.(desktop.Keyable).KeyDown(shift)
	typeOn(c, "", fyne.KeyReturn)
	f.(desktop.Keyable).KeyUp(shift)
	if c.Overlays().Top() == nil {
		t.Fatal("Shift+Enter closed the note dialog")
	}
	typeOn(c, "DC 20", fyne.KeyReturn)
	if c.Overlays().Top() != nil {
		t.Fatal("Enter in the note left the dialog open")
	}
	if len(ed.enc.Notes) != 1 || ed.enc.Notes[0].Text != "Pit trap\nDC 20" {
		t.Fatalf("notes %+v, want one of two lines", ed.enc.Notes)
	}

	ed.noteDialog(2, 3)
	typeOn(c, " (disarmed)", fyne.KeyEscape)
	if c.Overlays().Top() != nil || ed.enc.Notes[0].Text != "Pit trap\nDC 20" {
		t.Errorf("Escape: dialog open %v, note %q; want it closed and the note as it was", c.Overlays().Top() != nil, ed.enc.Notes[0].Text)
	}
}

// TestTwoLineNoteKeepsTheMapInPlace: hovering a square whose note has two
// lines put both in the status bar, which grew a line and shortened the
// map above it: the map moved under the pointer. The hovered note shows on
// one line, its lines joined by " / ".
func TestTwoLineNoteKeepsTheMapInPlace(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 6, 6))
	if err := ed.SetNote(2, 3, "Pit trap\nDC 20", false); err != nil {
		t.Fatal(err)
	}
	d := fyne.CurrentApp().Driver()
	ed.content.Refresh() // the test window does not lay out on MinSize changes
	pos, size := d.AbsolutePositionForObject(ed.view), ed.view.Size()
	ed.hover(2, 3, true)
	ed.content.Refresh()
	if got := ed.status.hoverLabel.Text; !strings.Contains(got, "note: Pit trap / DC 20") {
		t.Errorf("hovering the note: status %q, want it on one line", got)
	}
	if p, s := d.AbsolutePositionForObject(ed.view), ed.view.Size(); p != pos || s != size {
		t.Errorf("hovering a two-line note moved the map from %v %v to %v %v", pos, size, p, s)
	}
}
