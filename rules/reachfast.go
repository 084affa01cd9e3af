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
// rule. The queue is a ring of 16 buckets of positions (Dial's algorithm;
// the dearest step weighs 12) in one buffer (fastQueue). A relaxation
// (fastPush) has no branch on its outcome: whether a neighbour's key
// drops is a coin toss to the branch predictor, and the mispredictions
// cost more than the work. Time O(A) for A squares reached plus the box
// area to set up; memory five bytes a square, reused; zero allocations
// after warm-up.

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
	// Step weights in key space by padded square, straight and diagonal;
	// blocked is fastBlocked.
	var st, dg [256]uint32
	for c := range 256 {
		w := uint32(c & fastWMask)
		switch {
		case w == 0:
			st[c], dg[c] = fastBlocked, fastBlocked
		case m.kind == kindSF2E:
			st[c], dg[c] = w, w+1
		default:
			st[c], dg[c] = w, w*3/2
		}
	}
	// The diagonal rule: sf2e refuses when both squares passed between
	// do, pf1e when either does.
	var orMask uint8
	if m.kind == kindPF1E {
		orMask = fastDiag
	}
	// The queue's buffer lives in s.fring[0] between searches.
	var fq fastQueue
	q := &fq
	q.start(s.fring[0], uint32(2*m.budget+2))
	pw := int32(PW)
	sx, sy := m.start%W, m.start/W
	start := int32((sy+1)*PW + sx + 1)
	// The start's key is its diagonal parity (T = 0): a turn that has
	// counted an odd number of diagonals pays 2 for the next.
	k1 := uint32(m.par0) + 1
	key[start] = k1
	q.buf[q.tail[k1&(fastRing-1)]] = start
	q.tail[k1&(fastRing-1)]++
	if m.es.on {
		s.fastN = s.reachFastEdges(q, k1, pc, key, &st, &dg, x0, y0, x1, y1)
		s.fring[0] = q.buf
		return
	}
	settled := 0
	max1 := q.max1
	for K1 := k1; ; K1++ {
		bucket, ok := q.take(K1)
		if !ok {
			break
		}
		buf, tail := q.buf, &q.tail
		for _, pos := range bucket {
			if key[pos] != K1 {
				continue // a better key came later
			}
			settled++
			pN, pS := pos-pw, pos+pw
			cN, cE, cS, cW := pc[pN], pc[pos+1], pc[pS], pc[pos-1]
			fastPush(key, buf, tail, pN, K1+st[cN], max1)
			fastPush(key, buf, tail, pos+1, K1+st[cE], max1)
			fastPush(key, buf, tail, pS, K1+st[cS], max1)
			fastPush(key, buf, tail, pos-1, K1+st[cW], max1)
			// A refused diagonal weighs fastDiag<<24 = 2^31 more.
			fastPush(key, buf, tail, pN+1, K1+(dg[pc[pN+1]]|uint32((cN&cE&fastDiag)|((cN|cE)&orMask))<<24), max1)
			fastPush(key, buf, tail, pS+1, K1+(dg[pc[pS+1]]|uint32((cS&cE&fastDiag)|((cS|cE)&orMask))<<24), max1)
			fastPush(key, buf, tail, pS-1, K1+(dg[pc[pS-1]]|uint32((cS&cW&fastDiag)|((cS|cW)&orMask))<<24), max1)
			fastPush(key, buf, tail, pN-1, K1+(dg[pc[pN-1]]|uint32((cN&cW&fastDiag)|((cN|cW)&orMask))<<24), max1)
		}
	}
	s.fastN = settled
	s.fring[0] = q.buf
}

// fastBlocked is the weight of a step into a blocked square, or a
// refused one: more than any key (maxBudget keeps keys below 2^30+2, so
// sums stay below 2^32), and not a multiple of fastRing, so its wasted
// write never lands in the bucket being read.
const fastBlocked = 1<<31 | 2

var _ = [1]struct{}{}[(2*maxBudget+2)>>30-1] // keys + 1 <= 2^30 + 2

// reachFastEdges is reachFast's loop on a map with edges: the padded
// square's refused directions (m.es, diagonals by the route rule, which
// includes the squares passed between) replace the corner bits. It
// returns the count of settled squares.
func (s *searcher) reachFastEdges(q *fastQueue, k1 uint32, pc []uint8, key []uint32, st, dg *[256]uint32, x0, y0, x1, y1 int) int {
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
	settled := 0
	max1 := q.max1
	for K1 := k1; ; K1++ {
		bucket, ok := q.take(K1)
		if !ok {
			break
		}
		buf, tail := q.buf, &q.tail
		for _, pos := range bucket {
			if key[pos] != K1 {
				continue
			}
			settled++
			// A refused direction (bit d of eb) weighs 2^31 more.
			eb := uint32(pe[pos])
			pN, pS := pos-pw, pos+pw
			fastPush(key, buf, tail, pN, K1+(st[pc[pN]]|eb<<31), max1)
			fastPush(key, buf, tail, pN+1, K1+(dg[pc[pN+1]]|eb>>1<<31), max1)
			fastPush(key, buf, tail, pos+1, K1+(st[pc[pos+1]]|eb>>2<<31), max1)
			fastPush(key, buf, tail, pS+1, K1+(dg[pc[pS+1]]|eb>>3<<31), max1)
			fastPush(key, buf, tail, pS, K1+(st[pc[pS]]|eb>>4<<31), max1)
			fastPush(key, buf, tail, pS-1, K1+(dg[pc[pS-1]]|eb>>5<<31), max1)
			fastPush(key, buf, tail, pos-1, K1+(st[pc[pos-1]]|eb>>6<<31), max1)
			fastPush(key, buf, tail, pN-1, K1+(dg[pc[pN-1]]|eb>>7<<31), max1)
		}
	}
	return settled
}

