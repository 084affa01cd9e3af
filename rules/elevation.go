package rules

import (
	"cmp"

	"encounterplanner/model"
)

// The third dimension of reach, flanking and cover (rules-conventions.md
// "Elevation", sf2e and pf1e). A space is as tall as it is wide: it fills
// the layers of feetPerSquare from elevation / feetPerSquare up k - 1 more.
// Geometry here is in doubled units, as in geometry.go, with z doubled too:
// layer l covers [2l, 2l+2].

// tokenLayers is the layer range of t's space.
func tokenLayers(e *model.Encounter, t *model.Token) (lo, hi int) {
	lo = floorDiv(t.Elevation, e.Feet())
	return lo, lo + e.Space(t) - 1
}

// layerGap is the vertical gap in layers between t's space and the layers
// lo..hi: 0 when they overlap, 1 when directly stacked.
func layerGap(e *model.Encounter, t *model.Token, lo, hi int) int {
	a0, a1 := tokenLayers(e, t)
	return gapBetween(a0, a1, lo, hi)
}

// tokenGap is the vertical gap in layers between the spaces of a and b.
func tokenGap(e *model.Encounter, a, b *model.Token) int {
	lo, hi := tokenLayers(e, b)
	return layerGap(e, a, lo, hi)
}

// within3 is within with a vertical gap of v layers: with h = max(gx, gy)
// + floor(min / 2), the distance max(h, v) + floor(min(h, v) / 2) squares
// is at most r feet; for a reach of 10 ft or more, also when gx, gy and v
// are all at most 2 (rules-conventions.md "Elevation"). With v = 0 it is
// within (and asks it).
func within3(gx, gy, v, r, feet int) bool {
	if v == 0 {
		return within(gx, gy, r, feet)
	}
	hi, lo := gx, gy
	if lo > hi {
		hi, lo = lo, hi
	}
	h := hi + lo/2
	if feet*(max(h, v)+min(h, v)/2) <= r {
		return true
	}
	return r >= 2*feet && gx <= 2 && gy <= 2 && v <= 2
}

// vec3 is a point in doubled units: x, y, z.
type vec3 [3]int

// elevatedAmong reports whether foe f or one of the tokens others is off
// the ground.
func elevatedAmong(e *model.Encounter, f *model.Token, others []int) bool {
	if f.Elevation != 0 {
		return true
	}
	for _, i := range others {
		if e.Tokens[i].Elevation != 0 {
			return true
		}
	}
	return false
}

// anyElevated reports whether some token of e is off the ground.
func anyElevated(e *model.Encounter) bool {
	for i := range e.Tokens {
		if e.Tokens[i].Elevation != 0 {
			return true
		}
	}
	return false
}

// segPoints3 are the points of a and b's spaces that segments for cover and
// flanking join (rules-conventions.md "Elevation"): the centres of their
// square footprints, at the height of the middle of the lowest layer both
// fill when they share one, else at each space's own centre height.
func segPoints3(e *model.Encounter, a, b *model.Token) (p, q vec3) {
	ak, bk := e.Space(a), e.Space(b)
	p[0], p[1] = centre(a.X, a.Y, ak)
	q[0], q[1] = centre(b.X, b.Y, bk)
	a0, a1 := tokenLayers(e, a)
	b0, b1 := tokenLayers(e, b)
	if lo := max(a0, b0); lo <= min(a1, b1) {
		p[2], q[2] = 2*lo+1, 2*lo+1
	} else {
		p[2], q[2] = 2*a0+ak, 2*b0+bk
	}
	return p, q
}

// box3 is the doubled box of t's space.
func box3(e *model.Encounter, t *model.Token) (lo, hi vec3) {
	k := e.Space(t)
	l0, _ := tokenLayers(e, t)
	return vec3{2 * t.X, 2 * t.Y, 2 * l0}, vec3{2 * (t.X + k), 2 * (t.Y + k), 2 * (l0 + k)}
}

