package rules

import (
	"encounterplanner/model"
)

// stepInfo lists what the newly entered squares of a step to (nx, ny) in
// direction d hold, and how many of them are hazardous, narrow or uneven.
func (c *ptsCtx) stepInfo(nx, ny, d int) (Flag, int32) {
	return enteredFlags(&c.e.Grid, nx, ny, c.k, model.Dir[d][0], model.Dir[d][1], true)
}

// Path returns the route to (x, y) by queries.md's order: least cost (one
// budget, so the fewest actions too), then fewest hazardous, narrow and uneven
// squares entered, then the first step in neighbour order N, NE ... NW at
// each step (the points text has no reactions to movement, so no step is
// flagged `reaction`). Time and memory as routeSearch over the window squares.
func (g *ptsEngine) Path(e *model.Encounter, q MoveQuery, tx, ty int) (Path, error) {
	c, err := g.prep(e, q)
	if err != nil {
		return Path{}, err
	}
	if (tx == c.sx && ty == c.sy) || !g.canEnd(c, tx, ty) {
		// As in every ruleset: the start is not a square the token moves
		// to, and Reach leaves it out, so a path there is unreachable.
		return Path{Steps: []Step{}}, nil
	}
	target := c.state(tx, ty)
	goal := func(s int32) bool { return s == target }
	moves := func(s int32, dst []routeMove) []routeMove {
		x, y := c.unpack(s)
		for d := 0; d < 8; d++ {
			nx, ny, w, ok := g.move(c, x, y, d)
			if !ok {
				continue
			}
			fl, hz := c.stepInfo(nx, ny, d)
			dst = append(dst, routeMove{to: c.state(nx, ny), w: routeKey{w, hz, 0}, step: Step{X: nx, Y: ny, Turn: NoTurn, Flags: fl}})
		}
		return dst
	}
	// Every step costs at least one point, diagonals too.
	lower := func(s int32) int32 {
		x, y := c.unpack(s)
		return int32(max(absInt(x-tx), absInt(y-ty)))
	}
	p := g.route.route(c.ww*c.wh, c.state(c.sx, c.sy), c.budget, 1, goal, lower, moves)
	if p.Reachable {
		p.Actions = c.actionsFor(p.Cost)
	}
	p.Diagonals = countDiagonals(p, c.sx, c.sy, 0)
	return p, nil
}
