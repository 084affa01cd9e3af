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

// lexRoute is the path search of the starship and points engines: a
// lexicographic Dijkstra by routeKey over n states from s0, up to budget
// cost, then the route to the best goal state (goal reports the states at
// the target) that takes, at each state, the first move moves lists whose
// key adds up exactly and from which a best route goes on: the first
// route in move order among the best (queries.md). Consecutive turns are
// one Step with the final facing. Costs are in units of unit feet (points:
// 1). Every move must add to the key (a free turn counts in t), so the
// exact moves form a DAG. Time O(S log S) for S states reached, memory
// O(S); it allocates per call (path is not the hot path).
func lexRoute(n int, s0 int32, budget int32, unit int, goal func(int32) bool,
	moves func(s int32, dst []routeMove) []routeMove) Path {
	dist := make([]routeKey, n)
	seen := make([]bool, n)
	done := make([]bool, n)
	var h routeHeap
	seen[s0] = true
	h.push(s0, routeKey{})
	var buf []routeMove
	best, found := routeKey{}, false
	for len(h.s) > 0 {
		s, k := h.pop()
		if done[s] || k != dist[s] {
			continue
		}
		done[s] = true
		if goal(s) {
			if !found {
				best, found = k, true
			}
			continue
		}
		buf = moves(s, buf[:0])
		for _, m := range buf {
			nk := k.add(m.w)
			if nk.c > budget {
				continue
			}
			if !seen[m.to] || nk.less(dist[m.to]) {
				seen[m.to], dist[m.to] = true, nk
				h.push(m.to, nk)
			}
		}
	}
	if !found {
		return Path{Steps: []Step{}}
	}
	// can[s]: 1 = a best route continues from s to the target, 2 = not.
	can := make([]uint8, n)
	var onBest func(s int32) bool
	onBest = func(s int32) bool {
		if can[s] != 0 {
			return can[s] == 1
		}
		ok := false
		if goal(s) {
			ok = dist[s] == best
		} else if dist[s].less(best) {
			for _, m := range moves(s, nil) {
				if seen[m.to] && dist[s].add(m.w) == dist[m.to] && onBest(m.to) {
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
	if !onBest(s0) {
		return Path{Steps: []Step{}} // cannot happen: best was reached
	}
	out := Path{Reachable: true, Cost: int(best.c) * unit, Actions: 1, Steps: []Step{}}
	for s := s0; !goal(s); {
		var next *routeMove
		for _, m := range moves(s, buf[:0]) {
			if seen[m.to] && dist[s].add(m.w) == dist[m.to] && onBest(m.to) {
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
