package export

import (
	"fmt"
	"math"

	"encounterplanner/model"
)

// How UVTT carries the map's edges and door squares (see UVTT and
// ImportUVTT):
//
//   - Wall edges go to line_of_sight as open polylines: collinear walls
//     merged into maximal straight segments (model.CanonicalEdges) and
//     chained where exactly two of them meet. A chain that comes back to its
//     start is left open (its last segment written as a line of its own),
//     since in a file that says closed_walls_are_squares, as ours do, a
//     closed polyline means wall squares.
//   - A secret door is written as a wall, and nothing else: the players of
//     the other table see a wall, as on our player display. It imports back
//     as a wall edge.
//   - A door or open door edge is a portal whose bounds are its two ends
//     (grid units), its position their midpoint, its rotation the angle of
//     bounds[0] -> bounds[1] in radians (0 east-west, pi/2 north-south),
//     closed for a door and not for an open door, and not freestanding (it
//     stands in a wall). A double door is two portals.
//   - A door square is a portal across its square through the centre: east-
//     west when the squares west and east of it block like walls (or the
//     squares north and south do not), north-south otherwise. A GM-only
//     door square is a wall square instead (see playersGrid).

// uvttPortal is a door as Universal VTT writes it.
type uvttPortal struct {
	Position     uvttPoint   `json:"position"`
	Bounds       []uvttPoint `json:"bounds"`
	Rotation     float64     `json:"rotation"`
	Closed       bool        `json:"closed"`
	Freestanding bool        `json:"freestanding"`
}

// onGridEps is how far (in squares) a point may lie from a grid line, or a
// line's end from an intersection, for the import to read it as on it:
// Dungeondraft writes coordinates like 3.0000002.
const onGridEps = 0.01

// A portal within portalTilt of a grid line's direction whose middle lies
// within portalOffGrid squares of it stands on that line (alignPortal): a
// map maker's door set by hand in a wall is rarely exact, and a door tilted
// by 3 degrees made two door squares, one each side of its wall.
const (
	portalTilt    = 5 * math.Pi / 180
	portalOffGrid = 0.1
)

// alignPortal returns the ends a-b of a portal laid on the grid line it
// nearly stands on (see portalTilt), each moved straight across to it,
// or a-b as they are when it stands on none. O(1).
func alignPortal(a, b uvttPoint) (uvttPoint, uvttPoint) {
	dx, dy := math.Abs(b.X-a.X), math.Abs(b.Y-a.Y)
	mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
	tilt := math.Tan(portalTilt)
	switch {
	case dy <= dx*tilt && math.Abs(my-math.Round(my)) <= portalOffGrid:
		y := math.Round(my)
		return uvttPoint{a.X, y}, uvttPoint{b.X, y}
	case dx <= dy*tilt && math.Abs(mx-math.Round(mx)) <= portalOffGrid:
		x := math.Round(mx)
		return uvttPoint{x, a.Y}, uvttPoint{x, b.Y}
	}
	return a, b
}

