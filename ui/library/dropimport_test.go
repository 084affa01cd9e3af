package library

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/internal/memstore"
)

// TestDroppedOnTheLibrary: a Universal VTT map dropped on the library is
// imported and opened as Import Universal VTT… does; any other file is
// refused in a dialog saying what the library takes.
func TestDroppedOnTheLibrary(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(900, 600))
	st := memstore.New()
	opened := make(chan string, 1)
	l := New(w, st, func(id string) { opened <- id })
	dir := t.TempDir()
	put := func(name, body string) fyne.URI {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return storage.NewFileURI(path)
	}
	l.dropped(fyne.Position{}, []fyne.URI{put("notes.txt", "x")})
	if got := topText(t, w); !strings.Contains(got, "Nothing imported") || !strings.Contains(got, ".dd2vtt") {
		t.Fatalf("a text file dropped on the library: %q", got)
	}
	w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
	l.dropped(fyne.Position{}, []fyne.URI{put("cave.dd2vtt", uvttJSON)})
	select {
	case id := <-opened:
		if e, err := st.Load(context.Background(), id); err != nil || e.Name != "cave" {
			t.Fatalf("the dropped map stored as %+v (%v)", e, err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the dropped map was not imported: %d stored, the window shows %q", st.Count(), topText(t, w))
	}
}
