package library

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// TestListingAgainReadsOnlyWhatChanged: the threat column read every
// stored encounter each time the library listed the store: with 300 dens
// (a fight and a party each) every delete, rename, duplicate or import,
// and each change seen from elsewhere (Watch), held the window 130 ms,
// and each return from the editor 195 ms. An encounter's threat is kept
// by its id and last change: listing again reads only the encounters
// changed since, in this library and the next one shown on the store.
func TestListingAgainReadsOnlyWhatChanged(t *testing.T) {
	test.NewTempApp(t)
	var es []*model.Encounter
	for i := range 300 {
		e := model.Sample()
		e.ID, e.Name = "", fmt.Sprintf("Bay %03d", i)
		es = append(es, e)
	}
	st := &loadCounter{Store: memstore.New(es...)}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, nil)
	if n := st.loads.Load(); n != 300 {
		t.Fatalf("the first listing read %d encounters, want all 300", n)
	}
	if l.Threat(0) == "" {
		t.Fatal("no threat listed")
	}
	st.loads.Store(0)
	if err := l.Delete(l.Items()[5].ID); err != nil {
		t.Fatal(err)
	}
	if n := st.loads.Load(); n != 1 {
		t.Errorf("listing again after a delete read %d encounters, want only the deleted one (kept for Undo delete)", n)
	}
	changed := l.Items()[7]
	e, _ := st.Store.Load(context.Background(), changed.ID)
	e.Party.Level++
	if err := st.Store.Save(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	st.loads.Store(0)
	l.Reload()
	if n := st.loads.Load(); n != 1 {
		t.Errorf("listing again after one save read %d encounters, want that one", n)
	}
	for i, s := range l.Items() {
		if s.ID == changed.ID && l.Threat(i) == l.Threat((i+1)%len(l.Items())) {
			t.Errorf("the saved encounter's threat %q is the one from before its party's level changed", l.Threat(i))
		}
	}
	st.loads.Store(0)
	New(w, st, nil)
	if n := st.loads.Load(); n != 0 {
		t.Errorf("the library shown again read %d encounters, want none", n)
	}
}

// loadCounter counts the encounters read from it.
type loadCounter struct {
	*memstore.Store
	loads atomic.Int32
}

func (s *loadCounter) Load(ctx context.Context, id string) (*model.Encounter, error) {
	s.loads.Add(1)
	return s.Store.Load(ctx, id)
}
