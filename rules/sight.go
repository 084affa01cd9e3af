package rules

import (
	"encounterplanner/model"
)

// Sight and fog of war (rules-conventions.md, "Sight and fog of war"): a
// square S is visible from a token when a segment from the centre of some
// square of the token's space to some point of S does not pass through
// wall squares other than S, closed door squares other than S, or blocking
// edges. Obstacles and creatures do not block sight.
//
// The search is shadowcasting by octants with exact slopes. In an octant
// the viewer's centre is the origin, u counts squares along the major
// axis and v along the minor one (0 <= v <= u), in doubled coordinates
// square (u, v) spans [2u-1, 2u+1] x [2v-1, 2v+1], and a ray is its slope
// v/u in [0, 1]. Row by row, the set of rays still clear (lit) shrinks:
// first by the blocking edges on the line between the rows (the open
// slope range of each unit edge, and the single slope through an
// intersection with blocking edges on both sides of the ray); then a
// square of the row is visible when a lit ray reaches it, entering through
// its near side, or through its low side after crossing the square below
// it in the row when that is no wall and no blocking edge lies between;
// then the row's wall squares (the open range of rays that meet their
// inside) and the blocking edges between squares of the row leave the lit
// set. Touching only a corner or a side never blocks, as the conventions
// say. Time O(squares seen + lit intervals), no allocation after warm-up.

// frac is a slope n/d with d > 0.
type frac struct{ n, d int }

func (a frac) less(b frac) bool { return a.n*b.d < b.n*a.d }
func (a frac) eq(b frac) bool   { return a.n*b.d == b.n*a.d }

// ival is an interval of slopes; loIn/hiIn say whether an end belongs to it.
type ival struct {
	lo, hi     frac
	loIn, hiIn bool
}

func (a ival) empty() bool {
	return a.hi.less(a.lo) || a.lo.eq(a.hi) && !(a.loIn && a.hiIn)
}

// meets reports whether two intervals share a slope.
func (a ival) meets(b ival) bool {
	lo, loIn := a.lo, a.loIn
	if lo.less(b.lo) || lo.eq(b.lo) && !b.loIn {
		lo, loIn = b.lo, b.loIn && (!b.lo.eq(a.lo) || a.loIn)
	} else if lo.eq(b.lo) {
		loIn = a.loIn && b.loIn
	}
	hi, hiIn := a.hi, a.hiIn
	if b.hi.less(hi) || hi.eq(b.hi) && !b.hiIn {
		hi, hiIn = b.hi, b.hiIn && (!b.hi.eq(a.hi) || a.hiIn)
	} else if hi.eq(b.hi) {
		hiIn = a.hiIn && b.hiIn
	}
	return lo.less(hi) || lo.eq(hi) && loIn && hiIn
}

// Seer computes sight with buffers reused between calls. Not safe for
// concurrent use.
type Seer struct {
	eg       edgeIndex
	lit, tmp []ival
	block    []ival
	// Per row of an octant, by v: the blocking edges on the near line
	// (near[v]: between (u-1, v) and (u, v)) and between the row's squares
	// (row[v]: between (u, v-1) and (u, v)); prev is row of the row
	// before, nNear and nRow those of the row after.
	near, row, prev, nNear, nRow []bool
}

// Sight appends to dst the squares visible from token tok, sorted by y
// then x (the token's own squares included). It fails for a token that
// does not exist or a malformed map.
func Sight(dst []Point, e *model.Encounter, tok int) ([]Point, error) {
	var s Seer
	g := &e.Grid
	mark := make([]bool, g.W*g.H)
	if err := s.Visible(mark, e, tok); err != nil {
		return dst, err
	}
	for i, ok := range mark {
		if ok {
			dst = append(dst, Point{i % g.W, i / g.W})
		}
	}
	return dst, nil
}

// Visible sets mark[y*W+x] for every square visible from token tok
// (leaving the others as they are), so calls over several tokens give the
// union: "reveal what a side can see now".
func (s *Seer) Visible(mark []bool, e *model.Encounter, tok int) error {
	g := &e.Grid
	if len(g.Cells) != g.W*g.H || g.W < 1 || g.H < 1 || len(mark) != g.W*g.H {
		return BadQuery("the map is malformed: %dx%d with %d squares", g.W, g.H, len(g.Cells))
	}
	if tok < 0 || tok >= len(e.Tokens) {
		return BadQuery("no token %d (the encounter has %d)", tok, len(e.Tokens))
	}
	if len(e.Edges) > 0 {
		s.eg.build(e)
	} else {
		s.eg.W, s.eg.H = -1, -1 // empty: every test answers no edge
	}
	t := &e.Tokens[tok]
	k := e.Space(t)
	for y := t.Y; y < t.Y+k; y++ {
		for x := t.X; x < t.X+k; x++ {
			if g.In(x, y) {
				mark[y*g.W+x] = true
				for o := 0; o < 8; o++ {
					s.octant(mark, g, x, y, o)
				}
			}
		}
	}
	return nil
}

