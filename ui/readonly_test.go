package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/library"
)

// TestReadOnlyLibraryShowsABanner: a library opened read-only (a database
// on a read-only disk) looked like any other; edits then failed on every
// autosave. The library and the editor now say so up front, the editor
// offers "Save a copy elsewhere…", and autosave does not try.
func TestReadOnlyLibraryShowsABanner(t *testing.T) {
	test.NewTempApp(t)
	st := memstore.New(model.Sample())
	st.RO = true
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	library.New(w, st, nil)
	if txt := allText(w.Content()); !strings.Contains(txt, "read-only") || !strings.Contains(txt, "Export encounter file") {
		t.Errorf("the read-only library says %q: want the read-only banner and how to keep a copy", txt)
	}

	id, err := st.Find(t.Context(), "Derelict cargo bay")
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := st.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	p := newPump()
	ed := newEditor(test.NewTempWindow(t, widget.NewLabel("")), st, loaded, p.post)
	t.Cleanup(ed.Close)
	ed.win.Resize(fyne.NewSize(1024, 700))
	var saveCopy *widget.Button
	walkObjects(ed.content, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Save a copy elsewhere…" {
			saveCopy = b
		}
	})
	if txt := allText(ed.content); !strings.Contains(txt, "read-only") || saveCopy == nil {
		t.Fatalf("the editor on a read-only library shows no banner with Save a copy elsewhere… (%q)", txt)
	}
	for _, m := range ed.win.MainMenu().Items {
		for _, it := range m.Items {
			switch it.Label {
			case "New encounter…", "Save", "Save as copy", "Import encounter file…", "Import Universal VTT…", "New from map image…":
				if !it.Disabled {
					t.Errorf("File > %s is on in the editor of a read-only library", it.Label)
				}
			case "Export encounter file…", "Open library…":
				if it.Disabled {
					t.Errorf("File > %s is off in the editor of a read-only library", it.Label)
				}
			}
		}
	}
	saves := st.Saves
	ed.Select(0)
	ed.DeleteToken()
	p.drain()
	ed.refreshAll()
	if got := ed.status.saveLabel.Text; got != "read-only" {
		t.Errorf("the save state reads %q, want read-only", got)
	}
	if ed.saving.saveTimer != nil {
		t.Errorf("autosave was scheduled on a read-only library")
	}
	if ed.SaveNow() == nil || st.Saves != saves {
		t.Errorf("Ctrl+S on a read-only library should not save")
	}
	left := false
	ed.saveBeforeLeaving(func() { left = true })
	if left {
		t.Fatal("leaving with edits a read-only library cannot keep did not ask")
	}
	_, _, buttons := topDialog(t, ed.win)
	if buttons["Save a copy elsewhere…"] == nil || buttons["Leave without saving"] == nil {
		t.Errorf("leaving asks with %v", buttons)
	}
	test.Tap(buttons["Leave without saving"])
	if !left {
		t.Errorf("Leave without saving did not leave")
	}
}