// edgeWalls returns the wall and secret-door edges of e as open polylines
// of lattice points (grid units); see above. O(n log n) for n edges.
func edgeWalls(e *model.Encounter) [][][2]int {
	var walls []model.Edge
	for _, ed := range e.Edges {
		if ed.Kind == model.EdgeWall || ed.Kind == model.EdgeSecretDoor {
			ed.Kind = model.EdgeWall
			walls = append(walls, ed)
		}
	}
	segs, err := model.CanonicalEdges(walls, e.Grid.W, e.Grid.H)
	if err != nil || len(segs) == 0 {
		return nil // Validate has checked the edges
	}
	// The segments ending at each intersection; chains join where two do.
	ends := make(map[[2]int][]int, 2*len(segs))
	for i, s := range segs {
		for _, p := range [2][2]int{{s.X1, s.Y1}, {s.X2, s.Y2}} {
			ends[p] = append(ends[p], i)
		}
	}
	other := func(i int, p [2]int) [2]int {
		if s := segs[i]; p == [2]int{s.X1, s.Y1} {
			return [2]int{s.X2, s.Y2}
		}
		return [2]int{segs[i].X1, segs[i].Y1}
	}
	used := make([]bool, len(segs))
	// walk extends a chain from p, the far end of segment i.
	walk := func(line [][2]int, i int, p [2]int) [][2]int {
		for {
			at := ends[p]
			if len(at) != 2 {
				return line
			}
			next := at[0]
			if next == i {
				next = at[1]
			}
			if used[next] {
				return line // round a cycle
			}
			used[next] = true
			p = other(next, p)
			line = append(line, p)
			i = next
		}
	}
	var out [][][2]int
	// Chains with loose ends first, from an end where not two segments meet.
	for i, s := range segs {
		for _, p := range [2][2]int{{s.X1, s.Y1}, {s.X2, s.Y2}} {
			if used[i] || len(ends[p]) == 2 {
				continue
			}
			used[i] = true
			q := other(i, p)
			out = append(out, walk([][2]int{p, q}, i, q))
		}
	}
	// What is left are cycles: each written open, its last segment apart.
	for i, s := range segs {
		if used[i] {
			continue
		}
		used[i] = true
		p, q := [2]int{s.X1, s.Y1}, [2]int{s.X2, s.Y2}
		line := walk([][2]int{p, q}, i, q)
		last := line[len(line)-2:]
		out = append(out, line[:len(line)-1], [][2]int{last[0], last[1]})
	}
	return out
}

// portals returns the door edges of e and the door squares of g (e's grid
// as exported, see playersGrid) as portals.
func portals(e *model.Encounter, g *model.Grid) []uvttPortal {
	out := []uvttPortal{}
	door := func(ax, ay, bx, by float64, closed bool) {
		out = append(out, uvttPortal{
			Position: uvttPoint{(ax + bx) / 2, (ay + by) / 2},
			Bounds:   []uvttPoint{{ax, ay}, {bx, by}},
			Rotation: math.Atan2(by-ay, bx-ax),
			Closed:   closed,
		})
	}
	for _, ed := range e.Edges {
		if ed.Kind == model.EdgeDoor || ed.Kind == model.EdgeOpenDoor {
			door(float64(ed.X1), float64(ed.Y1), float64(ed.X2), float64(ed.Y2), ed.Kind == model.EdgeDoor)
		}
	}
	blocks := func(x, y int) bool { return g.In(x, y) && g.At(x, y).BlocksLikeWall() }
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			t := g.At(x, y)
			if !t.Any(model.Door) {
				continue
			}
			fx, fy := float64(x), float64(y)
			if blocks(x-1, y) && blocks(x+1, y) || !(blocks(x, y-1) && blocks(x, y+1)) {
				door(fx, fy+0.5, fx+1, fy+0.5, !t.Any(model.Open))
			} else {
				door(fx+0.5, fy, fx+0.5, fy+1, !t.Any(model.Open))
			}
		}
	}
	return out
}

// edgeSet collects the edges an import finds, unit edge by unit edge, on a
// w x h map: walls from lines along grid lines, doors from portals on them.
// A door replaces the walls under it (Dungeondraft may or may not break a
// wall at its doors); two doors may not overlap.
type edgeSet struct {
	w, h  int
	horiz []model.EdgeKind // the unit edge (x, y)-(x+1, y), by y*w+x
	vert  []model.EdgeKind // the unit edge (x, y)-(x, y+1), by y*(w+1)+x
	doors []model.Edge
	from  []int // the portal index of each door
}

func (s *edgeSet) unit(horizontal bool, line, i int) *model.EdgeKind {
	if s.horiz == nil {
		s.horiz = make([]model.EdgeKind, s.w*(s.h+1))
		s.vert = make([]model.EdgeKind, (s.w+1)*s.h)
	}
	if horizontal {
		return &s.horiz[line*s.w+i]
	}
	return &s.vert[i*(s.w+1)+line]
}