// RevealSide sets mark for every square visible from any token of side
// (rules-conventions.md: "Reveal from the party"). It fails for a malformed
// map.
func (s *Seer) RevealSide(mark []bool, e *model.Encounter, side string) error {
	for i := range e.Tokens {
		if e.Tokens[i].SideOrNeutral() != side {
			continue
		}
		if err := s.Visible(mark, e, i); err != nil {
			return err
		}
	}
	return nil
}

// octant axes: the map step of one u and of one v.
var octAxes = [8][4]int{
	{1, 0, 0, 1}, {1, 0, 0, -1}, {-1, 0, 0, 1}, {-1, 0, 0, -1},
	{0, 1, 1, 0}, {0, 1, -1, 0}, {0, -1, 1, 0}, {0, -1, -1, 0},
}

func (s *Seer) octant(mark []bool, g *model.Grid, cx, cy, o int) {
	ux, uy, vx, vy := octAxes[o][0], octAxes[o][1], octAxes[o][2], octAxes[o][3]
	at := func(u, v int) (int, int) { return cx + u*ux + v*vx, cy + u*uy + v*vy }
	wall := func(u, v int) bool {
		x, y := at(u, v)
		return g.In(x, y) && wallish(g.Cells[y*g.W+x])&model.Wall != 0
	}
	// edge: a blocking edge between two squares; the map's outline counts
	// as one, since no point on it is a point of a square to see, and a
	// ray that reaches it leaves the map.
	edge := func(u1, v1, u2, v2 int) bool {
		x1, y1 := at(u1, v1)
		x2, y2 := at(u2, v2)
		if !g.In(x1, y1) || !g.In(x2, y2) {
			return true
		}
		return s.eg.W >= 0 && s.eg.Between(x1, y1, x2, y2)
	}
	hasEdges := s.eg.W >= 0
	s.lit = append(s.lit[:0], ival{frac{0, 1}, frac{1, 1}, true, true})
	// edgesFor fills the tables for row u over v0-1..v1+1 (false
	// elsewhere): only the squares lit rays can reach are looked at.
	edgesFor := func(u, v0, v1 int) {
		n := u + 3
		fill := func(b []bool) []bool {
			b = b[:0]
			for v := 0; v < n; v++ {
				b = append(b, false)
			}
			return b
		}
		s.near, s.row, s.prev, s.nNear, s.nRow = fill(s.near), fill(s.row), fill(s.prev), fill(s.nNear), fill(s.nRow)
		for v := max(v0-1, 0); v <= v1+1 && v < n; v++ {
			s.near[v] = edge(u-1, v, u, v)
			s.nNear[v] = edge(u, v, u+1, v)
			if v > 0 {
				s.row[v] = edge(u, v-1, u, v)
				s.prev[v] = edge(u-1, v-1, u-1, v)
				s.nRow[v] = edge(u+1, v-1, u+1, v)
			}
		}
	}
	for u := 1; len(s.lit) > 0; u++ {
		// The squares of the row the lit rays can touch.
		L, Hi := s.lit[0].lo, s.lit[len(s.lit)-1].hi
		v0 := max(0, L.n*(2*u-1)/(2*L.d)-1)
		v1 := min(u, Hi.n*(2*u+1)/(2*Hi.d)+1)
		edgesFor(u, v0, v1)
		near, row, prev, nNear, nRow := s.near, s.row, s.prev, s.nNear, s.nRow
		// crossAt(v): blocking edges leave the intersection at minor 2v-1
		// on the near line of row u on both sides of the rays through it;
		// crossNext(v): the same on the far line.
		crossAt := func(v int) bool { return (near[v] || prev[v]) && (near[v-1] || row[v]) }
		crossNext := func(v int) bool { return (nNear[v] || row[v]) && (nNear[v-1] || nRow[v]) }
		// Stop when the whole row is off the map.
		x0, y0 := at(u, 0)
		if !g.In(x0, y0) {
			return
		}
		n0, n1 := 2*u-1, 2*u+1 // the near and far lines
		// The blocking edges on the near line.
		s.block = s.block[:0]
		// The first v off the map (u + 1: none): the outline there.
		vEnd := u + 1
		for v := max(v0, 1); v <= u; v++ {
			if x, y := at(u, v); !g.In(x, y) {
				vEnd = v
				break
			}
		}
		if !hasEdges {
			// Only the outline: it blocks every ray from the intersection
			// where it starts (cross is true there) outward.
			if vEnd <= u {
				s.block = append(s.block, ival{frac{2*vEnd - 1, n0}, frac{1, 0}, true, true})
			}
		}
		for v := v0; v <= v1 && hasEdges; v++ {
			if v > 0 && (2*v-1) <= n0 {
				// The intersection at minor 2v-1 on the near line.
				if crossAt(v) {
					p := frac{2*v - 1, n0}
					s.block = append(s.block, ival{p, p, true, true})
				}
			}
			if near[v] {
				s.block = append(s.block, ival{frac{2*v - 1, n0}, frac{2*v + 1, n0}, false, false})
			}
		}
		s.subtract()
		if len(s.lit) == 0 {
			return
		}
		// Visibility of the row's squares.
		for v := v0; v <= v1; v++ {
			x, y := at(u, v)
			if !g.In(x, y) {
				break
			}
			i := y*g.W + x
			if mark[i] {
				continue
			}
			near := ival{frac{2*v - 1, n0}, frac{2*v + 1, n0}, true, true}
			if s.anyLit(near) {
				mark[i] = true
				continue
			}
			if v > 0 && !wall(u, v-1) {
				// The lowest ray reaches only S's far corner, an
				// intersection on the next near line: blocked there as
				// the intersection rule says (the outline included).
				farCorner := !crossNext(v)
				side := ival{frac{2*v - 1, n1}, frac{2*v - 1, n0}, farCorner, false}
				if row[v] {
					// Only the ray to S's far corner, past the edge's end.
					if !farCorner {
						continue
					}
					side.hi, side.hiIn = side.lo, true
				}
				if s.anyLit(side) {
					mark[i] = true
				}
			}
		}
		// The row's walls and the edges between its squares.
		s.block = s.block[:0]
		for v := v0; v <= v1; v++ {
			if v > 0 && (v >= vEnd || row[v]) {
				s.block = append(s.block, ival{frac{2*v - 1, n1}, frac{2*v - 1, n0}, false, false})
			}
			if wall(u, v) {
				s.block = append(s.block, ival{frac{2*v - 1, n1}, frac{2*v + 1, n0}, false, false})
			}
		}
		s.subtract()
	}
}