// segMeetsBox reports whether the closed segment p-q meets the closed box
// lo..hi (a face when lo[a] == hi[a] on one axis). Exact: the slab method
// with rational parameters. O(1).
func segMeetsBox(p, q, lo, hi vec3) bool {
	t0, t1 := frac{0, 1}, frac{1, 1}
	for a := 0; a < 3; a++ {
		d := q[a] - p[a]
		if d == 0 {
			if p[a] < lo[a] || p[a] > hi[a] {
				return false
			}
			continue
		}
		ea, eb := frac{lo[a] - p[a], d}, frac{hi[a] - p[a], d}
		if d < 0 {
			ea, eb = frac{p[a] - hi[a], -d}, frac{p[a] - lo[a], -d}
		}
		if t0.less(ea) {
			t0 = ea
		}
		if eb.less(t1) {
			t1 = eb
		}
		if t1.less(t0) {
			return false
		}
	}
	return true
}

// oppositeFaces3 reports whether the segment p-q crosses two opposite faces
// of the box lo..hi (rules-conventions.md "Flanking in three dimensions"):
// touching counts, and a segment through an edge or a corner crosses every
// face that meets there. O(1).
func oppositeFaces3(p, q, lo, hi vec3) bool {
	for a := 0; a < 3; a++ {
		f0l, f0h, f1l, f1h := lo, hi, lo, hi
		f0h[a] = lo[a]
		f1l[a] = hi[a]
		if segMeetsBox(p, q, f0l, f0h) && segMeetsBox(p, q, f1l, f1h) {
			return true
		}
	}
	return false
}

// flankPairs3 appends the flanks of foe f by pairs of allies in allies when
// one of them is off the ground: every pair whose points' segment crosses
// two opposite faces of f's box. O(allies^2).
func flankPairs3(e *model.Encounter, f int, F *model.Token, allies []int, out []Flank) []Flank {
	lo, hi := box3(e, F)
	for i, a := range allies {
		for _, c := range allies[i+1:] {
			A, C := &e.Tokens[a], &e.Tokens[c]
			p, q := segPoints3(e, A, C)
			if !oppositeFaces3(p, q, lo, hi) {
				continue
			}
			by := [2]int{a, c}
			if cmp.Or(cmp.Compare(C.Name, A.Name), cmp.Compare(c, a)) < 0 {
				by = [2]int{c, a}
			}
			out = append(out, Flank{Target: f, By: by})
		}
		if len(out) > maxFlanks {
			return out // the caller refuses the query
		}
	}
	return out
}

// wallSquare says which squares are walls for 3-D cover: full height. It is
// the 2-D cover's wall set: wall squares and closed door squares (wallish).
func wallSquare(tr model.Trait) bool { return wallish(tr)&model.Wall != 0 }

// solidAt reports whether cell (i, j, l) is solid for cover: a wall square
// at any height, or an obstacle square in layer 0.
func solidAt(g *model.Grid, i, j, l int) bool {
	if !g.In(i, j) {
		return false
	}
	tr := g.At(i, j)
	return wallSquare(tr) || l == 0 && tr&model.Obstacle != 0
}

// segMeetsInterior3 reports whether the closed segment p-q (doubled units)
// meets the interior of the union of the unit cells (i, j, l) for which
// filled is true: running along a face or edge between filled cells counts,
// touching only the outside of the union does not (the 3-D "passes
// through" of rules-conventions.md "Elevation").
//
// The grid planes the segment crosses cut it into open pieces; on each
// piece the set of cells touching a point is the same, so one point (the
// piece's middle) says whether the piece is inside; a crossing point inside
// the union has inside pieces next to it. Exact integer arithmetic with the
// parameter scaled by D, a common multiple of the nonzero coordinate
// differences. O(planes crossed). No allocation.
func segMeetsInterior3(p, q vec3, filled func(i, j, l int) bool) bool {
	var d vec3
	D := 1
	for a := 0; a < 3; a++ {
		d[a] = q[a] - p[a]
		if d[a] != 0 {
			D = lcm(D, absInt(d[a]))
		}
	}
	if d == (vec3{}) {
		return pointInside3(p, 1, filled)
	}
	// Breakpoints n/D of the parameter where a coordinate is even.
	var next [3]int // the next even coordinate along each moving axis
	for a := 0; a < 3; a++ {
		switch {
		case d[a] > 0:
			next[a] = floorDiv(p[a], 2)*2 + 2
		case d[a] < 0:
			next[a] = ceilDiv(p[a], 2)*2 - 2
		}
	}
	n0 := 0
	for n0 < D {
		n1 := D
		for a := 0; a < 3; a++ {
			if d[a] != 0 && (next[a]-q[a])*d[a] < 0 { // strictly before q
				n1 = min(n1, (next[a]-p[a])*(D/d[a]))
			}
		}
		// The middle of the piece, scaled by 2D: 2D p + (n0 + n1) d.
		var m vec3
		for a := 0; a < 3; a++ {
			m[a] = 2*D*p[a] + (n0+n1)*d[a]
		}
		if pointInside3(m, 2*D, filled) {
			return true
		}
		for a := 0; a < 3; a++ {
			if d[a] != 0 && (next[a]-p[a])*(D/d[a]) == n1 {
				next[a] += 2 * sign(d[a])
			}
		}
		n0 = n1
	}
	return false
}

