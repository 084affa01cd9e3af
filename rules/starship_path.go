package rules

import (
	"encounterplanner/model"
)

// shipKey orders starship routes: least cost, then fewest hazardous, narrow
// and uneven squares entered, then (only when turning is free, turn = 0, so
// that free turns cannot loop) fewest 45-degree turns.
type shipKey struct{ c, h, t int32 }

func (a shipKey) less(b shipKey) bool {
	if a.c != b.c {
		return a.c < b.c
	}
	if a.h != b.h {
		return a.h < b.h
	}
	return a.t < b.t
}

func (a shipKey) add(b shipKey) shipKey { return shipKey{a.c + b.c, a.h + b.h, a.t + b.t} }

// shipHeap is a binary min-heap of states by key.
type shipHeap struct {
	s []int32
	k []shipKey
}

func (h *shipHeap) push(s int32, k shipKey) {
	h.s = append(h.s, s)
	h.k = append(h.k, k)
	i := len(h.s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.k[i].less(h.k[p]) {
			break
		}
		h.s[i], h.s[p] = h.s[p], h.s[i]
		h.k[i], h.k[p] = h.k[p], h.k[i]
		i = p
	}
}

func (h *shipHeap) pop() (int32, shipKey) {
	s, k := h.s[0], h.k[0]
	n := len(h.s) - 1
	h.s[0], h.k[0] = h.s[n], h.k[n]
	h.s, h.k = h.s[:n], h.k[:n]
	i := 0
	for {
		l, m := 2*i+1, i
		if l < n && h.k[l].less(h.k[m]) {
			m = l
		}
		if l+1 < n && h.k[l+1].less(h.k[m]) {
			m = l + 1
		}
		if m == i {
			break
		}
		h.s[i], h.s[m] = h.s[m], h.s[i]
		h.k[i], h.k[m] = h.k[m], h.k[i]
		i = m
	}
	return s, k
}

// shipMove is one move of a route: a forward step or a 45-degree turn.
type shipMove struct {
	to    int32
	w     shipKey
	turn  bool
	dir   int // step direction, or the new facing of a turn
	x, y  int
	f     int
	flags Flag
}

// moves lists the moves from state s in neighbour order (by the direction
// of the step or the facing turned to: N, NE, E ... NW).
func (g *shipEngine) moves(c *shipCtx, s int32, dst []shipMove) []shipMove {
	x, y, f, p := c.unpack(s)
	var tw int32
	if c.turnU == 0 {
		tw = 1
	}
	cand := [3]int{f, (f + 1) & 7, (f + 7) & 7}
	for i := 0; i < 3; i++ {
		for j := i + 1; j < 3; j++ {
			if cand[j] < cand[i] {
				cand[i], cand[j] = cand[j], cand[i]
			}
		}
	}
	for _, d := range cand {
		if d == f {
			nx, ny, np, w, doubled, ok := g.move(c, x, y, f, p)
			if !ok {
				continue
			}
			fl, hz := g.stepFlags(c, nx, ny, model.Dir[f][0], model.Dir[f][1], doubled)
			dst = append(dst, shipMove{to: c.state(nx, ny, f, np), w: shipKey{w, hz, 0}, dir: f, x: nx, y: ny, f: f, flags: fl})
			continue
		}
		if c.canTurn {
			dst = append(dst, shipMove{to: c.state(x, y, d, p), w: shipKey{c.turnU, 0, tw}, turn: true, dir: d, x: x, y: y, f: d})
		}
	}
	return dst
}

