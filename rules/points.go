package rules

import (
	"encounterplanner/model"
)

// The points engine (../shared/rules-text/points-movement.txt;
// rules-conventions.md, "points").
//
// "You can spend each point to move your character into an adjacent empty
// square. You can move diagonally": every step costs 1 point, diagonals too,
// so the search state is the square alone. Difficult terrain costs 2, greater
// difficult 3, and crawling, climbing and swimming ("half speed") 1 more per
// square. The move action's Speed and each extra action's mobility make one
// budget ("You gain additional movement points equal to your mobility for
// each extra ✦ you spend").
//
// Step costs are 1..4, so the bucket queue (Dial's algorithm) has 5 buckets.
// The search only looks at the window of squares within budget steps of the
// start.

// Default speeds: "All creatures have a default speed of 5"; "Your mobility
// is equal to 1 + Grace, or +2, whichever is higher."
const (
	ptsDefaultLand     = 5
	ptsDefaultMobility = 2
)

// ptsEngine is the points Engine and Mover. It keeps its search buffers
// between calls; it is not safe for concurrent use.
type ptsEngine struct {
	noCombat
	dist    []int32 // per window square, points; valid where stamp == gen
	stamp   []uint32
	gen     uint32
	buckets [5][]int32
	cells   []uint8
	es      edgeSteps // the steps blocking edges refuse (moves; leap and forced rebuild it)
	block   squareSum // walls, obstacles, enemies and neutral tokens: not entered
	noEnd   squareSum // walls, obstacles, every other token: not ended in
	// teleport's larger spaces: the squares whose north or west side is a
	// blocking edge (splitEdges)
	sideBits     []uint8
	edgeN, edgeW squareSum
	diff         squareSum   // difficult
	greater      squareSum   // greater difficult
	haz          squareSum   // hazardous, narrow, uneven (path tie-break)
	wall         squareSum   // walls alone (leap)
	crowd        squareSum   // walls, obstacles and every other token (forced movement)
	ctx          ptsCtx      // the current query (kept to avoid an allocation)
	route        routeSearch // Path's buffers
	sight        teleportSight
}

func newPoints() Engine {
	return &ptsEngine{noCombat: noCombat{model.Points, "its text defines neither"}}
}

// Cell bits of the query window.
const (
	ptsCellBlock uint8 = 1 << iota
	ptsCellNoEnd
	ptsCellDiff
	ptsCellGreater
	ptsCellHaz
	ptsCellWall
	ptsCellCrowd
)

// ptsClass gives a square's cell bits by its terrain; a square that is
// several things takes its worst trait.
var ptsClass = newCellClass(func(tr model.Trait) uint8 {
	var b uint8
	if tr.Any(model.Wall | model.Obstacle) {
		b |= ptsCellBlock | ptsCellNoEnd | ptsCellCrowd
	}
	if tr.Any(model.Wall) {
		b |= ptsCellWall
	}
	if tr.Any(model.GreaterDifficult) {
		b |= ptsCellGreater
	} else if tr.Any(model.Difficult | model.ShallowWater) {
		b |= ptsCellDiff // shallow water: land 2, crawl, climb and swim 3
	}
	if tr.Any(model.Hazardous | model.Narrow | model.Uneven) {
		b |= ptsCellHaz
	}
	return b
})

// ptsCtx is one query, prepared.
type ptsCtx struct {
	e              *model.Encounter
	tok            int
	k              int
	sx, sy         int
	land, mob      int
	actions        int
	budget         int32 // points left: Speed + (actions-1) x mobility - spent
	spent          int   // points spent this turn before the query
	extra          int32 // 1 for crawl, climb and swim
	ox, oy, ww, wh int
}

// ptsSpeeds returns the token's land Speed and mobility with their defaults.
func ptsSpeeds(t *model.Token) (land, mob int) {
	land, ok := t.Speed(model.SpeedLand)
	if !ok {
		land = ptsDefaultLand
	}
	mob, ok = t.Speed(model.SpeedMobility)
	if !ok {
		mob = ptsDefaultMobility
	}
	return max(land, 0), max(mob, 0)
}

