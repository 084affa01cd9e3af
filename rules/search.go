package rules

import (
	"slices"

	"encounterplanner/model"
)

// The shared search of the sf2e and pf1e engines.
//
// A route is a sequence of steps split into at most N Strides (sf2e) or move
// actions (pf1e), each spending at most the Speed; movement left over is
// lost, the diagonal count carries on. The search state is
// (Stride s, position, diagonal parity p) with, per state, the movement c
// spent in the current Stride and the total T spent so far. T decides the
// answer, c decides what can still be done, so a state keeps the labels
// (c, T) that no other label beats in both. In the last Stride a label with
// parity 1 ("next diagonal costs 2") is also compared with the other parity
// (it is worth one square less); before that a fresh budget may favour
// either parity, so both are kept.
// Strides are searched in order; within one, labels leave a bucket queue
// (Dial's algorithm) by T, since every step costs 1 to 6 squares.

const nBuckets = 8 // > the dearest step (6 squares: a twice-doubled pf1e diagonal)

type qent struct{ st, c int32 }

type srcEnt struct{ st, t int32 }

// stInfo is what reach keeps per state: valid when stamp is the query's
// generation; minC is the least movement spent in the Stride among the
// labels expanded there, lastT the total of that label.
//
// pstamp, pc and pt describe the best label pushed there so far (valid
// when pstamp is the generation): a push it dominates is skipped.
type stInfo struct {
	stamp, pstamp uint32
	minC, lastT   int32
	pc, pt        int32
}

// searcher holds the buffers of one engine, reused between calls.
type searcher struct {
	m mover

	gen uint32
	st  []stInfo // per (stride, position, parity)
	one []uint64 // reach1: per position (see oneLabel)

	oneRes bool // the last search was reach1: results live in one

	// reachFast (one Stride, one-square space): padded weights and keys,
	// the bucket ring, the count of settled squares; fastRes: results
	// live there.
	fcell   []uint8
	fkey    []uint32
	fedge   []uint8 // reachFastEdges: refused directions, padded
	fring   [fastRing][]int32
	fastN   int
	fastRes bool

	posStamp []uint32 // per position: result recorded
	resAct   []uint8
	resT     []int32
	legStamp []uint32 // per position: legality computed (k > 1)
	legBits  []uint8

	buckets  [nBuckets][]qent
	src, nxt []srcEnt

	minX, minY, maxX, maxY int

	// path search
	labels []plabel
	front  []int32 // per (stride, position, parity): head of expanded labels
	pb     [][]int32
	seqA   []int8
	seqB   []int8
	seeds  []int32
	// before: per label, a mark and the direction below it on the walk
	mark    []uint32
	below   []int8
	markGen uint32

	// path1 (one Stride): per state, its order of settling, the bucket
	// ring; work counts the states settled (tests bound it).
	pst    []pstate
	order  []int32
	pheap  pheap
	tcount []int32
	byT    []int32
	work   int

	fly *fly3d // flights over elevation layers (fly3d.go)
}

func (s *searcher) grow(layers int) {
	n := s.m.W * s.m.H
	if len(s.posStamp) < n {
		s.posStamp = make([]uint32, n)
		s.resAct = make([]uint8, n)
		s.resT = make([]int32, n)
		s.legStamp = make([]uint32, n)
		s.legBits = make([]uint8, n)
	}
	if len(s.st) < n*2*layers {
		s.st = make([]stInfo, n*2*layers)
	}
	s.oneRes, s.fastRes = false, false
	s.gen++
	if s.gen == 0 { // wrapped: clear the stamps once every 2^32 queries
		clear(s.st)
		clear(s.pst)
		clear(s.posStamp)
		clear(s.legStamp)
		s.gen = 1
	}
}

const (
	legDone  = 1
	legFinal = 2
	legStop  = 4
)

