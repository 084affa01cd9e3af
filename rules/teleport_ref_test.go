package rules

import (
	"encounterplanner/model"
)

// teleportBySquares is the slow, obvious teleport, as Teleport was before
// teleportSight: every square in range tested on its own, its line of sight
// walked square by square through the walls (ptsSight) and edge by edge
// through the blocking edges (edgesHit). Time O(r^2 x (r + edges)). The
// tests hold Teleport to it.
func (g *ptsEngine) teleportBySquares(dst []Square, e *model.Encounter, tok, rangeSquares int) ([]Square, error) {
	t, err := ptsToken(e, tok)
	if err != nil {
		return dst, err
	}
	if rangeSquares < 0 {
		return dst, BadQuery("token %q: teleport range must not be negative, not %d", t.Name, rangeSquares)
	}
	r := clampUse(rangeSquares, mapSide(&e.Grid))
	c, _ := g.moverCtx(e, tok, r)
	k := c.k
	eg := model.NewEdgeGrid(e.Grid.W, e.Grid.H, e.Edges)
	for y := max(c.sy-r, 0); y <= c.sy+r; y++ {
		for x := max(c.sx-r, 0); x <= c.sx+r; x++ {
			if x == c.sx && y == c.sy || !c.fits(x, y) || g.noEnd.rect(x, y, x+k-1, y+k-1) != 0 {
				continue
			}
			if !ptsSight(&e.Grid, 2*c.sx+k, 2*c.sy+k, 2*x+k, 2*y+k) {
				continue
			}
			// Blocking edges block sight too (rules-conventions.md, "Walls
			// and doors on grid edges").
			if len(e.Edges) > 0 && edgesHit(e.Edges, 2*c.sx+k, 2*c.sy+k, 2*x+k, 2*y+k, 0) {
				continue
			}
			// Nor a space a blocking edge runs through (rules-conventions.md:
			// a space "never contains a blocking edge").
			if spaceSplitByEdge(&eg, x, y, k) {
				continue
			}
			dst = append(dst, Square{X: x, Y: y, Cost: max(absInt(x-c.sx), absInt(y-c.sy)), Actions: 1})
		}
	}
	return dst, nil
}

// spaceSplitByEdge reports whether a blocking edge runs between two squares
// of the k x k space at (x, y): every unit edge inside it asked of the map.
func spaceSplitByEdge(g *model.EdgeGrid, x, y, k int) bool {
	for j := y; j < y+k; j++ {
		for i := x; i < x+k; i++ {
			if i > x && model.EdgeBetween(g, i-1, j, i, j) || j > y && model.EdgeBetween(g, i, j-1, i, j) {
				return true
			}
		}
	}
	return false
}

// ptsFrac is a rational number num/den with den > 0.
type ptsFrac struct{ n, d int64 }

func (a ptsFrac) less(b ptsFrac) bool { return a.n*b.d < b.n*a.d }

// ptsOpenHit reports whether the segment from (ax, ay) to (bx, by) meets the
// open square (sx, sx+2) x (sy, sy+2); all in half-squares.
func ptsOpenHit(ax, ay, bx, by, sx, sy int) bool {
	lo, hi := ptsFrac{0, 1}, ptsFrac{1, 1}
	// the segment is closed: t in [0, 1]; the square open, so the t
	// interval on each axis is open. Track whether each bound is strict.
	loStrict, hiStrict := false, false
	for _, ax := range [2][3]int{{ax, bx, sx}, {ay, by, sy}} {
		p, q, s := ax[0], ax[1], ax[2]
		d := q - p
		if d == 0 {
			if p <= s || p >= s+2 {
				return false
			}
			continue
		}
		t1, t2 := ptsFrac{int64(s - p), int64(d)}, ptsFrac{int64(s + 2 - p), int64(d)}
		if d < 0 {
			t1, t2 = ptsFrac{int64(p - s - 2), int64(-d)}, ptsFrac{int64(p - s), int64(-d)}
		}
		if !t1.less(lo) {
			lo, loStrict = t1, true
		}
		if !hi.less(t2) {
			hi, hiStrict = t2, true
		}
	}
	if hi.less(lo) {
		return false
	}
	if !lo.less(hi) { // a single t: it must be allowed by both bounds
		return !loStrict && !hiStrict
	}
	return true
}

// ptsSight reports whether the segment from (ax, ay) to (bx, by), in
// half-squares (square (x, y) spans [2x, 2x+2] x [2y, 2y+2]), stays out of
// the inside of the area the map's wall squares cover together, in the sense
// of the sf2e cover convention: entering a wall square's inside blocks, and
// so does running along the seam between two wall squares; touching only the
// outer edge of walls, or only the corner point where two walls meet
// diagonally, does not. Time O(length) squares tested.
func ptsSight(g *model.Grid, ax, ay, bx, by int) bool {
	wall := func(x, y int) bool { return g.In(x, y) && wallish(g.At(x, y)).Any(model.Wall) }
	dx, dy := bx-ax, by-ay
	// Seams: only an axis-parallel segment on a grid line runs along one.
	if dx == 0 && ax%2 == 0 {
		for cy := min(ay, by) / 2; 2*cy < max(ay, by); cy++ {
			if 2*cy+2 > min(ay, by) && wall(ax/2-1, cy) && wall(ax/2, cy) {
				return false
			}
		}
	}
	if dy == 0 && ay%2 == 0 {
		for cx := min(ax, bx) / 2; 2*cx < max(ax, bx); cx++ {
			if 2*cx+2 > min(ax, bx) && wall(cx, ay/2-1) && wall(cx, ay/2) {
				return false
			}
		}
	}
	// Insides: for each column of squares, the rows the segment can meet
	// there (a generous range), each tested exactly.
	x0, x1 := min(ax, bx)/2-1, max(ax, bx)/2
	for cx := x0; cx <= x1; cx++ {
		var ylo, yhi int
		if dx == 0 {
			ylo, yhi = min(ay, by), max(ay, by)
		} else {
			// y at the column's edges, clamped to the segment
			tA := float64(2*cx-ax) / float64(dx)
			tB := float64(2*cx+2-ax) / float64(dx)
			tA, tB = min(max(min(tA, tB), 0), 1), min(max(max(tA, tB), 0), 1)
			yA, yB := float64(ay)+tA*float64(dy), float64(ay)+tB*float64(dy)
			ylo, yhi = int(min(yA, yB))-2, int(max(yA, yB))+2
		}
		for cy := ylo/2 - 1; cy <= yhi/2+1; cy++ {
			if wall(cx, cy) && ptsOpenHit(ax, ay, bx, by, 2*cx, 2*cy) {
				return false
			}
		}
	}
	return true
}
