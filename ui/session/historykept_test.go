package session

import "testing"

// TestHistorySharesTheKeptReveals: with fog off on a 1000 x 1000 map, the
// reveals it keeps (1 MB) are shared between the states recorded, as the
// fog is while on, and counted in what the history holds.
func TestHistorySharesTheKeptReveals(t *testing.T) {
	h, live := movesOnABigFoggedMap(1)
	live.Revealed[0] = true
	live.FogOff()
	for i := range 20 {
		next := live.Clone()
		next.Tokens[0].X = i % 5
		h.Push(live, "")
		live = next
	}
	kept := h.undoStates()[1].RevealedKept
	for i, s := range h.undoStates()[1:] {
		if &s.RevealedKept[0] != &kept[0] {
			t.Fatalf("recorded state %d keeps its own copy of the kept reveals", i+1)
		}
	}
	if got, want := h.held(), 2*1000*1000+1000*1000+1000*1000; got != want {
		t.Errorf("held %d bytes, want %d: squares, the fog and the kept reveals once each", got, want)
	}
	back := h.Back(live)
	var m SharedMap
	m.Restore(back, nil)        // as the editor does
	back.RevealedKept[9] = true // the state undo brings back is then its own
	for i, s := range h.undoStates() {
		if s.RevealedKept != nil && s.RevealedKept[9] {
			t.Fatalf("changing the state brought back changed recorded state %d", i)
		}
	}
}
