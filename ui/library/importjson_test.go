package library

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
)

// uvttJSON is a 4 x 3 Universal VTT map with one wall, as map makers and
// VTT modules save it under .json.
const uvttJSON = `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 70},
 "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}]], "portals": []}`

// TestImportTakesUniversalVTTSavedAsJSON: a Universal VTT map saved as
// .json, which the command line imports as one, was refused by the app's
// Import encounter file… ("unknown field resolution", then "for a .dd2vtt
// map use Import Universal VTT", whose dialog did not list .json files):
// the app could not import it at all. Either import now takes it, and
// Import Universal VTT… takes an encounter file chosen there too.
func TestImportTakesUniversalVTTSavedAsJSON(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	cave := filepath.Join(dir, "cave.json")
	if err := os.WriteFile(cave, []byte(uvttJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	den := filepath.Join(dir, "den.json")
	f, err := os.Create(den)
	if err != nil {
		t.Fatal(err)
	}
	if err := model.WriteEncounter(f, model.Sample()); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, uvtt := range []bool{false, true} {
		st := memstore.New()
		id, _, err := ImportFile(st, storage.NewFileURI(cave), uvtt)
		if err != nil {
			t.Fatalf("uvtt dialog %v: cave.json refused: %v", uvtt, err)
		}
		e, err := st.Load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if e.Name != "cave" || e.Grid.W != 4 || e.Grid.H != 3 || len(e.Edges) != 1 {
			t.Errorf("uvtt dialog %v: imported %q %dx%d with %d edges, want cave 4x3 with its wall", uvtt, e.Name, e.Grid.W, e.Grid.H, len(e.Edges))
		}
		id, _, err = ImportFile(st, storage.NewFileURI(den), uvtt)
		if err != nil {
			t.Fatalf("uvtt dialog %v: den.json refused: %v", uvtt, err)
		}
		if e, _ := st.Load(context.Background(), id); e == nil || e.Name != model.Sample().Name {
			t.Errorf("uvtt dialog %v: the encounter file imported as %+v", uvtt, e)
		}
	}
}

// TestImportTakesAnEncounterFileUnderAMapsName: an encounter file named
// den.dd2vtt (renamed, or saved so by another tool), chosen in Import
// Universal VTT… or dropped on the window, imports as the encounter it is;
// the map's reader refused it as "format: must be a number, not string".
func TestImportTakesAnEncounterFileUnderAMapsName(t *testing.T) {
	test.NewTempApp(t)
	den := filepath.Join(t.TempDir(), "den.dd2vtt")
	f, err := os.Create(den)
	if err != nil {
		t.Fatal(err)
	}
	if err := model.WriteEncounter(f, model.Sample()); err != nil {
		t.Fatal(err)
	}
	f.Close()
	st := memstore.New()
	id, _, err := ImportFile(st, storage.NewFileURI(den), true)
	if err != nil {
		t.Fatalf("den.dd2vtt refused: %v", err)
	}
	if e, _ := st.Load(context.Background(), id); e == nil || e.Name != model.Sample().Name || len(e.Tokens) != len(model.Sample().Tokens) {
		t.Errorf("the encounter file imported as %+v", e)
	}
}
