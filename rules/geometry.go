package rules

import (
	"encounterplanner/model"
)

// Geometry shared by the sf2e and pf1e engines: reach, threatened squares,
// exact segment tests for cover and flanking. Every coordinate here is
// doubled (a square (x, y) covers [2x, 2x+2] x [2y, 2y+2]), so centres and
// corners of spaces are integers and every test is exact integer arithmetic.

// naturalReach is the reach in feet from the size table: sf2e Player Core
// p. 413 (tall/long), pf1e the d20 table (fine..colossal).
func naturalReach(k kind, t *model.Token) int {
	if t.Reach != nil {
		return *t.Reach
	}
	tall := [...]int{model.Fine: 0, model.Diminutive: 0, model.Tiny: 0, model.Small: 5, model.Medium: 5,
		model.Large: 10, model.Huge: 15, model.Gargantuan: 20, model.Colossal: 30}
	long := [...]int{model.Fine: 0, model.Diminutive: 0, model.Tiny: 0, model.Small: 5, model.Medium: 5,
		model.Large: 5, model.Huge: 10, model.Gargantuan: 15, model.Colossal: 20}
	if t.Size < 0 || int(t.Size) >= len(tall) {
		return 0
	}
	if t.Long {
		return long[t.Size]
	}
	return tall[t.Size]
}

// gaps returns the square gaps along x and y between two spaces (adjacent
// = 1, overlapping = 0).
func gaps(ax, ay, ak, bx, by, bk int) (int, int) {
	gx := max(0, bx-(ax+ak-1), ax-(bx+bk-1))
	gy := max(0, by-(ay+ak-1), ay-(by+bk-1))
	return gx, gy
}

// within reports whether a space at gaps (gx, gy) is within r feet:
// 5 x (max + floor(min/2)) feet (diagonals 5, 10, 5 ...), and for a reach of
// 10 ft or more, both gaps at most 2 (rules-conventions.md "Reach").
func within(gx, gy, r, feet int) bool {
	hi, lo := gx, gy
	if lo > hi {
		hi, lo = lo, hi
	}
	if feet*(hi+lo/2) <= r {
		return true
	}
	return r >= 2*feet && gx <= 2 && gy <= 2
}

// reaches reports whether token a can attack a space at (bx, by) of side bk
// in melee by reach alone (no conditions): it reaches some square of it.
// ws, when not nil, counts the wall squares of the rectangles it covers
// (see clearLine). v is the vertical gap in layers between a and the space
// (see within3). O(bk^2 x (ak^2 + segments walked)).
func reaches(k kind, e *model.Encounter, a *model.Token, bx, by, bk, v int, ws *squareSum) bool {
	ak := e.Space(a)
	if gx, gy := gaps(a.X, a.Y, ak, bx, by, bk); !within3(gx, gy, v, outerReach(k, e, a), e.Feet()) {
		return false // the nearest square is out of reach: all are
	}
	for y := by; y < by+bk; y++ {
		for x := bx; x < bx+bk; x++ {
			if reachesSquare(k, e, a, x, y, v, ws) {
				return true
			}
		}
	}
	return false
}

// outerReach is the farthest token a reaches, in feet: pf1e with a reach
// weapon double its reach, otherwise its reach.
func outerReach(k kind, e *model.Encounter, a *model.Token) int {
	r := reachFeet(k, e, a)
	if k == kindPF1E && a.ReachWeapon {
		r *= 2
	}
	return r
}