// legal reports whether the space at pos may end the move (final) or a
// Stride that is not the last (stop). Cached per query; O(k^2) once.
func (s *searcher) legal(pos int) uint8 {
	m := &s.m
	if m.k == 1 {
		c := m.cells[pos]
		var b uint8
		if c&cNoEnd == 0 {
			b |= legFinal
		}
		if c&cNoStop == 0 {
			b |= legStop
		}
		return b
	}
	if s.legStamp[pos] == s.gen {
		return s.legBits[pos]
	}
	var b uint8
	if !m.spaceHas(pos, cNoEnd) {
		b |= legFinal
	}
	if !m.spaceHas(pos, cNoStop) {
		b |= legStop
	}
	s.legStamp[pos] = s.gen
	s.legBits[pos] = b
	return b
}

// reach runs the search for every position and records, per position, the
// fewest Strides and the least total among routes with that many
// (s.resAct, s.resT where s.posStamp == s.gen).
//
// A single Stride goes to reachFast (a one-square space: plain Dijkstra in
// key space) or reach1 (a larger space). Time: O(W*H in the reachable box) to
// classify, then O(N * A * L * 8k) for N Strides, A positions reached, L
// labels kept per state (1 to 3 in practice, at most budget+1) and a k x k
// space; memory O(N * W * H) reused between calls. Zero allocations after
// warm-up.
func (s *searcher) reach() {
	m := &s.m
	if m.layers == 1 && m.k == 1 {
		s.reachFast()
		return
	}
	if m.layers == 1 {
		s.reach1()
		return
	}
	s.grow(m.layers)
	s.minX, s.minY, s.maxX, s.maxY = m.W, m.H, -1, -1
	if m.budget <= 0 {
		return
	}
	W := m.W
	// States are indexed inside the box (the search never leaves it), so
	// the per-Stride state arrays stay small and warm in cache.
	bw, bh := m.bx1-m.bx0+1, m.by1-m.by0+1
	n2 := int32(bw * bh * 2)
	var off, boff, offY, offX [8]int32
	var isDiag [8]bool
	for d := 0; d < 8; d++ {
		off[d] = int32(model.Dir[d][1]*W + model.Dir[d][0])
		boff[d] = int32(model.Dir[d][1]*bw + model.Dir[d][0])
		offY[d], offX[d] = int32(model.Dir[d][1]*W), int32(model.Dir[d][0])
		isDiag[d] = model.Dir[d][0] != 0 && model.Dir[d][1] != 0
	}
	gen := s.gen
	B := m.budget
	sx, sy := m.start%W, m.start/W
	s.src = append(s.src[:0], srcEnt{int32(((sy-m.by0)*bw+sx-m.bx0)*2) + int32(m.par0), 0})
	for layer := 0; layer < m.layers; layer++ {
		lo := int32(layer) * n2
		sts := s.st[lo : lo+n2]
		s.nxt = s.nxt[:0]
		last := layer+1 == m.layers
		src := s.src
		si := 0
		count := 0
		T := src[0].t
		for {
			for si < len(src) && src[si].t == T {
				b := &s.buckets[T&(nBuckets-1)]
				*b = append(*b, qent{src[si].st, 0})
				count++
				si++
			}
			b := &s.buckets[T&(nBuckets-1)]
			if len(*b) == 0 {
				if count == 0 {
					if si == len(src) {
						break
					}
					T = src[si].t
				} else {
					T++
				}
				continue
			}
			ent := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			count--
			st, c := ent.st, ent.c
			si := &sts[st]
			if si.stamp == gen && si.minC <= c {
				continue
			}
			p := uint8(st & 1)
			// Across parities a label dominates only in the last Stride:
			// a later Stride's fresh budget can favour either parity.
			if o := &sts[st^1]; last && o.stamp == gen {
				if p == 1 && o.minC <= c {
					continue
				}
				if p == 0 && o.minC+1 <= c && o.lastT+1 <= T {
					continue
				}
			}
			first := si.stamp != gen
			si.stamp, si.minC, si.lastT = gen, c, T
			bpos := st >> 1
			x, y := int(bpos)%bw+m.bx0, int(bpos)/bw+m.by0
			pos := y*W + x
			if first {
				leg := s.legal(pos)
				if leg&legFinal != 0 && pos != m.start && s.posStamp[pos] != gen {
					s.posStamp[pos] = gen
					s.resAct[pos] = uint8(layer + 1)
					s.resT[pos] = T
					s.minX, s.maxX = min(s.minX, x), max(s.maxX, x)
					s.minY, s.maxY = min(s.minY, y), max(s.maxY, y)
				}
				if !last && leg&legStop != 0 {
					s.nxt = append(s.nxt, srcEnt{st, T})
				}
			}
			if m.k == 1 {
				// Fast path for a one-square space.
				interior := x > 0 && y > 0 && x < W-1 && y < m.H-1
				var eb uint8 // the steps blocking edges refuse
				if m.es.on {
					eb = m.es.eb[pos]
				}
				for d := 0; d < 8; d++ {
					if eb&(1<<d) != 0 {
						continue
					}
					if !interior {
						nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
						if uint(nx) >= uint(W) || uint(ny) >= uint(m.H) {
							continue
						}
					}
					np := int32(pos) + off[d]
					cl := m.cells[np]
					if cl&cBlock != 0 {
						continue
					}
					lvl := (cl & (cLvl0 | cLvl1)) >> lvlShift
					var w int32
					q := p
					if isDiag[d] {
						// Both squares passed between are on the map
						// when the step lands on it.
						a := m.cells[int32(pos)+offY[d]]&cDiag != 0
						bb := m.cells[int32(pos)+offX[d]]&cDiag != 0
						if m.kind == kindPF1E {
							if a || bb {
								continue
							}
						} else if a && bb {
							continue
						}
						w, q = stepCost(m.kind, true, p, lvl)
					} else {
						w, q = stepCost(m.kind, false, p, lvl)
					}
					nc := c + w
					if nc > B {
						continue
					}
					nst := (bpos+boff[d])*2 + int32(q)
					n := &sts[nst]
					if n.stamp == gen && n.minC <= nc {
						continue
					}
					if n.pstamp == gen && n.pc <= nc && n.pt <= T+w {
						continue
					}
					if last {
						// Push-time check against the other parity too.
						if o := &sts[nst^1]; o.stamp == gen &&
							((q == 1 && o.minC <= nc) || (q == 0 && o.minC+1 <= nc && o.lastT+1 <= T+w)) {
							continue
						}
					}
					if n.pstamp != gen || nc < n.pc {
						n.pstamp, n.pc, n.pt = gen, nc, T+w
					}
					nb := &s.buckets[(T+w)&(nBuckets-1)]
					*nb = append(*nb, qent{nst, nc})
					count++
				}
				continue
			}
			for d := 0; d < 8; d++ {
				_, lvl, _, _, ok := m.try(x, y, d)
				if !ok {
					continue
				}
				w, q := stepCost(m.kind, isDiag[d], p, lvl)
				nc := c + w
				if nc > B {
					continue
				}
				nst := (bpos+boff[d])*2 + int32(q)
				n := &sts[nst]
				if n.stamp == gen && n.minC <= nc {
					continue
				}
				if n.pstamp == gen && n.pc <= nc && n.pt <= T+w {
					continue
				}
				if n.pstamp != gen || nc < n.pc {
					n.pstamp, n.pc, n.pt = gen, nc, T+w
				}
				nb := &s.buckets[(T+w)&(nBuckets-1)]
				*nb = append(*nb, qent{nst, nc})
				count++
			}
		}
		if last || len(s.nxt) == 0 {
			break
		}
		s.src, s.nxt = s.nxt, s.src
	}
}

