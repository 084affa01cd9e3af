package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/library"
)

// typeOverAndEnter types s into whatever has the focus, then Enter.
func typeOverAndEnter(t *testing.T, c fyne.Canvas, s string) {
	t.Helper()
	en, ok := c.Focused().(interface {
		fyne.Focusable
		TypedShortcut(fyne.Shortcut)
	})
	if !ok {
		t.Fatalf("the name field should have the focus when the dialog opens, not %T", c.Focused())
	}
	for _, r := range s {
		en.TypedRune(r)
	}
	en.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// TestRenameDialogsTypeOver: Rename… opened with nothing focused, so the
// GM's typing went nowhere until a click in the field, and Enter did not
// rename (in the library and in the editor's Encounter menu).
func TestRenameDialogsTypeOver(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := library.New(w, st, func(string) {})
	l.Select(0)
	l.RenameSelected()
	typeOverAndEnter(t, w.Canvas(), "Bay")
	if got := l.Items()[0].Name; got != "Bay" {
		t.Errorf("library rename: %q, want the typed name to replace the old one", got)
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Errorf("Enter should close the Rename dialog")
	}

	ed, _, _ := newTestEditor(t, model.Sample())
	ed.renameDialog()
	typeOverAndEnter(t, ed.win.Canvas(), "Hold")
	if ed.enc.Name != "Hold" {
		t.Errorf("editor rename: %q, want Hold", ed.enc.Name)
	}
}

// TestMapDialogFieldsFitTheirNumbers: Encounter > Map size and scale was
// a form sized to its contents, with 40-pixel fields where "22" fitted
// and "1000" did not, nothing focused and Enter doing nothing.
func TestMapDialogFieldsFitTheirNumbers(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.mapDialog()
	en, _, _ := topDialog(t, ed.win)
	if len(en) != 3 {
		t.Fatalf("%d fields in the map dialog, want width, height and feet", len(en))
	}
	need := fyne.MeasureText("1000", theme.TextSize(), fyne.TextStyle{}).Width + 4*theme.InnerPadding()
	for i, e := range en {
		if w := e.Size().Width; w < need {
			t.Errorf("field %d is %.0f px wide, too narrow for 1000 (%.0f)", i, w, need)
		}
	}
	typeOverAndEnter(t, ed.win.Canvas(), "30")
	if ed.enc.Grid.W != 30 || ed.enc.Grid.H != 13 {
		t.Errorf("after typing 30 and Enter the map is %d x %d, want 30 x 13", ed.enc.Grid.W, ed.enc.Grid.H)
	}
}
