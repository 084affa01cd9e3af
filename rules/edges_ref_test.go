package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// The slow references' reading of walls and doors on grid edges
// (rules-conventions.md, "Walls and doors on grid edges"), written from the
// text by scanning the encounter's edge list: no EdgeGrid, no bit tables.

// refAt is the square's terrain with a closed door square read as a wall.
func refAt(g *model.Grid, x, y int) model.Trait {
	tr := g.At(x, y)
	if tr.BlocksLikeWall() {
		tr |= model.Wall
	}
	return tr
}

// refEdgeBetween reports whether a blocking edge of e lies between the
// orthogonally adjacent squares a and b.
func refEdgeBetween(e *model.Encounter, ax, ay, bx, by int) bool {
	for _, ed := range e.Edges {
		if !ed.Kind.Blocking() {
			continue
		}
		switch {
		case ay == by && absInt(ax-bx) == 1: // a vertical unit edge at x = max
			X := max(ax, bx)
			if ed.X1 == X && ed.X2 == X && ed.Y1 <= ay && ay+1 <= ed.Y2 {
				return true
			}
		case ax == bx && absInt(ay-by) == 1:
			Y := max(ay, by)
			if ed.Y1 == Y && ed.Y2 == Y && ed.X1 <= ax && ax+1 <= ed.X2 {
				return true
			}
		}
	}
	return false
}

// refEdgeRefuses reports whether edges refuse the step of the k x k space
// at (x, y) by (dx, dy): some square of it cannot make the step (an
// orthogonal step across a blocking edge; a diagonal whose routes around
// the corner are blocked, both for sf2e, either otherwise, a route being
// blocked by a blocking edge or a square solid reports), or the new space
// holds a blocking edge. With no edges: never.
func refEdgeRefuses(e *model.Encounter, x, y, k, dx, dy int, solid func(x, y int) bool, either bool) bool {
	if len(e.Edges) == 0 {
		return false
	}
	for sy := y; sy < y+k; sy++ {
		for sx := x; sx < x+k; sx++ {
			if dx == 0 || dy == 0 {
				if refEdgeBetween(e, sx, sy, sx+dx, sy+dy) {
					return true
				}
				continue
			}
			sol := func(x, y int) bool { return e.Grid.In(x, y) && solid(x, y) }
			rx := refEdgeBetween(e, sx, sy, sx+dx, sy) || refEdgeBetween(e, sx+dx, sy, sx+dx, sy+dy) || sol(sx+dx, sy)
			ry := refEdgeBetween(e, sx, sy, sx, sy+dy) || refEdgeBetween(e, sx, sy+dy, sx+dx, sy+dy) || sol(sx, sy+dy)
			if either && (rx || ry) || !either && rx && ry {
				return true
			}
		}
	}
	nx, ny := x+dx, y+dy
	for sy := ny; sy < ny+k; sy++ {
		for sx := nx; sx < nx+k; sx++ {
			if sx > nx && refEdgeBetween(e, sx-1, sy, sx, sy) || sy > ny && refEdgeBetween(e, sx, sy-1, sx, sy) {
				return true
			}
		}
	}
	return false
}

// addRandomEdges gives e up to n random valid edges of every kind and
// turns some squares into door squares, open or closed.
func addRandomEdges(rng *rand.Rand, e *model.Encounter, n int) {
	w, h := e.Grid.W, e.Grid.H
	kinds := []model.EdgeKind{model.EdgeWall, model.EdgeWall, model.EdgeWall, model.EdgeDoor, model.EdgeOpenDoor, model.EdgeSecretDoor}
	for i := 0; i < n; i++ {
		ed := model.Edge{Kind: kinds[rng.IntN(len(kinds))]}
		l := 1 + rng.IntN(3)
		if rng.IntN(2) == 0 {
			ed.X1, ed.Y1 = rng.IntN(w), rng.IntN(h+1)
			ed.X2, ed.Y2 = min(w, ed.X1+l), ed.Y1
		} else {
			ed.X1, ed.Y1 = rng.IntN(w+1), rng.IntN(h)
			ed.X2, ed.Y2 = ed.X1, min(h, ed.Y1+l)
		}
		if _, err := model.CanonicalEdges(append(append([]model.Edge(nil), e.Edges...), ed), w, h); err == nil {
			e.Edges = append(e.Edges, ed)
		}
	}
	for i := range e.Grid.Cells {
		switch rng.IntN(20) {
		case 0:
			e.Grid.Cells[i] = model.Door
		case 1:
			e.Grid.Cells[i] = model.Door | model.Open
		}
	}
}