// reachesSquare reports whether token a reaches square (x, y): the square
// is within its reach (sf2e its reach; pf1e its natural reach, or with a
// reach weapon double that but not within it), and from some square of its
// space within that distance, the segment between the two squares' centres
// passes through no wall square, closed door square or blocking edge
// (rules-conventions.md "Walls and doors on grid edges": "Reach needs line
// of effect"). v is the vertical gap in layers between a and the square's
// box (walls are full height, so line of effect is the 2-D one).
func reachesSquare(k kind, e *model.Encounter, a *model.Token, x, y, v int, ws *squareSum) bool {
	ak := e.Space(a)
	r, feet := reachFeet(k, e, a), e.Feet()
	gx, gy := gaps(a.X, a.Y, ak, x, y, 1)
	if k == kindPF1E && a.ReachWeapon {
		// A reach weapon threatens a ring, not a disc, so the nearest
		// square of a large foe may be too close while a farther one is in
		// the ring: it threatens the foe's space if it threatens any of its
		// squares (rules-conventions.md pf1e "Flanking": "threatens the
		// foe's space").
		if !within3(gx, gy, v, 2*r, feet) || within3(gx, gy, v, r, feet) {
			return false
		}
		r *= 2
	} else if !within3(gx, gy, v, r, feet) {
		return false
	}
	for sy := a.Y; sy < a.Y+ak; sy++ {
		for sx := a.X; sx < a.X+ak; sx++ {
			if gx, gy := gaps(sx, sy, 1, x, y, 1); within3(gx, gy, v, r, feet) && clearLine(&e.Grid, ws, sx, sy, x, y) &&
				(len(e.Edges) == 0 || !edgesHit(e.Edges, 2*sx+1, 2*sy+1, 2*x+1, 2*y+1, 0)) {
				return true
			}
		}
	}
	return false
}

// clearLine reports whether the segment between the centres of squares
// (ax, ay) and (bx, by) passes through no wall square (meets no wall
// square's inside, nor the seam between two; segHits). ws, when not nil,
// answers at once for a rectangle it covers that holds no wall. O(squares
// crossed).
func clearLine(g *model.Grid, ws *squareSum, ax, ay, bx, by int) bool {
	x0, x1, y0, y1 := min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
	if ws != nil && ws.covers(x0, y0, x1, y1) && ws.rect(x0, y0, x1, y1) == 0 {
		return true
	}
	walls := squareSet{cells: g.Cells, w: g.W, h: g.H, mask: model.Wall}
	return !segHits(2*ax+1, 2*ay+1, 2*bx+1, 2*by+1, x0, x1, &walls)
}

// canMelee reports whether a token can make reactions and flank: not
// neutral, able to act and to attack in melee.
func canMelee(t *model.Token) bool {
	return t.SideOrNeutral() != model.Neutral && Incapacity(t) == "" && !t.Has(model.CondNoMelee)
}

// forThreat calls f for every map square token tok threatens: within its
// reach and line of effect, outside its own space, for a box filling the
// layers lo to hi there (rules-conventions.md "Elevation"). A neutral token, or one
// that cannot act or attack in melee, threatens nothing. ws is a buffer for
// the walls of the squares it looks at. It costs O((k+2r)^2) for reach r
// squares, plus the segments walked near walls.
func forThreat(k kind, e *model.Encounter, tok int, ws *squareSum, lo, hi int, f func(x, y int)) {
	t := &e.Tokens[tok]
	if !canMelee(t) {
		return
	}
	v := layerGap(e, t, lo, hi)
	n := outerReach(k, e, t)/e.Feet() + 2
	s := e.Space(t)
	g := &e.Grid
	x0, y0 := max(0, t.X-n), max(0, t.Y-n)
	x1, y1 := min(g.W, t.X+s+n), min(g.H, t.Y+s+n)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	ws.buildTraits(g, x0, y0, x1-x0, y1-y0, model.Wall)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if x >= t.X && x < t.X+s && y >= t.Y && y < t.Y+s {
				continue
			}
			if reachesSquare(k, e, t, x, y, v, ws) {
				f(x, y)
			}
		}
	}
}

func threatened(k kind, dst []Point, e *model.Encounter, tok int, ws *squareSum) []Point {
	if tok < 0 || tok >= len(e.Tokens) {
		return dst
	}
	forThreat(k, e, tok, ws, 0, 0, func(x, y int) { dst = append(dst, Point{x, y}) })
	return dst
}

// squareSet is a set of squares: the squares of the map with a terrain
// trait of mask, or a k x k box. A struct, not a func, so the hot loop of
// segHits inlines the test.
type squareSet struct {
	cells      []model.Trait
	w, h       int
	mask       model.Trait
	box        bool
	bx, by, bk int
}

func (s *squareSet) in(i, j int) bool {
	if s.box {
		return i >= s.bx && i < s.bx+s.bk && j >= s.by && j < s.by+s.bk
	}
	return uint(i) < uint(s.w) && uint(j) < uint(s.h) && wallish(s.cells[j*s.w+i])&s.mask != 0
}

