package rules

import (
	"math/bits"

	"encounterplanner/model"
)

// pathStrides is path for a route of 2 or more Strides (sf2e) or move
// actions (pf1e), at most n. First pathTight walks the steps that keep to
// the open-map cost: on open ground that is the answer, found in the
// route's length. Else (pathLabelsBack) an A* search backwards from the
// target, bounded by an A* flood from the start (floodFrom: the exact
// costs of the steps, the Strides' budgets pooled) that also proves a
// target out of reach, then a walk forwards from the start that settles
// the directions. Steps of a space of 2 squares or more are worked out
// once a query (pathTry).
//
// The backward search settles labels (r, state, u, K): from the state
// (position, diagonal parity) a continuation to the target spends u in the
// current Stride, then fits in r more, with key K = (total squares,
// hazardous squares, reaction steps). A forward prefix in Stride l with c
// spent can take it when r <= n-1-l and c + u <= budget, so a label is
// beaten by a settled one of its state with no more Strides after it, no
// more u and no larger K. Labels leave the queue by f = K + arriveCost
// (the exact cost from the start on an open map: consistent, so the first
// label to settle at the start has the least total, T*), then by fewer
// Strides after and less spent: of the labels of a state with one f the
// least spending settles first and beats the rest, one label a state on an
// open map. The search stops past T*: every label that can lie on a best
// route has then settled. A label whose f is not yet due waits (see
// stepsBack), so the labels that lie off the best routes are mostly never
// made.
//
// The walk keeps, for its prefix, the least movement spent in each Stride
// (a new Stride may begin wherever a Stride may end), and takes at each
// step the first direction N..NW after which a settled label completes the
// prefix to exactly the best key: the lexicographically first of the best
// routes (queries.md), without comparing routes.
//
// Time O(S * 8k) for S labels settled (the queue is a radix heap) and a
// k x k space, memory O(n W H) reused; zero allocations after warm-up. It
// leaves the directions in s.seqA and reports whether the target was
// reached.
func (s *searcher) pathStrides(target, n int) bool {
	s.resetSteps()
	if done, ok := s.pathTight(target, n); done {
		return ok
	}
	return s.pathLabelsBack(target, n)
}

// pathTight tries pathStrides' answer the cheap way, by the open-map cost
// openCost (a lower bound of every route's cost from a state, exact on an
// open map): from the start, it takes at each state the first direction
// N..NW of a tight step (its cost is exactly what it lowers openCost by)
// that enters no hazardous square and leaves no threatened one. A route
// of such steps costs openCost from the start, which no route beats, with
// no hazardous square nor reaction: the best key of every route, in one
// Stride or in n. Every best route is made of such steps only, so when
// the walk reaches the target it is the first of the best routes (at each
// state the first best route takes no earlier direction, and this one's
// direction leads on to the target); if it splits into n Strides (the
// least spent per Stride, as pathStrides' walk keeps it), it is the
// answer (done, ok: the directions in s.seqA). When openCost from the
// start is past n Strides, no route reaches the target (done, not ok).
// Else (a state with no such step: terrain, walls, hazards or threats on
// the way; or a route that does not split) the label search decides (not
// done). Time O(L k) for a route of L steps: an open map's answer, where
// the label search would settle every state of every best route (a
// quarter of a square map to a target at the middle of the far side),
// costs next to nothing. TestPathTightMatchesLabelSearch checks it.
func (s *searcher) pathTight(target, n int) (done, ok bool) {
	m := &s.m
	ss := &s.strides
	if ss.noTight {
		return false, false
	}
	W, B := m.W, m.budget
	tx, ty := target%W, target/W
	pos, par := m.start, m.par0
	left := openCost(pos%W, pos/W, par, tx, ty)
	if int64(left) > int64(n)*int64(B) {
		return true, false // every route costs at least that
	}
	var cm [maxStrides]int32
	for l := range cm {
		cm[l] = -1
	}
	cm[0] = 0
	s.newStride(&cm, n, m.start)
	dirs := s.seqA[:0]
	for pos != target {
		x, y := pos%W, pos/W
		took := false
		for d := 0; d < 8 && !took; d++ {
			ss.steps++
			npos, lvl, haz, thr, ok := s.pathTry(x, y, d)
			if !ok || haz != 0 || thr {
				continue
			}
			w, q := stepCost(m.kind, isDiagDir(d), par, lvl)
			nleft := openCost(npos%W, npos/W, q, tx, ty)
			if w != left-nleft {
				continue
			}
			fits := false
			for l := 0; l < n; l++ {
				if cm[l] >= 0 && cm[l]+w <= B {
					cm[l], fits = cm[l]+w, true
				} else {
					cm[l] = -1
				}
			}
			if !fits {
				s.seqA = dirs
				ss.tightSplit++
				return false, false // the best routes' first does not split
			}
			s.newStride(&cm, n, npos)
			pos, par, left, took = npos, q, nleft, true
			dirs = append(dirs, int8(d))
		}
		if !took {
			s.seqA = dirs
			return false, false
		}
	}
	s.seqA = dirs
	ss.tightDone++
	return true, true
}