// TestReferenceCrossCheckEdges cross-checks sf2e and pf1e reach and paths
// with the reference on random maps with random edges and door squares.
func TestReferenceCrossCheckEdges(t *testing.T) {
	n := randomCases(300, 80)
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for seed := uint64(0); seed < uint64(n); seed++ {
			rng := rand.New(rand.NewPCG(seed, 21))
			e, q := randEncounter(rng, rs)
			addRandomEdges(rng, e, 2+rng.IntN(10))
			crossCheck(t, e, q, fmt.Sprintf("%s edges seed %d %v", rs, seed, e.Edges))
			if t.Failed() {
				return
			}
		}
		for seed := uint64(0); seed < uint64(n/10); seed++ {
			rng := rand.New(rand.NewPCG(seed, 23))
			e, q := randEncounterSized(rng, rs, 18, 13)
			addRandomEdges(rng, e, 10+rng.IntN(30))
			crossCheck(t, e, q, fmt.Sprintf("%s large edges seed %d", rs, seed))
			if t.Failed() {
				return
			}
		}
	}
}

// TestShipReachMatchesReferenceEdges: starship reach and paths on random
// maps with edges.
func TestShipReachMatchesReferenceEdges(t *testing.T) {
	eng, _ := For(model.Starship)
	for seed := uint64(0); seed < uint64(randomCases(200, 200)); seed++ {
		r := rand.New(rand.NewPCG(seed, 27))
		e := shipRandom(r)
		addRandomEdges(r, e, 2+r.IntN(10))
		t.Run(fmt.Sprint(seed), func(t *testing.T) { shipCheck(t, eng, e) })
	}
}

// TestPointsReachMatchesReferenceEdges: points reach and paths on random
// maps with edges.
func TestPointsReachMatchesReferenceEdges(t *testing.T) {
	eng := newPoints().(*ptsEngine)
	for seed := uint64(0); seed < uint64(randomCases(200, 200)); seed++ {
		r := rand.New(rand.NewPCG(seed, 29))
		e, q := ptsRandom(r)
		addRandomEdges(r, e, 2+r.IntN(10))
		t.Run(fmt.Sprint(seed), func(t *testing.T) { ptsCheck(t, eng, e, q) })
	}
}

// TestEdgeIndexMatchesEdgeGrid: the rules' reusable index answers as the
// model's EdgeGrid on random valid edges.
func TestEdgeIndexMatchesEdgeGrid(t *testing.T) {
	for seed := uint64(0); seed < uint64(randomCases(100, 100)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 31))
		e := &model.Encounter{Grid: model.NewGrid(1+rng.IntN(9), 1+rng.IntN(9))}
		addRandomEdges(rng, e, rng.IntN(20))
		var ix edgeIndex
		ix.build(e)
		eg := e.EdgeGrid()
		for y := -1; y <= e.Grid.H+1; y++ {
			for x := -1; x <= e.Grid.W+1; x++ {
				if ix.BlocksN(x, y) != eg.BlocksN(x, y) || ix.BlocksW(x, y) != eg.BlocksW(x, y) {
					t.Fatalf("seed %d (%d,%d): index N %v W %v, EdgeGrid N %v W %v", seed, x, y,
						ix.BlocksN(x, y), ix.BlocksW(x, y), eg.BlocksN(x, y), eg.BlocksW(x, y))
				}
			}
		}
	}
}

