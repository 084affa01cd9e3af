package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestDeleteTokenSaysItsAreasGo: deleting a token deleted the areas it
// sends out without a word.
func TestDeleteTokenSaysItsAreasGo(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.Select(ed.enc.TokenIndex("Dae"))
	ed.PlaceArea(model.Area{Kind: model.Emanation, Radius: 10})
	n := len(ed.enc.Areas)
	ed.Select(ed.enc.TokenIndex("Dae"))
	ed.DeleteToken()
	if got, want := ed.status.msgLabel.Text, "Dae deleted, with its 1 area (Ctrl+Z brings them back)"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	ed.Undo()
	if len(ed.enc.Areas) != n || ed.enc.TokenIndex("Dae") < 0 {
		t.Errorf("undo brought back %d areas of %d", len(ed.enc.Areas), n)
	}
	ed.Select(ed.enc.TokenIndex("Iseph"))
	ed.DeleteToken()
	if got, want := ed.status.msgLabel.Text, "Iseph deleted (Ctrl+Z brings it back)"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}
