package library

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/internal/posttest"
)

// TestLibraryShowsWhatChangedElsewhere: the library listed the store once,
// as it opened. An encounter imported on the command line, or saved,
// renamed or deleted by another copy of the app, changed nothing in it
// until the GM left it and came back: the import was not there, and a
// row deleted elsewhere stayed and opened to "Open "b7279…": find
// encounter "b7279…": encounter not found". The library looks at the
// store while it shows (Watch) and lists it again when it changed,
// keeping the selection; opening, renaming, duplicating or deleting a
// row gone meanwhile says the encounter was deleted elsewhere, by its
// name, and lists the store again.
func TestLibraryShowsWhatChangedElsewhere(t *testing.T) {
	test.NewTempApp(t)
	alpha, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	beta, _ := NewEncounter("Beta", model.SF2E, 10, 8, 5)
	st := &countingStore{Store: memstore.New(alpha, beta)}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	var opened string
	l := New(w, st, func(id string) { opened = id })
	q := posttest.New()
	l.Watch(time.Millisecond, q.Post)
	l.Select(rowOf(t, l, "Alpha"))

	// the command line imports Gamma; another copy deletes Beta
	gamma, _ := NewEncounter("Gamma", model.SF2E, 4, 4, 5)
	if _, _, err := st.Import(context.Background(), gamma); err != nil {
		t.Fatal(err)
	}
	if err := st.Delete(context.Background(), beta.ID); err != nil {
		t.Fatal(err)
	}
	q.Until(t, "the list read again", func() bool { return listed(l) == "Alpha|Gamma" })
	if s, ok := l.selected(); !ok || s.Name != "Alpha" {
		t.Errorf("the selection did not stay on Alpha: %+v", s)
	}

	// renamed elsewhere
	if err := st.Rename(context.Background(), alpha.ID, "Alpha prime"); err != nil {
		t.Fatal(err)
	}
	q.Until(t, "the rename listed", func() bool { return listed(l) == "Alpha prime|Gamma" })

	// a row deleted between two looks: Enter says so, by its name
	if err := st.Delete(context.Background(), alpha.ID); err != nil {
		t.Fatal(err)
	}
	l.Select(rowOf(t, l, "Alpha prime"))
	w.Canvas().Unfocus()
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if opened != "" {
		t.Errorf("opened %q, deleted elsewhere", opened)
	}
	words := labelsOf(t, w.Canvas().Overlays().Top())
	if !strings.Contains(words, `"Alpha prime"`) || !strings.Contains(words, "deleted") || strings.Contains(words, alpha.ID) {
		t.Errorf("opening a row deleted elsewhere says %q; want its name and that it was deleted, not its id", words)
	}
	if listed(l) != "Gamma" {
		t.Errorf("after the refusal the list is %q, want Gamma alone", listed(l))
	}
	w.Canvas().Overlays().Top().Hide()
	w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())

	// once the editor has the window the library stops looking
	w.SetContent(widget.NewLabel("the editor"))
	time.Sleep(20 * time.Millisecond)
	q.Drain() // the look under way, which finds the window taken
	n := st.lists.Load()
	time.Sleep(30 * time.Millisecond)
	q.Drain()
	if st.lists.Load() != n {
		t.Errorf("the library went on listing the store after the window showed something else")
	}
}

// countingStore counts the lists made of it.
type countingStore struct {
	*memstore.Store
	lists atomic.Int32
}

func (s *countingStore) List(ctx context.Context) ([]model.Summary, error) {
	s.lists.Add(1)
	return s.Store.List(ctx)
}

// listed is the listed names in alphabetical order, joined by "|".
func listed(l *Library) string {
	n := names(l)
	slices.Sort(n)
	return strings.Join(n, "|")
}
