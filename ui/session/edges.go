package session

import (
	"math"

	"encounterplanner/model"
)

// SnapIntersection is the grid intersection nearest the map point (fx, fy)
// (in squares), clamped to the w x h map: where the wall tool starts and
// ends a segment.
func SnapIntersection(fx, fy float64, w, h int) (x, y int) {
	x = int(math.Round(fx))
	y = int(math.Round(fy))
	return max(0, min(w, x)), max(0, min(h, y))
}

// EdgeSegment is the straight edge of kind k the wall tool draws from
// intersection (x0, y0) toward (x1, y1): along the axis the pointer moved
// most (horizontal on a tie), so a slightly crooked drag still gives a
// straight wall. ok is false when the two ends meet (nothing to draw).
func EdgeSegment(k model.EdgeKind, x0, y0, x1, y1 int) (e model.Edge, ok bool) {
	if abs(x1-x0) >= abs(y1-y0) {
		if x0 == x1 {
			return model.Edge{}, false
		}
		return model.Edge{Kind: k, X1: min(x0, x1), Y1: y0, X2: max(x0, x1), Y2: y0}, true
	}
	return model.Edge{Kind: k, X1: x0, Y1: min(y0, y1), X2: x0, Y2: max(y0, y1)}, true
}

// unitEdge names one unit edge: the north (horizontal) or west side of
// square (x, y).
type unitEdge struct {
	x, y       int
	horizontal bool
}

// explode lists the unit edges of e.
func explode(e model.Edge, f func(unitEdge)) {
	if e.Horizontal() {
		for x := e.X1; x < e.X2; x++ {
			f(unitEdge{x, e.Y1, true})
		}
		return
	}
	for y := e.Y1; y < e.Y2; y++ {
		f(unitEdge{e.X1, y, false})
	}
}

// SetEdges returns edges with every unit edge under seg set to seg.Kind
// (EdgeNone erases them), in canonical form for a w x h map. Doors are
// kept one unit long each, as a door is one portal: a door segment of
// length n becomes n doors. edges is not changed.
func SetEdges(edges []model.Edge, seg model.Edge, w, h int) ([]model.Edge, error) {
	kinds := map[unitEdge]model.EdgeKind{}
	var order []unitEdge
	var whole []model.Edge // doors not touched by seg keep their length
	touched := map[unitEdge]bool{}
	explode(seg, func(u unitEdge) { touched[u] = true })
	for _, e := range edges {
		hit := false
		explode(e, func(u unitEdge) { hit = hit || touched[u] })
		if !hit && e.Kind != model.EdgeWall {
			whole = append(whole, e)
			continue
		}
		explode(e, func(u unitEdge) {
			if _, seen := kinds[u]; !seen {
				order = append(order, u)
			}
			kinds[u] = e.Kind
		})
	}
	explode(seg, func(u unitEdge) {
		if _, seen := kinds[u]; !seen {
			order = append(order, u)
		}
		kinds[u] = seg.Kind
	})
	out := whole
	for _, u := range order {
		k := kinds[u]
		if k == model.EdgeNone {
			continue
		}
		if u.horizontal {
			out = append(out, model.Edge{Kind: k, X1: u.x, Y1: u.y, X2: u.x + 1, Y2: u.y})
		} else {
			out = append(out, model.Edge{Kind: k, X1: u.x, Y1: u.y, X2: u.x, Y2: u.y + 1})
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return model.CanonicalEdges(out, w, h)
}

// NearestEdge is the unit edge nearest the map point (fx, fy) (in
// squares): the north (horizontal) or west side of square (x, y), for a
// click on a door. It picks the grid line the point lies closest to.
func NearestEdge(fx, fy float64) (x, y int, horizontal bool) {
	dx := math.Abs(fx - math.Round(fx))
	dy := math.Abs(fy - math.Round(fy))
	if dy <= dx {
		return int(math.Floor(fx)), int(math.Round(fy)), true
	}
	return int(math.Round(fx)), int(math.Floor(fy)), false
}

// ToggleDoorEdge opens or closes the door edge nearest the map point
// (fx, fy) when the point lies within tol squares of its grid line. It
// returns the new edges (edges itself is not changed) and whether a door
// was hit.
func ToggleDoorEdge(edges []model.Edge, fx, fy, tol float64) ([]model.Edge, bool) {
	x, y, hz := NearestEdge(fx, fy)
	d := math.Abs(fx - float64(x))
	if hz {
		d = math.Abs(fy - float64(y))
	}
	if d > tol {
		return edges, false
	}
	i := model.EdgeAt(edges, x, y, hz)
	if i < 0 || !edges[i].Kind.IsDoor() {
		return edges, false
	}
	out := append([]model.Edge(nil), edges...)
	out[i].Kind = out[i].Kind.Toggled()
	return out, true
}

// ToggleDoorSquare opens or closes a door square; it reports whether (x, y)
// is a door square.
func ToggleDoorSquare(g *model.Grid, x, y int) bool {
	if !g.In(x, y) {
		return false
	}
	t := g.At(x, y)
	if t&model.Door == 0 {
		return false
	}
	g.Set(x, y, t^model.Open)
	return true
}
