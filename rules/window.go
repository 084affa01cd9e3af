package rules

import "encounterplanner/model"

// searchWindow is the part of the map a search from a k x k space at
// (sx, sy) can touch within r steps: every position r squares away, its
// space, and the squares a diagonal step passes between (one more on each
// side), clipped to the map. It returns the window's top-left square and
// its size (zero when empty).
func searchWindow(g *model.Grid, sx, sy, k, r int) (x0, y0, w, h int) {
	x0, y0 = max(sx-r-1, 0), max(sy-r-1, 0)
	x1, y1 := min(sx+r+k, g.W-1), min(sy+r+k, g.H-1)
	return x0, y0, max(x1-x0+1, 0), max(y1-y0+1, 0)
}

// cellClass is a per-engine table from a square's terrain (its known
// trait bits, shallow water the highest) to the engine's cell bits.
type cellClass [traitSpan]uint8

// traitSpan covers every trait bit up to model.ShallowWater; the array
// below fails to compile if a trait is added above it.
const traitSpan = 1 << 11

var _ [traitSpan - 2*int(model.ShallowWater)]struct{}

func newCellClass(f func(model.Trait) uint8) *cellClass {
	var c cellClass
	for t := range c {
		c[t] = f(model.Trait(t))
	}
	return &c
}

// classifyWindow fills buf, grown to fit, with the class of every square
// of the window at (ox, oy) of size w x h, row by row. O(w h).
func classifyWindow(buf []uint8, g *model.Grid, ox, oy, w, h int, class *cellClass) []uint8 {
	n := w * h
	if cap(buf) < n {
		buf = make([]uint8, n)
	}
	cells := buf[:n]
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			cells[y*w+x] = class[wallish(g.At(x+ox, y+oy))&(traitSpan-1)]
		}
	}
	return cells
}

// markSpace ors b into the squares of the window (ox, oy, w x h) that a
// k x k space at (x, y) covers.
func markSpace(cells []uint8, ox, oy, w, h, x, y, k int, b uint8) {
	for yy := max(y, oy); yy < min(y+k, oy+h); yy++ {
		for xx := max(x, ox); xx < min(x+k, ox+w); xx++ {
			cells[(yy-oy)*w+xx-ox] |= b
		}
	}
}
