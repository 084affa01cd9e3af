package render

import (
	"math"
	"slices"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// Tokens that share squares: a flyer above a creature (rules.BoxesOverlap:
// the same squares, other heights), a tiny creature in another's square,
// one standing on a body. Each was drawn whole over the one before, and a
// flyer hid the creature under it completely: the GM saw one token and
// learned of the other only by clicking twice. Now the tokens are drawn
// from the lowest up (TopFirst orders them for a pick), and one drawn over
// another's whole space is stacked: its disc shrinks to stackScale of its
// size and moves against the rim, away from the one below, up and right
// when they share the same squares, so the one below shows as a crescent
// of its ring and picture, its name on its plate. A third is stacked over
// the second in turn. docs/ui.md, "Tokens that share squares".

// stackScale is the radius of a stacked token's disc, as a share of the
// disc it would have alone; a token stacked over a stacked one shrinks
// again.
const stackScale = 0.66

// tinyScale is the radius of a Tiny (or smaller) creature's disc, where
// the ruleset lets it share a square (sf2e, pf1e: rules.Ruleset.MayShare),
// as a share of a square's disc: the book's Tiny takes less than a 5-ft
// square, and a disc of 0.58 leaves room for a second in the square's
// opposite corner, both whole (two discs of r in opposite corners of a
// square of half side 1 touch at r = 1/(1 + 1/√2) = 0.586).
const tinyScale = 0.58

// tinyQuadScale is a Tiny disc where three or four share a square, each in
// a corner of it (four discs of 1/2 fill a square of half side 1).
const tinyQuadScale = 0.5

// minStackRadius is the least disc radius, in pixels, that is stacked:
// below it a token is a dot, and a dot shrunk says nothing.
const minStackRadius = 6

// tokenLook is how a token's disc is drawn: its radius times scale, its
// centre moved (dx, dy) radii; under a token stacked over the same space,
// its initials in the middle of the crescent that one leaves, moved (ix,
// iy) radii from the space's centre, iw radii across. The zero look is a
// token's own disc with its initials in the middle.
type tokenLook struct {
	scale, dx, dy float64
	ix, iy, iw    float64
	tiny          bool // a Tiny creature sharing its square (aloneLook)
}

// apply returns the disc at centre (cx, cy) and radius rad as l draws it.
func (l tokenLook) apply(cx, cy, rad float64) (float64, float64, float64) {
	if l.scale == 0 {
		return cx, cy, rad
	}
	return cx + l.dx*rad, cy + l.dy*rad, rad * l.scale
}

// initialsAt is where the initials go in a token drawn with look l, its
// space's own disc at (cx, cy) of radius rad: the centre and the radius of
// a disc whose initials they would be (initialsFace). The disc as l draws
// it, or, under a token stacked over it, the crescent it leaves: the GM
// reads who is under the flyer.
func (l tokenLook) initialsAt(cx, cy, rad float64) (float64, float64, float64) {
	if l.iw > 0 {
		return cx + l.ix*rad, cy + l.iy*rad, 0.62 * l.iw * rad
	}
	return l.apply(cx, cy, rad)
}

// DrawnAbove reports whether token a is drawn over token b, sel being the
// selected token (-1 for none): the higher; then, at one height, the
// smaller space; then, of one space, the smaller creature (Tiny over
// Small over Medium, all a square's space); then, at one size, the
// selected one, then the later in the list. The frame's order follows it, and so does a pick, which takes
// the token the GM sees on top. Where the ruleset measures no height
// (starship, points: a height kept from sf2e for a switch back means
// nothing there) every token is at one height. The smaller space over
// the larger shows whole, and the larger is not shrunk round it: the
// ships that may share squares are two sizes apart (a fighter over its
// cruiser), and in sf2e and pf1e a Tiny creature (or one on a fallen
// Large body) in a Large creature's space is drawn over it whichever
// comes first in the list, where the Large one listed later was drawn
// shrunk over it as if it flew above.
func DrawnAbove(e *model.Encounter, a, b, sel int) bool {
	ta, tb := &e.Tokens[a], &e.Tokens[b]
	if rules.HasElevation(e.Ruleset) && ta.Elevation != tb.Elevation {
		return ta.Elevation > tb.Elevation
	}
	if ka, kb := e.Space(ta), e.Space(tb); ka != kb {
		return ka < kb
	}
	if ta.Size != tb.Size {
		// a Tiny rat in a Medium goblin's square: both take a square's
		// space, and the list's order drew the goblin listed after the
		// rat over it, the rat hidden under the goblin's shrunk disc
		return ta.Size < tb.Size
	}
	if (a == sel) != (b == sel) {
		return a == sel
	}
	return a > b
}

// sameLayer reports whether tokens t and u are alike for every rule of
// DrawnAbove before the selection and the list: at one height (where the
// ruleset measures heights), of one space and one size.
func sameLayer(e *model.Encounter, t, u *model.Token, heights bool) bool {
	return (!heights || t.Elevation == u.Elevation) && e.Space(t) == e.Space(u) && t.Size == u.Size
}

// TopFirst orders the tokens in idx (indices into e.Tokens) as the map
// draws them, the one drawn on top first (DrawnAbove).
func TopFirst(e *model.Encounter, idx []int, sel int) {
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case a == b:
			return 0
		case DrawnAbove(e, a, b, sel):
			return -1
		}
		return 1
	})
}

