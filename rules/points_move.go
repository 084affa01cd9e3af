package rules

import (
	"slices"

	"encounterplanner/model"
)

// ptsSquareOrder sorts squares by y then x.
func ptsSquareOrder(a, b Square) int {
	if a.Y != b.Y {
		return a.Y - b.Y
	}
	return a.X - b.X
}

// ptsMoverCtx prepares a window of radius r around token tok.
func (g *ptsEngine) moverCtx(e *model.Encounter, tok, r int) (*ptsCtx, error) {
	t, err := ptsToken(e, tok)
	if err != nil {
		return nil, err
	}
	c := &ptsCtx{e: e, tok: tok, k: e.Space(t), sx: t.X, sy: t.Y}
	g.window(c, r)
	return c, nil
}

// Leap lists where the token can land with the leap action: "jump a number of
// squares up to your mobility" in a straight line (one of the 8 directions),
// "pass through obstacles and enemy creatures, and you ignore difficult
// terrain", ending "in an empty square" (no wall, obstacle or other
// creature). Walls stop the jump, also across a corner: a diagonal that
// passes between a wall square and anything is refused, as ground movement
// refuses it. Square.Cost is the number of squares jumped. Time O(8 x
// mobility x k) after an O((2 mobility + k)^2) window.
func (g *ptsEngine) Leap(dst []Square, e *model.Encounter, tok int) ([]Square, error) {
	t, err := ptsToken(e, tok)
	if err != nil {
		return dst, err
	}
	_, mob := ptsSpeeds(t)
	mob = clampUse(mob, mapSide(&e.Grid)) // no straight line is longer
	c, _ := g.moverCtx(e, tok, mob)
	// A leap crosses no blocking edge, nor a corner between them and walls.
	g.es.build(e, c.ox, c.oy, c.ww, c.wh, c.k, g.cells, ptsCellWall, true)
	from := len(dst)
	for d := 0; d < 8; d++ {
		dx, dy := model.Dir[d][0], model.Dir[d][1]
		x, y := c.sx, c.sy
		for m := 1; m <= mob; m++ {
			nx, ny := x+dx, y+dy
			if !c.fits(nx, ny) || g.edgeRefuses(c, x, y, nx, ny, d) {
				break
			}
			r1, r2, two := enteredStrips(nx, ny, c.k, dx, dy)
			if g.wall.rect(r1[0], r1[1], r1[2], r1[3]) != 0 {
				break
			}
			if two {
				ax, ay, bx, by := passedBetween(x, y, c.k, dx, dy)
				if g.wall.rect(r2[0], r2[1], r2[2], r2[3]) != 0 || g.wall.at(ax, ay) || g.wall.at(bx, by) {
					break
				}
			}
			x, y = nx, ny
			if g.noEnd.rect(x, y, x+c.k-1, y+c.k-1) == 0 {
				dst = append(dst, Square{X: x, Y: y, Cost: m, Actions: 1})
			}
		}
	}
	slices.SortFunc(dst[from:], ptsSquareOrder)
	return dst, nil
}

// Teleport lists the squares the token can teleport to: "an unoccupied
// square within range" (no wall, obstacle or other creature in its space),
// within rangeSquares of its position counting diagonals as 1, and in line
// of sight ("You must have line of sight to your destination square"): the
// segment from the centre of its space to the centre of the destination space
// does not pass through wall squares (obstacles do not block sight) nor
// blocking edges (rules-conventions.md, "Walls and doors on grid edges");
// see teleportSight. Square.Cost is the distance in squares. Time
// O((2r + k)^2) for range r, sorted by y then x.
func (g *ptsEngine) Teleport(dst []Square, e *model.Encounter, tok, rangeSquares int) ([]Square, error) {
	t, err := ptsToken(e, tok)
	if err != nil {
		return dst, err
	}
	if rangeSquares < 0 {
		return dst, BadQuery("token %q: teleport range must not be negative, not %d", t.Name, rangeSquares)
	}
	r := clampUse(rangeSquares, mapSide(&e.Grid))
	g.ctx = ptsCtx{e: e, tok: tok, k: e.Space(t), sx: t.X, sy: t.Y}
	c := &g.ctx
	k := c.k
	g.windowCells(c, r)
	g.noEnd.build(g.cells, c.ox, c.oy, c.ww, c.wh, ptsCellNoEnd)
	// The positions within range where the space fits (c.fits).
	x0, y0 := max(c.sx-r, c.ox), max(c.sy-r, c.oy)
	x1, y1 := min(c.sx+r, c.ox+c.ww-k), min(c.sy+r, c.oy+c.wh-k)
	if x0 > x1 || y0 > y1 {
		return dst, nil
	}
	seen := g.sight.visible(e, c.sx, c.sy, k, r, x0, y0, x1, y1)
	// Nor may a blocking edge run through the space it ends in ("its space
	// never contains a blocking edge", rules-conventions.md, "Walls and
	// doors on grid edges"): the west and north sides of the squares inside
	// the space, as counts over rectangles.
	split := k > 1 && g.sight.hasEdges
	if split {
		g.splitEdges(x0, y0, x1+k-1, y1+k-1)
	}
	end := func(x, y int) bool {
		return seen[(y-y0)*(x1-x0+1)+x-x0] && g.noEnd.rect(x, y, x+k-1, y+k-1) == 0 &&
			(!split || g.edgeW.rect(x+1, y, x+k-1, y+k-1) == 0 && g.edgeN.rect(x, y+1, x+k-1, y+k-1) == 0)
	}
	n := 0
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if end(x, y) {
				n++
			}
		}
	}
	dst = slices.Grow(dst, n)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if end(x, y) {
				dst = append(dst, Square{X: x, Y: y, Cost: max(absInt(x-c.sx), absInt(y-c.sy)), Actions: 1})
			}
		}
	}
	return dst, nil
}

