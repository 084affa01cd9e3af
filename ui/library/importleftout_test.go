package library

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/internal/memstore"
)

// offMapJSON is uvttJSON's 4 x 3 map with a second wall and a door beyond
// its right edge, and a light.
const offMapJSON = `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 70},
 "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}], [{"x": 6, "y": 0}, {"x": 6, "y": 3}]],
 "portals": [{"bounds": [{"x": 6, "y": 1}, {"x": 6, "y": 2}]}],
 "lights": [{"position": {"x": 1, "y": 1}, "range": 2}]}`

// TestImportFileSaysWhatItLeftOut: the app's import stores what lies on
// the map and returns, in the GM's words, what it left out; ShowLeftOut
// puts that over the window.
func TestImportFileSaysWhatItLeftOut(t *testing.T) {
	test.NewTempApp(t)
	p := filepath.Join(t.TempDir(), "crypt.dd2vtt")
	if err := os.WriteFile(p, []byte(offMapJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	st := memstore.New()
	id, left, err := ImportFile(st, storage.NewFileURI(p), true)
	if err != nil {
		t.Fatal(err)
	}
	want := "1 wall and 1 door lie outside the 4 x 3 map and were left out; 1 light was left out: the app has no lights"
	if left != want {
		t.Errorf("left out %q, want %q", left, want)
	}
	if e, err := st.Load(t.Context(), id); err != nil || len(e.Edges) != 1 {
		t.Errorf("stored %v, %v: want the wall on the map", e, err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	if ShowLeftOut(w, "crypt.dd2vtt", "") != nil || w.Canvas().Overlays().Top() != nil {
		t.Error("nothing left out: a dialog shows")
	}
	ShowLeftOut(w, "crypt.dd2vtt", left)
	if got := labelsOf(t, w.Canvas().Overlays().Top()); !strings.Contains(got, "Imported crypt.dd2vtt, leaving some of it out") || !strings.Contains(got, "1 wall and 1 door lie outside the 4 x 3 map") {
		t.Errorf("the dialog says %q", got)
	}
}
