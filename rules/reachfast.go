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
// rule, flipped for pf1e so that one AND decides both rulesets. Keys are
// stored as key + 1, one uint32 a square. "No key yet" is the budget's
// largest stored key + 1, so a relaxation is one compare, and a step
// into a blocked square or past a refused corner weighs 2^31 more
// (fastBlocked), so it never lands.
//
// The queue (fastQueue) is a ring of 16 buckets (Dial's algorithm; the
// dearest step weighs 12), each in 8 lanes by the direction of the step
// that pushed, so that the eight pushes of a square do not wait on one
// another's counts; the 128 lanes share one buffer whose room is checked
// once a bucket, not once a push. A square leaves the queue about once
// (1.04 times a square settled on the random 250 x 250 bench map, 1.12
// in pf1e; TestReachFastWork bounds it).
//
// Two loops relax alike but for one thing. On open ground or among walls
// the wave is regular, the predictor learns whether a neighbour's key
// drops, and smooth branches on it. Where difficult terrain is strewn
// square by square that is a coin toss, the mispredictions cost more than
// the work, and rough (fastPush) does not branch: it writes the key and
// the queue slot always and counts the slot only when the key dropped.
// fastAuto picks by the share of difficult squares in the box. A third
// loop, for maps with edges, is rough's with the refused directions of
// each square. The answers too are written without a branch per square
// (appendFastRow).
//
// Time O(A) for A squares reached plus the box area to set up; memory
// five bytes a map square plus the lanes (128 as long as the longest, 32
// KB at least), reused; zero allocations after warm-up. On the whole 250
// x 250 bench map (56268 squares, BenchmarkReachWholeMap, rough) a reach
// with its answers takes about 1.26 ms, 22 ns a square (2.2 ms before
// the lanes and the branch-free relaxation; gonum's Dijkstra 92 ms); on
// the open 1000 x 1000 map (BenchmarkReachFarCorner1000, smooth) 14 ms
// (21 ms).

const (
	fastRing  = 16 // > the dearest step in key space (12)
	fastDiag  = 0x80
	fastWMask = 0x7f
)

// reachFast is reach for a single Stride or move action of a token whose
// space is one square (see above).
func (s *searcher) reachFast() { s.reachFastAs(fastAuto) }

// fastMode is how reachFast relaxes a step: whether it branches on the
// outcome (whether the neighbour's key drops).
type fastMode uint8

const (
	// fastAuto picks fastRough when at least a sixth of the box is
	// difficult terrain, else fastSmooth (the two cross near 15% of
	// randomly strewn difficult squares on a 250 x 250 map).
	fastAuto fastMode = iota
	// fastSmooth branches: over open ground or among walls the wave is
	// regular enough for the predictor, and most relaxations are then
	// a load and a compare.
	fastSmooth
	// fastRough does not (fastPush): where weights vary square by
	// square, the outcome is a coin toss to the predictor, and the
	// mispredictions cost more than the stores it makes always.
	fastRough
)

