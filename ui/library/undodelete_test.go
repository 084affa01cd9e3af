package library

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestDeleteCanBeUndone: Delete… deleted an encounter for good, a map
// and its fight with it, on one click the GM may have meant for the row
// beside it. The line under the list now says what was deleted and
// offers Undo delete (Ctrl+Z too), which stores it again as it was: the
// same id, tokens, fight and notes. Two deletes undo last first.
func TestDeleteCanBeUndone(t *testing.T) {
	test.NewTempApp(t)
	den := model.Sample()
	den.Name = "Smuggler's den"
	den.Notes = []model.Note{{X: 1, Y: 1, Text: "The crates hide a hatch"}}
	alpha, _ := NewEncounter("Alpha", model.PF1E, 10, 8, 5)
	st := memstore.New(den, alpha)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, func(string) {})
	id := l.Items()[rowOf(t, l, "Smuggler's den")].ID
	want, err := st.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}

	if err := l.Delete(id); err != nil {
		t.Fatal(err)
	}
	if err := l.Delete(l.Items()[rowOf(t, l, "Alpha")].ID); err != nil {
		t.Fatal(err)
	}
	if st.Count() != 0 {
		t.Fatalf("%d encounters after two deletes", st.Count())
	}
	undo := buttonIn(t, l.Content(), "Undo delete")
	if !undo.Visible() {
		t.Fatal("the line under the list offers no Undo delete")
	}
	if got := l.news.Text; !strings.Contains(got, `Deleted "Alpha"`) {
		t.Errorf("the line under the list says %q, want what was deleted", got)
	}

	test.Tap(undo) // Alpha, the last deleted
	if st.Count() != 1 || len(l.Items()) != 1 || l.Items()[0].Name != "Alpha" {
		t.Fatalf("Undo delete brought back %v, want Alpha", l.Items())
	}
	if got := l.news.Text; !strings.Contains(got, `"Alpha" is back`) {
		t.Errorf("the line under the list says %q after the undo", got)
	}
	// Ctrl+Z: the den, with its tokens, fight and notes
	w.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutUndo{})
	got, err := st.Load(t.Context(), id)
	if err != nil {
		t.Fatalf("Ctrl+Z did not bring the den back under its id: %v", err)
	}
	got.Version, got.Created, got.Updated = want.Version, want.Created, want.Updated
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the den came back changed:\n got %+v\nwant %+v", got, want)
	}
	if s, ok := l.selected(); !ok || s.ID != id {
		t.Errorf("the den brought back should be selected: %v %v", s, ok)
	}
	if undo.Visible() {
		t.Error("Undo delete still offered with nothing left to undo")
	}
}
