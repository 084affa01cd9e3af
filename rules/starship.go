package rules

import (
	"encounterplanner/model"
)

// The starship engine (../shared/rules-text/starship-movement.txt, "Variant:
// Playing on a Grid"; rules-conventions.md, "starship").
//
// A ship moves only forward, one square in its facing, and turns in place in
// 45-degree units (turn/2 feet each; 90 degrees = turn). The search state is
// (square, facing, diagonal parity): the parity decides whether the next
// diagonal costs 50 or 100 ft ("the first diagonal square counts as 50 feet,
// but the second diagonal square counts as 100 feet ... even if you move
// horizontally or vertically between").
//
// Costs are counted in units of g = gcd(feet per square, turn/2) feet, so the
// bucket queue (Dial's algorithm) has at most max(4 x square, turn/2) / g + 1
// buckets. The search only looks at the window of squares the budget can
// reach (a step costs at least one square's feet), so a query on a large map
// costs no more than one on a small one.

// shipEngine is the starship Engine. It keeps its search buffers between
// calls; it is not safe for concurrent use.
type shipEngine struct {
	noCombat
	dist    []shipDist // per state: scaled cost, valid where gen matches
	gen     uint32
	buckets [][]int32
	cells   []uint8
	blocked squareSum // walls and obstacles
	diff    squareSum // difficult, greater difficult, another ship's space
	noEnd   squareSum // walls, obstacles, ships the mover may not end on
	haz     squareSum // hazardous, narrow, uneven (path tie-break)
	es      edgeSteps // the steps blocking edges refuse
	ctx     shipCtx   // the current query (kept to avoid an allocation)
	heap    routeHeap
	route   routeSearch // Path's buffers
}

// shipMaxBuckets bounds the bucket queue; beyond it (a turning speed of
// thousands of feet that shares no factor with the square), search uses a
// binary heap instead.
const shipMaxBuckets = 1 << 14

// shipMaxUnits bounds the budget in cost units (see prep): the budget plus
// the dearest step, 4 x (budget + 1), stays below 2^31.
const shipMaxUnits = 1 << 28

func newStarship() Engine {
	return &shipEngine{noCombat: noCombat{model.Starship, "ship combat uses neither"}}
}

// Cell bits of the query window.
const (
	shipCellBlocked uint8 = 1 << iota
	shipCellDiff
	shipCellNoEnd
	shipCellHaz
	shipCellShip // another ship's space
)

// shipClass gives a square's cell bits by its terrain: walls and obstacles
// block and may not be ended on; difficult terrain of either kind doubles.
var shipClass = newCellClass(func(tr model.Trait) uint8 {
	var b uint8
	if tr.Any(model.Wall | model.Obstacle) {
		b |= shipCellBlocked | shipCellNoEnd
	}
	if tr.Any(model.Difficult | model.GreaterDifficult) {
		b |= shipCellDiff
	}
	if tr.Any(model.Hazardous | model.Narrow | model.Uneven) {
		b |= shipCellHaz
	}
	return b
})

// shipDist is a state's cost and the search generation that set it, side
// by side so that a relaxation touches one cache line.
type shipDist struct {
	d   int32
	gen uint32
}

