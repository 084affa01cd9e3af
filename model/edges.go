package model

import (
	"fmt"
	"slices"
)

// EdgeKind is what stands on a grid edge (rules-conventions.md, "Walls and
// doors on grid edges"), in the order the writer sorts edges.
type EdgeKind uint8

// Edge kinds; EdgeNone is no edge.
const (
	EdgeNone       EdgeKind = iota
	EdgeWall                // full height, blocks everything
	EdgeDoor                // a closed door: blocks as a wall does
	EdgeOpenDoor            // blocks nothing
	EdgeSecretDoor          // closed; a wall on the player display until opened
)

var edgeKindNames = [...]string{"", "wall", "door", "open-door", "secret-door"}

func (k EdgeKind) String() string {
	if k > EdgeNone && int(k) < len(edgeKindNames) {
		return edgeKindNames[k]
	}
	return fmt.Sprintf("edge(%d)", int(k))
}

// ParseEdgeKind reads wall, door, open-door or secret-door.
func ParseEdgeKind(s string) (EdgeKind, error) {
	for i, n := range edgeKindNames {
		if i > 0 && n == s {
			return EdgeKind(i), nil
		}
	}
	return EdgeNone, fmt.Errorf("unknown edge kind %q (want wall, door, open-door or secret-door)", s)
}

// Blocking reports whether the kind blocks movement, sight and effects:
// walls and closed doors (secret doors included); open doors do not.
func (k EdgeKind) Blocking() bool { return k == EdgeWall || k == EdgeDoor || k == EdgeSecretDoor }

// IsDoor reports whether the kind is a door, open, closed or secret.
func (k EdgeKind) IsDoor() bool { return k == EdgeDoor || k == EdgeOpenDoor || k == EdgeSecretDoor }

// Edge is a horizontal or vertical segment along grid lines between the
// intersections (X1, Y1) and (X2, Y2), in intersection coordinates (0..W,
// 0..H): (X1, Y1) is the top or left end. The intersection (x, y) is the
// top-left corner of square (x, y).
type Edge struct {
	Kind   EdgeKind
	X1, Y1 int
	X2, Y2 int
}

// Horizontal reports whether the edge runs east-west.
func (e Edge) Horizontal() bool { return e.Y1 == e.Y2 }

// Len is the edge's length in squares.
func (e Edge) Len() int { return e.X2 - e.X1 + e.Y2 - e.Y1 }

// checkEdge is the problem with one edge on a w x h map, "" if none.
func checkEdge(e Edge, w, h int) (field, msg string) {
	switch {
	case e.Kind == EdgeNone || int(e.Kind) >= len(edgeKindNames):
		return "kind", fmt.Sprintf("unknown edge kind %d", int(e.Kind))
	case e.X1 == e.X2 && e.Y1 == e.Y2:
		return "", fmt.Sprintf("from and to are the same point (%d, %d); an edge is at least one square long", e.X1, e.Y1)
	case e.X1 != e.X2 && e.Y1 != e.Y2:
		return "", fmt.Sprintf("from (%d, %d) to (%d, %d) is neither horizontal nor vertical", e.X1, e.Y1, e.X2, e.Y2)
	case e.X1 > e.X2 || e.Y1 > e.Y2:
		return "from", fmt.Sprintf("must be the top or left end: (%d, %d) is below or right of to (%d, %d)", e.X1, e.Y1, e.X2, e.Y2)
	case e.X1 < 0 || e.Y1 < 0 || e.X1 > w || e.Y1 > h:
		return "from", fmt.Sprintf("(%d, %d) is off the grid lines (x 0 to %d, y 0 to %d)", e.X1, e.Y1, w, h)
	case e.X2 < 0 || e.Y2 < 0 || e.X2 > w || e.Y2 > h:
		return "to", fmt.Sprintf("(%d, %d) is off the grid lines (x 0 to %d, y 0 to %d)", e.X2, e.Y2, w, h)
	}
	return "", ""
}

// edgeLine is an edge as an interval [a, b) of unit edges on one grid line.
type edgeLine struct {
	horizontal bool
	line, a, b int
	kind       EdgeKind
	idx        int // index in the caller's list, for error messages
}

func toLine(i int, e Edge) edgeLine {
	if e.Horizontal() {
		return edgeLine{true, e.Y1, e.X1, e.X2, e.Kind, i}
	}
	return edgeLine{false, e.X1, e.Y1, e.Y2, e.Kind, i}
}

func (l edgeLine) edge() Edge {
	if l.horizontal {
		return Edge{l.kind, l.a, l.line, l.b, l.line}
	}
	return Edge{l.kind, l.line, l.a, l.line, l.b}
}