// stack sets the frame's drawing order of the tokens shown (r.order, the
// lowest first: DrawnAbove) and the look of each (r.looks, by token
// index): one drawn over the whole space of another is stacked.
// Time O(n log n + the squares of the tokens' spaces) for n tokens, no
// allocation once the buffers have grown.
func (r *Renderer) stack(f *frame) {
	e := f.e
	sel := -1
	if f.o != nil {
		sel = f.o.Selected
	}
	r.order = r.order[:0]
	flat := true
	heights := rules.HasElevation(e.Ruleset)
	for i := range e.Tokens {
		if r.tokenOK(f, i) {
			r.order = append(r.order, int32(i))
			flat = flat && sameLayer(e, &e.Tokens[i], &e.Tokens[r.order[0]], heights)
		}
	}
	if flat {
		// one layer: the list's order, the selected token last
		if k := slices.Index(r.order, int32(sel)); k >= 0 {
			copy(r.order[k:], r.order[k+1:])
			r.order[len(r.order)-1] = int32(sel)
		}
	} else {
		slices.SortStableFunc(r.order, func(a, b int32) int {
			switch {
			case a == b:
				return 0
			case DrawnAbove(e, int(a), int(b), sel):
				return 1
			}
			return -1
		})
	}
	r.looks = slices.Grow(r.looks[:0], len(e.Tokens))[:len(e.Tokens)]
	clear(r.looks)
	for _, i := range r.order {
		r.looks[i] = f.aloneLook(&e.Tokens[i])
	}
	if len(r.order) < 2 {
		return
	}
	if r.corner == nil {
		r.corner = map[uint64]int32{}
	}
	clear(r.corner)
	r.below = slices.Grow(r.below[:0], len(e.Tokens))[:len(e.Tokens)]
	r.depth = slices.Grow(r.depth[:0], len(e.Tokens))[:len(e.Tokens)]
	key := func(x, y int) uint64 { return uint64(uint32(y))<<32 | uint64(uint32(x)) }
	for _, i32 := range r.order {
		i := int(i32)
		t := &e.Tokens[i]
		k := e.Space(t)
		depth := 0
		var sx, sy float64 // the centres of the spaces it covers, summed
		n := 0
		r.cov = r.cov[:0]
		for y := t.Y; y < t.Y+k; y++ {
			for x := t.X; x < t.X+k; x++ {
				for j := r.corner[key(x, y)] - 1; j >= 0; j = r.below[j] - 1 {
					o := &e.Tokens[j]
					if ko := e.Space(o); o.X+ko <= t.X+k && o.Y+ko <= t.Y+k {
						depth = max(depth, int(r.depth[j])+1)
						sx += float64(o.X) + float64(ko)/2
						sy += float64(o.Y) + float64(ko)/2
						n++
						r.cov = append(r.cov, j)
					}
				}
			}
		}
		r.depth[i] = int32(depth)
		c := key(t.X, t.Y)
		r.below[i] = r.corner[c] // the tokens drawn before it from this square
		r.corner[c] = i32 + 1
		if depth == 0 {
			continue
		}
		if _, _, half := f.spaceCentreF(t.X, t.Y, k); naturalRadius(f.v.Scale, half) < minStackRadius {
			continue
		}
		if r.looks[i].tiny {
			// A Tiny creature shares its square: with other Tiny ones,
			// each takes a corner of it, all whole; over a creature, the
			// top right corner, and the creature under it keeps the rest
			r.depth[i] = 0
			r.cornersForTiny(i)
			for _, j := range r.cov {
				if !r.looks[j].tiny && r.looks[j].iw == 0 {
					r.looks[j].crescent(r.looks[i])
				}
			}
			continue
		}
		// away from the tokens below, up and right from the same squares
		ux, uy := 1/math.Sqrt2, -1/math.Sqrt2
		dx, dy := float64(t.X)+float64(k)/2-sx/float64(n), float64(t.Y)+float64(k)/2-sy/float64(n)
		if d := math.Hypot(dx, dy); d > 0.01 {
			ux, uy = dx/d, dy/d
		}
		sc := math.Pow(stackScale, float64(depth))
		lk := tokenLook{scale: sc, dx: ux * (1 - sc), dy: uy * (1 - sc)}
		r.looks[i] = lk
		for _, j := range r.cov {
			o := &e.Tokens[j]
			if o.X != t.X || o.Y != t.Y || e.Space(o) != k {
				continue
			}
			if r.looks[j].tiny && r.looks[j].dx == 0 && r.looks[j].dy == 0 {
				// a Tiny creature under it: into the corner away from it
				r.looks[j] = tinyCorner(tinyScale, -math.Copysign(1, ux), -math.Copysign(1, uy))
			}
			if int(r.depth[j])+1 == depth && r.looks[j].iw == 0 {
				r.looks[j].crescent(lk)
			}
		}
	}
}

