package rules

import "encounterplanner/model"

// Line of sight for teleport (rules-conventions.md, "points": "Teleport: any
// empty square in range with line of sight (walls block sight, obstacles do
// not)"; "Walls and doors on grid edges": "teleport needs sight (edges block
// it)"). The destination is in sight when the segment from the centre of the
// token's space to the centre of the destination's space (a space of the
// same size) does not pass through wall squares, closed door squares
// included, in the cover convention's sense (it meets the inside of the area
// they cover together: running along the seam between two counts, touching
// only their outer edge or a corner point does not), and does not pass
// through blocking edges as edgesHit reads it with no flags (meeting one
// away from a grid intersection, running along one, or passing an
// intersection that blocking edges leave on both sides of the segment, the
// segment's two ends included).
//
// This is not Sight's test (sight.go): Sight looks from the centre of each
// square of the token's space to any point of the square seen and stops at
// the map's outline; teleport joins two points, the centres of two whole
// spaces, which for an even size are grid intersections.
//
// The search is shadowcasting from the one origin, by octants, with exact
// slopes. In an octant, a is the distance from the origin along the major
// axis and b along the minor one, in half squares (0 <= b <= a); the
// destinations are the points (2u, 2v), 0 <= v <= u, and a ray is its slope
// b/a in [0, 1]. With c = k mod 2, grid lines lie at a = c and b = c modulo
// 2, and column m of squares spans a in [2m-c, 2m-c+2]. Before the
// destinations of row u are read, everything a ray meets at a in
// (2u-2, 2u] leaves the set of rays still clear (lit): the wall squares of
// column u-1 (the open range of slopes that meet their inside), the
// blocking edges along the column (the open range through their inside;
// along the line b = 0, the one slope 0 runs along them, as it runs along
// the seam between two wall squares there), and on the line a = 2u-c the
// blocking edges across it (open ranges) and the intersections with blocking
// edges on both sides of the ray through them (single slopes). The rest of a
// destination's segment past a = 2u-2 lies in the destination's own space
// (for an odd size, only in its centre square, which must not be a wall), so
// a destination (u, v) is in sight exactly when the slope v/u is still lit.
// Each row reads only the squares and edges the lit slopes can meet, so
// time is O(r^2) at most for range r, less where walls close the view; no
// allocation once the buffers fit.
type teleportSight struct {
	eg                 edgeIndex
	hasEdges           bool
	lit, tmp, block    []ival
	union              []ival
	g                  *model.Grid
	ox2, oy2, c        int // the origin (doubled) and k mod 2
	ux, uy, vx, vy     int // the octant's axes
	sx, sy             int // the token's position
	fx0, fy0, fx1, fy1 int // the positions to mark (inclusive)
	mark               []bool
}

// visible returns, for every position (x, y) with fx0 <= x <= fx1 and
// fy0 <= y <= fy1 (index (y-fy0)*(fx1-fx0+1) + x-fx0) within r squares of
// the token's position (sx, sy) (diagonals as 1), whether the centre of
// the k x k space there is in line of sight from the centre of the token's
// k x k space, as above. The token's own position is left false. The
// slice is reused by the next call.
func (s *teleportSight) visible(e *model.Encounter, sx, sy, k, r, fx0, fy0, fx1, fy1 int) []bool {
	n := (fx1 - fx0 + 1) * (fy1 - fy0 + 1)
	if cap(s.mark) < n {
		s.mark = make([]bool, n)
	}
	s.mark = s.mark[:n]
	clear(s.mark)
	s.g = &e.Grid
	s.sx, s.sy = sx, sy
	s.fx0, s.fy0, s.fx1, s.fy1 = fx0, fy0, fx1, fy1
	s.ox2, s.oy2, s.c = 2*sx+k, 2*sy+k, k%2
	s.hasEdges = false
	for i := range e.Edges {
		if e.Edges[i].Kind.Blocking() {
			s.hasEdges = true
			break
		}
	}
	if s.hasEdges {
		s.eg.build(e)
	}
	for o := 0; o < 8; o++ {
		s.ux, s.uy, s.vx, s.vy = octAxes[o][0], octAxes[o][1], octAxes[o][2], octAxes[o][3]
		s.octant(r)
	}
	return s.mark
}

