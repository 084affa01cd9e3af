package rules

import "encounterplanner/model"

// pathStrides is path for a route of 2 or more Strides (sf2e) or move
// actions (pf1e), at most n: an A* search backwards from the target, then
// a walk forwards from the start that settles the directions.
//
// The backward search labels (r, state, u, K): from the state (position,
// diagonal parity) a continuation to the target spends u in the current
// Stride and fits in r more, with key K = (total, hazardous squares,
// reaction steps). A forward route at Stride l with c spent can take it
// when r <= n-1-l and c + u <= budget. A label is beaten by one of the same
// state with no more Strides after it, no more u and no larger K; states
// leave the queue by (K + arriveCost, H, R), where arriveCost is the exact
// cost from the start on an open map (consistent, so a state's labels leave
// in order of K and the first label at the start has the best key K*). It
// stops past K*: every label with a key up to K* is then settled, which is
// every continuation that can lie on a best route, and nothing else is
// needed (on an open map: the states of the best routes, a few labels
// each).
//
// The walk keeps, for its prefix, the least movement spent in each Stride
// (a new Stride may begin wherever a Stride may end), and takes at each
// step the first direction N..NW after which a settled label completes the
// prefix to exactly K*: the lexicographically first of the best routes,
// without comparing routes.
//
// Time O(S log S) for S labels settled, memory O(n W H) reused; zero
// allocations after warm-up. It leaves the directions in s.seqA and reports
// whether the target was reached.
func (s *searcher) pathStrides(target, n int) bool {
	m := &s.m
	ss := &s.strides
	W := m.W
	n2 := W * m.H * 2
	if len(ss.st) < n2*m.layers {
		ss.st = make([]bstate, n2*m.layers)
	}
	ss.n2, ss.gen = n2, s.gen
	B := m.budget
	sx, sy := m.start%W, m.start/W
	p0 := uint8(0) // the diagonal parity the move starts with
	startSt := int32(m.start*2) + int32(p0)
	ss.lab = ss.lab[:0]
	ss.heap = ss.heap[:0]
	ss.pushes = 0
	tx, ty := target%W, target/W
	for p := uint8(0); p < 2; p++ {
		g := arriveCost(sx, sy, p0, tx, ty, p)
		if g <= int32(n)*B {
			ss.push(bent{f: g, st: int32(target*2) + int32(p)})
		}
	}
	best, found := pkey{}, false
	for len(ss.heap) > 0 {
		e := ss.heap.pop()
		if found && best.less(pkey{e.f, e.k.h, e.k.r}) {
			break // past K*: nothing after can be on a best route
		}
		if ss.dominated(e.st, e.r, e.u) {
			continue
		}
		S := &ss.st[int(e.r)*n2+int(e.st)]
		if S.stamp != ss.gen {
			S.stamp, S.head = ss.gen, -1
		}
		S.minU = e.u
		ss.lab = append(ss.lab, blabel{k: e.k, u: e.u, next: S.head})
		S.head = int32(len(ss.lab) - 1)
		s.work++
		if e.st == startSt {
			if !found {
				best, found = e.k, true
			}
			continue
		}
		pos := int(e.st >> 1)
		x, y := pos%W, pos/W
		// Strides after this one: the most the route from the start may
		// cost to arrive here, leaving this Stride's u.
		after := int32(n-1) - e.r
		if after > 0 && s.legal(pos)&legStop != 0 && arriveCost(sx, sy, p0, x, y, uint8(e.st&1)) <= after*B {
			ss.push(bent{f: e.f, k: e.k, st: e.st, r: e.r + 1})
		}
		room := after*B + B - e.u
		for d := 0; d < 8; d++ {
			px, py := x-model.Dir[d][0], y-model.Dir[d][1]
			if px < 0 || py < 0 || px+m.k > W || py+m.k > m.H {
				continue
			}
			ppos := py*W + px
			if m.k == 1 && m.cells[ppos]&cBlock != 0 && ppos != m.start {
				continue // no route passes there (the start may stand on it)
			}
			// Outside the room nothing is searched (nor classified: the
			// room lies inside the mover's box).
			if max(absInt(px-sx), absInt(py-sy)) >= int(room) {
				continue
			}
			_, lvl, haz, thr, ok := m.try(px, py, d)
			if !ok {
				continue
			}
			for p := uint8(0); p < 2; p++ {
				w, q := stepCost(m.kind, isDiagDir(d), p, lvl)
				if int32(q) != e.st&1 || e.u+w > B {
					continue
				}
				g := arriveCost(sx, sy, p0, px, py, p)
				if g > room-w {
					continue
				}
				nk := pkey{t: e.k.t + w, h: e.k.h + int32(haz), r: e.k.r}
				if thr {
					nk.r++
				}
				ss.push(bent{f: nk.t + g, k: nk, st: int32(ppos*2) + int32(p), r: e.r, u: e.u + w})
			}
		}
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
			npos, lvl, haz, thr, ok := m.try(x, y, d)
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
// parity p0 costs, on an open map, to arrive at (x, y) with parity p: with
// D diagonals and the rest straight, D + floor((D + p0) / 2) for the
// diagonals; the best D is the smaller gap or one off it (the parity
// fixes which). Terrain, walls and pf1e doubling only raise costs, and it
// is consistent for every step (a pf1e doubled diagonal keeps the parity
// but costs 3 or more); conv tests check both against a search.
func arriveCost(x0, y0 int, p0 uint8, x, y int, p uint8) int32 {
	M, mn := absInt(x-x0), absInt(y-y0)
	if M < mn {
		M, mn = mn, M
	}
	best := -1
	for D := mn - 1; D <= mn+1; D++ {
		if D < 0 || uint8((int(p0)+D)&1) != p {
			continue
		}
		var straight int
		switch {
		case D <= mn:
			straight = M + mn - 2*D
		case D <= M:
			straight = M - D + (D-mn)&1
		default:
			straight = (D-M)&1 + (D-mn)&1
		}
		if c := straight + D + (D+int(p0))/2; best < 0 || c < best {
			best = c
		}
	}
	return int32(best)
}

// strideSearch holds pathStrides' buffers, reused between calls.
type strideSearch struct {
	st     []bstate // per (Strides after, state)
	lab    []blabel
	heap   bheap
	n2     int
	gen    uint32
	pushes int // labels pushed (tests bound them)
}

// bstate is the record of (r, state): valid when stamp is the generation;
// minU the least u of its settled labels, head the latest of them.
type bstate struct {
	stamp uint32
	minU  int32
	head  int32
}

// blabel is a settled label: key, u, the previous label of its state.
type blabel struct {
	k    pkey
	u    int32
	next int32
}

// bent is a label in the queue, f = K + arriveCost.
type bent struct {
	f    int32
	k    pkey
	st   int32 // position*2 + parity
	r, u int32
}

// dominated reports whether a settled label of the state with no more
// Strides after it (r' <= r) spends no more in its Stride: it left the
// queue first, so its key is no larger.
func (ss *strideSearch) dominated(st, r, u int32) bool {
	for i := int32(0); i <= r; i++ {
		S := &ss.st[int(i)*ss.n2+int(st)]
		if S.stamp == ss.gen && S.minU <= u {
			return true
		}
	}
	return false
}

func (ss *strideSearch) push(e bent) {
	if ss.dominated(e.st, e.r, e.u) {
		return
	}
	ss.pushes++
	ss.heap.push(e)
}

// completes reports whether a settled label continues the prefix at state
// st, whose least spent per Stride is nc and key k, to the key best.
func (ss *strideSearch) completes(st int32, nc *[maxStrides]int32, n int, B int32, k, best pkey) bool {
	for l := 0; l < n; l++ {
		if nc[l] < 0 {
			continue
		}
		for r := 0; r <= n-1-l; r++ {
			S := &ss.st[r*ss.n2+int(st)]
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

// bheap is a binary min-heap of labels by (f, H, R).
type bheap []bent

func (e *bent) before(o *bent) bool {
	if e.f != o.f {
		return e.f < o.f
	}
	if e.k.h != o.k.h {
		return e.k.h < o.k.h
	}
	return e.k.r < o.k.r
}

func (h *bheap) push(e bent) {
	a := append(*h, e)
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !a[i].before(&a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
	*h = a
}

func (h *bheap) pop() bent {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a[l].before(&a[m]) {
			m = l
		}
		if l+1 < n && a[l+1].before(&a[m]) {
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