// pathLabelsBack is pathStrides' label search backwards and its walk.
func (s *searcher) pathLabelsBack(target, n int) bool {
	m := &s.m
	ss := &s.strides
	W := m.W
	if len(ss.st) < W*m.H*2*m.layers {
		ss.st = make([]bstate, W*m.H*2*m.layers)
	}
	if s.gen < ss.gen { // the generations wrapped (see grow): clear the stamps
		clear(ss.st)
		clear(ss.fstamp)
		clear(ss.ftc)
	}
	ss.per, ss.gen = m.layers, s.gen
	B := m.budget
	sx, sy := m.start%W, m.start/W
	p0 := m.startParity()
	startSt := int32(m.start*2) + int32(p0)
	ss.lab = ss.lab[:0]
	ss.floodNext, ss.floodOn, ss.floodOver = floodFirst, false, false
	if ss.floodAt > 0 {
		ss.floodNext = ss.floodAt
	}
	ss.q.reset()
	ss.pushes, ss.flooded = 0, 0
	tx, ty := target%W, target/W
	for p := uint8(0); p < 2; p++ {
		g := arriveCost(sx, sy, p0, tx, ty, p)
		if g <= int32(n)*B {
			ss.push(g, 0, 0, bitem{st: int32(target*2) + int32(p)})
		}
	}
	best, found := pkey{}, false
	ss.f0 = -1
	for !ss.q.empty() {
		key, e := ss.q.pop()
		f, r, u := int32(key>>32), int32(key>>30)&3, int32(key&(1<<30-1))
		if ss.f0 < 0 {
			ss.f0 = f
		}
		if found && f > best.t {
			break // past K*: nothing after can be on a best route
		}
		if e.st < 0 {
			// A settled label whose steps back are due at this f.
			e.st = ^e.st
			s.stepsBack(e, r, u, f, false, n, found, best.t)
			continue
		}
		if ss.dominated(e.st, r, u, e.k) {
			continue // a dead entry: a better label was pushed after it
		}
		S := &ss.st[int(e.st)*ss.per+int(r)]
		if S.stamp != ss.gen {
			S.stamp, S.head = ss.gen, -1
		}
		ss.lab = append(ss.lab, blabel{k: e.k, u: u, next: S.head})
		S.head = int32(len(ss.lab) - 1)
		s.work++
		if !found && len(ss.lab) >= ss.floodNext {
			// The search backwards may be searching where no route from
			// the start ever goes: flood from the start too, aimed at the
			// target, floodShare states for each label so far. Give up
			// when the flood is done without meeting the target; until
			// then, no label is made where the flood says the start is
			// too far (floodLB). A flood state costs about a third of a
			// label (no keys to order, no dominance): on the pf1e
			// Large-token map of BenchmarkPathLargeOutOfReach1000 the
			// flood proves the target out of reach after 2,048 labels,
			// where with half a flood state a label (and the flood over
			// positions, diagonals at 1) the search backwards settled
			// 22,840 and took longer than the reach.
			ss.floodNext *= 2
			if s.floodFrom(target, n, len(ss.lab)*floodShare) {
				return false
			}
		}
		if e.st == startSt {
			if !found || e.k.less(best) {
				best, found = e.k, true
			}
			continue
		}
		pos := int(e.st >> 1)
		// Strides after this one: the most the route from the start may
		// cost to arrive here, leaving this Stride's u.
		after := int32(n-1) - r
		if after > 0 && s.legal(pos)&legStop != 0 && arriveCost(sx, sy, p0, pos%W, pos/W, uint8(e.st&1)) <= after*B {
			ss.push(f, r+1, 0, e)
		}
		s.stepsBack(e, r, u, f, true, n, found, best.t)
	}
	if !found {
		return false
	}
	// The walk. cm[l]: the least movement spent in Stride l by a split of
	// the prefix, -1 when none.
	var cm [maxStrides]int32
	for l := range cm {
		cm[l] = -1
	}
	cm[0] = 0
	s.newStride(&cm, n, m.start)
	st, k := startSt, pkey{}
	dirs := s.seqA[:0]
	for int(st>>1) != target {
		pos := int(st >> 1)
		x, y := pos%W, pos/W
		took := false
		for d := 0; d < 8 && !took; d++ {
			ss.steps++
			npos, lvl, haz, thr, ok := s.pathTry(x, y, d)
			if !ok {
				continue
			}
			w, q := stepCost(m.kind, isDiagDir(d), uint8(st&1), lvl)
			nk := pkey{t: k.t + w, h: k.h + int32(haz), r: k.r}
			if thr {
				nk.r++
			}
			if best.less(nk) {
				continue
			}
			var nc [maxStrides]int32
			for l := range nc {
				nc[l] = -1
				if l < n && cm[l] >= 0 && cm[l]+w <= B {
					nc[l] = cm[l] + w
				}
			}
			s.newStride(&nc, n, npos)
			nst := int32(npos*2) + int32(q)
			if ss.completes(nst, &nc, n, B, nk, best) {
				st, k, cm, took = nst, nk, nc, true
				dirs = append(dirs, int8(d))
			}
		}
		if !took {
			s.seqA = dirs
			return false // cannot happen: the start's label leads to the target
		}
	}
	s.seqA = dirs
	return true
}