// pointInside3 reports whether the point m / s (doubled units) is inside the
// union: every cell touching it is filled.
func pointInside3(m vec3, s int, filled func(i, j, l int) bool) bool {
	var c0, c1 [3]int
	for a := 0; a < 3; a++ {
		c1[a] = floorDiv(m[a], 2*s)
		c0[a] = c1[a]
		if m[a]%(2*s) == 0 {
			c0[a]-- // on a plane: the cells on both sides
		}
	}
	for i := c0[0]; i <= c1[0]; i++ {
		for j := c0[1]; j <= c1[1]; j++ {
			for l := c0[2]; l <= c1[2]; l++ {
				if !filled(i, j, l) {
					return false
				}
			}
		}
	}
	return true
}

func lcm(a, b int) int { return a / gcd(a, b) * b }

// segInBox3 reports whether the segment p-q meets the open box lo..hi (the
// inside of a creature's space). O(1).
func segInBox3(p, q, lo, hi vec3) bool {
	return segMeetsInterior3(p, q, func(i, j, l int) bool {
		return 2*i >= lo[0] && 2*i < hi[0] && 2*j >= lo[1] && 2*j < hi[1] && 2*l >= lo[2] && 2*l < hi[2]
	})
}

// cover3 is the cover of token `to` against token `from` when some token is
// off the ground (rules-conventions.md "Elevation": "Cover in three
// dimensions"). Line of effect is the 2-D one (walls are full height). sf2e
// joins the two spaces' points (segPoints3); pf1e draws from each corner
// of the attacker's footprint at its point's height to every corner of the
// target's footprint at its point's height, and keeps the corner that gives
// the least cover. Walls (full height) and obstacles (layer 0) are one
// solid; each other non-tiny creature that is not dead is its box. ok is
// false when every token is on the ground: the 2-D answer stands (cover3
// would give it too, more slowly).
func cover3(k kind, e *model.Encounter, from, to int) (c Cover, ok bool) {
	if !anyElevated(e) {
		return 0, false
	}
	return cover3D(k, e, from, to), true
}

// cover3D is cover3 for any elevations. O(tokens x planes crossed).
func cover3D(k kind, e *model.Encounter, from, to int) Cover {
	A, B := &e.Tokens[from], &e.Tokens[to]
	ak, bk := e.Space(A), e.Space(B)
	if blockedBy(&e.Grid, e.Edges, A.X, A.Y, ak, B.X, B.Y, bk) {
		return CoverBlocked
	}
	g := &e.Grid
	solid := func(i, j, l int) bool { return solidAt(g, i, j, l) }
	seg := func(p, q vec3) Cover {
		// Blocking edges are full height: the segment passes through them
		// where its footprint does.
		if segMeetsInterior3(p, q, solid) || len(e.Edges) > 0 && edgesHit(e.Edges, p[0], p[1], q[0], q[1], segStartOn) {
			return CoverStandard
		}
		c := CoverNone
		for i := range e.Tokens {
			o := &e.Tokens[i]
			if i == from || i == to || o.Size <= model.Tiny || o.Has(model.CondDead) {
				continue // a dead creature gives no cover (as creatureHit)
			}
			if lo, hi := box3(e, o); !segInBox3(p, q, lo, hi) {
				continue
			}
			if k == kindSF2E && o.Size >= A.Size+2 && o.Size >= B.Size+2 {
				return CoverStandard // Cover and Large Creatures (p. 416)
			}
			c = CoverLesser
		}
		return c
	}
	p, q := segPoints3(e, A, B)
	if k == kindSF2E {
		c := seg(p, q)
		if c == CoverStandard && B.Has(model.CondTakenCover) {
			c = CoverGreater
		}
		return c
	}
	best := CoverStandard
	for ca := 0; ca < 4 && best > CoverNone; ca++ {
		pc := vec3{2*A.X + 2*ak*(ca&1), 2*A.Y + 2*ak*(ca>>1), p[2]}
		c := CoverNone
		for cb := 0; cb < 4 && c < CoverStandard; cb++ {
			c = max(c, seg(pc, vec3{2*B.X + 2*bk*(cb&1), 2*B.Y + 2*bk*(cb>>1), q[2]}))
		}
		best = min(best, c)
	}
	return best
}