// record marks pos reached with the given actions and total (squares) unless
// it is already.
func (s *searcher) record(pos int, actions uint8, total int32) {
	if s.posStamp[pos] == s.gen {
		return
	}
	x, y := pos%s.m.W, pos/s.m.W
	s.posStamp[pos] = s.gen
	s.resAct[pos] = actions
	s.resT[pos] = total
	s.minX, s.maxX = min(s.minX, x), max(s.maxX, x)
	s.minY, s.maxY = min(s.minY, y), max(s.maxY, y)
}

// results appends the recorded positions, sorted by y then x.
func (s *searcher) results(dst []Square) []Square {
	if s.fastRes {
		return s.resultsFast(dst)
	}
	if s.oneRes {
		return s.results1(dst)
	}
	W, feet := s.m.W, s.m.feet
	for y := s.minY; y <= s.maxY; y++ {
		for x := s.minX; x <= s.maxX; x++ {
			pos := y*W + x
			if s.posStamp[pos] == s.gen {
				dst = append(dst, Square{X: x, Y: y, Cost: int(s.resT[pos]) * feet, Actions: int(s.resAct[pos])})
			}
		}
	}
	return dst
}

// step records the squares a single sf2e Step reaches: 5 ft in any
// direction, never into difficult terrain, never triggering reactions. It
// continues the turn's diagonal count: a diagonal that would cost 10 ft is
// refused (rules-conventions.md "Turn state").
func (s *searcher) step() {
	m := &s.m
	s.grow(1)
	s.minX, s.minY, s.maxX, s.maxY = m.W, m.H, -1, -1
	if m.budget < 1 {
		return
	}
	x, y := m.start%m.W, m.start/m.W
	for d := 0; d < 8; d++ {
		if isDiagDir(d) && m.par0 == 1 {
			continue // the turn's next diagonal costs 10 ft
		}
		npos, _, _, _, ok := m.try(x, y, d)
		if !ok || m.enteredFlags(x, y, d)&(FlagDifficult|FlagGreaterDifficult) != 0 || s.legal(npos)&legFinal == 0 {
			continue
		}
		s.record(npos, 1, 1)
	}
}

