package ui

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/ui/internal/memstore"
)

// menuItem finds the item with label in the editor's menu title.
func menuItem(t *testing.T, ed *Editor, title, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range ed.menu().Items {
		if m.Label != title {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no %s > %s", title, label)
	return nil
}

// reopenEditor opens the encounter stored in st in a new editor of the
// same app: the app started again, with the preferences it kept.
func reopenEditor(t *testing.T, st *memstore.Store, id string) *Editor {
	t.Helper()
	loaded, err := st.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	p := newPump()
	ed := newEditor(w, st, loaded, p.post)
	w.Resize(fyne.NewSize(1024, 700))
	t.Cleanup(ed.Close)
	ed.view.SetView(testZoom, 0, 0)
	p.until(t, "first overlays", ed.overlaysIdle)
	return ed
}

// TestRevealFollowsThePartyIsKeptForTheNextRun: Fog > "Reveal follows the
// party" lived only in the editor, so it was off again after a restart;
// it is an app preference now, on in the next editor until turned off.
func TestRevealFollowsThePartyIsKeptForTheNextRun(t *testing.T) {
	e := openEncounter(t, 8, 3)
	ed, st, _ := newTestEditor(t, e)
	if menuItem(t, ed, "Fog", "Reveal follows the party").Checked {
		t.Fatal("on before the GM chose it")
	}
	menuItem(t, ed, "Fog", "Reveal follows the party").Action()
	if !ed.tools.fogFollow {
		t.Fatal("the menu item did not turn it on")
	}
	again := reopenEditor(t, st, e.ID)
	if !again.tools.fogFollow || !menuItem(t, again, "Fog", "Reveal follows the party").Checked {
		t.Fatal("not kept for the next run")
	}
	menuItem(t, again, "Fog", "Reveal follows the party").Action()
	if reopenEditor(t, st, e.ID).tools.fogFollow {
		t.Error("turned off, yet on in the next run")
	}
}