// stepsBack pushes the labels one step back from the settled label e at
// (r, state e.st, u): those whose f is due now, at level (all whose f may
// be no more than level, when first). The others wait: a step's cost is
// at least its cost on open ground, so their f is at least a bound, and
// the label comes back (as a token, e.st complemented) when the queue
// reaches the least bound. Across an open map's best routes, most steps
// back lead off them, to an f never reached, and are never taken.
func (s *searcher) stepsBack(e bitem, r, u, level int32, first bool, n int, found bool, bestT int32) {
	m := &s.m
	ss := &s.strides
	W, B := m.W, m.budget
	sx, sy := m.start%W, m.start/W
	p0 := m.startParity()
	pos := int(e.st >> 1)
	x, y := pos%W, pos/W
	room := (int32(n-1)-r)*B + B - u
	if u+1 > B {
		return // no step fits in what is left of the Stride
	}
	cur := uint8(e.st & 1)
	next := int32(-1) // the least bound of the steps that wait
	for d := 0; d < 8; d++ {
		px, py := x-model.Dir[d][0], y-model.Dir[d][1]
		if px < 0 || py < 0 || px+m.k > W || py+m.k > m.H {
			continue
		}
		ppos := py*W + px
		if m.k == 1 && m.cells[ppos]&cBlock != 0 && ppos != m.start {
			continue // no route passes there (the start may stand on it)
		}
		// Outside the room nothing is searched (nor classified: the room
		// lies inside the mover's box, arriveCost is at least the
		// distance from the start); once K* is known, nothing past it.
		// Only a step that arrives with this label's parity leads here:
		// a straight step keeps the parity, an sf2e diagonal (or an
		// undoubled pf1e one) flips it, a doubled pf1e diagonal keeps it,
		// so a pf1e diagonal may come from either.
		var now [2]bool
		var g [2]int32
		any := false
		p1, p2 := cur, cur
		if d&1 == 1 {
			p1 ^= 1
			if m.kind == kindSF2E {
				p2 = p1
			}
		}
		for p := p1; ; p = p2 {
			g[p] = arriveCost(sx, sy, p0, px, py, p)
			flb := ss.floodLB(px, py, p)
			w0 := int32(1)
			if d&1 == 1 {
				w0 += int32(p) // the least a diagonal from parity p costs
			}
			lb := e.k.t + w0 + g[p]
			if max(g[p], flb)+w0 > room || u+w0 > B || (found && lb > bestT) {
				// out of the room, the Stride or the best key
			} else if lb == level || (first && (lb < level || level > ss.f0)) {
				now[p], any = true, true
			} else if lb > level && (next < 0 || lb < next) {
				next = lb
			}
			if p == p2 {
				break
			}
		}
		if !any {
			continue
		}
		ss.steps++
		_, lvl, haz, thr, ok := s.pathTry(px, py, d)
		if !ok {
			continue
		}
		for p := uint8(0); p < 2; p++ {
			if !now[p] {
				continue
			}
			w, q := stepCost(m.kind, isDiagDir(d), p, lvl)
			if int32(q) != e.st&1 || u+w > B || g[p] > room-w {
				continue
			}
			nk := pkey{t: e.k.t + w, h: e.k.h + int32(haz), r: e.k.r}
			if thr {
				nk.r++
			}
			ss.push(nk.t+g[p], r, u+w, bitem{st: int32(ppos*2) + int32(p), k: nk})
		}
	}
	if next >= 0 {
		ss.q.push(uint64(next)<<32|uint64(r)<<30|uint64(u), bitem{st: ^e.st, k: e.k})
	}
}