// plabel is a label of the path search.
type plabel struct {
	st     int32 // position*2 + parity
	layer  int32
	c, t   int32
	h, r   int32
	parent int32
	next   int32 // next expanded label of the same state
	dir    int8  // -1: a new Stride begins here
}

// path finds the best route to position target: fewest Strides, least
// total, fewest hazardous/narrow/uneven squares, fewest reaction steps, then
// the first direction in the order N..NW at each step (queries.md). It
// leaves the directions in s.seqA and returns the Strides the route uses, 0
// when there is none.
//
// One Stride is path1's (no labels needed). With more, labels are kept per (Stride, position, parity) as in reach, compared on
// (c, T, H, R); within a bucket they leave in (H, R) order, so the first
// label to leave at the target has the best (Strides, T, H, R); ties in
// direction order are settled where equal labels meet (see dominated) and
// among the target's equals. Time O(N * A * L * 8k + ties * depth), memory
// O(labels).
//
// The search runs with 1 Stride, then 2, and so on (iterative deepening):
// with n Strides allowed, a label is pruned when even the cheapest
// continuation cannot reach the target in the movement left in its Stride
// and the later ones (see lowerBound), which cuts most labels of the
// earlier Strides. The search with n Strides finds what the search with
// more finds in its n-th Stride: a pruned label can lie on no route with n
// Strides, and whatever a pruned label dominates at its state is pruned too.
func (s *searcher) path(target int) int {
	m := &s.m
	s.grow(m.layers)
	n2 := m.W * m.H * 2
	if len(s.front) < n2*m.layers {
		s.front = make([]int32, n2*m.layers)
	}
	s.labels = s.labels[:0]
	if m.budget <= 0 {
		return 0
	}
	leg := s.legal(target)
	if leg&legFinal == 0 || target == m.start {
		return 0
	}
	lb := lowerBound(m.start%m.W, m.start/m.W, target%m.W, target/m.W)
	for n := 1; n <= m.layers; n++ {
		if int64(lb) > int64(n)*int64(m.budget) {
			continue
		}
		if n == 1 {
			if s.path1(target) {
				return 1
			}
			continue
		}
		s.grow(m.layers) // a fresh generation of states
		if li := s.pathN(target, n); li >= 0 {
			s.seqA = s.seq(s.seqA[:0], li)
			return n
		}
	}
	return 0
}

