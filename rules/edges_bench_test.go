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
	// Keep what is valid together (doors may not overlap anything).
	for _, ed := range edges {
		if _, err := model.CanonicalEdges(append(e.Edges, ed), w, h); err == nil {
			e.Edges = append(e.Edges, ed)
		}
	}
	e.Edges, _ = model.CanonicalEdges(e.Edges, w, h)
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
