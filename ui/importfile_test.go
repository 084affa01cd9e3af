package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/storage"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// offMapMap is a 6 x 4 Universal VTT map with a wall on it, a wall beyond
// its right edge and a light.
const offMapMap = `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 6, "y": 4}, "pixels_per_grid": 70},
 "line_of_sight": [[{"x": 1, "y": 1}, {"x": 4, "y": 1}], [{"x": 9, "y": 0}, {"x": 9, "y": 4}]], "portals": [],
 "lights": [{"position": {"x": 1, "y": 1}, "range": 2}]}`

// TestImportFromTheEditorKeepsItsWork: Import Universal VTT… from the
// editor returns to the UI goroutine at once, an import under way on the
// window; when the map is read (on another goroutine) the open
// encounter's unsaved edit is saved, the new encounter opens in its place
// and a dialog says what the import left out. An error arrives as the
// error dialog naming the field, the open encounter staying.
func TestImportFromTheEditorKeepsItsWork(t *testing.T) {
	e := model.Sample()
	s, w, st, p := startShell(t, e, Options{InitialEncounterID: e.Name})
	ed := s.Editor()
	if err := ed.apply("", func(c *model.Encounter) error { c.Grid.Set(0, 0, model.Obstacle); return nil }); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	crypt := filepath.Join(dir, "crypt.dd2vtt")
	bad := filepath.Join(dir, "bad.dd2vtt")
	if err := os.WriteFile(crypt, []byte(offMapMap), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(`{"resolution":{"map_size":{"x":6,"y":4}},"portals":[{"bounds":[]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}

	library.StartImport(w, st, storage.NewFileURI(bad), true, p.post, ed.openOther) // as the menu does
	p.until(t, "the error", func() bool { return errorText(w) != "" })
	if got := errorText(w); !strings.Contains(got, "Could not import bad.dd2vtt") || !strings.Contains(got, "ortals[0].bounds: needs the door's two ends") {
		t.Errorf("the error dialog says %q", got)
	}
	if s.Editor() != ed {
		t.Fatal("a failed import left the open encounter")
	}
	w.Canvas().Overlays().Top().Hide()

	start := time.Now()
	library.StartImport(w, st, storage.NewFileURI(crypt), true, p.post, ed.openOther)
	held := time.Since(start)
	if got := allText(w.Canvas().Overlays().Top()); !strings.Contains(got, "Reading and checking the map") || s.Editor() != ed {
		t.Errorf("as the import starts, the window shows %q", got)
	}
	p.until(t, "the new encounter", func() bool { return s.Editor() != ed })
	t.Logf("the UI goroutine was held %v by the start", held)
	if got := s.Editor().Encounter(); got.Name != "crypt" || got.Grid.W != 6 || len(got.Edges) != 1 {
		t.Errorf("opened %q %dx%d with %d edges", got.Name, got.Grid.W, got.Grid.H, len(got.Edges))
	}
	if got := allText(w.Canvas().Overlays().Top()); !strings.Contains(got, "1 wall lies outside the 6 x 4 map and was left out; 1 light was left out") {
		t.Errorf("after the import, the window shows %q", got)
	}
	old, err := st.Load(t.Context(), ed.Encounter().ID)
	if err != nil || old.Grid.At(0, 0) != model.Obstacle {
		t.Errorf("the edit made before the import was not saved: %v", err)
	}
}
