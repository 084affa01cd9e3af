package rules

import "encounterplanner/model"

// Segments against blocking edges, for cover, line of effect, reach and
// areas (rules-conventions.md, "Walls and doors on grid edges"): a segment
// passes through blocking edges when it meets one at a point that is not
// an intersection of grid lines, or runs along one, or passes an
// intersection with blocking edges leaving it on both sides of the
// segment. Coordinates are doubled, as in geometry.go: grid lines lie at
// even coordinates and the intersection (x, y) is the point (2x, 2y).

// Flags of edgesHit.
const (
	// segStartOn: a segment that starts on a blocking edge (its start
	// inside one, or at an intersection a blocking edge leaves) is blocked
	// by it: a cone from a token standing against a wall.
	segStartOn = 1 << iota
	// segSkipStart: the start point is ignored (a burst centred on a wall
	// line spreads to both sides).
	segSkipStart
)

// edgesHit reports whether the segment from P to Q (doubled) passes
// through the blocking edges of the list. O(edges), plus O(edges) for each
// intersection of grid lines where an edge touches the segment. It never
// allocates.
func edgesHit(edges []model.Edge, px, py, qx, qy int, flags int) bool {
	for i := range edges {
		ed := &edges[i]
		if !ed.Kind.Blocking() {
			continue
		}
		ax, ay, bx, by := 2*ed.X1, 2*ed.Y1, 2*ed.X2, 2*ed.Y2
		var hit, atCross bool
		var cx, cy int
		if ed.Horizontal() {
			hit, atCross, cx, cy = edgeMeet(px, py, qx, qy, ay, ax, bx, false)
		} else {
			hit, atCross, cx, cy = edgeMeet(px, py, qx, qy, ax, ay, by, true)
		}
		if hit {
			return true
		}
		if !atCross {
			continue
		}
		start := cx == px && cy == py
		if start && flags&segSkipStart != 0 {
			continue
		}
		if start && flags&segStartOn != 0 {
			return true
		}
		if bothSides(edges, px, py, qx, qy, cx, cy) {
			return true
		}
	}
	return false
}

// edgeMeet tests the segment P-Q against the edge on the grid line at
// coordinate c (y = c for a horizontal edge, x = c for a vertical one when
// vert) from lo to hi along it. hit: it runs along the edge or meets it at
// a point that is not a grid intersection; atCross: it meets it only at
// the intersection (x, y) (doubled).
func edgeMeet(px, py, qx, qy, c, lo, hi int, vert bool) (hit, atCross bool, x, y int) {
	if vert { // swap the axes: work as if the edge were horizontal
		px, py, qx, qy = py, px, qy, qx
	}
	if py == qy {
		if py != c {
			return false, false, 0, 0
		}
		a, b := min(px, qx), max(px, qx)
		if max(a, lo) < min(b, hi) {
			return true, false, 0, 0 // runs along it
		}
		// A single shared point: an end of the edge, an intersection.
		var t int
		switch {
		case a == hi || b == hi:
			t = hi
		case a == lo || b == lo:
			t = lo
		default:
			return false, false, 0, 0
		}
		if vert {
			return false, true, c, t
		}
		return false, true, t, c
	}
	if c < min(py, qy) || c > max(py, qy) {
		return false, false, 0, 0
	}
	// x at y = c is num/den.
	den := qy - py
	num := px*den + (c-py)*(qx-px)
	if den < 0 {
		num, den = -num, -den
	}
	if num < lo*den || num > hi*den {
		return false, false, 0, 0
	}
	if num%den != 0 || (num/den)%2 != 0 {
		return true, false, 0, 0 // inside a unit edge
	}
	t := num / den
	if vert {
		return false, true, c, t
	}
	return false, true, t, c
}

// edgeLeaves notes on which side of the segment P-Q a blocking edge leaves
// the intersection C in direction v (bit 1 left, bit 2 right, in sides),
// and reports whether it runs along the segment instead: on the segment's
// line, the way the segment goes on from C.
func edgeLeaves(sides *uint8, v [2]int, px, py, qx, qy, cx, cy int) bool {
	dx, dy := qx-px, qy-py
	switch cr := dx*v[1] - dy*v[0]; {
	case cr > 0:
		*sides |= 1
	case cr < 0:
		*sides |= 2
	default:
		fwd := dx*v[0]+dy*v[1] > 0
		return fwd && (cx != qx || cy != qy) || !fwd && (cx != px || cy != py)
	}
	return false
}