// aloneLook is how token t is drawn with no other in its space: a Tiny
// creature where the ruleset lets it share a square smaller than the
// square, in its middle; every other token its space's whole disc. At a
// zoom that draws tokens as dots (minStackRadius) a Tiny one is a dot as
// the others are.
func (f *frame) aloneLook(t *model.Token) tokenLook {
	if t.Size > model.Tiny || !rules.Describe(f.e.Ruleset).MayShare(t.Size, t.Size) {
		return tokenLook{}
	}
	if _, _, half := f.spaceCentreF(t.X, t.Y, 1); naturalRadius(f.v.Scale, half) < minStackRadius {
		return tokenLook{}
	}
	return tokenLook{scale: tinyScale, tiny: true}
}

// tinyCorner is a Tiny disc of radius sc in the corner of its square
// toward (sx, sy) (each 1 or -1), against the square's sides.
func tinyCorner(sc, sx, sy float64) tokenLook {
	return tokenLook{scale: sc, dx: sx * (1 - sc), dy: sy * (1 - sc), tiny: true}
}

// tinyCorners are the corners Tiny creatures sharing a square take, the
// lowest first: two opposite (bottom left, top right, as a token stacked
// over another), then the other two.
var tinyCorners = [4][2]float64{{-1, 1}, {1, -1}, {-1, -1}, {1, 1}}

// cornersForTiny puts Tiny token i and the Tiny tokens drawn before it in
// its square (r.cov) each in a corner of the square, the lowest first:
// two in opposite corners, bottom left and top right, three or four
// smaller in all four (a fifth and more go round again, over the first).
// Over another creature they leave it the bottom left corner. Time
// O(len(r.cov)).
func (r *Renderer) cornersForTiny(i int) {
	m, first := 1, 0
	for _, j := range r.cov {
		if r.looks[j].tiny {
			m++
		} else {
			first = 1
		}
	}
	sc := tinyScale
	if m+first > 2 {
		sc = tinyQuadScale
	}
	// r.cov runs from the last drawn to the first
	n := first
	for k := len(r.cov) - 1; k >= -1; k-- {
		j := i
		if k >= 0 {
			j = int(r.cov[k])
		}
		if r.looks[j].tiny {
			c := tinyCorners[n%4]
			r.looks[j] = tinyCorner(sc, c[0], c[1])
			n++
		}
	}
}

// crescent puts the initials of a token drawn with look l in the middle
// of the crescent that a token drawn with look over, stacked over the same
// space, leaves of its disc (both in radii of the space's own disc).
func (l *tokenLook) crescent(over tokenLook) {
	cx, cy, r := l.dx, l.dy, 1.0
	if l.scale != 0 {
		r = l.scale
	}
	vx, vy := over.dx-cx, over.dy-cy
	d := math.Hypot(vx, vy)
	if d < 1e-9 {
		return
	}
	vx, vy = vx/d, vy/d
	near := over.scale - d // how far past the centre the disc over it reaches
	if near >= r || near <= -r {
		return // wholly covered, or not at all
	}
	m := (near + r) / 2
	l.ix, l.iy, l.iw = cx-vx*m, cy-vy*m, r-near
}