func cmpLine(p, q edgeLine) int {
	switch {
	case p.horizontal != q.horizontal:
		if p.horizontal {
			return -1
		}
		return 1
	case p.line != q.line:
		return p.line - q.line
	case p.a != q.a:
		return p.a - q.a
	}
	return p.idx - q.idx
}

// checkEdges checks every edge on a w x h map and that no two overlap
// (share a unit edge) unless both are walls: different kinds may not, and
// each door is one door. It returns the lines sorted by grid line, then
// start. Cost O(n log n) for n edges.
func checkEdges(edges []Edge, w, h int) ([]edgeLine, error) {
	lines := make([]edgeLine, len(edges))
	for i, e := range edges {
		if field, msg := checkEdge(e, w, h); msg != "" {
			return nil, fieldErr(join(fmt.Sprintf("map.edges[%d]", i), field), "%s", msg)
		}
		lines[i] = toLine(i, e)
	}
	slices.SortFunc(lines, cmpLine)
	// On each line, in order of start, the furthest end (and the edge
	// reaching it) of every kind so far: a later edge overlaps an earlier
	// one exactly when it starts before that end.
	var end [5]int
	var by [5]int
	for i, l := range lines {
		if i == 0 || l.horizontal != lines[i-1].horizontal || l.line != lines[i-1].line {
			end = [5]int{-1, -1, -1, -1, -1}
		}
		for k := EdgeWall; k <= EdgeSecretDoor; k++ {
			if end[k] > l.a && (k != l.kind || k.IsDoor()) {
				a, b := by[k], l.idx
				if a > b {
					a, b = b, a
				}
				return nil, fieldErr(fmt.Sprintf("map.edges[%d]", b), "overlaps map.edges[%d] (%s and %s); edges of different kinds, or two doors, may not share a stretch of grid line",
					a, edges[a].Kind, edges[b].Kind)
			}
		}
		if l.b > end[l.kind] {
			end[l.kind], by[l.kind] = l.b, l.idx
		}
	}
	return lines, nil
}

// CanonicalEdges returns edges as the file format writes them: touching or
// overlapping collinear walls merged into one, doors kept one by one, sorted
// by kind (wall, door, open-door, secret-door), then by the from point's y,
// then x (then the to point's y, then x). It returns an error wrapping
// ErrInvalid when an edge is off the w x h map, not horizontal or vertical,
// or overlaps an edge of another kind or a door.
func CanonicalEdges(edges []Edge, w, h int) ([]Edge, error) {
	lines, err := checkEdges(edges, w, h)
	if err != nil || len(lines) == 0 {
		return nil, err
	}
	out := make([]Edge, 0, len(lines))
	walls := -1 // index in out of the last wall, while on the same line
	for i, l := range lines {
		if i > 0 && (l.horizontal != lines[i-1].horizontal || l.line != lines[i-1].line) {
			walls = -1
		}
		if l.kind != EdgeWall {
			out = append(out, l.edge())
			continue
		}
		if walls >= 0 {
			last := toLine(0, out[walls])
			if l.a <= last.b {
				last.b = max(last.b, l.b)
				last.kind = EdgeWall
				out[walls] = last.edge()
				continue
			}
		}
		out = append(out, l.edge())
		walls = len(out) - 1
	}
	slices.SortFunc(out, cmpEdge)
	return out, nil
}

func cmpEdge(p, q Edge) int {
	for _, d := range [...]int{int(p.Kind) - int(q.Kind), p.Y1 - q.Y1, p.X1 - q.X1, p.Y2 - q.Y2, p.X2 - q.X2} {
		if d != 0 {
			return d
		}
	}
	return 0
}

// EdgeGrid answers in O(1) whether a grid edge blocks. For each square
// (x, y), x from 0 to W and y from 0 to H (one past the map on the right
// and bottom, for the map's outline), it holds the kind of the unit edge on
// its north side (from intersection (x, y) to (x+1, y)) and on its west
// side (from (x, y) to (x, y+1)), and a bit set of the blocking ones. The
// zero EdgeGrid has no edges. Build one with NewEdgeGrid when the edges
// change (a door opened, a wall drawn); it costs O(W x H) memory.
type EdgeGrid struct {
	W, H   int
	north  []EdgeKind // by y*(W+1)+x
	west   []EdgeKind
	blockN []uint64 // bit y*(W+1)+x: the north side of (x, y) blocks
	blockW []uint64
	any    bool
}