// wall reports whether square (m, w) of the octant (column m, row w) is a
// wall or closed door square of the map.
func (s *teleportSight) wall(m, w int) bool {
	a, b := 2*m-s.c+1, 2*w-s.c+1 // its centre
	x := (s.ox2 + a*s.ux + b*s.vx) >> 1
	y := (s.oy2 + a*s.uy + b*s.vy) >> 1
	g := s.g
	return x >= 0 && y >= 0 && x < g.W && y < g.H && wallish(g.Cells[y*g.W+x])&model.Wall != 0
}

// edge reports whether a blocking unit edge joins the grid points (a, b)
// and (a+da, b+db) of the octant, one of da and db 2, the other 0.
func (s *teleportSight) edge(a, b, da, db int) bool {
	if !s.hasEdges {
		return false
	}
	x1, y1 := s.ox2+a*s.ux+b*s.vx, s.oy2+a*s.uy+b*s.vy
	x2, y2 := x1+da*s.ux+db*s.vx, y1+da*s.uy+db*s.vy
	if y1 == y2 {
		return s.eg.BlocksN(min(x1, x2)>>1, y1>>1)
	}
	return s.eg.BlocksW(x1>>1, min(y1, y2)>>1)
}

// teleportSteps returns the range [lo, hi] of steps t >= 0 for which
// p + t*d lies in [p0, p1] (d is -1 or 1); lo > hi when there is none.
func teleportSteps(p, d, p0, p1 int) (lo, hi int) {
	if d > 0 {
		return max(p0-p, 0), p1 - p
	}
	return max(p-p1, 0), p - p0
}

// octant marks the destinations of the current octant in sight, rows 1
// to r, until no slope is lit.
func (s *teleportSight) octant(r int) {
	// The rows and columns of destinations on the marked positions.
	uLo, uHi := teleportSteps(s.sy, s.uy, s.fy0, s.fy1)
	if s.ux != 0 {
		uLo, uHi = teleportSteps(s.sx, s.ux, s.fx0, s.fx1)
	}
	vLo, vHi := teleportSteps(s.sy, s.vy, s.fy0, s.fy1)
	if s.vx != 0 {
		vLo, vHi = teleportSteps(s.sx, s.vx, s.fx0, s.fx1)
	}
	uLo, uHi = max(uLo, 1), min(uHi, r)
	if uLo > uHi || vLo > vHi {
		return
	}
	c := s.c
	s.lit = append(s.lit[:0], ival{frac{0, 1}, frac{1, 1}, true, true})
	s.block = s.block[:0]
	if c == 1 && s.wall(0, 0) {
		return // the segment starts inside a wall square
	}
	if c == 0 {
		// The origin is an intersection: the edges that leave it.
		pa, ma, pb, mb := s.edge(0, 0, 2, 0), s.edge(-2, 0, 2, 0), s.edge(0, 0, 0, 2), s.edge(0, -2, 0, 2)
		if pb && mb {
			s.block = append(s.block, ival{frac{0, 1}, frac{0, 1}, true, true})
		}
		if (ma || pb) && (pa || mb) {
			s.block = append(s.block, ival{frac{0, 1}, frac{1, 1}, false, true})
		}
		s.subtract()
	}
	inf := frac{1, 0}
	for u := 1; u <= uHi && len(s.lit) > 0; u++ {
		m := u - 1
		A0 := 2*m - c
		A1 := A0 + 2
		L, H := s.lit[0].lo, s.lit[len(s.lit)-1].hi
		// The rows w whose blockers can meet a lit slope: a generous range.
		wlo := max(0, L.n*max(A0, 0)/(2*L.d)-2)
		whi := min(u, H.n*A1/(2*H.d)+2, vHi+1)
		s.block = s.block[:0]
		origin := c == 1 && m == 0 // the origin's column: only its own square counts
		// mb: the blocking edge across the line a = A1 just below row w's
		mb := s.edge(A1, 2*wlo-c-2, 0, 2)
		for w := wlo; w <= whi; w++ {
			B := 2*w - c
			lo := frac{B, A1}
			// along b = B over the column; across a = A1 over [B, B+2]
			along, across := s.edge(A0, B, 2, 0), s.edge(A1, B, 0, 2)
			if c == 0 && w == 0 && (along || s.wall(m, -1) && s.wall(m, 0)) {
				// the slope 0 runs along a blocking edge or a seam
				s.block = append(s.block, ival{frac{0, 1}, frac{0, 1}, true, true})
			}
			if !origin && s.wall(m, w) {
				hi := inf
				if A0 > 0 {
					hi = frac{B + 2, A0}
				}
				s.block = append(s.block, ival{lo, hi, false, false})
			}
			if B > 0 && !origin && along {
				hi := inf
				if A0 > 0 {
					hi = frac{B, A0}
				}
				s.block = append(s.block, ival{lo, hi, false, false})
			}
			if across {
				s.block = append(s.block, ival{lo, frac{B + 2, A1}, false, false})
			}
			if B >= 0 && B <= A1 && (along || across || mb) {
				// The intersection (A1, B): blocking edges leaving it on
				// both sides of the ray through it (-a along, +b across,
				// -b mb, +a beyond). Along the ray (B = 0), edges are the
				// runs-along case above.
				beyond := s.edge(A1, B, 2, 0)
				if B == 0 && across && mb || B > 0 && (along || across) && (beyond || mb) {
					s.block = append(s.block, ival{lo, lo, true, true})
				}
			}
			mb = across
		}
		s.subtract()
		if len(s.lit) == 0 || u < uLo {
			continue
		}
		// The destinations of row u whose slope is lit.
		L, H = s.lit[0].lo, s.lit[len(s.lit)-1].hi
		v0 := max(vLo, L.n*u/L.d)
		v1 := min(vHi, u, (H.n*u+H.d-1)/H.d)
		i := 0
		for v := v0; v <= v1; v++ {
			p := frac{v, u}
			for i < len(s.lit) && (s.lit[i].hi.less(p) || s.lit[i].hi.eq(p) && !s.lit[i].hiIn) {
				i++
			}
			if i == len(s.lit) {
				break
			}
			if l := s.lit[i]; p.less(l.lo) || p.eq(l.lo) && !l.loIn {
				continue
			}
			if c == 1 && s.wall(u, v) {
				continue // the segment ends inside a wall square
			}
			x, y := s.sx+u*s.ux+v*s.vx, s.sy+u*s.uy+v*s.vy
			s.mark[(y-s.fy0)*(s.fx1-s.fx0+1)+x-s.fx0] = true
		}
	}
}