// PointsFor is the movement points token t has in a turn that commits
// actions actions (1 to 3; fewer counts as 1): its Speed, and its mobility
// for each extra action ("You gain additional movement points equal to
// your mobility for each extra ✦ you spend"), with the defaults 5 and 2
// where it has none; 0 for a Speed of 0, which reaches no square whatever
// the actions (rules-conventions.md). The budget of a query is this less
// the points spent, up to what the map can use. Any Speed may be given:
// the sum saturates (limits.go) rather than overflow.
func PointsFor(t *model.Token, actions int) int {
	land, mob := ptsSpeeds(t)
	if land == 0 {
		return 0
	}
	return satAdd(min(land, maxUse), satMul(max(actions, 1)-1, mob))
}

func ptsToken(e *model.Encounter, tok int) (*model.Token, error) {
	if tok < 0 || tok >= len(e.Tokens) {
		return nil, BadQuery("no token %d (the encounter has %d)", tok, len(e.Tokens))
	}
	return &e.Tokens[tok], nil
}

// prep checks a move query and builds the window around the start with the
// given radius in squares.
func (g *ptsEngine) prep(e *model.Encounter, q MoveQuery) (*ptsCtx, error) {
	t, err := ptsToken(e, q.Token)
	if err != nil {
		return nil, err
	}
	g.ctx = ptsCtx{e: e, tok: q.Token, k: e.Space(t), sx: t.X, sy: t.Y}
	c := &g.ctx
	switch q.Mode {
	case "", ModeLand:
	case ModeCrawl, ModeClimb, ModeSwim:
		// "Characters move at half speed while crawling on the ground,
		// climbing a steep surface, or swimming through a body of water":
		// +1 point per square, spending the land points.
		c.extra = 1
	default:
		return nil, BadQuery("token %q: the points ruleset has no %q mode (want land, crawl, climb or swim)", t.Name, q.Mode)
	}
	if q.Step {
		return nil, BadQuery("token %q: the points ruleset has no Step", t.Name)
	}
	c.actions = q.Actions
	if c.actions == 0 {
		c.actions = 1
	}
	if c.actions < 1 || c.actions > 3 {
		return nil, BadQuery("token %q: --actions must be 1 to 3, not %d", t.Name, q.Actions)
	}
	// What the map can use: a cheapest route enters each square at most
	// once, at most 4 points a step; more points reach nothing more (and
	// every action count still needs the same points: actionsFor).
	use := min(satMul(4, mapSquares(&e.Grid)), maxBudget)
	if err := CheckTurn(e.Ruleset, t.Name, q.Turn); err != nil {
		return nil, err
	}
	c.land, c.mob = ptsSpeeds(t)
	// more spent than a whole turn gives (three actions) is no turn, as a
	// ship that has flown more than its Speed is not: it answered no
	// square at all, where a starship's query is refused
	if d := q.Turn.Spent - c.land; d > 0 && d/2+d%2 > c.mob { // spent > land + 2 x mobility, without overflow
		return nil, BadQuery("token %q has spent %d points this turn, more than a whole turn gives (land %d + 2 x mobility %d)",
			t.Name, q.Turn.Spent, c.land, c.mob)
	}
	c.land, c.mob = clampUse(c.land, use), clampUse(c.mob, use)
	// The points spent this turn come out of the one budget; leftover
	// points stay until the end of the turn (rules-conventions.md).
	c.spent = clampUse(q.Turn.Spent, use)
	c.budget = int32(max(min(c.land+(c.actions-1)*c.mob, use)-c.spent, 0))
	if c.land == 0 {
		// rules-conventions.md, every ruleset: "A Speed of 0 is a Speed: it
		// reaches no square", so extra actions' mobility moves it nowhere.
		c.budget = 0
	}
	g.window(c, int(c.budget))
	return c, nil
}