// anyLit reports whether some lit slope lies in a.
func (s *Seer) anyLit(a ival) bool {
	for _, l := range s.lit {
		if a.hi.less(l.lo) {
			return false
		}
		if l.meets(a) {
			return true
		}
	}
	return false
}

// subtract removes every blocker (sorted by low end) from the lit set.
func (s *Seer) subtract() {
	if len(s.block) == 0 {
		return
	}
	s.tmp = s.tmp[:0]
	for _, l := range s.lit {
		cur := l
		for _, b := range s.block {
			if cur.empty() {
				break
			}
			if !cur.meets(b) {
				continue
			}
			left := ival{cur.lo, b.lo, cur.loIn, !b.loIn}
			if cur.hi.less(b.lo) {
				left.hi, left.hiIn = cur.hi, cur.hiIn
			}
			if !left.empty() {
				s.tmp = append(s.tmp, left)
			}
			if b.hi.less(cur.hi) || b.hi.eq(cur.hi) && cur.hiIn && !b.hiIn {
				cur = ival{b.hi, cur.hi, !b.hiIn, cur.hiIn}
			} else {
				cur = ival{frac{1, 1}, frac{0, 1}, false, false} // nothing left
			}
		}
		if !cur.empty() {
			s.tmp = append(s.tmp, cur)
		}
	}
	s.lit, s.tmp = s.tmp, s.lit
}

// RevealRoom sets mark for the room of square (x, y): the squares reached
// from it by orthogonal steps that cross no blocking edge and enter no wall
// square or closed door square, plus the wall and door squares next to
// them (8-neighbour) (rules-conventions.md "Sight and fog of war"). A
// click on a wall or closed door square reveals that square alone. It
// fails for a square off the map.
func RevealRoom(mark []bool, e *model.Encounter, x, y int) error {
	g := &e.Grid
	if len(g.Cells) != g.W*g.H || len(mark) != g.W*g.H {
		return BadQuery("the map is malformed: %dx%d with %d squares", g.W, g.H, len(g.Cells))
	}
	if !g.In(x, y) {
		return BadQuery("reveal room: (%d, %d) is off the %dx%d map", x, y, g.W, g.H)
	}
	var eg edgeIndex
	if len(e.Edges) > 0 {
		eg.build(e)
	} else {
		eg.W, eg.H = -1, -1
	}
	solid := func(i int) bool { return wallish(g.Cells[i])&model.Wall != 0 }
	start := y*g.W + x
	mark[start] = true
	if solid(start) {
		return nil
	}
	seen := make([]bool, g.W*g.H)
	seen[start] = true
	queue := []int32{int32(start)}
	for len(queue) > 0 {
		i := int(queue[0])
		queue = queue[1:]
		cx, cy := i%g.W, i/g.W
		for _, d := range model.Dir {
			nx, ny := cx+d[0], cy+d[1]
			if !g.In(nx, ny) {
				continue
			}
			j := ny*g.W + nx
			if solid(j) {
				mark[j] = true // the walls and doors around the room
				continue
			}
			if d[0] != 0 && d[1] != 0 || seen[j] || eg.W >= 0 && eg.Between(cx, cy, nx, ny) {
				continue
			}
			seen[j], mark[j] = true, true
			queue = append(queue, int32(j))
		}
	}
	return nil
}