// splitEdges counts, over the squares x0..x1, y0..y1, those whose west side
// (edgeW) or north side (edgeN) is a blocking edge, from the edges
// teleportSight indexed. O(area), reusing its buffers.
func (g *ptsEngine) splitEdges(x0, y0, x1, y1 int) {
	w, h := x1-x0+1, y1-y0+1
	if cap(g.sideBits) < w*h {
		g.sideBits = make([]uint8, w*h)
	}
	b := g.sideBits[:w*h]
	for y := y0; y <= y1; y++ {
		row := b[(y-y0)*w : (y-y0+1)*w]
		for x := range row {
			row[x] = g.sight.eg.at(x0+x, y) // bit 0 north blocks, bit 1 west
		}
	}
	g.edgeN.build(b, x0, y0, w, h, 1)
	g.edgeW.build(b, x0, y0, w, h, 2)
}

// Forced movement kinds.
const (
	ForcedPush  = "push"
	ForcedPull  = "pull"
	ForcedSweep = "sweep"
	ForcedShove = "shove"
	ForcedDrag  = "drag"
)

// ptsGap is the distance in squares, diagonals as 1, between the nearest
// squares of a k x k space at (x, y) and a ko x ko space at (ox, oy):
// adjacent 1, overlapping 0.
func ptsGap(x, y, k, ox, oy, ko int) int {
	gx := max(0, ox-(x+k-1), x-(ox+ko-1))
	gy := max(0, oy-(y+k-1), y-(oy+ko-1))
	return max(gx, gy)
}