// window marks the squares within r steps of the start (and one more, for
// the squares a diagonal passes between): Cost O((2r + k)^2 + tokens x k^2).
func (g *ptsEngine) window(c *ptsCtx, r int) {
	g.windowCells(c, r)
	x0, y0, cells := c.ox, c.oy, g.cells
	g.block.build(cells, x0, y0, c.ww, c.wh, ptsCellBlock)
	g.noEnd.build(cells, x0, y0, c.ww, c.wh, ptsCellNoEnd)
	g.diff.build(cells, x0, y0, c.ww, c.wh, ptsCellDiff)
	g.greater.build(cells, x0, y0, c.ww, c.wh, ptsCellGreater)
	g.haz.build(cells, x0, y0, c.ww, c.wh, ptsCellHaz)
	g.wall.build(cells, x0, y0, c.ww, c.wh, ptsCellWall)
	g.crowd.build(cells, x0, y0, c.ww, c.wh, ptsCellCrowd)
	g.es.build(c.e, x0, y0, c.ww, c.wh, c.k, cells, ptsCellBlock, true)
}

// windowCells sets the window and classifies its squares into g.cells,
// the other tokens' spaces marked: O((2r + k)^2 + tokens x k^2).
func (g *ptsEngine) windowCells(c *ptsCtx, r int) {
	e := c.e
	t := &e.Tokens[c.tok]
	c.ox, c.oy, c.ww, c.wh = searchWindow(&e.Grid, c.sx, c.sy, c.k, r)
	x0, y0 := c.ox, c.oy
	g.cells = classifyWindow(g.cells, &e.Grid, x0, y0, c.ww, c.wh, ptsClass)
	cells := g.cells
	me := t.SideOrNeutral()
	for i := range e.Tokens {
		if i == c.tok {
			continue
		}
		o := &e.Tokens[i]
		b := ptsCellNoEnd | ptsCellCrowd
		// "You can enter an ally's square to pass through it"; enemies and
		// neutral tokens (nobody's ally) cannot be entered.
		if !model.Allies(me, o.SideOrNeutral()) {
			b |= ptsCellBlock
		}
		markSpace(cells, x0, y0, c.ww, c.wh, o.X, o.Y, e.Space(o), b)
	}
}

// edgeRefuses reports whether blocking edges refuse the step in direction
// d from (x, y) to (nx, ny), both in the window.
func (g *ptsEngine) edgeRefuses(c *ptsCtx, x, y, nx, ny, d int) bool {
	return g.es.on && g.es.refuses(int(c.state(x, y)), int(c.state(nx, ny)), d)
}

func (c *ptsCtx) state(x, y int) int32 { return int32((y-c.oy)*c.ww + x - c.ox) }

func (c *ptsCtx) unpack(s int32) (x, y int) { return int(s)%c.ww + c.ox, int(s)/c.ww + c.oy }

// fits reports whether the space at (x, y) is on the map and in the window.
func (c *ptsCtx) fits(x, y int) bool {
	return x >= c.ox && y >= c.oy && x+c.k <= c.ox+c.ww && y+c.k <= c.oy+c.wh
}

// canEnd: "you cannot end your movement in the same square as an ally"; no
// wall or obstacle either.
func (g *ptsEngine) canEnd(c *ptsCtx, x, y int) bool {
	return c.fits(x, y) && g.noEnd.rect(x, y, x+c.k-1, y+c.k-1) == 0
}

// move tries a step from (x, y) in direction d (model.Dir). It returns the
// new position and the cost in points; ok is false when the step is refused.
func (g *ptsEngine) move(c *ptsCtx, x, y, d int) (nx, ny int, cost int32, ok bool) {
	dx, dy := model.Dir[d][0], model.Dir[d][1]
	nx, ny = x+dx, y+dy
	if !c.fits(nx, ny) || g.edgeRefuses(c, x, y, nx, ny, d) {
		return
	}
	if c.k == 1 {
		// one square: read the cells directly (the hot path)
		b := g.cells[(ny-c.oy)*c.ww+nx-c.ox]
		if b&ptsCellBlock != 0 {
			return
		}
		if dx != 0 && dy != 0 && (g.cells[(ny-c.oy)*c.ww+x-c.ox]|g.cells[(y-c.oy)*c.ww+nx-c.ox])&ptsCellBlock != 0 {
			return
		}
		cost = 1 + c.extra
		if b&ptsCellGreater != 0 {
			cost += 2
		} else if b&ptsCellDiff != 0 {
			cost++
		}
		return nx, ny, cost, true
	}
	r1, r2, two := enteredStrips(nx, ny, c.k, dx, dy)
	if g.block.rect(r1[0], r1[1], r1[2], r1[3]) != 0 {
		return
	}
	var sur int32
	if g.greater.rect(r1[0], r1[1], r1[2], r1[3]) != 0 {
		sur = 2
	} else if g.diff.rect(r1[0], r1[1], r1[2], r1[3]) != 0 {
		sur = 1
	}
	if two {
		if g.block.rect(r2[0], r2[1], r2[2], r2[3]) != 0 {
			return
		}
		// "you cannot cut through corners of squares containing walls,
		// obstacles, or enemy creatures"
		ax, ay, bx, by := passedBetween(x, y, c.k, dx, dy)
		if g.block.at(ax, ay) || g.block.at(bx, by) {
			return
		}
		if g.greater.rect(r2[0], r2[1], r2[2], r2[3]) != 0 {
			sur = 2
		} else if sur == 0 && g.diff.rect(r2[0], r2[1], r2[2], r2[3]) != 0 {
			sur = 1
		}
	}
	return nx, ny, 1 + sur + c.extra, true
}

