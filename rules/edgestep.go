package rules

import "encounterplanner/model"

// Walls and doors on grid edges, and door squares, for every search
// (rules-conventions.md, "Walls and doors on grid edges").
//
// A door square of the older kind is a wall square while closed and open
// ground while open: wallish folds a closed door into the Wall bit, so
// every test of model.Wall reads it the same way.
//
// Edges are read once per query into per-square bits: bit d (model.Dir
// order N, NE, ... NW) of a square is set when a single square there may
// not step in direction d because of blocking edges (an orthogonal step
// across one; a diagonal whose two-step routes around the corner are
// blocked, sf2e both, the other rulesets either). A k x k space adds, per
// position, the union of its squares' bits and spaceInner when a blocking
// edge runs inside the space. With no edges nothing is built or read.

// wallish returns t with the Wall bit set when t is a closed door square.
func wallish(t model.Trait) model.Trait {
	return t | (t>>8)&^(t>>9)&1
}

// spaceInner marks a position whose k x k space holds a blocking edge.
const spaceInner uint16 = 1 << 8

// edgeIndex answers, like model.EdgeGrid, whether a unit grid edge
// blocks, from buffers reused between queries (building a model.EdgeGrid
// allocates). Index y*(W+1)+x, x 0..W, y 0..H: bit 0 the north side of
// square (x, y) blocks, bit 1 its west side.
type edgeIndex struct {
	W, H int
	b    []uint8
}

// build indexes the blocking edges of e; O(W H + edge length).
func (g *edgeIndex) build(e *model.Encounter) {
	g.W, g.H = e.Grid.W, e.Grid.H
	n := (g.W + 1) * (g.H + 1)
	if cap(g.b) < n {
		g.b = make([]uint8, n)
	}
	g.b = g.b[:n]
	clear(g.b)
	for _, ed := range e.Edges {
		if !ed.Kind.Blocking() {
			continue
		}
		if ed.Horizontal() {
			if ed.Y1 < 0 || ed.Y1 > g.H {
				continue
			}
			for x := max(ed.X1, 0); x < min(ed.X2, g.W+1); x++ {
				g.b[ed.Y1*(g.W+1)+x] |= 1
			}
			continue
		}
		if ed.X1 < 0 || ed.X1 > g.W {
			continue
		}
		for y := max(ed.Y1, 0); y < min(ed.Y2, g.H+1); y++ {
			g.b[y*(g.W+1)+ed.X1] |= 2
		}
	}
}

func (g *edgeIndex) at(x, y int) uint8 {
	if x < 0 || y < 0 || x > g.W || y > g.H {
		return 0
	}
	return g.b[y*(g.W+1)+x]
}

// BlocksN reports whether a blocking edge runs along the north side of (x, y).
func (g *edgeIndex) BlocksN(x, y int) bool { return g.at(x, y)&1 != 0 }

// BlocksW reports whether a blocking edge runs along the west side of (x, y).
func (g *edgeIndex) BlocksW(x, y int) bool { return g.at(x, y)&2 != 0 }

// Between reports whether a blocking edge lies between the orthogonal
// neighbours a and b (false for squares that are not).
func (g *edgeIndex) Between(ax, ay, bx, by int) bool { return model.EdgeBetween(g, ax, ay, bx, by) }

