package library

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestDeleteConfirmationKeepsOnEscapeAndEnter: "Delete encounter?" ignored
// the keyboard. Escape now closes it keeping the encounter, and so does
// Enter: a destructive confirmation's safe answer is its default, so a
// stray Enter never deletes; deleting takes a click on Delete.
func TestDeleteConfirmationKeepsOnEscapeAndEnter(t *testing.T) {
	test.NewTempApp(t)
	a, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := memstore.New(model.Sample(), a)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, func(string) {})
	c := w.Canvas()
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		l.Select(0)
		c.Unfocus()
		l.DeleteSelected()
		if c.Overlays().Top() == nil {
			t.Fatal("Delete… should ask")
		}
		c.OnTypedKey()(&fyne.KeyEvent{Name: k})
		if c.Overlays().Top() != nil {
			t.Errorf("%s left the confirmation open", k)
		}
		if st.Count() != 2 {
			t.Errorf("%s deleted the encounter", k)
		}
	}
	// a click on Delete deletes
	l.Select(0)
	l.DeleteSelected()
	var del *widget.Button
	for _, o := range test.LaidOutObjects(c.Overlays().Top()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Delete" {
			del = b
		}
	}
	if del == nil {
		t.Fatal("no Delete button")
	}
	test.Tap(del)
	if st.Count() != 1 {
		t.Errorf("%d encounters after Delete, want 1", st.Count())
	}
}