// bothSides reports whether blocking edges leave the intersection C (on
// the segment P-Q, doubled) on both sides of the segment, or one runs
// along the segment from C.
func bothSides(edges []model.Edge, px, py, qx, qy, cx, cy int) bool {
	var sides uint8
	for i := range edges {
		ed := &edges[i]
		if !ed.Kind.Blocking() {
			continue
		}
		ax, ay, bx, by := 2*ed.X1, 2*ed.Y1, 2*ed.X2, 2*ed.Y2
		if cx < ax || cx > bx || cy < ay || cy > by {
			continue // C is not on this edge
		}
		// The directions the edge leaves C in: toward its far end, its near end.
		for _, v := range [2][2]int{{sign(bx - cx), sign(by - cy)}, {sign(ax - cx), sign(ay - cy)}} {
			if v == [2]int{0, 0} {
				continue
			}
			if edgeLeaves(&sides, v, px, py, qx, qy, cx, cy) {
				return true
			}
		}
	}
	return sides == 3
}

func sign(a int) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// segHit is edgesHit read from the index: O(grid lines the segment
// crosses) instead of O(edges).
func (g *edgeIndex) segHit(px, py, qx, qy int, flags int) bool {
	// Along a grid line: any blocking unit edge it shares more than a point with.
	if px == qx && px%2 == 0 {
		lo, hi := min(py, qy), max(py, qy)
		for j := floorDiv(lo, 2); 2*j < hi; j++ {
			if 2*j+2 > lo && g.BlocksW(px/2, j) {
				return true
			}
		}
	}
	if py == qy && py%2 == 0 {
		lo, hi := min(px, qx), max(px, qx)
		for i := floorDiv(lo, 2); 2*i < hi; i++ {
			if 2*i+2 > lo && g.BlocksN(i, py/2) {
				return true
			}
		}
	}
	// Crossings with vertical grid lines x = X.
	if px != qx {
		den := qx - px
		for X := 2 * ceilDiv(min(px, qx), 2); X <= max(px, qx); X += 2 {
			num := py*den + (X-px)*(qy-py) // y = num / den
			n, d := num, den
			if d < 0 {
				n, d = -n, -d
			}
			if n%d == 0 && (n/d)%2 == 0 {
				if g.crossAt(px, py, qx, qy, X, n/d, flags) {
					return true
				}
				continue
			}
			if g.BlocksW(X/2, floorDiv(n, 2*d)) {
				return true
			}
		}
	}
	if py != qy {
		den := qy - py
		for Y := 2 * ceilDiv(min(py, qy), 2); Y <= max(py, qy); Y += 2 {
			num := px*den + (Y-py)*(qx-px)
			n, d := num, den
			if d < 0 {
				n, d = -n, -d
			}
			if n%d == 0 && (n/d)%2 == 0 {
				continue // an intersection: tested with the vertical lines
			}
			if g.BlocksN(floorDiv(n, 2*d), Y/2) {
				return true
			}
		}
	}
	if px == qx && px%2 == 0 { // intersections along a vertical grid line
		for Y := 2 * ceilDiv(min(py, qy), 2); Y <= max(py, qy); Y += 2 {
			if g.crossAt(px, py, qx, qy, px, Y, flags) {
				return true
			}
		}
	}
	return false
}

// crossAt applies the intersection rules at the grid intersection (X, Y)
// (doubled) on the segment P-Q.
func (g *edgeIndex) crossAt(px, py, qx, qy, X, Y int, flags int) bool {
	ix, iy := X/2, Y/2
	n, e, s, w := g.BlocksW(ix, iy-1), g.BlocksN(ix, iy), g.BlocksW(ix, iy), g.BlocksN(ix-1, iy)
	if !n && !e && !s && !w {
		return false
	}
	if X == px && Y == py {
		if flags&segSkipStart != 0 {
			return false
		}
		if flags&segStartOn != 0 {
			return true
		}
	}
	var sides uint8
	for i, on := range [4]bool{n, e, s, w} {
		if !on {
			continue
		}
		v := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}[i]
		if edgeLeaves(&sides, v, px, py, qx, qy, X, Y) {
			return true
		}
	}
	return sides == 3
}