// pathN is path with at most n Strides.
func (s *searcher) pathN(target, n int) int32 {
	m := &s.m
	n2 := m.W * m.H * 2
	tx, ty := target%m.W, target/m.W
	s.labels = append(s.labels[:0], plabel{st: int32(m.start*2) + int32(m.par0), parent: -1, next: -1, dir: -1})
	seeds := append(s.seeds[:0], 0)
	defer func() { s.seeds = seeds[:0] }()
	for layer := 0; layer < n; layer++ {
		for i := range s.pb {
			s.pb[i] = s.pb[i][:0]
		}
		for _, li := range seeds {
			s.pushLabel(li)
		}
		seeds = seeds[:0]
		last := layer+1 == n
		later := int32(n-1-layer) * m.budget // the Strides after this one
		lo := layer * n2
		for T := 0; T < len(s.pb); T++ {
			b := s.pb[T]
			if len(b) == 0 {
				continue
			}
			labels := s.labels
			slices.SortFunc(b, func(x, y int32) int {
				X, Y := &labels[x], &labels[y]
				if X.h != Y.h {
					return int(X.h - Y.h)
				}
				return int(X.r - Y.r)
			})
			found := int32(-1)
			for bi := 0; bi < len(b); bi++ {
				li := b[bi]
				L := s.labels[li]
				if found >= 0 {
					// The rest of the target's bucket: an equally good
					// end whose directions come first wins.
					F := &s.labels[found]
					if int(L.st>>1) == target && L.h == F.h && L.r == F.r && s.before(li, found) {
						found = li
					}
					continue
				}
				si := lo + int(L.st)
				if s.st[si].stamp != s.gen {
					s.st[si].stamp = s.gen
					s.st[si].minC = maxBudget + 1
					s.front[si] = -1
				}
				if s.dominated(si, li) {
					continue
				}
				s.labels[li].next = s.front[si]
				s.front[si] = li
				s.st[si].minC = min(s.st[si].minC, L.c)
				pos := int(L.st >> 1)
				if pos == target {
					found = li
					continue
				}
				x, y := pos%m.W, pos/m.W
				if !last && s.legal(pos)&legStop != 0 && lowerBound(x, y, tx, ty) <= later {
					s.labels = append(s.labels, plabel{st: L.st, layer: L.layer + 1, t: L.t, h: L.h, r: L.r, parent: li, next: -1, dir: -1})
					seeds = append(seeds, int32(len(s.labels)-1))
				}
				for d := 0; d < 8; d++ {
					npos, lvl, haz, thr, ok := m.try(x, y, d)
					if !ok {
						continue
					}
					diag := model.Dir[d][0] != 0 && model.Dir[d][1] != 0
					w, q := stepCost(m.kind, diag, uint8(L.st&1), lvl)
					if L.c+w > m.budget {
						continue
					}
					// No route on from here reaches the target: even at
					// the cheapest, it costs more than the movement left
					// in this Stride and the later ones.
					if lowerBound(x+model.Dir[d][0], y+model.Dir[d][1], tx, ty) > m.budget-(L.c+w)+later {
						continue
					}
					// The new label, in scalars: built as a struct here
					// and copied, it would cost a store-forwarding stall.
					nst, nc, nt, nh, nr := int32(npos*2)+int32(q), L.c+w, L.t+w, L.h+int32(haz), L.r
					if thr {
						nr++
					}
					// Push-time pruning. A label expanded at the state
					// with no more movement spent left earlier, so its
					// total is smaller: it dominates the new one strictly.
					// So does a label pushed there that leaves before it
					// with no more movement spent. Either way no route
					// through the new label can be the best, and no tie
					// needs settling with it.
					S := &s.st[lo+int(nst)]
					if S.stamp == s.gen && S.minC <= nc {
						continue
					}
					best := true // the new label becomes the state's best pushed
					if S.pstamp == s.gen {
						P := &s.labels[S.pc]
						if P.c <= nc && lexLess3(P.t, P.h, P.r, nt, nh, nr) {
							continue
						}
						best = lexLess3(nt, nh, nr, P.t, P.h, P.r) || (nt == P.t && nh == P.h && nr == P.r && nc < P.c)
					}
					s.labels = append(s.labels, plabel{st: nst, layer: L.layer, c: nc, t: nt, h: nh, r: nr, parent: li, next: -1, dir: int8(d)})
					nli := int32(len(s.labels) - 1)
					if best {
						S.pstamp, S.pc = s.gen, nli
					}
					s.pushLabel(nli)
				}
				b = s.pb[T] // pushLabel never appends to bucket T (steps cost >= 1)
			}
			if found >= 0 {
				return found
			}
		}
		if last || len(seeds) == 0 {
			break
		}
	}
	return -1
}

