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

// bothSides reports whether blocking edges leave the intersection C (on
// the segment P-Q, doubled) on both sides of the segment, or one runs
// along the segment from C.
func bothSides(edges []model.Edge, px, py, qx, qy, cx, cy int) bool {
	dx, dy := qx-px, qy-py
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
			switch cr := dx*v[1] - dy*v[0]; {
			case cr > 0:
				sides |= 1
			case cr < 0:
				sides |= 2
			default:
				// Along the segment's line: it runs along the segment
				// when the segment goes on from C that way.
				fwd := dx*v[0]+dy*v[1] > 0
				if fwd && (cx != qx || cy != qy) || !fwd && (cx != px || cy != py) {
					return true
				}
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
