package ui

import (
	"io"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestEscapeCancelsTheFileDialogs: Escape left Fyne's file dialogs open
// (Open a map image, Export). It now cancels them as Cancel does, without
// writing anything: in the Open dialog, which has no text field, in the
// Save dialog once its file name field has lost the focus, and, since
// Fyne's field kept Escape to itself, with the cursor in the file name,
// the way the Save dialog opens.
func TestEscapeCancelsTheFileDialogs(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	esc := &fyne.KeyEvent{Name: fyne.KeyEscape}
	registered := ed.esc.Open()

	opened := false
	controls.OpenFile(ed.win, []string{".png"}, func(rc fyne.URIReadCloser) { opened = true; rc.Close() })
	if c.Overlays().Top() == nil {
		t.Fatal("no Open dialog")
	}
	c.Unfocus()
	c.OnTypedKey()(esc)
	if c.Overlays().Top() != nil || opened {
		t.Fatalf("Escape: Open dialog still shown %v, file opened %v", c.Overlays().Top() != nil, opened)
	}

	wrote := false
	ed.files.Save("export the map", "Sample.png", []string{".png"}, func(w io.Writer) error { wrote = true; return nil })
	if c.Overlays().Top() == nil {
		t.Fatal("no Save dialog")
	}
	c.Unfocus() // the GM clicked the folder list
	c.OnTypedKey()(esc)
	if c.Overlays().Top() != nil || wrote {
		t.Fatalf("Escape: Save dialog still shown %v, wrote %v", c.Overlays().Top() != nil, wrote)
	}

	ed.files.Save("export the map", "Sample.png", []string{".png"}, func(w io.Writer) error { wrote = true; return nil })
	name := c.Focused()
	if c.Overlays().Top() == nil || name == nil {
		t.Fatal("no Save dialog with the cursor in its file name")
	}
	name.TypedKey(esc)
	if c.Overlays().Top() != nil || wrote {
		t.Fatalf("Escape in the file name: Save dialog still shown %v, wrote %v", c.Overlays().Top() != nil, wrote)
	}
	if ed.esc.Open() > registered {
		t.Errorf("closed file dialogs are still registered: %d", ed.esc.Open()-registered)
	}
	// the editor's own Escape works again afterwards
	ed.Select(0)
	c.OnTypedKey()(esc)
	if ed.Selected() != -1 {
		t.Errorf("Escape with no dialog should deselect")
	}
}
