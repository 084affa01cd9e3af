package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestMapSizeKeepsFogAndWalls: Encounter > Map size and scale on a map
// with fog and a wall on a grid line grows it (the new squares fogged)
// and shrinks it (the wall cut at the new edge). Before, the fog and the
// walls kept the old size and the resize was refused with
// "map.revealed holds 64 squares, expected 100".
func TestMapSizeKeepsFogAndWalls(t *testing.T) {
	e := openEncounter(t, 8, 8)
	e.Revealed = make([]bool, 64)
	e.Revealed[0] = true
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 2, Y1: 1, X2: 7, Y2: 1}}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	if err := ed.ResizeMap(10, 10, 5); err != nil {
		t.Fatalf("growing a fogged map: %v", err)
	}
	if g := ed.enc.Grid; g.W != 10 || len(ed.enc.Revealed) != 100 || !ed.enc.Revealed[0] || ed.enc.Revealed[9] {
		t.Errorf("grown to %dx%d, fog %d squares (the corner revealed %v, a new square %v)", g.W, g.H, len(ed.enc.Revealed), ed.enc.Revealed[0], ed.enc.Revealed[9])
	}
	if err := ed.ResizeMap(5, 5, 5); err != nil {
		t.Fatalf("shrinking under a wall: %v", err)
	}
	if want := (model.Edge{Kind: model.EdgeWall, X1: 2, Y1: 1, X2: 5, Y2: 1}); len(ed.enc.Edges) != 1 || ed.enc.Edges[0] != want {
		t.Errorf("edges %v, want %v", ed.enc.Edges, want)
	}
	ed.Undo()
	ed.Undo()
	if len(ed.enc.Revealed) != 64 || len(ed.enc.Edges) != 1 || ed.enc.Edges[0].X2 != 7 {
		t.Errorf("after two undos: fog %d squares, edges %v", len(ed.enc.Revealed), ed.enc.Edges)
	}
}