// reachFastAs is reachFast with the relaxation mode given (the tests try
// both). It returns the mode it used and the count of squares taken from
// the queue, stale ones included (the tests bound it).
func (s *searcher) reachFastAs(mode fastMode) (used fastMode, pops int) {
	m := &s.m
	s.growRes()
	s.fastRes = true
	s.fastN = 0
	if m.budget <= 0 {
		return mode, 0
	}
	W, H := m.W, m.H
	PW := W + 2
	n := PW * (H + 2)
	if len(s.fcell) < n {
		s.fcell = make([]uint8, n)
		s.fkey = make([]uint32, n)
	}
	pc, key := s.fcell[:n], s.fkey[:n]
	tab := &fastTabs[m.kind]
	wt, hard, flip := &tab.wt, &tab.hard, tab.flip
	// No key yet is none = the budget's largest key + 2, stored as key + 1:
	// a push lands only below it.
	max1 := uint32(2*m.budget + 2)
	none := max1 + 1
	x0, y0, x1, y1 := m.bx0, m.by0, m.bx1, m.by1
	bw := x1 - x0 + 1
	// The ring around the box: blocked, never a diagonal corner. Its keys
	// never change, whatever they hold (a step there weighs fastBlocked).
	ring := flip
	fill(pc[y0*PW+x0:y0*PW+x1+3], ring)
	fill(pc[(y1+2)*PW+x0:(y1+2)*PW+x1+3], ring)
	difficult := 0
	row0 := (y0+1)*PW + x0 + 1
	fill(key[row0:row0+bw], none)
	for y := y0; y <= y1; y++ {
		row := (y+1)*PW + x0 + 1
		pc[row-1], pc[row+bw] = ring, ring
		src := m.cells[y*W+x0 : y*W+x0+bw]
		dst := pc[row : row+bw]
		for i, c := range src {
			dst[i] = wt[c]
			difficult += int(hard[c])
		}
		copy(key[row:row+bw], key[row0:row0+bw]) // memmove beats a loop
	}
	sx, sy := m.start%W, m.start/W
	start := (sy+1)*PW + sx + 1
	// The start's key is its diagonal parity (T = 0): a turn that has
	// counted an odd number of diagonals pays 2 for the next.
	k1 := uint32(m.par0) + 1
	key[start] = k1
	if mode == fastAuto {
		mode = fastSmooth
		if 6*difficult >= bw*(y1-y0+1) {
			mode = fastRough
		}
	}
	// The queue's buffer lives in s.fbuf between searches.
	f := fastSearch{buf: s.fbuf, start: start, k1: k1, key: key, pc: pc, tab: tab, pw: PW}
	switch {
	case m.es.on:
		mode = fastRough // the edges' loop is rough's
		s.fastN = f.edges(s.fastEdgeBits(n, x0, y0, x1, y1))
	case mode == fastRough:
		s.fastN = f.rough()
	default:
		s.fastN = f.smooth()
	}
	s.fbuf = f.buf
	return mode, f.pops
}

// fastTab is what reachFast reads by weight byte for a ruleset: the
// weight byte of a classified square and whether it is difficult
// terrain; the step weights in key space, straight and diagonal, by
// weight byte (blocked: fastBlocked); and the flip of the diagonal bit.
type fastTab struct {
	wt, hard [256]uint8
	st, dg   [256]uint32
	flip     uint8
}

// fastTabs are the tables of sf2e and pf1e, by kind, made once.
var fastTabs = [...]fastTab{kindSF2E: newFastTab(kindSF2E), kindPF1E: newFastTab(kindPF1E)}

// newFastTab makes the tables of kind k.
func newFastTab(k kind) fastTab {
	var t fastTab
	// The diagonal rule: sf2e refuses a diagonal when both squares passed
	// between count for it, pf1e when either does, that is unless both
	// do not: pf1e keeps the flipped bit.
	if k == kindPF1E {
		t.flip = fastDiag
	}
	for c := range 256 {
		cl := uint8(c)
		lvl := (cl & (cLvl0 | cLvl1)) >> lvlShift
		var w uint8
		switch {
		case cl&cBlock != 0:
			w = 0
		case k == kindSF2E:
			w = 2 + 2*lvl
		default:
			w = 2 << lvl
		}
		if w > 2 {
			t.hard[c] = 1
		}
		if cl&cDiag != 0 {
			w |= fastDiag
		}
		t.wt[c] = w ^ t.flip
	}
	for c := range 256 {
		w := uint32(c & fastWMask)
		switch {
		case w == 0:
			t.st[c], t.dg[c] = fastBlocked, fastBlocked
		case k == kindSF2E:
			t.st[c], t.dg[c] = w, w+1
		default:
			t.st[c], t.dg[c] = w, w*3/2
		}
	}
	return t
}

// fill sets every element of s to v.
func fill[T any](s []T, v T) {
	for i := range s {
		s[i] = v
	}
}

// fastBlocked is the weight of a step into a blocked square, or a
// refused one: more than any key (maxBudget keeps stored keys at most
// 2^30+3, so sums stay below 2^32), and not a multiple of fastRing, so
// its wasted write never lands in the bucket being read.
const fastBlocked = 1<<31 | 2

var _ = [1]struct{}{}[(2*maxBudget+3)>>30-1] // stored keys <= 2^30 + 3

// fastSearch is what reachFast's loops share: the queue's buffer, the
// start and its stored key, the padded keys and weight bytes, the
// ruleset's tables and the padded width. Each loop keeps the queue and
// the step weights on its own stack, where the compiler reaches them
// without a register.
type fastSearch struct {
	buf   []int32
	start int
	k1    uint32
	pops  int // squares taken from the queue, stale ones included
	key   []uint32
	pc    []uint8
	tab   *fastTab
	pw    int
}