// floodFirst is the labels settled before pathStrides first floods, and
// floodShare the states the flood may settle for each label settled by
// then, each time the labels double.
const (
	floodFirst = 256
	floodShare = 8
)

// floodFrom goes on with a flood from the start, for at most limit
// states: an A* over states (position, diagonal parity) with each step at
// its cost (the diagonals 1, 2, 1 ..., surcharges and doublings counted),
// aimed at the target by openCost (consistent), up to the movement of n
// Strides, which no route can beat (movement left over at a Stride's end,
// and the Strides' stops, only add; the parity carries over from one
// Stride to the next). Being aimed, it meets a reachable target soon, and
// proves an unreachable one so by searching only the states whose cost
// from the start plus open-map cost to the target fits in the n Strides,
// not every state they reach. It reports true when the flood is over
// without reaching target: no route exists. O(limit * 8k). It weighs its
// steps with tryLevel each time, not through the step cache the search
// backwards shares (pathTry): it needs no hazard or threat, and on the
// Large-token map of BenchmarkPathLargeOutOfReach1000 the cache's 8 MB
// cost more than the steps (the path 5.6 to 5.3 ms; try without the
// cache was 10% slower). A larger space's steps come from a small cache
// of its own (floodStepsOf): 5.53 to 5.14 ms.
//
// It counted a diagonal at 1 square and aimed by the Chebyshev distance,
// over positions: a bound so loose that on the pf1e Large-token map of
// BenchmarkPathLargeOutOfReach1000 it proved nothing, and the search
// backwards settled 22,840 labels to find the target out of reach.
func (s *searcher) floodFrom(target, n, limit int) bool {
	m := &s.m
	ss := &s.strides
	if ss.floodOver {
		return false
	}
	W := m.W
	if len(ss.fstamp) < 2*W*m.H {
		ss.fstamp = make([]uint32, 2*W*m.H)
		ss.fdist = make([]int32, 2*W*m.H)
	}
	far := int32(n) * m.budget
	big := m.k > 1 // a step weighs O(k) loads: through floodStepsOf
	if !ss.floodOn {
		for i := range ss.fring {
			ss.fring[i] = ss.fring[i][:0]
		}
		ss.ftx, ss.fty, ss.fw = target%W, target/W, W
		st0 := int32(m.start*2) + int32(m.par0)
		h0 := ss.fh(m.start%W, m.start/W, m.par0)
		ss.fring[h0&floodMask] = append(ss.fring[h0&floodMask], st0)
		ss.fstamp[st0], ss.fdist[st0] = ss.gen, 0
		ss.fcur, ss.fcount, ss.floodOn = h0, 1, true
	}
	for limit > 0 && ss.fcount > 0 {
		b := &ss.fring[ss.fcur&floodMask]
		if len(*b) == 0 {
			ss.fcur++
			continue
		}
		st := (*b)[len(*b)-1]
		*b = (*b)[:len(*b)-1]
		ss.fcount--
		pos, p := int(st>>1), uint8(st&1)
		x, y := pos%W, pos/W
		g := ss.fdist[st]
		if g+ss.fh(x, y, p) != ss.fcur {
			continue // reached for less since
		}
		limit--
		ss.flooded++
		if pos == target {
			ss.floodOver = true // it meets the target: no more to learn
			return false
		}
		var sw uint64 // a larger space's steps, from the cache
		if big {
			sw = s.floodStepsOf(pos, x, y)
		}
		for d := 0; d < 8; d++ {
			ss.steps++
			var npos int
			var lvl uint8
			if big {
				b := uint8(sw >> (8 * d))
				if b == 0 {
					continue
				}
				lvl, npos = b&^stepOK, pos+model.Dir[d][1]*W+model.Dir[d][0]
			} else {
				var ok bool
				if npos, lvl, ok = m.tryLevel(x, y, d); !ok {
					continue
				}
			}
			w, q := stepCost(m.kind, isDiagDir(d), p, lvl)
			nd := g + w
			nst := int32(npos*2) + int32(q)
			if ss.fstamp[nst] == ss.gen && ss.fdist[nst] <= nd {
				continue
			}
			nf := nd + ss.fh(x+model.Dir[d][0], y+model.Dir[d][1], q)
			if nf > far {
				continue // not even then could it reach the target in time
			}
			ss.fstamp[nst], ss.fdist[nst] = ss.gen, nd
			ss.fring[nf&floodMask] = append(ss.fring[nf&floodMask], nst)
			ss.fcount++
		}
	}
	return ss.fcount == 0
}