// refEdgeSegHit is the reference "passes through blocking edges" for a
// segment between doubled points P and Q, unit edge by unit edge with
// orientation tests: it runs along a blocking unit edge, or crosses one
// inside it, or blocking unit edges leave a grid intersection on the
// segment on both sides of it.
func refEdgeSegHit(e *model.Encounter, px, py, qx, qy int) bool {
	if px == qx && py == qy {
		return false // a square's centre is on no grid line
	}
	orient := func(ax, ay, bx, by, cx, cy int) int {
		return sign((bx-ax)*(cy-ay) - (by-ay)*(cx-ax))
	}
	onSeg := func(cx, cy int) bool { // C on the closed segment P-Q
		return orient(px, py, qx, qy, cx, cy) == 0 && min(px, qx) <= cx && cx <= max(px, qx) && min(py, qy) <= cy && cy <= max(py, qy)
	}
	sides := map[[2]int]int{}
	for _, ed := range e.Edges {
		if !ed.Kind.Blocking() {
			continue
		}
		for k := 0; k < ed.Len(); k++ {
			// The unit edge from A to B, doubled.
			ax, ay := 2*ed.X1, 2*ed.Y1
			var bx, by int
			if ed.Horizontal() {
				ax += 2 * k
				bx, by = ax+2, ay
			} else {
				ay += 2 * k
				bx, by = ax, ay+2
			}
			o1, o2 := orient(px, py, qx, qy, ax, ay), orient(px, py, qx, qy, bx, by)
			o3, o4 := orient(ax, ay, bx, by, px, py), orient(ax, ay, bx, by, qx, qy)
			if o1 == 0 && o2 == 0 {
				// Collinear (the segment lies on the edge's grid line):
				// along it when they share more than a point.
				lo, hi := max(min(px, qx), min(ax, bx)), min(max(px, qx), max(ax, bx))
				if ax == bx {
					lo, hi = max(min(py, qy), min(ay, by)), min(max(py, qy), max(ay, by))
				}
				if lo < hi {
					return true
				}
				continue
			}
			if o1*o2 > 0 || o3*o4 > 0 {
				continue // no contact
			}
			// One contact point: an end of the unit edge, or inside it.
			switch {
			case o1 == 0 && onSeg(ax, ay):
				sides[[2]int{ax, ay}] |= 1 << (orient(px, py, qx, qy, bx, by) + 1)
			case o2 == 0 && onSeg(bx, by):
				sides[[2]int{bx, by}] |= 1 << (orient(px, py, qx, qy, ax, ay) + 1)
			default:
				return true
			}
		}
	}
	for _, s := range sides {
		if s&1 != 0 && s&4 != 0 {
			return true
		}
	}
	return false
}

// TestEdgesHitMatchesReference: edgesHit (no flags) against the unit-edge
// reference on random edges and random segments between square centres,
// corners and side middles.
func TestEdgesHitMatchesReference(t *testing.T) {
	for seed := uint64(0); seed < uint64(randomCases(400, 400)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 37))
		e := &model.Encounter{Grid: model.NewGrid(2+rng.IntN(7), 2+rng.IntN(7))}
		addRandomEdges(rng, e, 1+rng.IntN(12))
		W, H := 2*e.Grid.W, 2*e.Grid.H
		for i := 0; i < 50; i++ {
			px, py, qx, qy := rng.IntN(W+1), rng.IntN(H+1), rng.IntN(W+1), rng.IntN(H+1)
			if px == qx && py == qy {
				continue
			}
			got, want := edgesHit(e.Edges, px, py, qx, qy, 0), refEdgeSegHit(e, px, py, qx, qy)
			if got != want {
				t.Fatalf("seed %d: (%d,%d)-(%d,%d) doubled: edgesHit %v, reference %v; edges %v", seed, px, py, qx, qy, got, want, e.Edges)
			}
		}
	}
}

// TestEdgeIndexSegHitMatchesEdgesHit: the indexed segment test answers as
// the list one, with every flag, on random segments.
func TestEdgeIndexSegHitMatchesEdgesHit(t *testing.T) {
	for seed := uint64(0); seed < uint64(randomCases(400, 400)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 41))
		e := &model.Encounter{Grid: model.NewGrid(2+rng.IntN(7), 2+rng.IntN(7))}
		addRandomEdges(rng, e, 1+rng.IntN(12))
		var ix edgeIndex
		ix.build(e)
		W, H := 2*e.Grid.W, 2*e.Grid.H
		for i := 0; i < 60; i++ {
			px, py, qx, qy := rng.IntN(W+1), rng.IntN(H+1), rng.IntN(W+1), rng.IntN(H+1)
			if px == qx && py == qy {
				continue
			}
			for _, f := range []int{0, segStartOn, segSkipStart} {
				if got, want := ix.segHit(px, py, qx, qy, f), edgesHit(e.Edges, px, py, qx, qy, f); got != want {
					t.Fatalf("seed %d flags %d: (%d,%d)-(%d,%d): index %v, list %v; edges %v", seed, f, px, py, qx, qy, got, want, e.Edges)
				}
			}
		}
	}
}