// fresh readies g.dist and g.stamp for n window squares, none reached:
// a new generation of stamps, clearing them once every 2^32 searches.
func (g *ptsEngine) fresh(n int) {
	if cap(g.dist) < n {
		g.dist = make([]int32, n)
		g.stamp = make([]uint32, n)
		g.gen = 0
	}
	g.dist, g.stamp = g.dist[:n], g.stamp[:n]
	g.gen++
	if g.gen == 0 {
		clear(g.stamp)
		g.gen = 1
	}
}

// search runs Dial's algorithm from the start up to the budget, leaving
// costs in g.dist. Time O(S + B), memory O(S), S = window squares, B = budget.
func (g *ptsEngine) search(c *ptsCtx) {
	g.fresh(c.ww * c.wh)
	for i := range g.buckets {
		g.buckets[i] = g.buckets[i][:0]
	}
	if !c.fits(c.sx, c.sy) {
		return
	}
	s0 := c.state(c.sx, c.sy)
	g.dist[s0], g.stamp[s0] = 0, g.gen
	g.buckets[0] = append(g.buckets[0], s0)
	pending := 1
	for cur := int32(0); pending > 0 && cur <= c.budget; cur++ {
		b := &g.buckets[cur%5]
		for i := 0; i < len(*b); i++ {
			s := (*b)[i]
			pending--
			if g.dist[s] != cur {
				continue
			}
			x, y := c.unpack(s)
			for d := 0; d < 8; d++ {
				nx, ny, w, ok := g.move(c, x, y, d)
				if !ok || cur+w > c.budget {
					continue
				}
				v, nd := c.state(nx, ny), cur+w
				if g.stamp[v] != g.gen || nd < g.dist[v] {
					g.stamp[v], g.dist[v] = g.gen, nd
					g.buckets[nd%5] = append(g.buckets[nd%5], v)
					pending++
				}
			}
		}
		*b = (*b)[:0]
	}
}

// actionsFor is the fewest actions whose points cover cost and the points
// already spent this turn: the total actions the turn commits.
func (c *ptsCtx) actionsFor(cost int) int {
	for n := 1; n < c.actions; n++ {
		if c.spent+cost <= c.land+(n-1)*c.mob {
			return n
		}
	}
	return c.actions
}

// Reach lists every square the token can end its move in, its start
// excluded; Cost is in points. Time and memory as search; no allocations
// once the buffers fit.
func (g *ptsEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	c, err := g.prep(e, q)
	if err != nil {
		return dst, err
	}
	g.search(c)
	for y := c.oy; y < c.oy+c.wh; y++ {
		for x := c.ox; x < c.ox+c.ww; x++ {
			if x == c.sx && y == c.sy || !c.fits(x, y) {
				continue
			}
			s := c.state(x, y)
			if g.stamp[s] != g.gen || !g.canEnd(c, x, y) {
				continue
			}
			cost := int(g.dist[s])
			dst = append(dst, Square{X: x, Y: y, Cost: cost, Actions: c.actionsFor(cost)})
		}
	}
	return dst, nil
}
