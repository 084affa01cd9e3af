package rules

// squareCounts counts the squares of a set in any box of the map in
// constant time: n[(j)*(w+1)+i] is the number of the set's squares in
// columns 0..i-1 of rows 0..j-1.
type squareCounts struct {
	w, h int
	n    []int32
}

// countSquares counts set's squares (a map's set, not a box). Time and
// memory O(map).
func countSquares(set *squareSet) *squareCounts {
	w, h := set.w, set.h
	c := &squareCounts{w: w, h: h, n: make([]int32, (w+1)*(h+1))}
	for j := 0; j < h; j++ {
		row := c.n[(j+1)*(w+1):]
		above := c.n[j*(w+1):]
		var run int32
		for i := 0; i < w; i++ {
			if set.in(i, j) {
				run++
			}
			row[i+1] = above[i+1] + run
		}
	}
	return c
}

// count returns the number of the set's squares in columns i0..i1 of rows
// j0..j1 (inclusive; the parts off the map hold none) and the number of
// the map's squares there.
func (c *squareCounts) count(i0, j0, i1, j1 int) (in, all int) {
	i0, j0, i1, j1 = max(i0, 0), max(j0, 0), min(i1, c.w-1), min(j1, c.h-1)
	if i0 > i1 || j0 > j1 {
		return 0, 0
	}
	W := c.w + 1
	return int(c.n[(j1+1)*W+i1+1] - c.n[j0*W+i1+1] - c.n[(j1+1)*W+i0] + c.n[j0*W+i0]), (i1 - i0 + 1) * (j1 - j0 + 1)
}

// segHitsCounted is segHits over the whole map, skipping the runs of
// columns whose squares the segment can meet hold none of the set: it
// halves the segment's columns while a half's box of squares holds one of
// the set, and walks (segHitsAt) runs of a few columns, or a box a
// sixteenth of whose squares are in the set (where the walk soon meets
// one). A segment among few of the set's squares costs the log of its
// length, not its length. The same answer as segHits (TestSegHitsCountedMatchesSegHits).
func segHitsCounted(px, py, qx, qy int, set *squareSet, c *squareCounts) bool {
	if px == qx || py == qy {
		return segHits(px, py, qx, qy, -1, set.w, set)
	}
	if px > qx {
		px, py, qx, qy = qx, qy, px, py
	}
	ia, ib := max(floorDiv(px, 2), 0), min(ceilDiv(qx, 2)-1, set.w-1)
	return segColumns(px, py, qx, qy, ia, ib, set, c)
}

// segColumnsWalk is the most columns segColumns walks rather than halves.
const segColumnsWalk = 8

// segColumns is segHitsCounted over columns i0..i1 (px < qx, py != qy).
func segColumns(px, py, qx, qy, i0, i1 int, set *squareSet, c *squareCounts) bool {
	for i0 <= i1 {
		// The rows the segment's open y-range meets over these columns,
		// as segHitsAt works them out a column at a time.
		xa, xb := max(px, 2*i0), min(qx, 2*i1+2)
		if xa >= xb {
			return false
		}
		dx, dy := qx-px, qy-py
		na, nb := py*dx+(xa-px)*dy, py*dx+(xb-px)*dy
		lo, hi := min(na, nb), max(na, nb)
		in, all := c.count(i0, floorDiv(lo, 2*dx), i1, ceilDiv(hi, 2*dx)-1)
		if in == 0 {
			return false
		}
		if i1-i0 < segColumnsWalk || 16*in >= all {
			hit, _, _ := segHitsAt(px, py, qx, qy, i0, i1, set)
			return hit
		}
		m := i0 + (i1-i0)/2
		if segColumns(px, py, qx, qy, i0, m, set, c) {
			return true
		}
		i0 = m + 1
	}
	return false
}
