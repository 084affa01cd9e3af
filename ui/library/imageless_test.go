package library

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// imagelessStore counts the loads of a store that can leave the images
// out.
type imagelessStore struct {
	*memstore.Store
	full, bare int
}

func (s *imagelessStore) Load(ctx context.Context, id string) (*model.Encounter, error) {
	s.full++
	return s.Store.Load(ctx, id)
}

func (s *imagelessStore) LoadWithoutImages(ctx context.Context, id string) (*model.Encounter, error) {
	s.bare++
	e, err := s.Store.Load(ctx, id)
	if err == nil {
		e.Background = ""
	}
	return e, err
}

// TestThreatsReadNoImages: the library rates each encounter it lists
// without reading its map image where the store can leave it out (fifteen
// 20 MB map images took 270-370 ms a listing).
func TestThreatsReadNoImages(t *testing.T) {
	test.NewTempApp(t)
	st := &imagelessStore{Store: memstore.New(model.Sample())}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	l := New(w, st, func(string) {})
	if l.Threat(0) == "" {
		t.Fatal("the sample has no threat in the list")
	}
	if st.full != 0 || st.bare == 0 {
		t.Errorf("the listing loaded %d encounters whole and %d without images; want none whole", st.full, st.bare)
	}
}