// floodCacheBits sizes the flood's cache of steps: 4096 entries (64 KB)
// made the pf1e Large-token paths fastest (BenchmarkPathLargeOutOfReach1000
// 5.14 ms; 1024: 5.32, 2048: 5.21, 16384: 5.23, 65536: 5.24; with no cache
// 5.53).
const floodCacheBits = 12

// floodStepsOf returns position pos's eight steps, for a space of 2
// squares or more, from a small cache indexed by position: the flood
// settles a position's two parities near each other, and each would weigh
// the same eight steps, O(k) loads each. (A one-square step is a load or
// two, weighed directly.)
func (s *searcher) floodStepsOf(pos, x, y int) uint64 {
	ss := &s.strides
	if ss.ftc == nil {
		ss.ftc = make([]floodSteps, 1<<floodCacheBits)
	}
	e := &ss.ftc[uint32(pos)*0x9E3779B1>>(32-floodCacheBits)]
	if e.pos == int32(pos) && e.gen == int32(ss.gen) {
		return e.w
	}
	w := s.m.levelSteps(x, y)
	*e = floodSteps{int32(pos), int32(ss.gen), w}
	return w
}

// floodMask indexes the flood's ring of buckets: more than a step adds to
// cost plus openCost (a step costs at most 6, openCost grows by at most 2).
const floodMask = 15

// fh is the flood's heuristic: openCost from top-left (x, y) with parity p
// to the target's.
func (ss *strideSearch) fh(x, y int, p uint8) int32 {
	return openCost(x, y, p, ss.ftx, ss.fty)
}

// floodLB is the least a route from the start can cost to arrive at
// top-left (x, y) with parity p, as far as the flood knows: its cost there
// when settled; else, since every state not yet settled has cost plus
// openCost to the target at least the level the flood is at, that level
// less its openCost (and no more than the cost it was reached for); or
// more than any Speed when the flood is over without meeting the target.
func (ss *strideSearch) floodLB(x, y int, p uint8) int32 {
	if !ss.floodOn {
		return 0
	}
	lb := max(ss.fcur-ss.fh(x, y, p), 0)
	st := (y*ss.fw+x)*2 + int(p)
	if ss.fstamp[st] == ss.gen {
		return min(ss.fdist[st], lb)
	}
	if ss.fcount == 0 && !ss.floodOver {
		return 1<<31 - 8 // more than n Strides hold, with room for a step
	}
	return lb
}

