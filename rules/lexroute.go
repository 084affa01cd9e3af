package rules

// routeKey orders the routes of the starship and points engines: least
// cost, then fewest hazardous, narrow and uneven squares entered, then
// (starship, only when turning is free, so that free turns cannot loop)
// fewest 45-degree turns.
type routeKey struct{ c, h, t int32 }

func (a routeKey) less(b routeKey) bool {
	if a.c != b.c {
		return a.c < b.c
	}
	if a.h != b.h {
		return a.h < b.h
	}
	return a.t < b.t
}

func (a routeKey) add(b routeKey) routeKey { return routeKey{a.c + b.c, a.h + b.h, a.t + b.t} }

// routeHeap is a binary min-heap of states by key.
type routeHeap struct {
	s []int32
	k []routeKey
}

func (h *routeHeap) push(s int32, k routeKey) {
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

func (h *routeHeap) pop() (int32, routeKey) {
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

// routeMove is one move of a route: the state it leads to, its key, and
// what the path reports for it (X, Y, Turn and Flags of its Step).
type routeMove struct {
	to   int32
	w    routeKey
	step Step
}

// routeSearch is the path search of the starship and points engines: a
// lexicographic A* by routeKey over n states from s0, up to budget cost,
// then the route to the best goal state (goal reports the states at the
// target) that takes, at each state, the first move moves lists whose key
// adds up exactly and from which a best route goes on: the first route in
// move order among the best (queries.md). Consecutive turns are one Step
// with the final facing. Costs are in units of unit feet (points: 1).
//
// lower(s) is a lower bound of the cost from s to the target that no move
// lowers by more than it costs (consistent), so A* is Dijkstra on reduced
// costs: every settled key is exact, the search stops past the target's
// key, and states that cannot reach the target within the budget are never
// pushed. Every move must add to the key (a free turn counts in t), so the
// exact moves form a DAG. Time O(S log S) for S states settled, memory
// 25 bytes a state, reused between calls (generation stamps) up to
// routeKeep states: no allocation once the buffers fit.
type routeSearch struct {
	dist             []routeKey
	seen, done, mark []uint32 // == gen: reached, settled, can decided
	can              []bool
	gen              uint32
	heap             routeHeap
	buf              []routeMove
	work             int // states settled (tests bound it)
}

func (r *routeSearch) route(n int, s0 int32, budget int32, unit int, goal func(int32) bool, lower func(int32) int32,
	moves func(s int32, dst []routeMove) []routeMove) Path {
	if len(r.dist) < n {
		r.dist = make([]routeKey, n)
		r.seen, r.done, r.mark = make([]uint32, n), make([]uint32, n), make([]uint32, n)
		r.can = make([]bool, n)
		r.gen = 0
	}
	r.gen++
	if r.gen == 0 {
		clear(r.seen)
		clear(r.done)
		clear(r.mark)
		r.gen = 1
	}
	gen, dist := r.gen, r.dist
	h := &r.heap
	h.s, h.k = h.s[:0], h.k[:0]
	r.work = 0
	// The heap orders by (c + lower, h, t); dist keeps the true key.
	f := func(s int32, k routeKey) routeKey { return routeKey{k.c + lower(s), k.h, k.t} }
	r.seen[s0], dist[s0] = gen, routeKey{}
	h.push(s0, f(s0, routeKey{}))
	best, bestF, found := routeKey{}, routeKey{}, false
	for len(h.s) > 0 {
		s, kf := h.pop()
		if found && bestF.less(kf) {
			break // past the target's key: nothing after can be on a best route
		}
		k := dist[s]
		if r.done[s] == gen || f(s, k) != kf {
			continue
		}
		r.done[s] = gen
		r.work++
		if goal(s) {
			if !found {
				best, bestF, found = k, kf, true
			}
			continue
		}
		r.buf = moves(s, r.buf[:0])
		for _, m := range r.buf {
			nk := k.add(m.w)
			if nk.c+lower(m.to) > budget {
				continue // not even the cheapest way on reaches the target in time
			}
			if r.seen[m.to] != gen || nk.less(dist[m.to]) {
				r.seen[m.to], dist[m.to] = gen, nk
				h.push(m.to, f(m.to, nk))
			}
		}
	}
	defer r.release()
	if !found {
		return Path{Steps: []Step{}}
	}
	if !r.onBest(s0, best, goal, moves) {
		return Path{Steps: []Step{}} // cannot happen: best was reached
	}
	out := Path{Reachable: true, Cost: int(best.c) * unit, Actions: 1, Steps: []Step{}}
	for s := s0; !goal(s); {
		var next *routeMove
		for _, m := range moves(s, r.buf[:0]) {
			if r.tight(s, m) && r.onBest(m.to, best, goal, moves) {
				next = &m
				break
			}
		}
		if next == nil {
			break // cannot happen: s is on a best route
		}
		st := next.step
		st.Cost, st.Total = int(next.w.c)*unit, int(dist[next.to].c)*unit
		if last := len(out.Steps) - 1; st.Turn != NoTurn && last >= 0 && out.Steps[last].Turn != NoTurn {
			out.Steps[last].Turn, out.Steps[last].Cost, out.Steps[last].Total = st.Turn, out.Steps[last].Cost+st.Cost, st.Total
		} else {
			out.Steps = append(out.Steps, st)
		}
		s = next.to
	}
	return out
}

// routeKeep is the most states whose buffers a routeSearch keeps between
// calls (100 MB): a path on a larger window allocates them afresh.
const routeKeep = 1 << 22

func (r *routeSearch) release() {
	if len(r.dist) > routeKeep {
		*r = routeSearch{heap: routeHeap{s: r.heap.s[:0:0], k: r.heap.k[:0:0]}, work: r.work}
	}
}

// tight reports whether move m from settled state s adds up exactly to
// the settled key of the state it leads to.
func (r *routeSearch) tight(s int32, m routeMove) bool {
	return r.done[m.to] == r.gen && r.dist[s].add(m.w) == r.dist[m.to]
}

// onBest reports whether a best route continues from settled state s to
// the target: s is a best goal state, or a tight move leads to such a
// state. Memoised per state.
func (r *routeSearch) onBest(s int32, best routeKey, goal func(int32) bool, moves func(s int32, dst []routeMove) []routeMove) bool {
	if r.mark[s] == r.gen {
		return r.can[s]
	}
	ok := false
	if goal(s) {
		ok = r.dist[s] == best
	} else if r.dist[s].less(best) {
		for _, m := range moves(s, nil) {
			if r.tight(s, m) && r.onBest(m.to, best, goal, moves) {
				ok = true
				break
			}
		}
	}
	r.mark[s], r.can[s] = r.gen, ok
	return ok
}
