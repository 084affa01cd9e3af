package rules

import "slices"

// path1 is path for one Stride or move action: a lexicographic A* over
// the states (position, diagonal parity) by key (T, H, R) (total squares,
// hazardous squares entered, reaction steps), which with a single Stride is
// the whole order of queries.md but the directions. The heuristic is
// openCost, the exact cost on an open map, which terrain only raises: it is
// consistent, so A* is Dijkstra on reduced costs and settles every state
// with its exact key, in order of (T + openCost, H, R). It stops past the
// target's key, and pushes no state that cannot reach the target within the
// budget, so it explores no more than reach does (on an open map, a thin
// band around the best routes).
//
// The directions are settled afterwards, without labels: a sweep over the
// settled states that can lie on a best route, latest T first, marks those
// from which a tight step (one whose key adds up exactly) leads to a marked
// state, starting from the target's best states; the walk from the start
// then takes, at each state, the first direction N..NW whose tight step
// leads to a marked state. That is the lexicographically first route among
// the best ones.
//
// Time O(A log A + 16 A k) for A states settled and a k x k space; memory
// O(W H) reused; zero allocations after warm-up. It leaves the directions
// in s.seqA and reports whether the target was reached.
func (s *searcher) path1(target int) bool {
	m := &s.m
	s.grow(1)
	n := m.W * m.H * 2
	if len(s.pst) < n {
		s.pst = make([]pstate, n)
	}
	gen := s.gen
	pst := s.pst[:n]
	s.order = s.order[:0]
	W := m.W
	tx, ty := target%W, target/W
	B := m.budget
	start := int32(m.start*2) + int32(m.par0)
	pst[start] = pstate{stamp: gen}
	h := pheap(s.pheap[:0])
	h.push(pent{st: start, f: openCost(m.start%W, m.start/W, m.par0, tx, ty)})
	best, found := pkey{}, false
	for len(h) > 0 {
		ent := h.pop()
		if found && best.less(pkey{ent.f, ent.k.h, ent.k.r}) {
			break // past the target's key: nothing after can be on a best route
		}
		P := &pst[ent.st]
		if P.done == gen || P.k != ent.k {
			continue
		}
		P.done = gen
		s.order = append(s.order, ent.st)
		s.work++
		pos := int(ent.st >> 1)
		if pos == target {
			if !found {
				best, found = ent.k, true
			}
			continue
		}
		x, y := pos%W, pos/W
		for d := 0; d < 8; d++ {
			nst, nk, ok := s.stepKey(x, y, uint8(ent.st&1), ent.k, d)
			if !ok || nk.t > B {
				continue
			}
			npos := int(nst >> 1)
			f := nk.t + openCost(npos%W, npos/W, uint8(nst&1), tx, ty)
			if f > B {
				continue // not even an open map would take it there in time
			}
			N := &pst[nst]
			if N.stamp == gen && !nk.less(N.k) {
				continue
			}
			N.k, N.stamp = nk, gen
			h.push(pent{st: nst, k: nk, f: f})
		}
	}
	s.pheap = h
	if !found {
		return false
	}
	// The settled states that can lie on a best route, by T (counting
	// sort): a step adds at least one square, so a state's successors on
	// a route come later.
	cnt := slices.Grow(s.tcount[:0], int(best.t)+2)[:best.t+2]
	clear(cnt)
	cand := s.order[:0]
	for _, st := range s.order {
		P := &pst[st]
		pos := int(st >> 1)
		if P.k.t+openCost(pos%W, pos/W, uint8(st&1), tx, ty) <= best.t {
			cand = append(cand, st)
			cnt[P.k.t+1]++
		}
	}
	for t := 1; t < len(cnt); t++ {
		cnt[t] += cnt[t-1]
	}
	byT := slices.Grow(s.byT[:0], len(cand))[:len(cand)]
	for _, st := range cand {
		t := pst[st].k.t
		byT[cnt[t]] = st
		cnt[t]++
	}
	s.tcount, s.byT = cnt, byT
	for i := len(byT) - 1; i >= 0; i-- {
		st := byT[i]
		P := &pst[st]
		if int(st>>1) == target {
			if P.k == best {
				P.good = gen
			}
			continue
		}
		if d := s.tightStep(st); d >= 0 {
			P.good = gen
		}
	}
	dirs := s.seqA[:0]
	for st := start; int(st>>1) != target; {
		d := s.tightStep(st)
		if d < 0 {
			return false // cannot happen: the start leads to the best
		}
		pos := int(st >> 1)
		st, _, _ = s.stepKey(pos%W, pos/W, uint8(st&1), pst[st].k, d)
		dirs = append(dirs, int8(d))
	}
	s.seqA = dirs
	return true
}

