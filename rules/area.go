package rules

import (
	"slices"

	"encounterplanner/model"
)

// Areas (sf2e): bursts, emanations, cones and lines, the squares inside and
// the creatures caught with their cover against the area
// (rules-conventions.md, "Areas"). Points are doubled, as in geometry.go.

// AreaCreature is a creature with a square inside an area and its cover
// against the area: CoverNone, CoverStandard or CoverGreater.
type AreaCreature struct {
	Token int // index into Encounter.Tokens
	Cover Cover
}

// AreaResult is what an area covers: its squares sorted by y then x, and
// the creatures caught sorted by name (an emanation's own token left out).
type AreaResult struct {
	Squares   []Point
	Creatures []AreaCreature
}

// areaShape is an area prepared: its origin points (doubled; several for
// an emanation, one square centre each), the flags of its line of effect,
// the box of squares to test and the test itself.
type areaShape struct {
	e      *model.Encounter
	a      *model.Area
	tok    int // the token it comes from, -1 for a burst
	ox, oy []int
	flags  int
	x0, y0 int
	x1, y1 int
	in     func(x, y int) bool // the shape alone, before line of effect
	eg     edgeIndex           // the blocking edges, when the map has any
	walls  *squareCounts       // the wall squares counted, for a large box (nil: walk each segment)
}

// areaCounted is the box area from which Area counts the map's wall
// squares first (segHitsCounted): below it the walk is cheaper than the
// counting.
const areaCounted = 1 << 12

// Area returns the squares inside area a and the creatures caught. It is
// an error (wrapping ErrBadQuery) for another ruleset than sf2e, a token
// that does not exist, a burst centre off the grid lines, a radius or
// length that is not a positive multiple of the square's feet, a cone
// direction out of range or an origin offset the token's size does not
// allow, and a line toward a square of the token's own space or off the
// map. Time O(box area x (segment length + edges)) for the box around the
// area, plus O(tokens x space).
func Area(e *model.Encounter, a model.Area) (AreaResult, error) {
	var res AreaResult
	s, walls, err := readyArea(e, &a)
	if err != nil {
		return res, err
	}
	bw := max(s.x1-s.x0+1, 0)
	if bw*max(s.y1-s.y0+1, 0) >= areaCounted {
		s.walls = countSquares(walls)
	}
	inside := make([]bool, 0, bw*max(s.y1-s.y0+1, 0))
	for y := s.y0; y <= s.y1; y++ {
		for x := s.x0; x <= s.x1; x++ {
			ok := s.in(x, y) && s.effect(walls, 2*x+1, 2*y+1)
			inside = append(inside, ok)
			if ok {
				res.Squares = append(res.Squares, Point{x, y})
			}
		}
	}
	res.Creatures = s.caught(func(x, y int) bool {
		return x >= s.x0 && x <= s.x1 && y >= s.y0 && y <= s.y1 && inside[(y-s.y0)*bw+x-s.x0]
	})
	return res, nil
}

// AreaCreatures is Area's creatures alone, for the lists that name them:
// only the squares of the creatures' spaces are tested, not the area's
// whole box, so a burst over a 1000 x 1000 map (a second and more for
// Area) answers in the time of its creatures' squares. The same errors.
// Time O(tokens x space x (segment length + edges)).
func AreaCreatures(e *model.Encounter, a model.Area) ([]AreaCreature, error) {
	s, walls, err := readyArea(e, &a)
	if err != nil {
		return nil, err
	}
	return s.caught(func(x, y int) bool { return s.holds(walls, x, y) }), nil
}

// AreaHolds reports whether square (x, y) is inside area a (one of Area's
// squares), testing that square alone: a click on the map asks it of each
// area. The same errors as Area. Time O(segment length + edges).
func AreaHolds(e *model.Encounter, a model.Area, x, y int) (bool, error) {
	s, walls, err := readyArea(e, &a)
	if err != nil {
		return false, err
	}
	return s.holds(walls, x, y), nil
}

// readyArea prepares a for the tests: its shape, its blocking edges and
// the map's wall squares.
func readyArea(e *model.Encounter, a *model.Area) (*areaShape, *squareSet, error) {
	s, err := prepareArea(e, a)
	if err != nil {
		return nil, nil, err
	}
	if len(e.Edges) > 0 {
		s.eg.build(e)
	}
	return s, geom{&e.Grid}.terrain(model.Wall), nil
}

// holds reports whether square (x, y) is inside the area: in its box and
// shape, with line of effect to its centre.
func (s *areaShape) holds(walls *squareSet, x, y int) bool {
	return x >= s.x0 && x <= s.x1 && y >= s.y0 && y <= s.y1 && s.in(x, y) && s.effect(walls, 2*x+1, 2*y+1)
}

