package rules

// reachFast is reach for a single Stride or move action of a token whose
// space is one square (tiny to medium, the common case and the whole-map
// query).
//
// Key space. Write a label (T, p) (total in squares, diagonal parity) as the
// key K = 2T + p. Over a route, K = 2 x orthogonal steps + 3 x counted
// diagonals + 2 x surcharges (sf2e), since the diagonals cost 1, 2, 1, 2 ...
// and p is their count mod 2; a pf1e doubled step costs 2w and leaves p
// alone. So every step adds a fixed weight to K that depends only on the
// square entered and whether the step is diagonal: sf2e 2 + 2 lvl straight,
// 3 + 2 lvl diagonally; pf1e 2, 4, 8 straight and 3, 6, 12 diagonally. The
// order by K is the dominance order of one Stride ((T, 1) is worth one square
// less than (T, 0) and more than (T+1, 0)), so the search is a plain
// Dijkstra with static weights: each square is settled once, the first
// time it leaves the queue, and T <= budget is K <= 2 budget + 1.
//
// The weights live in a padded copy of the box (a ring of blocked squares
// around it, so no neighbour needs a bounds test), one byte a square: the
// straight weight (0: blocked) and bit 7 for the diagonal "passes between"
// rule. The queue is a ring of 16 stacks of positions (Dial's algorithm;
// the dearest step weighs 12). Time O(A) for A squares reached plus the box
// area to set up; memory five bytes a square, reused; zero allocations after
// warm-up.

const (
	fastRing  = 16 // > the dearest step in key space (12)
	fastDiag  = 0x80
	fastWMask = 0x7f
)

func (s *searcher) reachFast() {
	m := &s.m
	s.growRes()
	s.fastRes = true
	W, H := m.W, m.H
	PW := W + 2
	n := PW * (H + 2)
	if len(s.fcell) < n {
		s.fcell = make([]uint8, n)
		s.fkey = make([]uint32, n)
	}
	pc, key := s.fcell[:n], s.fkey[:n]
	// Straight-step weights by classified square (0: blocked).
	var wt [256]uint8
	for c := 0; c < 256; c++ {
		cl := uint8(c)
		lvl := (cl & (cLvl0 | cLvl1)) >> lvlShift
		var w uint8
		switch {
		case cl&cBlock != 0:
			w = 0
		case m.kind == kindSF2E:
			w = 2 + 2*lvl
		default:
			w = 2 << lvl
		}
		if cl&cDiag != 0 {
			w |= fastDiag
		}
		wt[c] = w
	}
	x0, y0, x1, y1 := m.bx0, m.by0, m.bx1, m.by1
	bw := x1 - x0 + 1
	// The ring around the box: blocked, never a diagonal corner.
	clear(pc[y0*PW+x0 : y0*PW+x1+3])
	clear(pc[(y1+2)*PW+x0 : (y1+2)*PW+x1+3])
	for y := y0; y <= y1; y++ {
		row := (y+1)*PW + x0 + 1
		pc[row-1], pc[row+bw] = 0, 0
		src := m.cells[y*W+x0 : y*W+x0+bw]
		dst := pc[row : row+bw]
		for i, c := range src {
			dst[i] = wt[c]
		}
		clear(key[row : row+bw])
	}
	s.fastN = 0
	if m.budget <= 0 {
		return
	}
	maxKey := uint32(2*min(int64(m.budget), 1<<30) + 1)
	// Diagonal weights by straight weight: sf2e +1, pf1e x 1.5.
	var dw [fastWMask + 1]uint32 // 0 stays 0: blocked
	for w := 2; w <= fastWMask; w++ {
		if m.kind == kindSF2E {
			dw[w] = uint32(w + 1)
		} else {
			dw[w] = uint32(w * 3 / 2)
		}
	}
	// Each settled square relaxes its four straight neighbours, then the
	// four diagonals, whose two passed-between squares are straight
	// neighbours already loaded.
	pw := int32(PW)
	pf1e := m.kind == kindPF1E
	for i := range s.fring {
		s.fring[i] = s.fring[i][:0]
	}
	ring := &s.fring
	sx, sy := m.start%W, m.start/W
	start := int32((sy+1)*PW + sx + 1)
	// The start's key is its diagonal parity (T = 0): a turn that has
	// counted an odd number of diagonals pays 2 for the next.
	k0 := uint32(m.par0)
	key[start] = k0 + 1 // stored as key+1; 0 is none
	ring[k0] = append(ring[k0], start)
	settled := 0
	q := fastQueue{key: key, ring: ring, maxKey: maxKey, top: k0}
	if m.es.on {
		s.fastN = s.reachFastEdges(&q, pc, dw, x0, y0, x1, y1)
		return
	}
	for K := uint32(0); K <= q.top; K++ {
		b := &ring[K&(fastRing-1)] // steps weigh 2 to 12: no push lands here
		for len(*b) > 0 {
			pos := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			if key[pos] != K+1 {
				continue // a better key came later
			}
			settled++
			pN, pE, pS, pW := pos-pw, pos+1, pos+pw, pos-1
			cN, cE, cS, cW := pc[pN], pc[pE], pc[pS], pc[pW]
			q.relaxTo(pN, K, uint32(cN&fastWMask))
			q.relaxTo(pE, K, uint32(cE&fastWMask))
			q.relaxTo(pS, K, uint32(cS&fastWMask))
			q.relaxTo(pW, K, uint32(cW&fastWMask))
			// Diagonal allowed by the squares passed between: sf2e
			// unless both refuse, pf1e unless either does.
			var okNE, okSE, okSW, okNW bool
			if pf1e {
				okNE, okSE = (cN|cE)&fastDiag == 0, (cS|cE)&fastDiag == 0
				okSW, okNW = (cS|cW)&fastDiag == 0, (cN|cW)&fastDiag == 0
			} else {
				okNE, okSE = cN&cE&fastDiag == 0, cS&cE&fastDiag == 0
				okSW, okNW = cS&cW&fastDiag == 0, cN&cW&fastDiag == 0
			}
			if okNE {
				q.relaxTo(pN+1, K, dw[pc[pN+1]&fastWMask])
			}
			if okSE {
				q.relaxTo(pS+1, K, dw[pc[pS+1]&fastWMask])
			}
			if okSW {
				q.relaxTo(pS-1, K, dw[pc[pS-1]&fastWMask])
			}
			if okNW {
				q.relaxTo(pN-1, K, dw[pc[pN-1]&fastWMask])
			}
		}
	}
	s.fastN = settled
}

