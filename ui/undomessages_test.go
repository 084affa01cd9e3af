package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// TestUndoAndRedoSayWhatTheyDid: after Fog > Hide all the bar said "Every
// square hidden", and still did once Ctrl+Z revealed them again. Undo and
// redo now say what they undid or redid, or that there was nothing.
func TestUndoAndRedoSayWhatTheyDid(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	menuAction(t, ed.win, "Fog", "Hide all")()
	if m := ed.status.msgLabel.Text; m != "Every square hidden" {
		t.Fatalf("Hide all said %q", m)
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	if m := ed.status.msgLabel.Text; m != "Undone: fog of war changed" {
		t.Errorf("Ctrl+Z said %q", m)
	}
	typeShortcut(ed, fyne.KeyY, fyne.KeyModifierShortcutDefault)
	if m := ed.status.msgLabel.Text; m != "Redone: fog of war changed" {
		t.Errorf("Ctrl+Y said %q", m)
	}
	typeShortcut(ed, fyne.KeyY, fyne.KeyModifierShortcutDefault)
	if m := ed.status.msgLabel.Text; m != "nothing to redo" {
		t.Errorf("Ctrl+Y with nothing to redo said %q", m)
	}
	dae, _ := tokenAt(t, ed, "Dae")
	if !ed.MoveToken(dae, 9, 5, false) {
		t.Fatal("Dae was not moved")
	}
	menuAction(t, ed.win, "Edit", "Undo")()
	if m := ed.status.msgLabel.Text; m != "Undone: Dae moved" {
		t.Errorf("Edit > Undo said %q", m)
	}
}