// ThreatenedAt appends the squares token tok threatens for a box there whose
// lowest layer is at elevation feet and that is tall layers tall (at least
// one): the Threatened overlay of a creature of that space at that height,
// since a creature is reached when any cube of its box is (Engine.Threatened
// is a one-layer box on the ground). sf2e and pf1e; other rulesets threaten
// nothing. O((k+2r)^2).
func ThreatenedAt(dst []Point, e *model.Encounter, tok, elevation, tall int) []Point {
	var k kind
	switch e.Ruleset {
	case model.SF2E:
		k = kindSF2E
	case model.PF1E:
		k = kindPF1E
	default:
		return dst
	}
	if tok < 0 || tok >= len(e.Tokens) {
		return dst
	}
	var ws squareSum
	l := floorDiv(elevation, e.Feet())
	forThreat(k, e, tok, &ws, l, l+max(tall, 1)-1, func(x, y int) { dst = append(dst, Point{x, y}) })
	return dst
}

// HasElevation reports whether the ruleset measures elevation: sf2e and
// pf1e (rules-conventions.md "Elevation"); the app offers elevation keys,
// the badge and the shadow only there.
func HasElevation(r model.Ruleset) bool { return Describe(r).Elevation }

// MayGoBelow reports whether token tok may be below the ground (a negative
// elevation; rules-conventions.md "Elevation": "negative for a burrowing
// or diving token"): it has a burrow Speed, or it dives, with `water`
// (deep water, not `shallow-water`) under every square of its space. In
// a ruleset without elevation nothing goes below. O(space).
func MayGoBelow(e *model.Encounter, tok int) bool {
	if !HasElevation(e.Ruleset) || tok < 0 || tok >= len(e.Tokens) {
		return false
	}
	t := &e.Tokens[tok]
	if _, burrow := t.Speed(ModeBurrow); burrow {
		return true
	}
	return OverWater(e, t)
}

// OverWater reports whether `water` (deep water, not `shallow-water`) is
// under every square of token t's space, on the map: where a token may
// dive below the ground, and swims there. O(space).
func OverWater(e *model.Encounter, t *model.Token) bool {
	k := e.Space(t)
	for y := t.Y; y < t.Y+k; y++ {
		for x := t.X; x < t.X+k; x++ {
			if !e.Grid.In(x, y) || e.Grid.At(x, y)&model.Water == 0 {
				return false
			}
		}
	}
	return true
}

// BoxesOverlap reports whether the spaces of tokens a and b overlap as
// boxes (rules-conventions.md "Elevation": "a token may end above or below
// another creature when their boxes do not overlap"): their square
// footprints share a square and, in a ruleset with elevation, their layer
// ranges share a layer. Without elevation every space is on the ground
// and the footprints decide. It is where the app lets a drop end and what
// it marks as misplaced; the searches mark the same boxes layer by layer.
// O(1).
func BoxesOverlap(e *model.Encounter, a, b *model.Token) bool {
	ka, kb := e.Space(a), e.Space(b)
	if a.X >= b.X+kb || b.X >= a.X+ka || a.Y >= b.Y+kb || b.Y >= a.Y+ka {
		return false
	}
	return !HasElevation(e.Ruleset) || tokenGap(e, a, b) == 0
}

// ClearsObstacles reports whether a space whose bottom is at elevation
// feet may end over an obstacle (rules-conventions.md "Elevation": "A box
// above layer 0 may end over an obstacle"; obstacles fill layer 0, and a
// token below the ground may not end under one either): the ruleset has
// elevation and the space's lowest layer is 1 or higher. O(1).
func ClearsObstacles(e *model.Encounter, elevation int) bool {
	return HasElevation(e.Ruleset) && floorDiv(elevation, e.Feet()) >= 1
}
