package rules

import (
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// benchEdges adds n random unit-to-4-square walls and doors to e.
func benchEdges(e *model.Encounter, n int) {
	rng := rand.New(rand.NewPCG(5, 6))
	w, h := e.Grid.W, e.Grid.H
	var edges []model.Edge
	for len(edges) < n {
		ed := model.Edge{Kind: model.EdgeWall}
		if rng.IntN(5) == 0 {
			ed.Kind = model.EdgeDoor
		}
		l := 1 + rng.IntN(4)
		if rng.IntN(2) == 0 {
			ed.X1, ed.Y1 = rng.IntN(w), rng.IntN(h+1)
			ed.X2, ed.Y2 = min(w, ed.X1+l), ed.Y1
		} else {
			ed.X1, ed.Y1 = rng.IntN(w+1), rng.IntN(h)
			ed.X2, ed.Y2 = ed.X1, min(h, ed.Y1+l)
		}
		if ed.Kind == model.EdgeDoor {
			ed.X2, ed.Y2 = ed.X1+min(1, ed.X2-ed.X1), ed.Y1+min(1, ed.Y2-ed.Y1)
		}
		edges = append(edges, ed)
	}
	// Keep what is valid together: a unit of grid line holds walls only or
	// one door (model.CanonicalEdges' rule, checked unit by unit here
	// rather than by re-checking the whole list per edge, which took 25 s).
	held := map[[3]int]model.EdgeKind{} // (x, y, vertical) of a unit -> kind
	units := func(ed model.Edge) [][3]int {
		var out [][3]int
		for x, y := ed.X1, ed.Y1; x < ed.X2 || y < ed.Y2; {
			if ed.Y1 == ed.Y2 {
				out = append(out, [3]int{x, y, 0})
				x++
			} else {
				out = append(out, [3]int{x, y, 1})
				y++
			}
		}
		return out
	}
	for _, ed := range edges {
		us, ok := units(ed), true
		for _, u := range us {
			if k, on := held[u]; on && (k == model.EdgeDoor || ed.Kind == model.EdgeDoor) {
				ok = false
			}
		}
		if ok {
			for _, u := range us {
				held[u] = ed.Kind
			}
			e.Edges = append(e.Edges, ed)
		}
	}
	var err error
	if e.Edges, err = model.CanonicalEdges(e.Edges, w, h); err != nil {
		panic(err)
	}
}

// BenchmarkReachEdges is BenchmarkReachWholeMap and BenchmarkReachTypical
// on the same maps with about one wall or door edge per ten squares.
func BenchmarkReachEdges(b *testing.B) {
	b.Run("wholemap250", func(b *testing.B) {
		e := benchMap(250, 250)
		benchEdges(e, 6000)
		tok := benchMover(e, model.Medium, map[string]int{"land": 1 << 30})
		benchReach(b, e, MoveQuery{Token: tok})
	})
	b.Run("typical", func(b *testing.B) {
		e := benchMap(100, 100)
		benchEdges(e, 1000)
		tok := benchMover(e, model.Medium, map[string]int{"land": 30})
		benchReach(b, e, MoveQuery{Token: tok, Actions: 3})
	})
	b.Run("typical20tokens", func(b *testing.B) {
		e := benchMap(100, 100)
		benchEdges(e, 1000)
		benchTokens(e, 20)
		tok := benchMover(e, model.Medium, map[string]int{"land": 30})
		benchReach(b, e, MoveQuery{Token: tok, Actions: 3})
	})
	b.Run("typical20tokensNoEdges", func(b *testing.B) {
		e := benchMap(100, 100)
		benchTokens(e, 20)
		tok := benchMover(e, model.Medium, map[string]int{"land": 30})
		benchReach(b, e, MoveQuery{Token: tok, Actions: 3})
	})
}
