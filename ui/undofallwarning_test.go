package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// TestUndoSaysItselfOverTheFallWarning: a rat raised to 15 ft, then to
// 5000 ft in the Elevation field; Ctrl+Z put it back at 15 ft and said
// "Undone: Rat's height changed", and the overlays' answer for the state
// undone to (a walker in the air must fall before it moves) replaced it
// at once. The undo's words stay; the fall is the hover's and the map's
// to tell until they go.
func TestUndoSaysItselfOverTheFallWarning(t *testing.T) {
	e := openEncounter(t, 8, 6)
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Rat", Side: "enemy", X: 2, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, _, p := newTestEditor(t, e)
	ed.Select(0)
	for range 3 {
		ed.key(&fyne.KeyEvent{Name: fyne.KeyPageUp}) // each press its own step
	}
	settle(t, ed, p)
	en := entryOf(t, formWidget(t, ed, elevationLabel))
	en.SetText("")
	test.Type(en, "5000")
	settle(t, ed, p)
	if z := ed.enc.Tokens[0].Elevation; z != 5000 {
		t.Fatalf("typed 5000: %d ft", z)
	}
	for _, step := range []struct {
		do   func()
		z    int
		said string
	}{
		{ed.Undo, 15, "Undone: Rat's height changed"},
		{ed.Redo, 5000, "Redone: Rat's height changed"},
		{ed.Undo, 15, "Undone: Rat's height changed"},
		{ed.Undo, 10, "Undone: Rat's height changed"},
	} {
		step.do()
		ed.requestOverlays() // the pointer moved over the map since
		settle(t, ed, p)
		if z, m := ed.enc.Tokens[0].Elevation, ed.status.msgLabel.Text; z != step.z || m != step.said {
			t.Errorf("at %d ft (want %d) the status bar says %q, want %q", z, step.z, m, step.said)
		}
	}
}