// gridRun reports whether the segment a-b (grid units, map origin applied)
// runs along a grid line, and which unit edges of it lie on the map: the
// line's number, its first unit edge and one past its last. Its ends are
// rounded to the nearest intersections; a piece shorter than that covers
// the unit edge holding its midpoint. ok is false when the segment is not
// on a grid line; n0 == n1 when it is, but off the map.
func (s *edgeSet) gridRun(a, b uvttPoint) (horizontal bool, line, n0, n1 int, ok bool) {
	near := func(v float64) bool { return math.Abs(v-math.Round(v)) <= onGridEps }
	var c, u0, u1 float64
	var size, across int
	switch {
	case math.Abs(a.Y-b.Y) <= onGridEps && near(a.Y) && near(b.Y) && a.X != b.X:
		horizontal, c, u0, u1, size, across = true, a.Y, a.X, b.X, s.w, s.h
	case math.Abs(a.X-b.X) <= onGridEps && near(a.X) && near(b.X) && a.Y != b.Y:
		c, u0, u1, size, across = a.X, a.Y, b.Y, s.h, s.w
	default:
		return false, 0, 0, 0, false
	}
	if u0 > u1 {
		u0, u1 = u1, u0
	}
	r0, r1 := math.Round(u0), math.Round(u1)
	if r0 == r1 {
		r0 = math.Floor((u0 + u1) / 2)
		r1 = r0 + 1
	}
	line = int(math.Round(c))
	if line < 0 || line > across {
		return horizontal, 0, 0, 0, true
	}
	lo, hi := max(r0, 0), min(r1, float64(size))
	if lo >= hi {
		return horizontal, 0, 0, 0, true
	}
	return horizontal, line, int(lo), int(hi), true
}

// wall marks the unit edges of a wall along a grid line, except where a
// door already stands.
func (s *edgeSet) wall(horizontal bool, line, n0, n1 int) {
	for i := n0; i < n1; i++ {
		if k := s.unit(horizontal, line, i); *k == model.EdgeNone {
			*k = model.EdgeWall
		}
	}
}

// door adds portal p's door along a grid line, clearing the walls under it.
// A door on the very stretch of an earlier one repeats it: it is not added
// again (repeat is true), and the door is closed if either is.
func (s *edgeSet) door(p int, horizontal bool, line, n0, n1 int, kind model.EdgeKind) (repeat bool, err error) {
	d := model.Edge{Kind: kind, X1: n0, Y1: line, X2: n1, Y2: line}
	if !horizontal {
		d = model.Edge{Kind: kind, X1: line, Y1: n0, X2: line, Y2: n1}
	}
	if s.unit(horizontal, line, n0).IsDoor() {
		for j, o := range s.doors {
			if o.X1 != d.X1 || o.Y1 != d.Y1 || o.X2 != d.X2 || o.Y2 != d.Y2 {
				continue
			}
			if kind == model.EdgeDoor {
				s.doors[j].Kind = kind
				for i := n0; i < n1; i++ {
					*s.unit(horizontal, line, i) = kind
				}
			}
			return true, nil
		}
	}
	for i := n0; i < n1; i++ {
		k := s.unit(horizontal, line, i)
		if k.IsDoor() {
			for j, d := range s.doors {
				on := d.Horizontal() == horizontal && (horizontal && d.Y1 == line && d.X1 <= i && i < d.X2 || !horizontal && d.X1 == line && d.Y1 <= i && i < d.Y2)
				if on {
					return false, bad(fmt.Sprintf("portals[%d]", p), "overlaps portals[%d]: two doors on the same stretch of grid line", s.from[j])
				}
			}
		}
		*k = kind
	}
	s.doors, s.from = append(s.doors, d), append(s.from, p)
	return false, nil
}