// smooth is reachFast's loop with fastRelax. Each settled square relaxes
// its four straight neighbours, then the four diagonals, whose two
// passed-between squares are straight neighbours already loaded. It
// returns the count of settled squares.
func (f *fastSearch) smooth() int {
	key, pc, st, dg, pw, flip := f.key, f.pc, f.tab.st, f.tab.dg, f.pw, f.tab.flip
	var q fastQueue
	q.start(f.buf, f.start, f.k1)
	settled := 0
	for K1 := f.k1; ; K1++ {
		n, ok := q.take(K1)
		if !ok {
			break
		}
		if n == 0 {
			continue
		}
		f.pops += n
		buf, tail := q.buf, &q.tail
		for l := range fastLanes {
			for _, p := range q.lane(K1, l) {
				pos := int(p)
				if key[pos] != K1 {
					continue // a better key came later
				}
				settled++
				pN, pS := pos-pw, pos+pw
				cN, cE, cS, cW := pc[pN], pc[pos+1], pc[pS], pc[pos-1]
				fastRelax(key, buf, &tail[0], pN, K1+st[cN])
				fastRelax(key, buf, &tail[1], pos+1, K1+st[cE])
				fastRelax(key, buf, &tail[2], pS, K1+st[cS])
				fastRelax(key, buf, &tail[3], pos-1, K1+st[cW])
				// A refused diagonal weighs fastDiag<<24 = 2^31 more.
				fastRelax(key, buf, &tail[4], pN+1, K1+(dg[pc[pN+1]]|uint32((cN&cE^flip)&fastDiag)<<24))
				fastRelax(key, buf, &tail[5], pS+1, K1+(dg[pc[pS+1]]|uint32((cS&cE^flip)&fastDiag)<<24))
				fastRelax(key, buf, &tail[6], pS-1, K1+(dg[pc[pS-1]]|uint32((cS&cW^flip)&fastDiag)<<24))
				fastRelax(key, buf, &tail[7], pN-1, K1+(dg[pc[pN-1]]|uint32((cN&cW^flip)&fastDiag)<<24))
			}
		}
	}
	f.buf = q.buf
	return settled
}

// rough is smooth with fastPush.
func (f *fastSearch) rough() int {
	key, pc, st, dg, pw, flip := f.key, f.pc, f.tab.st, f.tab.dg, f.pw, f.tab.flip
	var q fastQueue
	q.start(f.buf, f.start, f.k1)
	settled := 0
	for K1 := f.k1; ; K1++ {
		n, ok := q.take(K1)
		if !ok {
			break
		}
		if n == 0 {
			continue
		}
		f.pops += n
		buf, tail := q.buf, &q.tail
		for l := range fastLanes {
			for _, p := range q.lane(K1, l) {
				pos := int(p)
				if key[pos] != K1 {
					continue
				}
				settled++
				pN, pS := pos-pw, pos+pw
				cN, cE, cS, cW := pc[pN], pc[pos+1], pc[pS], pc[pos-1]
				fastPush(key, buf, &tail[0], pN, K1+st[cN])
				fastPush(key, buf, &tail[1], pos+1, K1+st[cE])
				fastPush(key, buf, &tail[2], pS, K1+st[cS])
				fastPush(key, buf, &tail[3], pos-1, K1+st[cW])
				fastPush(key, buf, &tail[4], pN+1, K1+(dg[pc[pN+1]]|uint32((cN&cE^flip)&fastDiag)<<24))
				fastPush(key, buf, &tail[5], pS+1, K1+(dg[pc[pS+1]]|uint32((cS&cE^flip)&fastDiag)<<24))
				fastPush(key, buf, &tail[6], pS-1, K1+(dg[pc[pS-1]]|uint32((cS&cW^flip)&fastDiag)<<24))
				fastPush(key, buf, &tail[7], pN-1, K1+(dg[pc[pN-1]]|uint32((cN&cW^flip)&fastDiag)<<24))
			}
		}
	}
	f.buf = q.buf
	return settled
}