// startParity is the diagonal parity a move starts with: 1 when the turn
// has counted an odd number of diagonals (next diagonal costs 2), 0 on a
// fresh turn. pathStrides and its bounds (arriveCost) start from it.
func (m *mover) startParity() uint8 { return m.par0 }

// maxStrides bounds the Strides or move actions of one move (MaxActions).
const maxStrides = 4

// newStride lets a new Stride begin at pos, when a Stride may end there,
// after any Stride the prefix can be in (an empty Stride included).
func (s *searcher) newStride(cm *[maxStrides]int32, n, pos int) {
	if s.legal(pos)&legStop == 0 {
		return
	}
	for l := 0; l+1 < n; l++ {
		if cm[l] >= 0 {
			cm[l+1] = 0
		}
	}
}

// arriveCost is the least a route from top-left (x0, y0) with diagonal
// parity p0 costs, on an open map, to arrive at (x, y) with parity p. With
// gaps M >= mn and D diagonals the diagonals cost D + floor((D + p0) / 2);
// D = mn when its parity is p (the usual max + floor((min + p0) / 2)),
// else mn - 1 (two straight steps more) or, when mn = 0, one diagonal and
// a straight step back. Terrain, walls and pf1e doubling only raise costs,
// and it is consistent for every step (a pf1e doubled diagonal keeps the
// parity but costs 3 or more): TestArriveCostExactAndConsistent checks
// both against a search.
func arriveCost(x0, y0 int, p0 uint8, x, y int, p uint8) int32 {
	M, mn := absInt(x-x0), absInt(y-y0)
	if M < mn {
		M, mn = mn, M
	}
	P := int(p0)
	switch {
	case (P+mn)&1 == int(p):
		return int32(M + (mn+P)/2)
	case mn > 0:
		return int32(M + 1 + (mn-1+P)/2)
	case M > 0:
		return int32(M + 1 + P)
	}
	return int32(3 + P)
}

// strideSearch holds pathStrides' buffers, reused between calls.
type strideSearch struct {
	st      []bstate // per (state, Strides after)
	per     int      // Strides after a state, as indexed in st
	lab     []blabel
	q       radixQueue
	gen     uint32
	pushes  int   // labels pushed (tests bound them)
	flooded int   // states the flood settled (likewise)
	steps   int   // steps tried (m.try) by path1, pathStrides and the flood: their work (tests bound it)
	f0      int32 // the first f settled: steps wait only at it (stepsBack)

	heapOnly bool // path1 queues in the binary heap even when the radix heap fits (tests)
	noTight  bool // pathStrides goes straight to its label search (tests)

	// Answers pathTight gave, and its routes that did not split into the
	// Strides (tests count them).
	tightDone, tightSplit int
	floodAt               int // the labels settled before the first flood when not floodFirst (tests)

	sc stepCache // the steps worked out (pathTry)

	// The flood from the start (floodFrom): per state (position*2 +
	// parity), the least cost when the stamp is the generation; the bucket ring, the cost
	// it is at and its count; when to flood next; on, over.
	fstamp    []uint32
	fdist     []int32
	fring     [floodMask + 1][]int32
	fcur      int32 // the level (cost + openCost to the target) it is at
	ftx, fty  int   // the target it is aimed at
	fw        int   // the map's width
	fcount    int
	floodNext int
	floodOn   bool
	floodOver bool
	ftc       []floodSteps // (floodStepsOf)
}

// floodSteps is a position's eight steps (mover.levelSteps) for the query
// of generation gen.
type floodSteps struct {
	pos, gen int32
	w        uint64
}

// bstate is the record of (state, r): valid when stamp is the generation;
// head is the latest of its settled labels, pu and pk the u and key of the
// best label pushed (pu -1: none).
type bstate struct {
	stamp uint32
	head  int32
	pu    int32
	pk    pkey
}

// blabel is a settled label: key, u, the previous label of its state.
type blabel struct {
	k    pkey
	u    int32
	next int32
}

// bitem is a label in the queue (its r and u are in the queue's key).
type bitem struct {
	st int32 // position*2 + parity
	k  pkey
}