// lowerBound is the least a route of the space from top-left (x, y) to
// (tx, ty) can cost in squares: every step costs at least one square, and
// of every two diagonals one costs two (sf2e and pf1e alike; surcharges and
// doublings only add).
func lowerBound(x, y, tx, ty int) int32 {
	dx, dy := x-tx, y-ty
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return int32(max(dx, dy) + min(dx, dy)/2)
}

// lexLess3 orders labels of one state by (T, H, R), the order they leave
// the queue in.
func lexLess3(at, ah, ar, bt, bh, br int32) bool {
	if at != bt {
		return at < bt
	}
	if ah != bh {
		return ah < bh
	}
	return ar < br
}

func (s *searcher) pushLabel(li int32) {
	t := int(s.labels[li].t)
	for len(s.pb) <= t {
		s.pb = append(s.pb, nil)
	}
	s.pb[t] = append(s.pb[t], li)
}

// dominated reports whether an expanded label of the same state is at least
// as good as L in spent movement and in (T, H, R). Expanded labels left
// earlier, so their T is never larger.
//
// When the two are equal in everything, their futures are the same: the
// expanded one takes over the prefix of L if L's directions come first, so
// every route through it now starts the lexicographically first way. When
// they differ only in the movement spent, L is kept if its directions come
// first (it may end as well).
func (s *searcher) dominated(si int, li int32) bool {
	L := &s.labels[li]
	for a := s.front[si]; a >= 0; a = s.labels[a].next {
		A := &s.labels[a]
		if A.c <= L.c && (A.t < L.t || (A.t == L.t && (A.h < L.h || (A.h == L.h && A.r <= L.r)))) {
			if A.t == L.t && A.h == L.h && A.r == L.r && s.before(li, a) {
				if A.c < L.c {
					// L may still end as well as A with directions that
					// come first: keep it.
					continue
				}
				A.parent, A.dir = L.parent, L.dir
			}
			return true
		}
	}
	return false
}