// edges returns the walls (maximal runs) and doors found, as the model
// keeps them.
func (s *edgeSet) edges() ([]model.Edge, error) {
	if s.horiz == nil {
		return nil, nil
	}
	out := append([]model.Edge(nil), s.doors...)
	for y := 0; y <= s.h; y++ {
		for x := 0; x < s.w; {
			if s.horiz[y*s.w+x] != model.EdgeWall {
				x++
				continue
			}
			x0 := x
			for x < s.w && s.horiz[y*s.w+x] == model.EdgeWall {
				x++
			}
			out = append(out, model.Edge{Kind: model.EdgeWall, X1: x0, Y1: y, X2: x, Y2: y})
		}
	}
	for x := 0; x <= s.w; x++ {
		for y := 0; y < s.h; {
			if s.vert[y*(s.w+1)+x] != model.EdgeWall {
				y++
				continue
			}
			y0 := y
			for y < s.h && s.vert[y*(s.w+1)+x] == model.EdgeWall {
				y++
			}
			out = append(out, model.Edge{Kind: model.EdgeWall, X1: x, Y1: y0, X2: x, Y2: y})
		}
	}
	return model.CanonicalEdges(out, s.w, s.h)
}

// placePortals turns the portals into doors: on (or, alignPortal, nearly
// on) a grid line a door edge (door or, when not closed, open-door),
// elsewhere door squares (trait door, plus open when not closed) on every
// square the portal passes through (passSquares), which lose the wall
// trait a thin wall ending at the door may have given them. Where an open
// and a closed portal mark the same square, it is closed. A portal that
// repeats an earlier one, a door on the very same stretch of grid line or
// with the very same ends, is that door (closed if either is). It returns
// how many portals lie wholly outside the map (lost: no door edge, no
// door square), how many are a single point (points: both ends the same),
// a door of no width, neither along a grid line nor across a square, and
// how many repeat an earlier one (repeats).
func placePortals(g *model.Grid, ps []uvttPortal, org uvttPoint, s *edgeSet, budget *int) (lost, points, repeats int, err error) {
	across := make(map[[2]uvttPoint]bool) // the ends of the portals across squares so far, in order
	for i, p := range ps {
		a, b := p.Bounds[0], p.Bounds[len(p.Bounds)-1]
		a = uvttPoint{a.X - org.X, a.Y - org.Y}
		b = uvttPoint{b.X - org.X, b.Y - org.Y}
		if a == b {
			points++ // counted for LeftOut, on the map or not
			continue
		}
		a, b = alignPortal(a, b)
		if horizontal, line, n0, n1, ok := s.gridRun(a, b); ok {
			*budget -= n1 - n0 + 1
			if *budget < 0 {
				return 0, 0, 0, bad("portals", "too many or too long portals")
			}
			if n0 == n1 {
				lost++ // off the map: counted for LeftOut
				continue
			}
			kind := model.EdgeDoor
			if !p.Closed {
				kind = model.EdgeOpenDoor
			}
			repeat, err := s.door(i, horizontal, line, n0, n1, kind)
			if err != nil {
				return 0, 0, 0, err
			}
			if repeat {
				repeats++
			}
			continue
		}
		ends := [2]uvttPoint{a, b}
		if b.X < a.X || b.X == a.X && b.Y < a.Y {
			ends = [2]uvttPoint{b, a}
		}
		if across[ends] {
			repeats++ // marked again below, so that it is closed if either is
		}
		across[ends] = true
		// The squares it passes through: a portal across a square from
		// side to side marks that square alone.
		kept := false
		if !passSquares(g.W, g.H, a, b, budget, func(x, y int) {
			kept = true
			c := &g.Cells[y*g.W+x]
			switch {
			case p.Closed:
				*c = (*c | model.Door) &^ (model.Open | model.Wall)
			case *c&model.Door == 0:
				*c = (*c | model.Door | model.Open) &^ model.Wall
			}
		}) {
			return 0, 0, 0, bad("portals", "too many or too long portals")
		}
		if !kept {
			lost++
		}
	}
	return lost, points, repeats, nil
}