// Forced lists where token tok can end when source moves it up to distance
// squares (diagonals count 1). Each step moves its whole space one square in
// one of the 8 directions; forced movement ignores terrain costs.
//
//   - push and shove ("When you shove a creature, you push it"): every step
//     must take it strictly farther from the source (ptsGap grows);
//   - pull and drag ("you move away from the creature, then pull it"): every
//     step must bring it strictly closer; a step into the source's own space
//     is no step (the pull ends next to the source), and not a collision;
//   - sweep: any direction.
//
// A step is blocked — a collision — when a newly entered square holds a
// wall, an obstacle or another creature (allies included; the source too,
// for a sweep), or, for a diagonal, when either square it passes between
// does. Steps off the map do not exist. The result lists every position
// reached after 1..distance steps (the start excluded, even if a sweep
// comes back to it), Cost = fewest steps to it, and Facings = 1 (collision)
// where, with steps left, a step the kind allows is blocked: the token can
// be stopped there against something. A position whose space still overlaps
// a wall, an obstacle or a creature (possible only when the token started
// so) is passed, never listed. Time O(S x k) for S window squares
// (BFS), window radius distance.
func (g *ptsEngine) Forced(dst []Square, e *model.Encounter, tok int, kind string, source, distance int) ([]Square, error) {
	t, err := ptsToken(e, tok)
	if err != nil {
		return dst, err
	}
	if source < 0 || source >= len(e.Tokens) || source == tok {
		return dst, BadQuery("token %q: the source of forced movement must be another token", t.Name)
	}
	var dir int // +1 farther, -1 closer, 0 any
	switch kind {
	case ForcedPush, ForcedShove:
		dir = 1
	case ForcedPull, ForcedDrag:
		dir = -1
	case ForcedSweep:
	default:
		return dst, BadQuery("token %q: unknown forced movement %q (want push, pull, sweep, shove or drag)", t.Name, kind)
	}
	if distance < 0 {
		return dst, BadQuery("token %q: forced movement distance must not be negative, not %d", t.Name, distance)
	}
	distance = clampUse(distance, mapSide(&e.Grid))
	c, _ := g.moverCtx(e, tok, distance)
	src := &e.Tokens[source]
	so, sx, sy := e.Space(src), src.X, src.Y
	g.fresh(c.ww * c.wh)
	// Blocking edges stop it as walls do: a collision.
	g.es.build(e, c.ox, c.oy, c.ww, c.wh, c.k, g.cells, ptsCellCrowd, true)
	// step classifies a step: 0 no step, 1 a step, 2 a collision.
	step := func(x, y, d int) (int, int, int) {
		dx, dy := model.Dir[d][0], model.Dir[d][1]
		nx, ny := x+dx, y+dy
		if !c.fits(nx, ny) {
			return 0, 0, 0
		}
		g0, g1 := ptsGap(x, y, c.k, sx, sy, so), ptsGap(nx, ny, c.k, sx, sy, so)
		if dir > 0 && g1 <= g0 || dir < 0 && (g1 >= g0 || g1 == 0) {
			return 0, 0, 0
		}
		r1, r2, two := enteredStrips(nx, ny, c.k, dx, dy)
		hit := g.crowd.rect(r1[0], r1[1], r1[2], r1[3]) != 0 || g.edgeRefuses(c, x, y, nx, ny, d)
		if two {
			ax, ay, bx, by := passedBetween(x, y, c.k, dx, dy)
			hit = hit || g.crowd.rect(r2[0], r2[1], r2[2], r2[3]) != 0 || g.crowd.at(ax, ay) || g.crowd.at(bx, by)
		}
		if hit {
			return 2, nx, ny
		}
		return 1, nx, ny
	}
	queue := []int32{c.state(c.sx, c.sy)}
	if !c.fits(c.sx, c.sy) {
		return dst, nil
	}
	g.dist[queue[0]], g.stamp[queue[0]] = 0, g.gen
	prev := make([]int32, c.ww*c.wh) // the BFS tree, for illegal ends
	var settled []Square
	from := len(dst)
	for i := 0; i < len(queue); i++ {
		s := queue[i]
		x, y := c.unpack(s)
		m := g.dist[s]
		collide := false
		if int(m) < distance {
			for d := 0; d < 8; d++ {
				kindOf, nx, ny := step(x, y, d)
				switch kindOf {
				case 2:
					collide = true
				case 1:
					v := c.state(nx, ny)
					if g.stamp[v] != g.gen {
						g.stamp[v], g.dist[v] = g.gen, m+1
						prev[v] = s
						queue = append(queue, v)
					}
				}
			}
		}
		// a token that started on a wall, an obstacle or another creature
		// may still overlap it: it cannot end there
		if m == 0 || (x == c.sx && y == c.sy) {
			continue
		}
		if g.noEnd.rect(x, y, x+c.k-1, y+c.k-1) == 0 {
			sq := Square{X: x, Y: y, Cost: int(m), Actions: 1}
			if collide {
				sq.Facings = 1
			}
			dst = append(dst, sq)
			continue
		}
		// An illegal end: the token stops in the last legal position it
		// passed, or, having passed none, the nearest (SettleForced).
		passed := make([]Point, m+1)
		for v, i := s, int(m); i >= 0; v, i = prev[v], i-1 {
			passed[i].X, passed[i].Y = c.unpack(v)
		}
		if p, ok := SettleForced(e, tok, passed); ok && !(p.X == c.sx && p.Y == c.sy) {
			settled = append(settled, Square{X: p.X, Y: p.Y, Cost: int(m), Actions: 1})
		}
	}
	dst = mergeSettled(dst, from, settled)
	slices.SortFunc(dst[from:], ptsSquareOrder)
	return dst, nil
}

// mergeSettled adds the settled ends of illegal forced moves to the squares
// listed from dst[from:], a square once with the fewest steps.
func mergeSettled(dst []Square, from int, settled []Square) []Square {
	if len(settled) == 0 {
		return dst
	}
	at := map[Point]int{}
	for i := from; i < len(dst); i++ {
		at[Point{dst[i].X, dst[i].Y}] = i
	}
	for _, s := range settled {
		if i, ok := at[Point{s.X, s.Y}]; ok {
			dst[i].Cost = min(dst[i].Cost, s.Cost)
			continue
		}
		at[Point{s.X, s.Y}] = len(dst)
		dst = append(dst, s)
	}
	return dst
}