// subtract removes the blockers (sorted by low end) from the lit slopes:
// O(lit + blockers).
func (s *teleportSight) subtract() {
	if len(s.block) == 0 {
		return
	}
	// The blockers as disjoint intervals, in order.
	u := s.union[:0]
	for _, b := range s.block {
		if b.empty() {
			continue
		}
		if n := len(u); n > 0 {
			last := &u[n-1]
			if b.lo.less(last.hi) || b.lo.eq(last.hi) && (last.hiIn || b.loIn) {
				if b.lo.eq(last.lo) {
					last.loIn = last.loIn || b.loIn
				}
				if last.hi.less(b.hi) {
					last.hi, last.hiIn = b.hi, b.hiIn
				} else if last.hi.eq(b.hi) {
					last.hiIn = last.hiIn || b.hiIn
				}
				continue
			}
		}
		u = append(u, b)
	}
	s.union = u
	out := s.tmp[:0]
	j := 0
	for _, l := range s.lit {
		cur := l
		// blockers wholly below this lit interval are below the next ones
		for j < len(u) && (u[j].hi.less(cur.lo) || u[j].hi.eq(cur.lo) && !(u[j].hiIn && cur.loIn)) {
			j++
		}
		for q := j; q < len(u) && !cur.empty(); q++ {
			b := u[q]
			if cur.hi.less(b.lo) || cur.hi.eq(b.lo) && !(cur.hiIn && b.loIn) {
				break // wholly above
			}
			if left := (ival{cur.lo, b.lo, cur.loIn, !b.loIn}); !left.empty() {
				out = append(out, left)
			}
			if b.hi.less(cur.hi) || b.hi.eq(cur.hi) && cur.hiIn && !b.hiIn {
				cur = ival{b.hi, cur.hi, !b.hiIn, cur.hiIn}
			} else {
				cur = ival{frac{1, 1}, frac{0, 1}, false, false} // nothing left
			}
		}
		if !cur.empty() {
			out = append(out, cur)
		}
	}
	s.lit, s.tmp = out, s.lit
}