// caught lists the creatures with a square inside the area (at) and their
// cover against it, sorted by name; an emanation's own token is left out.
func (s *areaShape) caught(at func(x, y int) bool) []AreaCreature {
	e, a := s.e, s.a
	var out []AreaCreature
	solid := geom{&e.Grid}.terrain(model.Wall | model.Obstacle)
	for i := range e.Tokens {
		o := &e.Tokens[i]
		if i == s.tok && a.Kind == model.Emanation {
			continue
		}
		k := e.Space(o)
		caught := false
		for y := o.Y; y < o.Y+k && !caught; y++ {
			for x := o.X; x < o.X+k && !caught; x++ {
				caught = at(x, y)
			}
		}
		if !caught {
			continue
		}
		cx, cy := centre(o.X, o.Y, k)
		c := CoverStandard
		for j := range s.ox {
			px, py := s.ox[j], s.oy[j]
			if !segHits(px, py, cx, cy, -1, e.Grid.W, solid) && (len(e.Edges) == 0 || !s.eg.segHit(px, py, cx, cy, s.flags)) {
				c = CoverNone
				break
			}
		}
		if c == CoverStandard && o.Has(model.CondTakenCover) {
			c = CoverGreater
		}
		out = append(out, AreaCreature{Token: i, Cover: c})
	}
	slices.SortStableFunc(out, func(p, q AreaCreature) int {
		a, b := e.Tokens[p.Token].Name, e.Tokens[q.Token].Name
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return p.Token - q.Token
	})
	return out
}

// effect reports whether the area has line of effect from one of its
// origins to the doubled point (x, y): the segment passes through no wall
// square, closed door square or blocking edge.
func (s *areaShape) effect(walls *squareSet, x, y int) bool {
	for j := range s.ox {
		px, py := s.ox[j], s.oy[j]
		if s.walls != nil {
			if segHitsCounted(px, py, x, y, walls, s.walls) {
				continue
			}
		} else if segHits(px, py, x, y, -1, s.e.Grid.W, walls) {
			continue
		}
		if len(s.e.Edges) > 0 && s.eg.segHit(px, py, x, y, s.flags) {
			continue
		}
		return true
	}
	return false
}

// squaresDist is the sf2e distance in squares for gaps a and b.
func squaresDist(a, b int) int { return max(a, b) + min(a, b)/2 }