// fastQueue is reachFast's queue, a ring of fastRing buckets in one
// buffer: bucket b is buf[b*bcap : tail[b]], the squares pushed with a
// stored key (key + 1) = b mod fastRing. Steps weigh 2 to 12 in key
// space, so the buckets ahead hold one key each, and pushes never land
// in the bucket being read. max1 is the budget's largest key + 1.
type fastQueue struct {
	buf  []int32
	tail [fastRing]int32
	bcap int32
	max1 uint32
}

// start empties the queue, reusing buf.
func (q *fastQueue) start(buf []int32, max1 uint32) {
	q.buf = buf[:cap(buf)]
	if len(q.buf) < fastRing*64 {
		q.buf = make([]int32, fastRing*64)
	}
	q.bcap = int32(len(q.buf) / fastRing)
	for b := range q.tail {
		q.tail[b] = int32(b) * q.bcap
	}
	q.max1 = max1
}

// take returns the bucket of stored key K1 and empties it; false when
// the queue is empty. It first makes room for the pushes of the
// bucket's squares: each lands in one of the buckets K1+2 .. K1+12 (a
// blocked step's too), at most 8 a square counted.
func (q *fastQueue) take(K1 uint32) ([]int32, bool) {
	b := int32(K1 & (fastRing - 1))
	lo := b * q.bcap
	n := q.tail[b] - lo
	if n == 0 {
		for b := range q.tail {
			if q.tail[b] != int32(b)*q.bcap {
				return nil, true
			}
		}
		return nil, false
	}
	need := int32(0)
	for d := uint32(2); d <= 12; d++ {
		b := int32((K1 + d) & (fastRing - 1))
		need = max(need, q.tail[b]-b*q.bcap+8*n+1)
	}
	if need > q.bcap {
		q.grow(max(need, 2*q.bcap))
		lo = b * q.bcap
	}
	q.tail[b] = lo
	return q.buf[lo : lo+n], true
}

// grow gives each bucket room for bcap squares, keeping their contents.
func (q *fastQueue) grow(bcap int32) {
	buf := make([]int32, fastRing*int(bcap))
	for b := range q.tail {
		lo := int32(b) * q.bcap
		n := copy(buf[int32(b)*bcap:], q.buf[lo:q.tail[b]])
		q.tail[b] = int32(b)*bcap + int32(n)
	}
	q.buf, q.bcap = buf, bcap
}

// fastPush lowers the stored key of np to nk1 if that is less and at
// most max1, and queues np. It does so without a branch on the outcome,
// which no predictor guesses well: the key is written back either way,
// and np into its bucket's next slot either way, counted only when the
// key dropped.
func fastPush(key []uint32, buf []int32, tail *[fastRing]int32, np int32, nk1, max1 uint32) {
	old := key[np]
	var c int32
	if nk1 <= min(old-1, max1) {
		c = 1
	}
	v := old
	if c != 0 {
		v = nk1
	}
	key[np] = v
	t := tail[nk1&(fastRing-1)]
	buf[t] = np
	tail[nk1&(fastRing-1)] = t + c
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
	sx, sy := m.start%W, m.start/W
	for y := max(y0, m.by0); y <= min(y1, m.by1); y++ {
		keys := s.fkey[(y+1)*PW+x0+1 : (y+1)*PW+x1+2]
		cells := m.cells[y*W+x0 : y*W+x1+1]
		if y != sy {
			dst = appendFastRow(dst, keys, cells, x0, y, feet)
			continue
		}
		// The start is no answer.
		dst = appendFastRow(dst, keys[:sx-x0], cells[:sx-x0], x0, y, feet)
		dst = appendFastRow(dst, keys[sx-x0+1:], cells[sx-x0+1:], sx+1, y, feet)
	}
	return dst
}

// appendFastRow appends the answers of a run of squares from (x, y):
// their stored keys and classified cells. Walls and squares out of reach
// come unpredictably, so when dst has room it writes every square up to
// the run's last answer in turn at the end of dst and advances past
// those that count, without a branch per square. Each slot it writes
// ends up an answer: the last square written is one.
func appendFastRow(dst []Square, keys []uint32, cells []uint8, x, y, feet int) []Square {
	cells = cells[:len(keys)]
	last := len(keys) - 1
	for last >= 0 && (keys[last] == 0 || cells[last]&cNoEnd != 0) {
		last--
	}
	keys, cells = keys[:last+1], cells[:last+1]
	n := len(dst)
	if cap(dst)-n < len(keys) {
		for i, k := range keys {
			if k != 0 && cells[i]&cNoEnd == 0 {
				dst = append(dst, Square{X: x + i, Y: y, Cost: int((k-1)>>1) * feet, Actions: 1})
			}
		}
		return dst
	}
	out := dst[n : n+len(keys)]
	j := 0
	for i, k := range keys {
		out[j] = Square{X: x + i, Y: y, Cost: int((k-1)>>1) * feet, Actions: 1}
		if k != 0 && cells[i]&cNoEnd == 0 {
			j++
		}
	}
	return dst[:n+j]
}