// fastEdgeBits returns the padded copy of the box's refused directions
// on a map with edges (m.es.eb, diagonals by the route rule, which
// includes the squares passed between).
func (s *searcher) fastEdgeBits(n, x0, y0, x1, y1 int) []uint8 {
	m := &s.m
	W, PW := m.W, m.W+2
	if len(s.fedge) < n {
		s.fedge = make([]uint8, n)
	}
	pe := s.fedge[:n]
	for y := y0; y <= y1; y++ {
		row := (y+1)*PW + x0 + 1
		copy(pe[row:row+x1-x0+1], m.es.eb[y*W+x0:y*W+x1+1])
	}
	return pe
}

// edges is rough on a map with edges: the padded square's refused
// directions pe replace the corner bits.
func (f *fastSearch) edges(pe []uint8) int {
	key, pc, st, dg, pw := f.key, f.pc, f.tab.st, f.tab.dg, f.pw
	var q fastQueue
	q.start(f.buf, f.start, f.k1)
	settled := 0
	for K1 := f.k1; ; K1++ {
		n, ok := q.take(K1)
		if !ok {
			break
		}
		if n == 0 {
			continue
		}
		f.pops += n
		buf, tail := q.buf, &q.tail
		for l := range fastLanes {
			for _, p := range q.lane(K1, l) {
				pos := int(p)
				if key[pos] != K1 {
					continue
				}
				settled++
				// A refused direction (bit d of eb) weighs 2^31 more.
				eb := uint32(pe[pos])
				pN, pS := pos-pw, pos+pw
				fastPush(key, buf, &tail[0], pN, K1+(st[pc[pN]]|eb<<31))
				fastPush(key, buf, &tail[1], pN+1, K1+(dg[pc[pN+1]]|eb>>1<<31))
				fastPush(key, buf, &tail[2], pos+1, K1+(st[pc[pos+1]]|eb>>2<<31))
				fastPush(key, buf, &tail[3], pS+1, K1+(dg[pc[pS+1]]|eb>>3<<31))
				fastPush(key, buf, &tail[4], pS, K1+(st[pc[pS]]|eb>>4<<31))
				fastPush(key, buf, &tail[5], pS-1, K1+(dg[pc[pS-1]]|eb>>5<<31))
				fastPush(key, buf, &tail[6], pos-1, K1+(st[pc[pos-1]]|eb>>6<<31))
				fastPush(key, buf, &tail[7], pN-1, K1+(dg[pc[pN-1]]|eb>>7<<31))
			}
		}
	}
	f.buf = q.buf
	return settled
}

// fastQueue is reachFast's queue, a ring of fastRing buckets in one
// buffer, each bucket in fastLanes lanes, one per direction of the step
// that pushed, so that the pushes of a square do not wait on each
// other's counts: lane l of bucket b is buf[r*bcap : tail[l][b]] with
// r = l*fastRing + b, the squares pushed with a stored key (key + 1) = b
// mod fastRing. Steps weigh 2 to 12 in key space, so the buckets ahead
// hold one key each, and pushes never land in the bucket being read.
// last is the largest stored key a square may be queued with; fill
// bounds the squares in any lane of the buckets ahead.
type fastQueue struct {
	buf  []int32
	tail [fastLanes][fastRing]int
	bcap int
	last uint32
	fill int
}

const fastLanes = 8

// start readies the queue in buf, holding the square at pos with stored
// key k1.
func (q *fastQueue) start(buf []int32, pos int, k1 uint32) {
	q.buf = buf[:cap(buf)]
	if len(q.buf) < fastLanes*fastRing*64 {
		q.buf = make([]int32, fastLanes*fastRing*64)
	}
	q.bcap = len(q.buf) / (fastLanes * fastRing)
	for l := range q.tail {
		for b := range q.tail[l] {
			q.tail[l][b] = (l*fastRing + b) * q.bcap
		}
	}
	b := k1 & (fastRing - 1)
	q.buf[q.tail[0][b]] = int32(pos)
	q.tail[0][b]++
	q.last, q.fill = k1, 1
}

// take returns the count of squares in the bucket of stored key K1;
// false when the queue is empty. The keys are taken in turn, from the
// start's. It first makes room for the bucket's pushes: each lands in
// one of the buckets K1+2 .. K1+12 (a blocked step's too), at most one
// a square and lane counted. When the bound fill leaves too little room
// it counts the lanes there.
func (q *fastQueue) take(K1 uint32) (int, bool) {
	if K1 > q.last {
		return 0, false
	}
	b := int(K1 & (fastRing - 1))
	n := 0
	for l := range q.tail {
		n += q.tail[l][b] - (l*fastRing+b)*q.bcap
	}
	if n == 0 {
		return 0, true
	}
	q.last = K1 + 12
	if q.fill+n >= q.bcap {
		q.fill = 0
		for d := uint32(2); d <= 12; d++ {
			b := int((K1 + d) & (fastRing - 1))
			for l := range q.tail {
				q.fill = max(q.fill, q.tail[l][b]-(l*fastRing+b)*q.bcap)
			}
		}
		if need := q.fill + n + 1; need > q.bcap {
			q.grow(max(need, 2*q.bcap))
		}
	}
	q.fill += n
	return n, true
}

