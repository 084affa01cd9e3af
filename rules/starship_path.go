package rules

import (
	"slices"

	"encounterplanner/model"
)

// moves lists the moves from state s in neighbour order (by the direction
// of the step or the facing turned to: N, NE, E ... NW).
func (g *shipEngine) moves(c *shipCtx, s int32, dst []routeMove) []routeMove {
	x, y, f, p := c.unpack(s)
	var tw int32
	if c.turnU == 0 {
		tw = 1
	}
	cand := [3]int{f, (f + 1) & 7, (f + 7) & 7}
	slices.Sort(cand[:])
	for _, d := range cand {
		if d == f {
			nx, ny, np, w, doubled, ok := g.move(c, x, y, f, p)
			if !ok {
				continue
			}
			fl, hz := g.stepFlags(c, nx, ny, model.Dir[f][0], model.Dir[f][1], doubled)
			dst = append(dst, routeMove{to: c.state(nx, ny, f, np), w: routeKey{w, hz, 0}, step: Step{X: nx, Y: ny, Turn: NoTurn, Flags: fl}})
			continue
		}
		if c.canTurn {
			dst = append(dst, routeMove{to: c.state(x, y, d, p), w: routeKey{c.turnU, 0, tw}, step: Step{X: x, Y: y, Turn: d}})
		}
	}
	return dst
}

// stepFlags lists what the newly entered squares of a step hold and how many
// of them are hazardous, narrow or uneven; difficult terrain is flagged
// when it doubled the step (another ship's space counts too).
func (g *shipEngine) stepFlags(c *shipCtx, nx, ny, dx, dy int, doubled bool) (Flag, int32) {
	fl, n := enteredFlags(&c.e.Grid, nx, ny, c.k, dx, dy, false)
	if doubled {
		fl |= FlagDifficult
	}
	return fl, n
}

// Path returns the route to position (x, y) by queries.md's order: least
// cost, then fewest hazardous, narrow and uneven squares, then the first move
// in neighbour order at each step (a move's direction is that of its step, or
// the facing a turn ends with). Consecutive 45-degree turns are reported as
// one Step whose Turn is the final facing. Time and memory as routeSearch
// over the 16 x window states.
func (g *shipEngine) Path(e *model.Encounter, q MoveQuery, tx, ty int) (Path, error) {
	c, err := g.prep(e, q)
	if err != nil {
		return Path{}, err
	}
	if (tx == c.sx && ty == c.sy) || !g.canEnd(c, tx, ty) {
		// As in every ruleset: the start is not a square the token moves
		// to, and Reach leaves it out, so a path there is unreachable.
		return Path{Steps: []Step{}, Diagonals: q.Turn.Diagonals}, nil
	}
	goal := func(s int32) bool {
		x, y, _, _ := c.unpack(s)
		return x == tx && y == ty
	}
	moves := func(s int32, dst []routeMove) []routeMove { return g.moves(c, s, dst) }
	// A step costs at least one square, of every two diagonals one
	// costs two, turns cost nothing less than 0: openCost squares.
	lower := func(s int32) int32 {
		x, y, _, p := c.unpack(s)
		return c.stepU * openCost(x, y, uint8(p), tx, ty)
	}
	p := g.route.route(c.ww*c.wh*16, c.state(c.sx, c.sy, c.sf, c.sp), c.budget, c.unit, goal, lower, moves)
	p.Diagonals = countDiagonals(p, c.sx, c.sy, q.Turn.Diagonals)
	return p, nil
}
