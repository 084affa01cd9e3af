package rules

import (
	"encounterplanner/model"
)

// stepInfo lists what the newly entered squares of a step to (nx, ny) in
// direction d hold, and how many of them are hazardous, narrow or uneven.
func (c *ptsCtx) stepInfo(nx, ny, d int) (Flag, int32) {
	dx, dy := model.Dir[d][0], model.Dir[d][1]
	r1, r2, two := shipRects(nx, ny, c.k, dx, dy)
	var fl Flag
	var n int32
	visit := func(r [4]int, skipX, skipY int) {
		for yy := r[1]; yy <= r[3]; yy++ {
			for xx := r[0]; xx <= r[2]; xx++ {
				if xx == skipX && yy == skipY {
					continue
				}
				t := c.e.Grid.At(xx, yy)
				for _, m := range [...]struct {
					t model.Trait
					f Flag
				}{{model.Difficult, FlagDifficult}, {model.GreaterDifficult, FlagGreaterDifficult},
					{model.Hazardous, FlagHazardous}, {model.Narrow, FlagNarrow}, {model.Uneven, FlagUneven}} {
					if t.Any(m.t) {
						fl |= m.f
					}
				}
				if t.Any(model.Hazardous | model.Narrow | model.Uneven) {
					n++
				}
			}
		}
	}
	visit(r1, -1<<30, 0)
	if two {
		visit(r2, r1[0], r2[1]) // the corner square is in both strips
	}
	return fl, n
}

// Path returns the route to (x, y) by queries.md's order: least cost (one
// budget, so the fewest actions too), then fewest hazardous, narrow and uneven
// squares entered, then the first step in neighbour order N, NE ... NW at
// each step (the points text has no reactions to movement, so no step is
// flagged `reaction`). Time O(S log S) for the lexicographic Dijkstra over the
// S window squares and O(S) for the walk; it allocates per call.
func (g *ptsEngine) Path(e *model.Encounter, q MoveQuery, tx, ty int) (Path, error) {
	c, err := g.prep(e, q)
	if err != nil {
		return Path{}, err
	}
	if tx == c.sx && ty == c.sy {
		// As in every ruleset: the start is not a square the token moves
		// to, and Reach leaves it out, so a path there is unreachable.
		return Path{Steps: []Step{}}, nil
	}
	if !g.canEnd(c, tx, ty) {
		return Path{Steps: []Step{}}, nil
	}
	n := c.ww * c.wh
	dist := make([]shipKey, n)
	seen := make([]bool, n)
	done := make([]bool, n)
	type edge struct {
		to     int32
		w      shipKey
		x, y   int
		flags  Flag
		points int32
	}
	edges := func(s int32, dst []edge) []edge {
		x, y := c.unpack(s)
		for d := 0; d < 8; d++ {
			nx, ny, w, ok := g.move(c, x, y, d)
			if !ok {
				continue
			}
			fl, hz := c.stepInfo(nx, ny, d)
			dst = append(dst, edge{to: c.state(nx, ny), w: shipKey{w, hz, 0}, x: nx, y: ny, flags: fl})
		}
		return dst
	}
	var h shipHeap
	s0 := c.state(c.sx, c.sy)
	seen[s0] = true
	h.push(s0, shipKey{})
	var buf []edge
	for len(h.s) > 0 {
		s, k := h.pop()
		if done[s] || k != dist[s] {
			continue
		}
		done[s] = true
		buf = edges(s, buf[:0])
		for _, m := range buf {
			nk := k.add(m.w)
			if nk.c > c.budget {
				continue
			}
			if !seen[m.to] || nk.less(dist[m.to]) {
				seen[m.to], dist[m.to] = true, nk
				h.push(m.to, nk)
			}
		}
	}
	goal := c.state(tx, ty)
	if !seen[goal] {
		return Path{Steps: []Step{}}, nil
	}
	best := dist[goal]
	// can[s]: 1 = an optimal route continues from s to the goal, 2 = not.
	// Every step costs at least 1, so tight edges form a DAG.
	can := make([]uint8, n)
	var reach func(s int32) bool
	reach = func(s int32) bool {
		if s == goal {
			return true
		}
		if can[s] != 0 {
			return can[s] == 1
		}
		ok := false
		if dist[s].c < best.c {
			for _, m := range edges(s, nil) {
				if seen[m.to] && dist[s].add(m.w) == dist[m.to] && reach(m.to) {
					ok = true
					break
				}
			}
		}
		can[s] = 2
		if ok {
			can[s] = 1
		}
		return ok
	}
	reach(s0)
	out := Path{Reachable: true, Cost: int(best.c), Actions: c.actionsFor(int(best.c)), Steps: []Step{}}
	for s := s0; s != goal; {
		var next *edge
		for _, m := range edges(s, buf[:0]) {
			if seen[m.to] && dist[s].add(m.w) == dist[m.to] && reach(m.to) {
				mm := m
				next = &mm
				break
			}
		}
		if next == nil {
			break // cannot happen: the goal was reached
		}
		out.Steps = append(out.Steps, Step{X: next.x, Y: next.y, Turn: NoTurn, Cost: int(next.w.c),
			Total: int(dist[next.to].c), Flags: next.flags})
		s = next.to
	}
	return out, nil
}
