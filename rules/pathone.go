package rules

import "encounterplanner/model"

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
// The queue is a radix heap by the packed key (f, H, R) when it fits in
// 64 bits, else a binary heap, indexed so that a better key lowers a
// state's entry in place.
//
// The directions are settled afterwards, without labels: going backwards
// from the target's best states over tight steps (one whose key adds up
// exactly), it marks the settled states from which a best route goes on,
// visiting only those; the walk from the start then takes, at each state,
// the first direction N..NW whose tight step leads to a marked state. That
// is the lexicographically first route among the best ones.
//
// Time O(A log A + 8 A k + 16 B k) for A states settled, B on best routes
// and a k x k space; memory O(W H) reused; zero allocations after warm-up.
// It leaves the directions in s.seqA and reports whether the target was
// reached.
func (s *searcher) path1(target int) bool {
	m := &s.m
	s.grow()
	n := m.W * m.H * 2
	if len(s.pst) < n || len(s.pidx) < n {
		s.pst = make([]pstate, n)
		s.pidx = make([]int32, n)
	}
	gen := s.gen
	pst := s.pst[:n]
	hi := hidx(s.pidx[:n])
	s.order = s.order[:0]
	W := m.W
	tx, ty := target%W, target/W
	B := m.budget
	start := int32(m.start*2) + int32(m.par0)
	pst[start] = pstate{stamp: gen}
	// The queue: a radix heap by (f, H, R) packed in 64 bits when they
	// fit (a best route to a state repeats no state, so it has fewer
	// steps than twice the box's positions, each entering at most 2k-1
	// hazardous squares), else an indexed binary heap.
	bw, bh := int64(m.bx1-m.bx0+1), int64(m.by1-m.by0+1)
	radix := 2*bw*bh*int64(2*m.k-1) < 1<<21 && int64(B) < 1<<22-16 && !s.strides.heapOnly
	q := &s.strides.q
	h := pheap(s.pheap[:0])
	f0 := openCost(m.start%W, m.start/W, m.par0, tx, ty)
	if radix {
		q.reset()
		q.push(uint64(f0)<<42, bitem{st: start})
	} else {
		h.push(pent{st: start, f: f0}, hi)
	}
	best, found := pkey{}, false
	for {
		var ent pent
		if radix {
			if q.empty() {
				break
			}
			key, e := q.pop()
			ent = pent{st: e.st, f: int32(key >> 42), k: e.k}
		} else {
			if len(h) == 0 {
				break
			}
			ent = h.pop(hi)
		}
		if found && best.less(pkey{ent.f, ent.k.h, ent.k.r}) {
			break // past the target's key: nothing after can be on a best route
		}
		P := &pst[ent.st]
		if P.done == gen || P.k != ent.k {
			continue // reached for less since (radix heap)
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
			queued := N.stamp == gen // and not settled: a settled key is never beaten
			N.k, N.stamp = nk, gen
			switch {
			case radix:
				q.push(uint64(f)<<42|uint64(nk.h)<<21|uint64(nk.r), bitem{st: nst, k: nk})
			case queued:
				// Lower its entry in place: no state is popped twice.
				h[hi[nst]] = pent{st: nst, k: nk, f: f}
				h.up(int(hi[nst]), hi)
			default:
				h.push(pent{st: nst, k: nk, f: f}, hi)
			}
		}
	}
	s.pheap = h
	if !found {
		return false
	}
	// Mark the settled states from which a tight step leads to a marked
	// state, backwards from the target's best states: only the states of
	// the best routes are visited, each trying the 16 (direction, parity)
	// steps that could lead to it.
	stack := s.pmark[:0]
	for p := int32(0); p < 2; p++ {
		if st := int32(target*2) + p; pst[st].done == gen && pst[st].k == best {
			pst[st].good = gen
			stack = append(stack, st)
		}
	}
	for len(stack) > 0 {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pos := int(st >> 1)
		x, y := pos%W, pos/W
		k := pst[st].k
		for d := 0; d < 8; d++ {
			px, py := x-model.Dir[d][0], y-model.Dir[d][1]
			if px < 0 || py < 0 || px+m.k > W || py+m.k > m.H {
				continue
			}
			ppos := py*W + px
			if ppos == target {
				continue // the search stops there: no step leaves it
			}
			for p := int32(0); p < 2; p++ {
				pst0 := int32(ppos*2) + p
				P := &pst[pst0]
				if P.done != gen || P.good == gen || P.k.t >= k.t {
					continue
				}
				if nst, nk, ok := s.stepKey(px, py, uint8(p), P.k, d); ok && nst == st && nk == k {
					P.good = gen
					stack = append(stack, pst0)
				}
			}
		}
	}
	s.pmark = stack
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
	s.strides.steps++
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
// Its index in the queue, until settled, is in s.pidx (hidx).
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

// hidx is, per state, its index in path1's queue while it is queued
// (path1 keeps it in s.pidx).
type hidx []int32

// pheap is a binary min-heap of entries by (f, H, R), indexed: each state
// is in it at most once, and a better key lowers its entry in place.
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

// push adds e and records its index in hi.
func (h *pheap) push(e pent, hi hidx) {
	*h = append(*h, e)
	h.up(len(*h)-1, hi)
}

// up moves the entry at i towards the root while it comes first, keeping
// each moved state's index in hi.
func (h *pheap) up(i int, hi hidx) {
	a := *h
	e := a[i]
	for i > 0 {
		p := (i - 1) / 2
		if !e.before(a[p]) {
			break
		}
		a[i] = a[p]
		hi[a[i].st] = int32(i)
		i = p
	}
	a[i] = e
	hi[e.st] = int32(i)
}

func (h *pheap) pop(hi hidx) pent {
	a := *h
	top := a[0]
	n := len(a) - 1
	e := a[n]
	a = a[:n]
	i := 0
	for n > 0 {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if l+1 < n && a[l+1].before(a[l]) {
			m = l + 1
		}
		if !a[m].before(e) {
			break
		}
		a[i] = a[m]
		hi[a[i].st] = int32(i)
		i = m
	}
	if n > 0 {
		a[i] = e
		hi[e.st] = int32(i)
	}
	*h = a
	return top
}
