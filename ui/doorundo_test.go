package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestUndoNamesTheDoorOpenedOrClosed: a door's click was undone as "walls
// and doors changed"; Undo and Redo now say what the click did.
func TestUndoNamesTheDoorOpenedOrClosed(t *testing.T) {
	e := doorRoom(t)
	e.Grid.Set(6, 2, model.Door)
	ed, _, _ := newTestEditor(t, e)
	click := corner(ed, 4, 1, 0.05, 0.5)
	edgeGesture(ed, click, click, 0)
	edgeGesture(ed, click, click, 0)
	ed.Undo()
	if m := ed.status.msgLabel.Text; m != "Undone: door closed" {
		t.Errorf("undoing the second click: %q", m)
	}
	ed.Undo()
	if m := ed.status.msgLabel.Text; m != "Undone: door opened" {
		t.Errorf("undoing the first click: %q", m)
	}
	ed.Redo()
	if m := ed.status.msgLabel.Text; m != "Redone: door opened" {
		t.Errorf("redoing it: %q", m)
	}
	mouseDown(ed, 6, 2, 0) // a door square
	mouseUp(ed, 6, 2)
	ed.Undo()
	if m := ed.status.msgLabel.Text; m != "Undone: door opened" {
		t.Errorf("undoing a door square's click: %q", m)
	}
}
