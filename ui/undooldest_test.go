package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/session"
)

// TestUndoSaysWhenTheOldestStepsWereLetGo: undo keeps the last
// session.HistoryLimit steps. After 120 token moves, the 101st Ctrl+Z
// said "nothing to undo", as if the session had begun there: the first
// twenty moves were let go without a word. It now says undo goes no
// further back and how far it goes; with nothing let go it still says
// "nothing to undo".
func TestUndoSaysWhenTheOldestStepsWereLetGo(t *testing.T) {
	e := openEncounter(t, 12, 12)
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Dae", Size: model.Medium, Side: "party"}}
	ed, _, _ := newTestEditor(t, e)
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	if m := ed.status.msgLabel.Text; m != "nothing to undo" {
		t.Errorf("Ctrl+Z on an encounter just opened said %q", m)
	}
	i, _ := tokenAt(t, ed, "Dae")
	for n := range 120 {
		if !ed.MoveToken(i, 1+n%2, 0, true) {
			t.Fatalf("move %d refused", n)
		}
	}
	for range session.HistoryLimit {
		typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	}
	if m := ed.status.msgLabel.Text; !strings.HasPrefix(m, "Undone") {
		t.Fatalf("the %dth Ctrl+Z said %q", session.HistoryLimit, m)
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	m := ed.status.msgLabel.Text
	if m == "nothing to undo" || !strings.Contains(m, "100 steps") {
		t.Errorf("Ctrl+Z past the oldest step kept said %q; want that undo goes back 100 steps and no further", m)
	}
}
