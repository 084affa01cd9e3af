package session

import (
	"slices"
	"testing"

	"encounterplanner/model"
)

// foggedMap is a w x h map with fog of war, its first row revealed.
func foggedMap(w, h int) *model.Encounter {
	e := fightEnc()
	e.Fight = nil
	e.Grid = model.NewGrid(w, h)
	FogOn(e)
	for x := range w {
		e.Revealed[x] = true
	}
	return e
}

// TestSharedMapCopiesOnlyWhatChanged: the copies a SharedMap hands out
// share its arrays while the map's values stay the same, whoever changed
// them in place; a fog reveal copies the fog again, not the squares.
func TestSharedMapCopiesOnlyWhatChanged(t *testing.T) {
	live := foggedMap(100, 100)
	var m SharedMap
	a := m.Copy(live)
	live.Tokens[0].X++ // a move: the map as it was
	b := m.Copy(live)
	if !sameArray(a.Grid.Cells, b.Grid.Cells) || !sameArray(a.Revealed, b.Revealed) {
		t.Fatal("two copies of one map hold two arrays")
	}
	if sameArray(a.Grid.Cells, live.Grid.Cells) || sameArray(a.Revealed, live.Revealed) {
		t.Fatal("a copy shares the live state's own arrays")
	}
	if b.Tokens[0].X != live.Tokens[0].X || a.Tokens[0].X == b.Tokens[0].X || &a.Tokens[0] == &live.Tokens[0] {
		t.Error("the copies' tokens are not their own")
	}
	if got, want := m.Copied(), 2*100*100+100*100; got != want {
		t.Errorf("copied %d bytes, want %d: the squares and the fog once", got, want)
	}
	live.Revealed[500] = true // a reveal, in place
	c := m.Copy(live)
	if !sameArray(c.Grid.Cells, a.Grid.Cells) || sameArray(c.Revealed, a.Revealed) || a.Revealed[500] || !c.Revealed[500] {
		t.Error("a reveal did not copy the fog alone")
	}
	live.FogOff() // the fog kept, moved in the same array
	d := m.Copy(live)
	if d.Revealed != nil || !slices.Equal(d.RevealedKept, live.RevealedKept) || sameArray(d.RevealedKept, live.RevealedKept) {
		t.Error("fog turned off: the copy has fog, or not a copy of the kept reveals")
	}
}

// TestSharedMapRepairAndRestore: Repair puts back what an edit refused
// changed in place; Restore gives a recorded state arrays of its own, in
// the spare state's where they fit, and holds the recorded ones.
func TestSharedMapRepairAndRestore(t *testing.T) {
	live := foggedMap(50, 40)
	var m SharedMap
	rec := m.Copy(live)
	live.Grid.Set(3, 3, model.Wall)
	live.Revealed[107] = true
	m.Repair(live)
	if live.Grid.At(3, 3) != 0 || live.Revealed[107] || !slices.Equal(live.Grid.Cells, rec.Grid.Cells) {
		t.Fatal("Repair did not put the map back")
	}
	spare := live
	cells := spare.Grid.Cells
	back := rec.CloneSharingMap()
	m.Restore(back, spare)
	if &back.Grid.Cells[0] != &cells[0] || sameArray(back.Revealed, rec.Revealed) {
		t.Error("Restore did not give the state the spare arrays, or left it the recorded fog")
	}
	back.Grid.Set(1, 1, model.Water)
	if rec.Grid.At(1, 1) != 0 {
		t.Error("painting the restored state painted the recorded one")
	}
	if again := m.Copy(back); !sameArray(again.Revealed, rec.Revealed) {
		t.Error("after Restore, the fog unchanged was copied again")
	}
}

// BenchmarkSharedMapCopy is the copy an undo step or the overlay worker
// takes of a 1000 x 1000 map with fog, whose map did not change: the
// squares and the fog compared as bytes, nothing of them copied.
func BenchmarkSharedMapCopy(b *testing.B) {
	live := foggedMap(model.MaxMapSide, model.MaxMapSide)
	var m SharedMap
	m.Copy(live)
	b.ReportAllocs()
	for b.Loop() {
		m.Copy(live)
	}
}
