package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/library"
)

// TestEscapeCancelsNameAndSizeDialogs: Escape typed in the focused field of
// New encounter, Rename (library and editor) and Map size closes the dialog
// by its cancel path: nothing is created, renamed or resized.
func TestEscapeCancelsNameAndSizeDialogs(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := library.New(w, st, func(string) {})
	esc := func(what string, c fyne.Canvas) {
		t.Helper()
		f := c.Focused()
		if f == nil {
			t.Fatalf("%s: nothing focused", what)
		}
		f.TypedRune('x')
		f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if c.Overlays().Top() != nil {
			t.Errorf("%s: Escape left the dialog open", what)
		}
	}
	n := len(l.Items())
	l.NewDialog()
	esc("New encounter", w.Canvas())
	if len(l.Items()) != n {
		t.Errorf("Escape created an encounter")
	}
	l.Select(0)
	name := l.Items()[0].Name
	l.RenameSelected()
	esc("library Rename", w.Canvas())
	if l.Items()[0].Name != name {
		t.Errorf("Escape renamed the encounter to %q", l.Items()[0].Name)
	}

	ed, _, _ := newTestEditor(t, model.Sample())
	ed.renameDialog()
	esc("editor Rename", ed.win.Canvas())
	ed.mapDialog()
	esc("Map size", ed.win.Canvas())
	if ed.enc.Name != model.Sample().Name || ed.enc.Grid.W != model.Sample().Grid.W {
		t.Errorf("Escape changed the encounter: %q %dx%d", ed.enc.Name, ed.enc.Grid.W, ed.enc.Grid.H)
	}
}