// openCost is the cost in squares from (x, y) with diagonal parity p to
// (tx, ty) on an open map: max + floor((min + p) / 2) for gaps max >= min
// (the diagonals cost 1, 2, 1 ... or, with p = 1, 2, 1, 2 ...). Terrain,
// walls and pf1e doubling only raise costs, so it never overestimates, and
// it is consistent: a step never lowers it by more than the step costs.
func openCost(x, y int, p uint8, tx, ty int) int32 {
	dx, dy := x-tx, y-ty
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return int32(max(dx, dy) + (min(dx, dy)+int(p))/2)
}

// tightStep returns the first direction from settled state st whose step
// adds up exactly to the key of a marked state, or -1.
func (s *searcher) tightStep(st int32) int {
	gen := s.gen
	P := &s.pst[st]
	pos := int(st >> 1)
	x, y := pos%s.m.W, pos/s.m.W
	for d := 0; d < 8; d++ {
		nst, nk, ok := s.stepKey(x, y, uint8(st&1), P.k, d)
		if !ok {
			continue
		}
		if N := &s.pst[nst]; N.good == gen && N.done == gen && N.k == nk {
			return d
		}
	}
	return -1
}

// stepKey is the state and key a step in direction d leads to from (x, y)
// with parity p and key k.
func (s *searcher) stepKey(x, y int, p uint8, k pkey, d int) (int32, pkey, bool) {
	m := &s.m
	npos, lvl, haz, thr, ok := m.try(x, y, d)
	if !ok {
		return 0, pkey{}, false
	}
	w, q := stepCost(m.kind, isDiagDir(d), p, lvl)
	nk := pkey{t: k.t + w, h: k.h + int32(haz), r: k.r}
	if thr {
		nk.r++
	}
	return int32(npos*2) + int32(q), nk, true
}

func isDiagDir(d int) bool { return d&1 == 1 }

// pkey orders routes of one Stride: total squares, then hazardous squares
// entered, then reaction steps.
type pkey struct{ t, h, r int32 }

func (a pkey) less(b pkey) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	if a.h != b.h {
		return a.h < b.h
	}
	return a.r < b.r
}

// pstate is path1's record of a state: the best key pushed (valid when
// stamp is the generation), settled (done) and on an optimal route (good).
type pstate struct {
	k                 pkey
	stamp, done, good uint32
}

// pent is an entry of path1's queue: a state, its key and f = T + openCost.
type pent struct {
	st int32
	f  int32
	k  pkey
}

// pheap is a binary min-heap of entries by (f, H, R).
type pheap []pent

func (e pent) before(o pent) bool {
	if e.f != o.f {
		return e.f < o.f
	}
	if e.k.h != o.k.h {
		return e.k.h < o.k.h
	}
	return e.k.r < o.k.r
}

func (h *pheap) push(e pent) {
	a := append(*h, e)
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !a[i].before(a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
	*h = a
}

func (h *pheap) pop() pent {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a[l].before(a[m]) {
			m = l
		}
		if l+1 < n && a[l+1].before(a[m]) {
			m = l + 1
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}