// before orders two labels: fewer hazards, fewer reactions, then the
// direction sequence from the start (N first, a prefix first). O(depth).
func (s *searcher) before(a, b int32) bool {
	A, B := &s.labels[a], &s.labels[b]
	if A.h != B.h {
		return A.h < B.h
	}
	if A.r != B.r {
		return A.r < B.r
	}
	// The two chains share the prefix up to their meeting label M; the
	// first directions after M decide. Walk up both chains in turn,
	// marking labels, until one reaches a label the other has marked:
	// O(distance to M), not O(depth).
	if n := len(s.labels); len(s.mark) < n {
		if cap(s.mark) >= n {
			s.mark, s.below = s.mark[:n], s.below[:n]
		} else {
			c := max(n, 2*cap(s.mark))
			s.mark, s.below = make([]uint32, n, c), make([]int8, n, c)
		}
	}
	s.markGen += 2
	if s.markGen < 2 {
		clear(s.mark[:cap(s.mark)])
		s.markGen = 2
	}
	ga, gb := s.markGen, s.markGen+1
	x, y := a, b
	lx, ly := int8(-1), int8(-1) // the direction nearest above, on each side
	da, db := int8(-2), int8(-2)
	meet := int32(-1)
	for meet < 0 {
		if x >= 0 {
			if s.mark[x] == gb {
				meet, da, db = x, lx, s.below[x]
				break
			}
			s.mark[x], s.below[x] = ga, lx
			if d := s.labels[x].dir; d >= 0 {
				lx = d
			}
			x = s.labels[x].parent
		}
		if y >= 0 {
			if s.mark[y] == ga {
				meet, da, db = y, s.below[y], ly
				break
			}
			s.mark[y], s.below[y] = gb, ly
			if d := s.labels[y].dir; d >= 0 {
				ly = d
			}
			y = s.labels[y].parent
		}
	}
	if da != db {
		return da < db // -1: a prefix comes first
	}
	if da < 0 {
		return false // the same directions
	}
	// The same first direction after M (a Stride boundary on one side):
	// compare the two parts after M.
	s.seqA = s.seqUntil(s.seqA[:0], a, meet)
	s.seqB = s.seqUntil(s.seqB[:0], b, meet)
	for i := 0; i < len(s.seqA) && i < len(s.seqB); i++ {
		if s.seqA[i] != s.seqB[i] {
			return s.seqA[i] < s.seqB[i]
		}
	}
	return len(s.seqA) < len(s.seqB)
}

// seqUntil appends the directions of the steps from label stop (an
// ancestor of li) to li, in order.
func (s *searcher) seqUntil(dst []int8, li, stop int32) []int8 {
	for ; li != stop; li = s.labels[li].parent {
		if d := s.labels[li].dir; d >= 0 {
			dst = append(dst, d)
		}
	}
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}

// seq appends the directions of the steps leading to label li, start first.
func (s *searcher) seq(dst []int8, li int32) []int8 {
	for ; li >= 0; li = s.labels[li].parent {
		if d := s.labels[li].dir; d >= 0 {
			dst = append(dst, d)
		}
	}
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}

// buildPath turns the directions path left in s.seqA, a route of the given
// actions, into a Path, its steps in steps[:0].
func (s *searcher) buildPath(steps []Step, actions int) Path {
	m := &s.m
	dirs := s.seqA
	p := Path{Reachable: true, Actions: actions, Steps: slices.Grow(steps[:0], len(dirs))}
	x, y := m.start%m.W, m.start/m.W
	par := m.par0
	total := 0
	p.Diagonals = m.diag0
	for _, d := range dirs {
		_, lvl, _, thr, _ := m.try(x, y, int(d))
		diag := model.Dir[d][0] != 0 && model.Dir[d][1] != 0
		w, q := stepCost(m.kind, diag, par, lvl)
		if q != par {
			p.Diagonals++ // a counted diagonal
		}
		par = q
		f := m.enteredFlags(x, y, int(d))
		if thr {
			f |= FlagReaction
		}
		x, y = x+model.Dir[d][0], y+model.Dir[d][1]
		total += int(w) * m.feet
		p.Steps = append(p.Steps, Step{X: x, Y: y, Turn: NoTurn, Cost: int(w) * m.feet, Total: total, Flags: f})
	}
	p.Cost = total
	return p
}