// reachFastEdges is reachFast's loop on a map with edges: the padded
// square's refused directions (m.es, diagonals by the route rule, which
// includes the squares passed between) replace the corner bits. It
// returns the count of settled squares.
func (s *searcher) reachFastEdges(q *fastQueue, pc []uint8, dw [fastWMask + 1]uint32, x0, y0, x1, y1 int) int {
	m := &s.m
	W, PW := m.W, m.W+2
	n := len(pc)
	if len(s.fedge) < n {
		s.fedge = make([]uint8, n)
	}
	pe := s.fedge[:n]
	for y := y0; y <= y1; y++ {
		row := (y+1)*PW + x0 + 1
		copy(pe[row:row+x1-x0+1], m.es.eb[y*W+x0:y*W+x1+1])
	}
	pw := int32(PW)
	key, ring := q.key, q.ring
	settled := 0
	for K := uint32(0); K <= q.top; K++ {
		b := &ring[K&(fastRing-1)]
		for len(*b) > 0 {
			pos := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			if key[pos] != K+1 {
				continue
			}
			settled++
			eb := pe[pos]
			pN, pS := pos-pw, pos+pw
			if eb&(1<<0) == 0 {
				q.relaxTo(pN, K, uint32(pc[pN]&fastWMask))
			}
			if eb&(1<<1) == 0 {
				q.relaxTo(pN+1, K, dw[pc[pN+1]&fastWMask])
			}
			if eb&(1<<2) == 0 {
				q.relaxTo(pos+1, K, uint32(pc[pos+1]&fastWMask))
			}
			if eb&(1<<3) == 0 {
				q.relaxTo(pS+1, K, dw[pc[pS+1]&fastWMask])
			}
			if eb&(1<<4) == 0 {
				q.relaxTo(pS, K, uint32(pc[pS]&fastWMask))
			}
			if eb&(1<<5) == 0 {
				q.relaxTo(pS-1, K, dw[pc[pS-1]&fastWMask])
			}
			if eb&(1<<6) == 0 {
				q.relaxTo(pos-1, K, uint32(pc[pos-1]&fastWMask))
			}
			if eb&(1<<7) == 0 {
				q.relaxTo(pN-1, K, dw[pc[pN-1]&fastWMask])
			}
		}
	}
	return settled
}

// fastQueue is reachFast's queue: the keys (stored as key + 1; 0 is
// none), the ring of stacks and the largest key pushed.
type fastQueue struct {
	key         []uint32
	ring        *[fastRing][]int32
	top, maxKey uint32
}

// relaxTo lowers the key of np to K + w if that is better and within
// the budget, and queues it; w = 0 is no step.
func (q *fastQueue) relaxTo(np int32, K, w uint32) {
	if nk := K + w; w != 0 && nk <= q.maxKey && q.key[np]-1 > nk {
		q.key[np] = nk + 1
		q.ring[nk&(fastRing-1)] = append(q.ring[nk&(fastRing-1)], np)
		q.top = max(q.top, nk)
	}
}

// resultsFastRows appends reachFast's answers in rows y0..y1: settled
// squares the move may end in, sorted by y then x.
func (s *searcher) resultsFastRows(dst []Square, y0, y1 int) []Square {
	m := &s.m
	if s.fastN == 0 {
		return dst
	}
	W, PW, feet := m.W, m.W+2, m.feet
	x0, x1 := m.bx0, m.bx1
	for y := max(y0, m.by0); y <= min(y1, m.by1); y++ {
		keys := s.fkey[(y+1)*PW+x0+1 : (y+1)*PW+x1+2]
		cells := m.cells[y*W+x0 : y*W+x1+1]
		cells = cells[:len(keys)]
		for i, k := range keys {
			if k == 0 || cells[i]&cNoEnd != 0 {
				continue
			}
			x := x0 + i
			if y*W+x == m.start {
				continue
			}
			dst = append(dst, Square{X: x, Y: y, Cost: int((k-1)>>1) * feet, Actions: 1})
		}
	}
	return dst
}
