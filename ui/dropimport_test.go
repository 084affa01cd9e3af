package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"encounterplanner/model"
)

// dropFile writes body to a file named name in a temporary folder and
// returns its URI, as a file dropped on the window gives it.
func dropFile(t *testing.T, name, body string) fyne.URI {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return storage.NewFileURI(path)
}

const droppedMap = `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}, "pixels_per_grid": 70},
 "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}]], "portals": []}`

// TestDroppedMapIsImported: a Universal VTT map or an encounter file
// dropped on the editor's window is imported as the Import menu items do,
// and the new encounter opens; a picture dropped with no token selected
// still asks for one, and a drop while a dialog is up does nothing.
func TestDroppedMapIsImported(t *testing.T) {
	ed, st, p := newTestEditor(t, openEncounter(t, 6, 6))
	var opened []string
	ed.OnOpen = func(id string) { opened = append(opened, id) }
	ed.dropped(fyne.Position{}, []fyne.URI{dropFile(t, "crypt.dd2vtt", droppedMap)})
	p.until(t, "the map imported", func() bool { return len(opened) == 1 })
	e, err := st.Load(context.Background(), opened[0])
	if err != nil || e.Name != "crypt" || e.Grid.W != 4 || len(e.Edges) == 0 {
		t.Fatalf("the dropped map stored as %+v (%v)", e, err)
	}

	var buf strings.Builder
	enc := &model.Encounter{Name: "Vault", Ruleset: model.SF2E, Grid: model.NewGrid(3, 3)}
	if err := model.WriteEncounter(&buf, enc); err != nil {
		t.Fatal(err)
	}
	ed.dropped(fyne.Position{}, []fyne.URI{dropFile(t, "vault.encounter.json", buf.String())})
	p.until(t, "the encounter file imported", func() bool { return len(opened) == 2 })
	if e, err := st.Load(context.Background(), opened[1]); err != nil || e.Name != "Vault" {
		t.Fatalf("the dropped encounter file stored as %+v (%v)", e, err)
	}

	ed.dropped(fyne.Position{}, []fyne.URI{dropFile(t, "notes.txt", "x")})
	if got := ed.status.msgLabel.Text; !strings.Contains(got, "Select a token first") {
		t.Errorf("a drop of another file with no token selected says %q", got)
	}
	n := st.Count()
	ed.renameDialog()
	ed.dropped(fyne.Position{}, []fyne.URI{dropFile(t, "crypt.dd2vtt", droppedMap)})
	p.drain()
	if st.Count() != n {
		t.Errorf("a map dropped while a dialog is up was imported")
	}
}