// lane returns lane l of the bucket of stored key K1 and empties it.
func (q *fastQueue) lane(K1 uint32, l int) []int32 {
	b := int(K1 & (fastRing - 1))
	lo, hi := (l*fastRing+b)*q.bcap, q.tail[l][b]
	q.tail[l][b] = lo
	return q.buf[lo:hi]
}

// grow gives each lane room for bcap squares, keeping their contents.
func (q *fastQueue) grow(bcap int) {
	buf := make([]int32, fastLanes*fastRing*bcap)
	for l := range q.tail {
		for b := range q.tail[l] {
			r := l*fastRing + b
			n := copy(buf[r*bcap:], q.buf[r*q.bcap:q.tail[l][b]])
			q.tail[l][b] = r*bcap + n
		}
	}
	q.buf, q.bcap = buf, bcap
}

// fastRelax lowers the stored key of np to nk1 if that is less, and
// queues np in the lane whose tails are tail.
func fastRelax(key []uint32, buf []int32, tail *[fastRing]int, np int, nk1 uint32) {
	if nk1 < key[np] {
		key[np] = nk1
		t := tail[nk1&(fastRing-1)]
		buf[t] = int32(np)
		tail[nk1&(fastRing-1)] = t + 1
	}
}

// fastPush is fastRelax without a branch on the outcome, which no
// predictor guesses well on rough ground: the key is written back either
// way, and np into its lane's next slot either way, counted only when
// the key dropped.
func fastPush(key []uint32, buf []int32, tail *[fastRing]int, np int, nk1 uint32) {
	old := key[np]
	var c int
	if nk1 < old {
		c = 1
	}
	key[np] = min(old, nk1)
	t := tail[nk1&(fastRing-1)]
	buf[t] = int32(np)
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
	max1 := uint32(2*m.budget + 2)
	for y := max(y0, m.by0); y <= min(y1, m.by1); y++ {
		keys := s.fkey[(y+1)*PW+x0+1 : (y+1)*PW+x1+2]
		cells := m.cells[y*W+x0 : y*W+x1+1]
		if y != sy {
			dst = appendFastRow(dst, max1, keys, cells, x0, y, feet)
			continue
		}
		// The start is no answer.
		dst = appendFastRow(dst, max1, keys[:sx-x0], cells[:sx-x0], x0, y, feet)
		dst = appendFastRow(dst, max1, keys[sx-x0+1:], cells[sx-x0+1:], sx+1, y, feet)
	}
	return dst
}

// appendFastRow appends the answers of a run of squares from (x, y):
// their stored keys and classified cells. Walls and squares out of reach
// come unpredictably, so when dst has room it writes every square up to
// the run's last answer in turn at the end of dst and advances past
// those that count, without a branch per square. Each slot it writes
// ends up an answer: the last square written is one.
func appendFastRow(dst []Square, max1 uint32, keys []uint32, cells []uint8, x, y, feet int) []Square {
	cells = cells[:len(keys)]
	last := len(keys) - 1
	for last >= 0 && (keys[last] > max1 || cells[last]&cNoEnd != 0) {
		last--
	}
	keys, cells = keys[:last+1], cells[:last+1]
	n := len(dst)
	if cap(dst)-n < len(keys) {
		for i, k := range keys {
			if k <= max1 && cells[i]&cNoEnd == 0 {
				dst = append(dst, Square{X: x + i, Y: y, Cost: int((k-1)>>1) * feet, Actions: 1})
			}
		}
		return dst
	}
	out := dst[n : n+len(keys)]
	j := 0
	for i, k := range keys {
		out[j] = Square{X: x + i, Y: y, Cost: int((k-1)>>1) * feet, Actions: 1}
		if k <= max1 && cells[i]&cNoEnd == 0 {
			j++
		}
	}
	return dst[:n+j]
}
