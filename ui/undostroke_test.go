package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestUndoNamesWhatAStrokePainted: Ctrl+Z after a brush stroke, a
// rectangle or the eraser said only "Undone: terrain changed", where a
// door says "door opened". It names the terrain and the squares.
func TestUndoNamesWhatAStrokePainted(t *testing.T) {
	ed, _, p := newTestEditor(t, openEncounter(t, 12, 12))
	c := ed.win.Canvas()
	undoSays := func(what string) {
		t.Helper()
		ed.Undo()
		settle(t, ed, p)
		if got, want := ed.status.msgLabel.Text, "Undone: "+what; got != want {
			t.Errorf("status %q, want %q", got, want)
		}
		ed.Redo()
		settle(t, ed, p)
		if got, want := ed.status.msgLabel.Text, "Redone: "+what; got != want {
			t.Errorf("status %q, want %q", got, want)
		}
	}
	test.TypeOnCanvas(c, "b4") // difficult, brush 1
	gesture(ed, 0, [2]int{1, 1}, [2]int{2, 1}, [2]int{4, 1})
	undoSays("difficult terrain painted (4 squares)")
	test.TypeOnCanvas(c, "r2")
	gesture(ed, 0, [2]int{6, 6}, [2]int{8, 6})
	undoSays("walls painted (3 squares)")
	test.TypeOnCanvas(c, "e")
	gesture(ed, 0, [2]int{6, 6}, [2]int{7, 6})
	undoSays("walls erased (2 squares)")
	test.TypeOnCanvas(c, "f9")
	gesture(ed, 0, [2]int{0, 11})
	undoSays("water painted (139 squares)")
}
