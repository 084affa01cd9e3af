package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestSelectionFollowsTheTurn: after N is undone and redone, and after the
// creature whose turn it is is deleted, the creature whose turn it is now
// is the one selected (its reach and path are the ones drawn).
func TestSelectionFollowsTheTurn(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	roll := 0
	if err := ed.StartFight(func() int { roll++; return roll }); err != nil {
		t.Fatal(err)
	}
	want := func(when string) {
		t.Helper()
		if i := ed.enc.TokenIndex(ed.enc.Fight.Turn); ed.Selected() != i {
			t.Errorf("%s: selected %d, want %s (%d) whose turn it is", when, ed.Selected(), ed.enc.Fight.Turn, i)
		}
	}
	first := ed.enc.Fight.Turn
	ed.NextTurn()
	want("after N")
	ed.Undo()
	if ed.enc.Fight.Turn != first {
		t.Fatalf("undo left the turn at %s", ed.enc.Fight.Turn)
	}
	want("after undoing N")
	ed.Redo()
	want("after redoing N")
	// another creature picked (to take damage) stays picked while the turn does not change
	other := ed.enc.TokenIndex(first)
	ed.Select(other)
	ed.requestOverlays()
	p.until(t, "overlays", ed.overlaysIdle)
	if ed.Selected() != other {
		t.Error("the selection jumped back without a turn change")
	}
	ed.Select(ed.enc.TokenIndex(ed.enc.Fight.Turn))
	gone := ed.enc.Fight.Turn
	ed.DeleteToken()
	if ed.enc.Fight.Turn == gone {
		t.Fatalf("the deleted %s kept the turn", gone)
	}
	want("after deleting the current creature")
	ed.Undo()
	want("after undoing the delete")
}
