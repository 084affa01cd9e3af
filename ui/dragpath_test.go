package ui

import (
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// TestDragShowsItsPathAtOnce: while a token is dragged, the pointer event
// waits (a little) for the worker, so the frame that moves the ghost to a
// square already shows the path there, without waiting for the next
// frame's turn of the UI loop (here: no pumping).
func TestDragShowsItsPathAtOnce(t *testing.T) {
	// The app waits 4 ms, a path's time many times over; the test waits
	// longer, since other packages' tests may hold the CPU meanwhile.
	old := dragWait
	dragWait = 5 * time.Second
	t.Cleanup(func() { dragWait = old })
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

// TestOlderAnswerNeverShownAfterNewer: answers that reach the UI out of
// order (the worker's own, and the one a drag waited for, posted again)
// never put an older answer on the map after a newer one.
func TestOlderAnswerNeverShownAfterNewer(t *testing.T) {
	e := model.Sample()
	ed, _ := overlayEditor(t, e, session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1, Path: true}, e.TokenIndex("Dae"))
	base := ed.live.ovApplied
	newer := &session.Result{Gen: base + 2, Sel: ed.sel, NTok: len(e.Tokens), Path: &rules.Path{Reachable: true, Steps: []rules.Step{{X: 1, Y: 1}}}}
	older := &session.Result{Gen: base + 1, Sel: ed.sel, NTok: len(e.Tokens), Path: &rules.Path{Reachable: true, Steps: []rules.Step{{X: 2, Y: 2}}}}
	for i, r := range []*session.Result{newer, older, newer} { // newer posted again after a drag showed it
		ed.applyResult(r)
		if ed.live.res != newer || ed.live.ovApplied != newer.Gen {
			t.Fatalf("after answer %d of 3: shown answer %d, want %d", i+1, ed.live.ovApplied, newer.Gen)
		}
	}
	if p := ed.Overlays().Path; p == nil || p.Steps[0].X != 1 {
		t.Errorf("the map shows the path %+v, want the newer answer's", p)
	}
}
