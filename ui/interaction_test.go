package ui

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// TestInteractionPaintDragUndo drives the editor as a GM does — tap the
// brush tool and a terrain, drag-paint, drag a token, undo twice — and
// checks the model and the picture after each step.
func TestInteractionPaintDragUndo(t *testing.T) {
	e := model.Sample()
	ed, p := overlayEditor(t, e, session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1}, -1)
	clean := func() {
		// the status bar's pointer and message fields follow the gestures;
		// the pictures compare the map and the tools
		ed.hover(0, 0, false)
		ed.message("")
		settle(t, ed, p)
	}
	clean()
	start := mapShot(ed)
	before := ed.enc.Clone()

	// tap the brush tool, then the water swatch
	test.Tap(ed.tools.toolButtons[ToolBrush])
	if ed.Tool() != ToolBrush {
		t.Fatalf("tapping Brush: tool %d", ed.Tool())
	}
	for i, pe := range palette {
		if pe.t == model.Water {
			test.Tap(ed.tools.terrButtons[i])
		}
	}
	if ed.tools.terrain != model.Water {
		t.Fatalf("tapping the water swatch: terrain %v", ed.tools.terrain)
	}
	// drag-paint along row 5, from (2, 5) to (6, 5), through the canvas
	mouseDown(ed, 2, 5, 0)
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.view)
	from, to := at(ed, 2, 5), at(ed, 6, 5)
	test.Drag(ed.win.Canvas(), abs.Add(to), to.X-from.X, 0) // the event is where the pointer is now
	ed.view.DragEnd()
	mouseUp(ed, 6, 5)
	for x := 2; x <= 6; x++ {
		if got := ed.enc.Grid.At(x, 5); got != model.Water {
			t.Errorf("(%d, 5) = %v after the stroke, want water", x, got)
		}
	}
	if got := ed.enc.Grid.At(7, 5); got != before.Grid.At(7, 5) {
		t.Errorf("(7, 5) painted past the end of the stroke")
	}
	clean()
	painted := mapShot(ed)
	if sameImage(painted, start) {
		t.Errorf("the picture did not change after painting")
	}
	test.AssertImageMatches(t, "interaction_painted.png", editorShot(ed))

	// drag Dae from (8, 3) to (6, 4) with the select tool
	test.Tap(ed.tools.toolButtons[ToolSelect])
	dae, _ := tokenAt(t, ed, "Dae")
	mouseDown(ed, 8, 3, 0)
	from, to = at(ed, 8, 3), at(ed, 6, 4)
	test.Drag(ed.win.Canvas(), abs.Add(to), to.X-from.X, to.Y-from.Y)
	ed.view.DragEnd()
	mouseUp(ed, 6, 4)
	if tk := ed.enc.Tokens[dae]; tk.X != 6 || tk.Y != 4 {
		t.Fatalf("Dae at (%d, %d) after the drag, want (6, 4)", tk.X, tk.Y)
	}
	if ed.Selected() != dae {
		t.Errorf("the dragged token should be selected")
	}
	ed.Select(-1)
	clean()
	moved := mapShot(ed)
	if sameImage(moved, painted) {
		t.Errorf("the picture did not change after the drag")
	}
	test.AssertImageMatches(t, "interaction_dragged.png", editorShot(ed))

	// undo the move: the model and the picture are as after painting, once
	// Dae, selected by the undo, is put down again
	ed.Undo()
	if ed.Selected() != dae {
		t.Errorf("undo: selected %d, want Dae, whose move it undid", ed.Selected())
	}
	ed.Select(-1)
	clean()
	if tk := ed.enc.Tokens[dae]; tk.X != 8 || tk.Y != 3 {
		t.Errorf("undo: Dae at (%d, %d), want (8, 3)", tk.X, tk.Y)
	}
	if !sameImage(mapShot(ed), painted) {
		t.Errorf("undoing the move should restore the painted picture")
	}
	// undo the stroke: as at the start
	ed.Undo()
	clean()
	if !reflect.DeepEqual(ed.enc.Grid, before.Grid) || !reflect.DeepEqual(ed.enc.Tokens, before.Tokens) {
		t.Errorf("two undos should restore the encounter")
	}
	if !sameImage(mapShot(ed), start) {
		t.Errorf("two undos should restore the picture")
	}
}