// dominated reports whether a settled label of the state with no more
// Strides after it (r' <= r), no more u and no larger key beats the label
// (r, u, k). The settled labels of a state are few (one on an open map).
func (ss *strideSearch) dominated(st, r, u int32, k pkey) bool {
	base := int(st) * ss.per
	for i := 0; i <= int(r); i++ {
		S := &ss.st[base+i]
		if S.stamp != ss.gen {
			continue
		}
		for li := S.head; li >= 0; li = ss.lab[li].next {
			L := &ss.lab[li]
			if L.u <= u && !k.less(L.k) {
				return true
			}
		}
	}
	return false
}

// push queues the label unless a settled one beats it, by (f, r, u):
// f = K + arriveCost first (A*), then, of equal f, fewer Strides after and
// less spent, so that of the labels of a state with one key the least
// spending leaves first and beats the rest. The key grows along every
// edge (a step adds to u, a new Stride to r), as the radix queue needs.
func (ss *strideSearch) push(f, r, u int32, e bitem) {
	S := &ss.st[int(e.st)*ss.per+int(r)]
	if S.stamp != ss.gen {
		S.stamp, S.head, S.pu = ss.gen, -1, -1
	}
	// A label pushed with no more u and no larger key leaves first and
	// will beat this one; so would a settled one, checked here only at
	// the f being settled (of later f, most never leave).
	if S.pu >= 0 && S.pu <= u && !e.k.less(S.pk) {
		return
	}
	if uint64(f) == ss.q.last>>32 && ss.dominated(e.st, r, u, e.k) {
		return
	}
	if S.pu < 0 || e.k.less(S.pk) || (e.k == S.pk && u < S.pu) {
		S.pu, S.pk = u, e.k
	}
	ss.pushes++
	ss.q.push(uint64(f)<<32|uint64(r)<<30|uint64(u), e)
}

// completes reports whether a settled label continues the prefix at state
// st, whose least spent per Stride is nc and key k, to the key best.
func (ss *strideSearch) completes(st int32, nc *[maxStrides]int32, n int, B int32, k, best pkey) bool {
	for l := 0; l < n; l++ {
		if nc[l] < 0 {
			continue
		}
		for r := 0; r <= n-1-l; r++ {
			S := &ss.st[int(st)*ss.per+r]
			if S.stamp != ss.gen {
				continue
			}
			for li := S.head; li >= 0; li = ss.lab[li].next {
				L := &ss.lab[li]
				if L.u+nc[l] <= B && k.t+L.k.t == best.t && k.h+L.k.h == best.h && k.r+L.k.r == best.r {
					return true
				}
			}
		}
	}
	return false
}

// radixQueue is a monotone priority queue (a radix heap) of labels by a
// 64-bit key: no key pushed is below the last popped. Bucket i > 0 holds
// the keys whose highest bit differing from the last popped is bit i-1;
// popping refills bucket 0 from the first non-empty one. Each label moves
// at most 64 times, most far fewer: amortised O(1) for this search's keys,
// and every bucket is appended to in order, so it stays in cache.
type radixQueue struct {
	last    uint64
	n       int
	buckets [65][]ritem
}

type ritem struct {
	key uint64
	e   bitem
}

func (q *radixQueue) reset() {
	for i := range q.buckets {
		q.buckets[i] = q.buckets[i][:0]
	}
	q.last, q.n = 0, 0
}

func (q *radixQueue) empty() bool { return q.n == 0 }

func (q *radixQueue) bucket(key uint64) int {
	if key == q.last {
		return 0
	}
	return 64 - bits.LeadingZeros64(key^q.last)
}

func (q *radixQueue) push(key uint64, e bitem) {
	b := &q.buckets[q.bucket(key)]
	*b = append(*b, ritem{key, e})
	q.n++
}

func (q *radixQueue) pop() (uint64, bitem) {
	if len(q.buckets[0]) == 0 {
		i := 1
		for len(q.buckets[i]) == 0 {
			i++
		}
		b := q.buckets[i]
		mn := b[0].key
		for _, it := range b[1:] {
			mn = min(mn, it.key)
		}
		q.last = mn
		for _, it := range b {
			nb := &q.buckets[q.bucket(it.key)]
			*nb = append(*nb, it)
		}
		q.buckets[i] = b[:0]
	}
	b := q.buckets[0]
	it := b[len(b)-1]
	q.buckets[0] = b[:len(b)-1]
	q.n--
	return it.key, it.e
}