func prepareArea(e *model.Encounter, a *model.Area) (*areaShape, error) {
	if e.Ruleset != model.SF2E {
		return nil, BadQuery("areas are an sf2e rule; the %s ruleset has none", e.Ruleset)
	}
	g := &e.Grid
	if len(g.Cells) != g.W*g.H || g.W < 1 || g.H < 1 {
		return nil, BadQuery("the map is malformed: %dx%d with %d squares", g.W, g.H, len(g.Cells))
	}
	feet := e.Feet()
	r := a.Radius
	what := "radius"
	if a.Kind == model.Cone || a.Kind == model.Line {
		r, what = a.Length, "length"
	}
	if r <= 0 || r%feet != 0 {
		return nil, BadQuery("%s: the %s must be a positive multiple of %d ft, not %d", a.Kind, what, feet, r)
	}
	// squares. A file or the app may give any multiple of a square, but no
	// square of the map lies more than W + H squares from any origin on it
	// (a burst's intersection, a token's space, a cone's corner), so a
	// longer area covers no more: it is clamped before any arithmetic. A
	// line's length near the largest int overflowed its far point, which
	// then aimed the line at squares the other way.
	n := clampUse(r/feet, 2*(g.W+g.H)+2)
	s := &areaShape{e: e, a: a, tok: -1}
	if a.Kind == model.Burst {
		cx, cy := a.X, a.Y
		if cx < 0 || cy < 0 || cx > g.W || cy > g.H {
			return nil, BadQuery("burst: the centre (%d, %d) is not a grid intersection of the map (x 0 to %d, y 0 to %d)", cx, cy, g.W, g.H)
		}
		s.ox, s.oy, s.flags = []int{2 * cx}, []int{2 * cy}, segSkipStart
		s.x0, s.y0, s.x1, s.y1 = cx-n, cy-n, cx+n-1, cy+n-1
		s.in = func(x, y int) bool {
			nx, ny := x-cx+1, y-cy+1
			if x < cx {
				nx = cx - x
			}
			if y < cy {
				ny = cy - y
			}
			return squaresDist(nx, ny) <= n
		}
		s.clip(g)
		return s, nil
	}
	s.tok = e.TokenIndex(a.Token)
	if s.tok < 0 {
		return nil, BadQuery("%s: no token %q", a.Kind, a.Token)
	}
	t := &e.Tokens[s.tok]
	k := e.Space(t)
	own := func(x, y int) bool { return x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k }
	s.x0, s.y0, s.x1, s.y1 = t.X-n, t.Y-n, t.X+k-1+n, t.Y+k-1+n
	switch a.Kind {
	case model.Emanation:
		for y := t.Y; y < t.Y+k; y++ {
			for x := t.X; x < t.X+k; x++ {
				s.ox, s.oy = append(s.ox, 2*x+1), append(s.oy, 2*y+1)
			}
		}
		s.in = func(x, y int) bool {
			gx, gy := gaps(t.X, t.Y, k, x, y, 1)
			return squaresDist(gx, gy) <= n
		}
	case model.Cone:
		d := int(a.Dir)
		if d < 0 || d > 7 {
			return nil, BadQuery("cone: direction %d is not one of N, NE, E, SE, S, SW, W, NW", d)
		}
		K := a.OriginOffset
		diag := d%2 == 1
		if K != 0 && (diag || k < 2 || K < -(k-1) || K > k-1) {
			return nil, BadQuery("cone from %q: origin offset %d is not allowed (a %s token's orthogonal cone may slide by at most %d half squares)", t.Name, K, t.Size, max(k-1, 0))
		}
		dx, dy := model.Dir[d][0], model.Dir[d][1]
		// The origin: the middle of the facing side, or the facing corner.
		px, py := 2*t.X+k, 2*t.Y+k
		px += dx * k
		py += dy * k
		if dx == 0 {
			px += K
		} else if dy == 0 {
			py += K
		}
		s.ox, s.oy, s.flags = []int{px}, []int{py}, segStartOn
		s.in = func(x, y int) bool {
			if own(x, y) {
				return false
			}
			Dx, Dy := 2*x+1-px, 2*y+1-py // doubled
			if !inQuarter(d, Dx, Dy) {
				return false
			}
			return squaresDist((absInt(Dx)+1)/2, (absInt(Dy)+1)/2) <= n
		}
	case model.Line:
		tx, ty := a.Toward[0], a.Toward[1]
		if !g.In(tx, ty) {
			return nil, BadQuery("line from %q: the square toward (%d, %d) is off the %dx%d map", t.Name, tx, ty, g.W, g.H)
		}
		if own(tx, ty) {
			return nil, BadQuery("line from %q: the square toward (%d, %d) is in the token's own space", t.Name, tx, ty)
		}
		px, py := centre(t.X, t.Y, k)
		Dx, Dy := 2*tx+1-px, 2*ty+1-py
		// Far enough along the ray to leave the box.
		m := (2*(n+k+2) + max(absInt(Dx), absInt(Dy)) - 1) / max(absInt(Dx), absInt(Dy))
		fx, fy := px+m*Dx, py+m*Dy
		s.ox, s.oy, s.flags = []int{px}, []int{py}, segStartOn
		s.in = func(x, y int) bool {
			if own(x, y) {
				return false
			}
			gx, gy := gaps(t.X, t.Y, k, x, y, 1)
			if squaresDist(gx, gy) > n {
				return false
			}
			return segHits(px, py, fx, fy, x, x, boxSet(x, y, 1))
		}
	default:
		return nil, BadQuery("unknown area kind %d", int(a.Kind))
	}
	s.clip(g)
	return s, nil
}

// inQuarter reports whether the doubled vector (dx, dy) lies in the quarter
// of a cone aimed in direction d, compared exactly: a north cone takes
// -dy >= |dx|, a north-east cone dx >= 0 and dy <= 0, the others by
// symmetry.
func inQuarter(d, dx, dy int) bool {
	switch d {
	case 0:
		return -dy >= absInt(dx)
	case 1:
		return dx >= 0 && dy <= 0
	case 2:
		return dx >= absInt(dy)
	case 3:
		return dx >= 0 && dy >= 0
	case 4:
		return dy >= absInt(dx)
	case 5:
		return dx <= 0 && dy >= 0
	case 6:
		return -dx >= absInt(dy)
	}
	return dx <= 0 && dy <= 0
}

// clip limits the box to the map.
func (s *areaShape) clip(g *model.Grid) {
	s.x0, s.y0 = max(s.x0, 0), max(s.y0, 0)
	s.x1, s.y1 = min(s.x1, g.W-1), min(s.y1, g.H-1)
}