// NewEdgeGrid indexes valid edges (Validate has checked them) of a w x h
// map. Where valid edges overlap, they are walls.
func NewEdgeGrid(w, h int, edges []Edge) EdgeGrid {
	g := EdgeGrid{W: w, H: h}
	if len(edges) == 0 {
		return g
	}
	n := (w + 1) * (h + 1)
	g.north, g.west = make([]EdgeKind, n), make([]EdgeKind, n)
	g.blockN, g.blockW = make([]uint64, (n+63)/64), make([]uint64, (n+63)/64)
	g.any = true
	for _, e := range edges {
		kinds, bits, step := g.north, g.blockN, 1
		if !e.Horizontal() {
			kinds, bits, step = g.west, g.blockW, w+1
		}
		for i, k := e.Y1*(w+1)+e.X1, 0; k < e.Len(); i, k = i+step, k+1 {
			if i < 0 || i >= n {
				break
			}
			kinds[i] = e.Kind
			if e.Kind.Blocking() {
				bits[i>>6] |= 1 << (i & 63)
			}
		}
	}
	return g
}

// Empty reports whether the map has no edges at all, so a search can skip
// every edge test.
func (g *EdgeGrid) Empty() bool { return !g.any }

func (g *EdgeGrid) index(x, y int) int {
	if !g.any || x < 0 || y < 0 || x > g.W || y > g.H {
		return -1
	}
	return y*(g.W+1) + x
}

// BlocksN reports whether a blocking edge runs along the north side of
// square (x, y), between it and (x, y-1).
func (g *EdgeGrid) BlocksN(x, y int) bool {
	i := g.index(x, y)
	return i >= 0 && g.blockN[i>>6]&(1<<(i&63)) != 0
}

// BlocksW reports whether a blocking edge runs along the west side of
// square (x, y), between it and (x-1, y).
func (g *EdgeGrid) BlocksW(x, y int) bool {
	i := g.index(x, y)
	return i >= 0 && g.blockW[i>>6]&(1<<(i&63)) != 0
}

// KindN is the kind of the edge along the north side of square (x, y),
// EdgeNone when there is none.
func (g *EdgeGrid) KindN(x, y int) EdgeKind {
	if i := g.index(x, y); i >= 0 {
		return g.north[i]
	}
	return EdgeNone
}

// KindW is the kind of the edge along the west side of square (x, y).
func (g *EdgeGrid) KindW(x, y int) EdgeKind {
	if i := g.index(x, y); i >= 0 {
		return g.west[i]
	}
	return EdgeNone
}

// Between reports whether a blocking edge lies between the orthogonally
// adjacent squares (ax, ay) and (bx, by). Squares that are not orthogonal
// neighbours have no single edge between them: false.
func (g *EdgeGrid) Between(ax, ay, bx, by int) bool { return EdgeBetween(g, ax, ay, bx, by) }

// EdgeIndex is what EdgeBetween needs of an index of blocking edges: the
// north and west sides of each square.
type EdgeIndex interface {
	BlocksN(x, y int) bool
	BlocksW(x, y int) bool
}

// EdgeBetween reports whether g has a blocking edge between the
// orthogonally adjacent squares (ax, ay) and (bx, by); false for squares
// that are not orthogonal neighbours. The rules keep their own index (in
// buffers reused between queries) and ask the same question.
func EdgeBetween[G EdgeIndex](g G, ax, ay, bx, by int) bool {
	switch {
	case ay == by && bx == ax+1:
		return g.BlocksW(bx, by)
	case ay == by && bx == ax-1:
		return g.BlocksW(ax, ay)
	case ax == bx && by == ay+1:
		return g.BlocksN(bx, by)
	case ax == bx && by == ay-1:
		return g.BlocksN(ax, ay)
	}
	return false
}

// EdgeAt returns the index in edges of the edge covering the unit edge on
// the north (horizontal) or west side of square (x, y), -1 if none: the
// door a click on a grid line toggles.
func EdgeAt(edges []Edge, x, y int, horizontal bool) int {
	for i, e := range edges {
		if e.Horizontal() != horizontal {
			continue
		}
		if horizontal && e.Y1 == y && e.X1 <= x && x < e.X2 || !horizontal && e.X1 == x && e.Y1 <= y && y < e.Y2 {
			return i
		}
	}
	return -1
}

// Toggled is the kind a click on the edge makes it: a door opens, an open
// door closes, a secret door opens (and is an ordinary door from then on,
// rules-conventions.md); a wall stays a wall.
func (k EdgeKind) Toggled() EdgeKind {
	switch k {
	case EdgeDoor, EdgeSecretDoor:
		return EdgeOpenDoor
	case EdgeOpenDoor:
		return EdgeDoor
	}
	return k
}

// BlockingAround reports which of the four unit edges leaving the grid
// intersection (x, y) (the top-left corner of square (x, y)) are blocking:
// toward north, east, south and west. Sight and cover ask it where a
// segment passes an intersection.
func (g *EdgeGrid) BlockingAround(x, y int) (n, e, s, w bool) {
	return g.BlocksW(x, y-1), g.BlocksN(x, y), g.BlocksW(x, y), g.BlocksN(x-1, y)
}