// stepFlags lists what the newly entered squares of a step hold and how many
// of them are hazardous, narrow or uneven.
func (g *shipEngine) stepFlags(c *shipCtx, nx, ny, dx, dy int, doubled bool) (Flag, int32) {
	var fl Flag
	if doubled {
		fl |= FlagDifficult
	}
	var n int32
	r1, r2, two := shipRects(nx, ny, c.k, dx, dy)
	visit := func(r [4]int, skipX, skipY int) {
		for yy := r[1]; yy <= r[3]; yy++ {
			for xx := r[0]; xx <= r[2]; xx++ {
				if xx == skipX && yy == skipY {
					continue
				}
				t := c.e.Grid.At(xx, yy)
				if t.Any(model.GreaterDifficult) {
					fl |= FlagGreaterDifficult
				}
				if t.Any(model.Hazardous) {
					fl |= FlagHazardous
				}
				if t.Any(model.Narrow) {
					fl |= FlagNarrow
				}
				if t.Any(model.Uneven) {
					fl |= FlagUneven
				}
				if t.Any(model.Hazardous | model.Narrow | model.Uneven) {
					n++
				}
			}
		}
	}
	visit(r1, -1<<30, 0)
	if two {
		// the corner square is in both strips: count it once
		cx, cy := r1[0], r2[1]
		visit(r2, cx, cy)
	}
	return fl, n
}

// Path returns the route to position (x, y) by queries.md's order: least
// cost, then fewest hazardous, narrow and uneven squares, then the first move
// in neighbour order at each step (a move's direction is that of its step, or
// the facing a turn ends with). Consecutive 45-degree turns are reported as
// one Step whose Turn is the final facing. Time O(S log S) for the
// lexicographic Dijkstra over the S = 16 x window states, then O(S) for the
// walk; it allocates its buffers per call (Path is not the hot path).
func (g *shipEngine) Path(e *model.Encounter, q MoveQuery, tx, ty int) (Path, error) {
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
	n := c.ww * c.wh * 16
	dist := make([]shipKey, n)
	seen := make([]bool, n)
	done := make([]bool, n)
	var h shipHeap
	s0 := c.state(c.sx, c.sy, c.sf, 0)
	seen[s0] = true
	h.push(s0, shipKey{})
	var buf []shipMove
	for len(h.s) > 0 {
		s, k := h.pop()
		if done[s] || k != dist[s] {
			continue
		}
		done[s] = true
		buf = g.moves(c, s, buf[:0])
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
	best, found := shipKey{}, false
	base := c.state(tx, ty, 0, 0)
	for i := int32(0); i < 16; i++ {
		if seen[base+i] && (!found || dist[base+i].less(best)) {
			best, found = dist[base+i], true
		}
	}
	if !found {
		return Path{Steps: []Step{}}, nil
	}
	// can[s]: 1 = an optimal route continues from s to the target, 2 = not.
	can := make([]uint8, n)
	var reach func(s int32) bool
	reach = func(s int32) bool {
		if can[s] != 0 {
			return can[s] == 1
		}
		x, y, _, _ := c.unpack(s)
		ok := false
		if x == tx && y == ty {
			ok = dist[s] == best
		} else {
			for _, m := range g.moves(c, s, nil) {
				if seen[m.to] && dist[s].add(m.w) == dist[m.to] && !best.less(dist[m.to]) && reach(m.to) {
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
	if !reach(s0) {
		return Path{Steps: []Step{}}, nil // cannot happen: best was reached
	}
	out := Path{Reachable: true, Cost: int(best.c) * c.unit, Actions: 1, Steps: []Step{}}
	s := s0
	for {
		x, y, _, _ := c.unpack(s)
		if x == tx && y == ty {
			break
		}
		var next *shipMove
		for _, m := range g.moves(c, s, buf[:0]) {
			if seen[m.to] && dist[s].add(m.w) == dist[m.to] && reach(m.to) {
				mm := m
				next = &mm
				break
			}
		}
		if next == nil {
			break // unreachable by construction
		}
		cost := int(next.w.c) * c.unit
		total := int(dist[next.to].c) * c.unit
		if next.turn && len(out.Steps) > 0 && out.Steps[len(out.Steps)-1].Turn != NoTurn {
			last := &out.Steps[len(out.Steps)-1]
			last.Turn, last.Cost, last.Total = next.f, last.Cost+cost, total
		} else if next.turn {
			out.Steps = append(out.Steps, Step{X: next.x, Y: next.y, Turn: next.f, Cost: cost, Total: total})
		} else {
			out.Steps = append(out.Steps, Step{X: next.x, Y: next.y, Turn: NoTurn, Cost: cost, Total: total, Flags: next.flags})
		}
		s = next.to
	}
	return out, nil
}
