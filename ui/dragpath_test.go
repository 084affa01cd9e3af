package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// TestDragShowsItsPathAtOnce: while a token is dragged, the pointer event
// waits (a little) for the worker, so the frame that moves the ghost to a
// square already shows the path there, without waiting for the next
// frame's turn of the UI loop (here: no pumping).
func TestDragShowsItsPathAtOnce(t *testing.T) {
	e := model.Sample()
	ed, _ := overlayEditor(t, e, session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1, Path: true}, -1)
	dae := e.TokenIndex("Dae")
	mouseDown(ed, e.Tokens[dae].X, e.Tokens[dae].Y, 0)
	for _, x := range []int{e.Tokens[dae].X + 1, e.Tokens[dae].X + 2} {
		y := e.Tokens[dae].Y + 1
		dragTo(ed, x, y)
		o := ed.Overlays()
		if ed.live.ovApplied != ed.live.ovGen {
			t.Fatalf("drag to (%d, %d): request %d made, answer %d shown", x, y, ed.live.ovGen, ed.live.ovApplied)
		}
		if o.Ghost == nil || o.Path == nil || len(o.Path.Steps) == 0 {
			t.Fatalf("drag to (%d, %d): ghost %v, path %v", x, y, o.Ghost, o.Path)
		}
		if last := o.Path.Steps[len(o.Path.Steps)-1]; last.X != o.Ghost.X || last.Y != o.Ghost.Y {
			t.Errorf("drag to (%d, %d): the path ends at (%d, %d), the ghost is at (%d, %d)", x, y, last.X, last.Y, o.Ghost.X, o.Ghost.Y)
		}
	}
	ed.view.DragEnd()
	mouseUp(ed, e.Tokens[dae].X+2, e.Tokens[dae].Y+1)
}