func floorDiv(a, b int) int {
	if a >= 0 && b > 0 {
		return a / b
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// pointIn reports whether the doubled point (px, py) is inside the area the
// squares of in cover together (on a seam between two of them, or at a corner
// all four of whose squares are in).
func pointIn(px, py int, set *squareSet) bool {
	in := set.in
	i, j := floorDiv(px, 2), floorDiv(py, 2)
	switch {
	case px%2 != 0 && py%2 != 0:
		return in(i, j)
	case px%2 == 0 && py%2 != 0:
		return in(i-1, j) && in(i, j)
	case px%2 != 0:
		return in(i, j-1) && in(i, j)
	}
	return in(i-1, j-1) && in(i, j-1) && in(i-1, j) && in(i, j)
}

// segHits reports whether the closed segment between doubled points P and Q
// meets the interior of the area covered by the squares of in, restricted to
// columns imin..imax (inclusive; pass a wide range for the whole map).
// Running along the seam between two squares of the set counts; touching only
// the outer edge, or only the corner point where two squares meet diagonally,
// does not (rules-conventions.md "Cover"). Exact: it walks the column strips
// the segment crosses and, in each, the squares the open y-range meets, in
// O(number of squares crossed) time.
func segHits(px, py, qx, qy int, imin, imax int, set *squareSet) bool {
	hit, _, _ := segHitsAt(px, py, qx, qy, imin, imax, set)
	return hit
}

// noSquare is segHitsAt's column when the hit is not inside one square.
const noSquare = -1 << 40

// segHitsAt is segHits that also names, when it can, one square (i, j) of
// the set whose open interior the segment meets (i = noSquare when the hit
// is along a seam or at a point).
func segHitsAt(px, py, qx, qy int, imin, imax int, set *squareSet) (bool, int, int) {
	if px == qx && py == qy {
		i := floorDiv(px, 2)
		if i < imin-1 || i > imax+1 {
			return false, noSquare, 0
		}
		return pointIn(px, py, set), noSquare, 0
	}
	if px > qx {
		px, py, qx, qy = qx, qy, px, py
	}
	dx, dy := qx-px, qy-py
	if dx == 0 {
		y0, y1 := min(py, qy), max(py, qy)
		j0, j1 := floorDiv(y0, 2), ceilDiv(y1, 2)-1
		if px%2 != 0 {
			i := floorDiv(px, 2)
			if i < imin || i > imax {
				return false, noSquare, 0
			}
			for j := j0; j <= j1; j++ {
				if set.in(i, j) {
					return true, noSquare, 0
				}
			}
			return false, noSquare, 0
		}
		i := px / 2
		if i < imin || i-1 > imax {
			return false, noSquare, 0
		}
		for j := j0; j <= j1; j++ {
			if set.in(i-1, j) && set.in(i, j) {
				return true, noSquare, 0
			}
		}
		return false, noSquare, 0
	}
	ia, ib := floorDiv(px, 2), ceilDiv(qx, 2)-1
	ia, ib = max(ia, imin), min(ib, imax)
	for i := ia; i <= ib; i++ {
		xa, xb := max(px, 2*i), min(qx, 2*i+2)
		if xa >= xb {
			continue
		}
		if dy == 0 {
			if py%2 != 0 {
				if set.in(i, floorDiv(py, 2)) {
					return true, noSquare, 0
				}
			} else if set.in(i, py/2-1) && set.in(i, py/2) {
				return true, noSquare, 0
			}
			continue
		}
		// y = py + (x-px)*dy/dx, as numerators over dx.
		na := py*dx + (xa-px)*dy
		nb := py*dx + (xb-px)*dy
		lo, hi := min(na, nb), max(na, nb)
		j0, j1 := floorDiv(lo, 2*dx), ceilDiv(hi, 2*dx)-1
		for j := j0; j <= j1; j++ {
			if set.in(i, j) {
				return true, i, j
			}
		}
	}
	return false, noSquare, 0
}

// geom holds per-encounter shortcuts for cover tests.
type geom struct {
	g *model.Grid
}

func (gm geom) terrain(mask model.Trait) *squareSet {
	g := gm.g
	return &squareSet{cells: g.Cells, w: g.W, h: g.H, mask: mask}
}

func boxSet(x, y, k int) *squareSet {
	return &squareSet{box: true, bx: x, by: y, bk: k}
}

// centre returns the doubled centre of a k x k space at (x, y).
func centre(x, y, k int) (int, int) { return 2*x + k, 2*y + k }

// blocked reports whether every segment from a corner of space a to a corner
// of space b passes through wall squares (no line of effect). O(16 segments).
//
// The 16 segments run close together, so a wall square whose inside one of
// them crosses is often crossed by the next: up to four such squares are
// remembered and tried first, in O(1) each (crossing the inside of one wall
// square is crossing the inside of the walls' area); only a segment that
// crosses none of them is walked square by square.
func blocked(g *model.Grid, ax, ay, ak, bx, by, bk int) bool {
	return blockedBy(g, nil, ax, ay, ak, bx, by, bk)
}

// blockedBy is blocked where blocking edges (edges) block a segment too, a
// corner on one included (edgesHit, segStartOn).
func blockedBy(g *model.Grid, edges []model.Edge, ax, ay, ak, bx, by, bk int) bool {
	walls := geom{g}.terrain(model.Wall)
	var seen [4][2]int
	ns := 0
	for ca := 0; ca < 4; ca++ {
		px, py := 2*ax+2*ak*(ca&1), 2*ay+2*ak*(ca>>1)
	segs:
		for cb := 0; cb < 4; cb++ {
			qx, qy := 2*bx+2*bk*(cb&1), 2*by+2*bk*(cb>>1)
			for _, w := range seen[:ns] {
				if segHits(px, py, qx, qy, w[0], w[0], boxSet(w[0], w[1], 1)) {
					continue segs
				}
			}
			hit, i, j := segHitsAt(px, py, qx, qy, -1, g.W, walls)
			if !hit {
				if len(edges) == 0 || !edgesHit(edges, px, py, qx, qy, segStartOn) {
					return false
				}
				continue
			}
			if i != noSquare {
				if ns < len(seen) {
					ns++
				}
				copy(seen[1:ns], seen[:ns-1]) // the newest first
				seen[0] = [2]int{i, j}
			}
		}
	}
	return true
}

// creatureHit reports whether the segment passes through the space of token o.
func creatureHit(e *model.Encounter, o *model.Token, px, py, qx, qy int) bool {
	if o.Has(model.CondDead) {
		return false // a dead creature gives no cover
	}
	k := e.Space(o)
	// Quick reject on bounding boxes (doubled).
	if max(px, qx) <= 2*o.X || min(px, qx) >= 2*(o.X+k) || max(py, qy) <= 2*o.Y || min(py, qy) >= 2*(o.Y+k) {
		return false
	}
	return segHits(px, py, qx, qy, o.X, o.X+k-1, boxSet(o.X, o.Y, k))
}

// checkPair validates two token indices for cover.
func checkPair(e *model.Encounter, from, to int) error {
	if from < 0 || from >= len(e.Tokens) || to < 0 || to >= len(e.Tokens) {
		return BadQuery("cover: no such token (%d, %d; the encounter has %d)", from, to, len(e.Tokens))
	}
	if from == to {
		return BadQuery("cover: token %q against itself", e.Tokens[from].Name)
	}
	return nil
}

// oppositeSides reports whether the segment between doubled points A and B
// crosses both the left and the right side of the box l..r x t..d, or both
// its top and bottom (touching counts). Exact integer arithmetic, O(1).
func oppositeSides(ax, ay, bx, by, l, t, r, d int) bool {
	return crossesAt(ax, ay, bx, by, l, t, d) && crossesAt(ax, ay, bx, by, r, t, d) ||
		crossesAt(ay, ax, by, bx, t, l, r) && crossesAt(ay, ax, by, bx, d, l, r)
}

// crossesAt reports whether the closed segment from (ax, ay) to (bx, by)
// meets the closed segment x = c, lo <= y <= hi (swap the coordinates for
// a horizontal one).
func crossesAt(ax, ay, bx, by, c, lo, hi int) bool {
	if ax > bx {
		ax, ay, bx, by = bx, by, ax, ay
	}
	if c < ax || c > bx {
		return false
	}
	if ax == bx { // along the line: the y ranges overlap
		return max(min(ay, by), lo) <= min(max(ay, by), hi)
	}
	// y at x = c is ay + (c - ax)(by - ay)/(bx - ax), bx - ax > 0.
	den := bx - ax
	num := ay*den + (c-ax)*(by-ay)
	return lo*den <= num && num <= hi*den
}