// shipCtx is one query, prepared: the mover, its budget and the window.
type shipCtx struct {
	e          *model.Encounter
	tok        int
	k          int // space side in squares
	sx, sy, sf int // start square and facing
	sp         int // start diagonal parity (the turn state's diagonals mod 2)
	feet, unit int // feet per square; feet per cost unit
	stepU      int32
	turnU      int32
	canTurn    bool
	budget     int32 // units
	ox, oy     int   // window origin (map coordinates)
	ww, wh     int   // window size
	nb         int   // buckets
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// prep checks the query and builds the window. Cost: O(window + tokens x k^2).
func (g *shipEngine) prep(e *model.Encounter, q MoveQuery) (*shipCtx, error) {
	if q.Token < 0 || q.Token >= len(e.Tokens) {
		return nil, BadQuery("no token %d (the encounter has %d)", q.Token, len(e.Tokens))
	}
	t := &e.Tokens[q.Token]
	mode := q.Mode
	if mode == "" {
		mode = ModeFly
	}
	if mode != ModeFly {
		return nil, BadQuery("token %q: a starship moves only by flying, not %q (use --mode fly)", t.Name, mode)
	}
	if q.Step {
		return nil, BadQuery("token %q: the starship ruleset has no Step", t.Name)
	}
	if q.Actions < 0 || q.Actions > 1 {
		return nil, BadQuery("token %q: a starship has one move per turn (--actions 1), not %d", t.Name, q.Actions)
	}
	fly, ok := t.Speed(model.SpeedFly)
	if !ok {
		return nil, BadQuery("token %q has no fly speed, so it cannot use mode fly", t.Name)
	}
	// Breaking up its move: the ship flies what is left of its Speed.
	if err := CheckTurn(e.Ruleset, t.Name, q.Turn); err != nil {
		return nil, err
	}
	if q.Turn.Spent > max(fly, 0) {
		return nil, BadQuery("token %q has flown %d ft this turn, more than its fly speed of %d ft", t.Name, q.Turn.Spent, fly)
	}
	fly -= q.Turn.Spent
	turn, canTurn := t.Speed(model.SpeedTurn)
	if fly < 0 || turn < 0 {
		return nil, BadQuery("token %q: speeds must not be negative", t.Name)
	}
	feet := e.Feet()
	half := turn / 2 // feet a 45-degree turn costs
	if half > fly {
		canTurn = false // never affordable: as if the ship could not turn
	}
	// What the map can use: a cheapest route visits each of the 16 W H
	// states (square, facing, parity) at most once, with at most 4 turns
	// between two steps (more would turn the other way for less) and a
	// step costing at most 4 squares' feet. A longer fly reaches nothing
	// more.
	S := satMul(16, mapSquares(&e.Grid))
	use := satMul(S, satMul(4, feet))
	if canTurn {
		use = satAdd(use, satMul(satAdd(S, 1), satMul(4, half)))
	}
	fly = clampUse(fly, use)
	g.ctx = shipCtx{e: e, tok: q.Token, k: e.Space(t), sx: t.X, sy: t.Y, sf: int(t.Facing) & 7, sp: q.Turn.Diagonals & 1, feet: feet, canTurn: canTurn}
	c := &g.ctx
	c.unit = c.feet
	if canTurn && half > 0 {
		c.unit = gcd(c.feet, half)
	}
	// Beyond shipMaxUnits cost units (2^28 feet or more: no map needs it
	// unless turning costs millions of feet) the budget is clamped too;
	// every step and turn dearer than the budget is clamped just beyond it,
	// so that no sum of the search leaves int32.
	c.budget = int32(clampUse(fly/c.unit, shipMaxUnits))
	c.stepU = int32(clampUse(c.feet/c.unit, int(c.budget)+1))
	c.turnU = int32(clampUse(half/c.unit, int(c.budget)+1))
	maxEdge := 4 * c.stepU
	if c.canTurn {
		maxEdge = max(maxEdge, c.turnU)
	}
	// Edges dearer than the budget are never relaxed, so the circular queue
	// needs only min(maxEdge, budget) + 1 buckets.
	c.nb = int(min(maxEdge, c.budget)) + 1
	// Window: every position within R = budget/step squares of the start,
	// plus the space and the squares a diagonal passes between.
	R := int(c.budget / c.stepU)
	c.ox, c.oy, c.ww, c.wh = searchWindow(&e.Grid, c.sx, c.sy, c.k, R)
	x0, y0 := c.ox, c.oy
	g.cells = classifyWindow(g.cells, &e.Grid, x0, y0, c.ww, c.wh, shipClass)
	cells := g.cells
	for i := range e.Tokens {
		if i == q.Token {
			continue
		}
		o := &e.Tokens[i]
		b := shipCellDiff | shipCellShip
		if d := int(o.Size) - int(t.Size); d < 2 && d > -2 {
			b |= shipCellNoEnd
		}
		markSpace(cells, x0, y0, c.ww, c.wh, o.X, o.Y, e.Space(o), b)
	}
	g.blocked.build(cells, x0, y0, c.ww, c.wh, shipCellBlocked)
	g.diff.build(cells, x0, y0, c.ww, c.wh, shipCellDiff)
	g.noEnd.build(cells, x0, y0, c.ww, c.wh, shipCellNoEnd)
	g.haz.build(cells, x0, y0, c.ww, c.wh, shipCellHaz)
	g.es.build(e, x0, y0, c.ww, c.wh, c.k, cells, shipCellBlocked, true)
	return c, nil
}

// state packs a window position, a facing and the diagonal parity.
func (c *shipCtx) state(x, y, f, p int) int32 {
	return int32((((y-c.oy)*c.ww+(x-c.ox))*8+f)*2 + p)
}

func (c *shipCtx) unpack(s int32) (x, y, f, p int) {
	i := int(s)
	p = i & 1
	f = (i >> 1) & 7
	i >>= 4
	return i%c.ww + c.ox, i/c.ww + c.oy, f, p
}

// fits reports whether the space at (x, y) is on the map and in the window.
func (c *shipCtx) fits(x, y int) bool {
	return x >= c.ox && y >= c.oy && x+c.k <= c.ox+c.ww && y+c.k <= c.oy+c.wh &&
		x+c.k <= c.e.Grid.W && y+c.k <= c.e.Grid.H
}

// canEnd reports whether the ship may end its move with its space at (x, y):
// no wall or obstacle, no ship within one size of its own.
func (g *shipEngine) canEnd(c *shipCtx, x, y int) bool {
	return c.fits(x, y) && g.noEnd.rect(x, y, x+c.k-1, y+c.k-1) == 0
}

// move tries the forward step from (x, y) facing f with parity p. It returns
// the new position and parity, the cost in units and whether the step was
// doubled; ok is false when the step is not allowed.
func (g *shipEngine) move(c *shipCtx, x, y, f, p int) (nx, ny, np int, cost int32, doubled, ok bool) {
	d := model.Dir[f]
	dx, dy := d[0], d[1]
	nx, ny = x+dx, y+dy
	if !c.fits(nx, ny) || nx < 0 || ny < 0 {
		return
	}
	if g.es.on && g.es.refuses((y-c.oy)*c.ww+x-c.ox, (ny-c.oy)*c.ww+nx-c.ox, f) {
		return
	}
	if c.k == 1 {
		// one square: read the cells directly (the hot path)
		b := g.cells[(ny-c.oy)*c.ww+nx-c.ox]
		if b&shipCellBlocked != 0 {
			return
		}
		cost, np = c.stepU, p
		if dx != 0 && dy != 0 {
			if (g.cells[(ny-c.oy)*c.ww+x-c.ox]|g.cells[(y-c.oy)*c.ww+nx-c.ox])&shipCellBlocked != 0 {
				return
			}
			if p == 1 {
				cost = 2 * c.stepU
			}
			np = 1 - p
		}
		if b&shipCellDiff != 0 {
			cost *= 2
			doubled = true
		}
		return nx, ny, np, cost, doubled, true
	}
	r1, r2, two := enteredStrips(nx, ny, c.k, dx, dy)
	if g.blocked.rect(r1[0], r1[1], r1[2], r1[3]) != 0 {
		return
	}
	cost, np = c.stepU, p
	if two {
		if g.blocked.rect(r2[0], r2[1], r2[2], r2[3]) != 0 {
			return
		}
		ax, ay, bx, by := passedBetween(x, y, c.k, dx, dy)
		// Off-map squares never refuse a step; the window holds every
		// on-map square a diagonal from a reachable position passes between.
		if g.blocked.at(ax, ay) || g.blocked.at(bx, by) {
			return
		}
		if p == 1 {
			cost = 2 * c.stepU
		}
		np = 1 - p
	}
	// "Every foot of movement in difficult terrain costs 1 extra foot. This
	// rule is true even if multiple things in a space count as difficult
	// terrain." Another ship's space is difficult terrain.
	if g.diff.rect(r1[0], r1[1], r1[2], r1[3]) != 0 || (two && g.diff.rect(r2[0], r2[1], r2[2], r2[3]) != 0) {
		cost *= 2
		doubled = true
	}
	return nx, ny, np, cost, doubled, true
}

// search runs Dial's algorithm from the start state over (square, facing,
// parity) up to the budget, leaving costs in g.dist. Time O(S + B) and memory
// O(S + nb), where S = 16 x window squares and B = budget units; with more
// than shipMaxBuckets buckets, a binary heap: time O(S log S).
func (g *shipEngine) search(c *shipCtx) {
	n := c.ww * c.wh * 16
	if cap(g.dist) < n {
		g.dist = make([]shipDist, n)
		g.gen = 0
	}
	g.dist = g.dist[:n]
	g.gen++
	if g.gen == 0 {
		clear(g.dist)
		g.gen = 1
	}
	if !c.fits(c.sx, c.sy) {
		return
	}
	useHeap := c.nb > shipMaxBuckets
	if !useHeap {
		for len(g.buckets) < c.nb {
			g.buckets = append(g.buckets, nil)
		}
		for i := range g.buckets {
			g.buckets[i] = g.buckets[i][:0]
		}
	}
	g.heap.s, g.heap.k = g.heap.s[:0], g.heap.k[:0]
	s0 := c.state(c.sx, c.sy, c.sf, c.sp)
	g.dist[s0] = shipDist{0, g.gen}
	pending := 1
	relax := func(v, nd int32) {
		if nd > c.budget {
			return
		}
		if dv := &g.dist[v]; dv.gen != g.gen || nd < dv.d {
			*dv = shipDist{nd, g.gen}
			if useHeap {
				g.heap.push(v, routeKey{c: nd})
				return
			}
			b := &g.buckets[int(nd)%c.nb]
			*b = append(*b, v)
			pending++
		}
	}
	expand := func(s, cur int32) {
		x, y, f, p := c.unpack(s)
		if nx, ny, np, w, _, ok := g.move(c, x, y, f, p); ok {
			relax(c.state(nx, ny, f, np), cur+w)
		}
		if c.canTurn {
			relax(c.state(x, y, (f+1)&7, p), cur+c.turnU)
			relax(c.state(x, y, (f+7)&7, p), cur+c.turnU)
		}
	}
	if useHeap {
		g.heap.push(s0, routeKey{})
		for len(g.heap.s) > 0 {
			s, k := g.heap.pop()
			if g.dist[s].d == k.c {
				expand(s, k.c)
			}
		}
		return
	}
	g.buckets[0] = append(g.buckets[0], s0)
	for cur := int32(0); pending > 0 && cur <= c.budget; cur++ {
		b := &g.buckets[int(cur)%c.nb]
		for i := 0; i < len(*b); i++ {
			s := (*b)[i]
			pending--
			if g.dist[s].d == cur {
				expand(s, cur)
			}
		}
		*b = (*b)[:0]
	}
}

// Reach lists every position the ship can end at, its start excluded, with
// the cheapest cost and every facing it can end with there (turning in place
// included). Time and memory as search; no allocations once the buffers fit.
func (g *shipEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	c, err := g.prep(e, q)
	if err != nil {
		return dst, err
	}
	g.search(c)
	for y := c.oy; y < c.oy+c.wh; y++ {
		for x := c.ox; x < c.ox+c.ww; x++ {
			if (x == c.sx && y == c.sy) || !g.canEnd(c, x, y) {
				continue
			}
			best := int32(-1)
			var fac uint8
			base := c.state(x, y, 0, 0)
			for i := int32(0); i < 16; i++ {
				s := base + i
				if g.dist[s].gen != g.gen {
					continue
				}
				fac |= 1 << (i >> 1)
				if best < 0 || g.dist[s].d < best {
					best = g.dist[s].d
				}
			}
			if fac != 0 {
				dst = append(dst, Square{X: x, Y: y, Cost: int(best) * c.unit, Actions: 1, Facings: fac})
			}
		}
	}
	return dst, nil
}

// ShipRange is the range in feet between ships a and b on the grid: "start
// counting squares from a square adjacent to one of them and stop counting in
// the space of the other one. Count by the shortest route", diagonals
// alternating 50 and 100 ft. With gaps gx, gy between the nearest squares of
// the spaces (adjacent = 1, overlapping = 0) that is
// feet x (max + floor(min / 2)); terrain does not matter. a and b must be
// indices into e.Tokens.
func ShipRange(e *model.Encounter, a, b int) int {
	ta, tb := &e.Tokens[a], &e.Tokens[b]
	ka, kb := e.Space(ta), e.Space(tb)
	gx := max(0, tb.X-(ta.X+ka-1), ta.X-(tb.X+kb-1))
	gy := max(0, tb.Y-(ta.Y+ka-1), ta.Y-(tb.Y+kb-1))
	return e.Feet() * (max(gx, gy) + min(gx, gy)/2)
}
