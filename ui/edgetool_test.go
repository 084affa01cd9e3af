package ui

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"encounterplanner/model"
)

// corner is the widget position of grid intersection (x, y), nudged by
// (dx, dy) squares: a pointer near, not on, the line.
func corner(ed *Editor, x, y int, dx, dy float32) fyne.Position {
	p := ed.view.PosOf(x, y)
	z := ed.view.Zoom()
	return fyne.NewPos(p.X-z/2+dx*z, p.Y-z/2+dy*z)
}

// edgeGesture presses at from, drags to to and releases there.
func edgeGesture(ed *Editor, from, to fyne.Position, mods fyne.KeyModifier) {
	ed.view.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: from}, Button: desktop.MouseButtonPrimary, Modifier: mods})
	ed.view.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	ed.view.DragEnd()
	ed.view.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: to}, Button: desktop.MouseButtonPrimary})
}

// TestWallToolDrawsSnapsErasesAndUndoes drags a wall between two
// intersections with a crooked pointer, draws a door in it, opens the
// door with the select tool, erases with Shift and undoes each step.
func TestWallToolDrawsSnapsErasesAndUndoes(t *testing.T) {
	ed, _, p := newTestEditor(t, openEncounter(t, 12, 10))
	ed.rune('w')
	if ed.Tool() != ToolWall || ed.EdgeKind() != model.EdgeWall {
		t.Fatalf("W: tool %d kind %v", ed.Tool(), ed.EdgeKind())
	}
	edgeGesture(ed, corner(ed, 1, 2, 0.2, -0.3), corner(ed, 6, 2, -0.3, 0.4), 0)
	want := []model.Edge{{Kind: model.EdgeWall, X1: 1, Y1: 2, X2: 6, Y2: 2}}
	if !reflect.DeepEqual(ed.enc.Edges, want) {
		t.Fatalf("after the drag: %v, want %v", ed.enc.Edges, want)
	}

	ed.rune('w') // next kind: door
	if ed.EdgeKind() != model.EdgeDoor || ed.tools.modeLabel.Text != "Door" {
		t.Fatalf("W again: kind %v, mode line %q", ed.EdgeKind(), ed.tools.modeLabel.Text)
	}
	edgeGesture(ed, corner(ed, 3, 2, 0, 0), corner(ed, 4, 2, 0.1, 0), 0)
	want = []model.Edge{
		{Kind: model.EdgeWall, X1: 1, Y1: 2, X2: 3, Y2: 2},
		{Kind: model.EdgeWall, X1: 4, Y1: 2, X2: 6, Y2: 2},
		{Kind: model.EdgeDoor, X1: 3, Y1: 2, X2: 4, Y2: 2},
	}
	if !reflect.DeepEqual(ed.enc.Edges, want) {
		t.Fatalf("after the door: %v, want %v", ed.enc.Edges, want)
	}

	// the select tool opens the door with a click near its line
	ed.rune('v')
	edgeGesture(ed, corner(ed, 3, 2, 0.5, 0.1), corner(ed, 3, 2, 0.5, 0.1), 0)
	if k := ed.enc.Edges[2].Kind; k != model.EdgeOpenDoor {
		t.Fatalf("click on the door: %v, want open-door", k)
	}
	settle(t, ed, p)

	// Shift-drag erases the wall's right part
	ed.rune('w')
	ed.rune('w') // secret, then wall
	ed.rune('w')
	if ed.EdgeKind() != model.EdgeWall {
		t.Fatalf("W cycles back to wall: %v", ed.EdgeKind())
	}
	edgeGesture(ed, corner(ed, 4, 2, 0, 0), corner(ed, 6, 2, 0, 0), fyne.KeyModifierShift)
	want = []model.Edge{{Kind: model.EdgeWall, X1: 1, Y1: 2, X2: 3, Y2: 2}, {Kind: model.EdgeOpenDoor, X1: 3, Y1: 2, X2: 4, Y2: 2}}
	if !reflect.DeepEqual(ed.enc.Edges, want) {
		t.Fatalf("after the erase: %v, want %v", ed.enc.Edges, want)
	}

	// each change is one undo step: erase, door opened, door, wall
	for i, n := range []int{2, 3, 3, 1, 0} {
		if i > 0 {
			ed.Undo()
		}
		if len(ed.enc.Edges) != n {
			t.Fatalf("after %d undos: %v", i, ed.enc.Edges)
		}
	}
	settle(t, ed, p)
}

// TestSelectToolTogglesDoorSquare opens and closes a door square with a
// click, one undo step each.
func TestSelectToolTogglesDoorSquare(t *testing.T) {
	e := openEncounter(t, 8, 8)
	e.Grid.Set(4, 4, model.Door)
	ed, _, _ := newTestEditor(t, e)
	mouseDown(ed, 4, 4, 0)
	mouseUp(ed, 4, 4)
	if got := ed.enc.Grid.At(4, 4); got != model.Door|model.Open {
		t.Fatalf("click on the door square: %v", got)
	}
	ed.Undo()
	if got := ed.enc.Grid.At(4, 4); got != model.Door {
		t.Fatalf("undo: %v", got)
	}
}

// TestADoorClickKeepsTheTurnsCreature: at the table, a click that opened
// a door also let go of the creature whose turn it is (its reach and path
// gone until it was picked again), and nothing said the door had opened.
// The click now keeps the selection and says what it did; a click on
// open ground still lets go.
func TestADoorClickKeepsTheTurnsCreature(t *testing.T) {
	e := openEncounter(t, 8, 8)
	e.Grid.Set(4, 4, model.Door)
	e.Tokens = []model.Token{{ID: uuid(1), Name: "Dae", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 25}}}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	mouseDown(ed, 4, 4, 0)
	mouseUp(ed, 4, 4)
	if ed.enc.Grid.At(4, 4) != model.Door|model.Open || ed.Selected() != 0 {
		t.Fatalf("door %v, selected %d: want it open and Dae still selected", ed.enc.Grid.At(4, 4), ed.Selected())
	}
	if m := ed.status.msgLabel.Text; !strings.HasPrefix(m, "door opened") {
		t.Errorf("status %q, want it to say the door opened", m)
	}
	mouseDown(ed, 4, 4, 0)
	mouseUp(ed, 4, 4)
	if m := ed.status.msgLabel.Text; m != "door closed" || ed.Selected() != 0 {
		t.Errorf("second click: status %q, selected %d", m, ed.Selected())
	}
	mouseDown(ed, 6, 6, 0)
	mouseUp(ed, 6, 6)
	if ed.Selected() != -1 {
		t.Errorf("a click on open ground should let go of Dae")
	}
}