// edgeStepBits fills out[at(x, y)] for every square of x0..x1, y0..y1,
// where at(x, y) = base + (y-y0)*stride + (x-x0), with the directions a
// single square there may not step in (see above). A route around a
// diagonal's corner is blocked when it crosses a blocking edge or its
// middle square has a bit of solid in cells (same indexing; squares
// outside the rectangle never do). either: refuse when either route is
// blocked (pf1e, starship, points), else when both are (sf2e). O(area).
func edgeStepBits(out []uint8, eg *edgeIndex, x0, y0, x1, y1, base, stride int, cells []uint8, solid uint8, either bool) {
	at := func(x, y int) int { return base + (y-y0)*stride + (x - x0) }
	isSolid := func(x, y int) bool {
		return x >= x0 && x <= x1 && y >= y0 && y <= y1 && cells[at(x, y)]&solid != 0
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			var b uint8
			for d := 0; d < 8; d++ {
				dx, dy := model.Dir[d][0], model.Dir[d][1]
				if dx == 0 || dy == 0 {
					if eg.Between(x, y, x+dx, y+dy) {
						b |= 1 << d
					}
					continue
				}
				// Via (x+dx, y): across, then up or down; via (x, y+dy):
				// up or down, then across.
				rx := eg.Between(x, y, x+dx, y) || eg.Between(x+dx, y, x+dx, y+dy) || isSolid(x+dx, y)
				ry := eg.Between(x, y, x, y+dy) || eg.Between(x, y+dy, x+dx, y+dy) || isSolid(x, y+dy)
				if either && (rx || ry) || !either && rx && ry {
					b |= 1 << d
				}
			}
			out[at(x, y)] = b
		}
	}
}

// spaceEdgeBits fills sp[at(x, y)] (indexing as edgeStepBits) for every
// position x0..x1-k+1, y0..y1-k+1 with the union of eb over the k x k space
// there, plus spaceInner when a blocking edge runs between two of its
// squares. Positions whose space leaves the rectangle get 0. O(area k^2).
func spaceEdgeBits(sp []uint16, eb []uint8, eg *edgeIndex, k, x0, y0, x1, y1, base, stride int) {
	at := func(x, y int) int { return base + (y-y0)*stride + (x - x0) }
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			var b uint16
			if x+k-1 <= x1 && y+k-1 <= y1 {
				for j := y; j < y+k; j++ {
					for i := x; i < x+k; i++ {
						b |= uint16(eb[at(i, j)])
						if i > x && eg.BlocksW(i, j) || j > y && eg.BlocksN(i, j) {
							b |= spaceInner
						}
					}
				}
			}
			sp[at(x, y)] = b
		}
	}
}

// edgeSteps is what a window search keeps of the edges: per square the
// refused directions, per position the space's (see above). Buffers are
// reused between queries.
type edgeSteps struct {
	on bool
	eg edgeIndex
	eb []uint8
	sp []uint16
}

// build reads the encounter's edges for a window (ox, oy, w x h) whose
// cells (window-indexed) have the solid bits, for a k x k space. It leaves
// on false, and allocates nothing, when the map has no edges.
func (s *edgeSteps) build(e *model.Encounter, ox, oy, w, h, k int, cells []uint8, solid uint8, either bool) {
	s.buildAt(e, ox, oy, w, h, 0, w, w*h, k, cells, solid, either)
}

// buildAt is build for buffers of n squares where (x, y) of the window is
// at base + (y-oy)*stride + (x-ox).
func (s *edgeSteps) buildAt(e *model.Encounter, ox, oy, w, h, base, stride, n, k int, cells []uint8, solid uint8, either bool) {
	s.on = len(e.Edges) > 0 && w > 0 && h > 0
	if !s.on {
		return
	}
	s.eg.build(e)
	if cap(s.eb) < n {
		s.eb, s.sp = make([]uint8, n), make([]uint16, n)
	}
	s.eb, s.sp = s.eb[:n], s.sp[:n]
	edgeStepBits(s.eb, &s.eg, ox, oy, ox+w-1, oy+h-1, base, stride, cells, solid, either)
	spaceEdgeBits(s.sp, s.eb, &s.eg, k, ox, oy, ox+w-1, oy+h-1, base, stride)
}

// refuses reports whether the edges refuse the step in direction d from
// window index i to window index j.
func (s *edgeSteps) refuses(i, j, d int) bool {
	return s.on && (s.sp[i]&(1<<d) != 0 || s.sp[j]&spaceInner != 0)
}
