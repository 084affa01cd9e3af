package ui

import (
	"context"
	"testing"

	"encounterplanner/model"
)

// TestEditorRenameRefusesANameAnotherEncounterHas: the editor's Encounter
// > Rename took a name another encounter in the library had, in any
// case, and the command line's export-encounter then found two. It is
// refused, naming the other, the dialog back as typed, the name kept.
func TestEditorRenameRefusesANameAnotherEncounterHas(t *testing.T) {
	ed, st, _ := newTestEditor(t, model.Sample())
	crypt := model.Sample()
	crypt.ID, crypt.Name = "", "Crypt"
	if err := st.Save(context.Background(), crypt); err != nil {
		t.Fatal(err)
	}
	was := ed.enc.Name
	ed.renameDialog()
	ens, _, _ := topDialog(t, ed.win)
	ens[0].SetText("CRYPT")
	ens = submitRefused(t, ed, "Rename to another's name", `Another encounter in the library is already called "Crypt" (the same name, in other capitals)`)
	if ens[0].Text != "CRYPT" || ed.enc.Name != was {
		t.Errorf("the dialog came back with %q and the encounter is %q; want CRYPT typed and %q kept", ens[0].Text, ed.enc.Name, was)
	}
	ens[0].SetText("Crypt below")
	enter(ed.win)
	if ed.enc.Name != "Crypt below" || ed.win.Canvas().Overlays().Top() != nil {
		t.Errorf("a free name: %q, dialog open %v", ed.enc.Name, ed.win.Canvas().Overlays().Top() != nil)
	}
}
