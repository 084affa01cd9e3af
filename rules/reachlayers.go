package rules

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"encounterplanner/model"
)

// reachLayers is the reach of every space size and Stride count but the one
// reachFast takes (a one-square space, one Stride): reachFast's key-space
// bucket search, with the space's steps read from strips of the map and the
// Strides as layers.
//
// Keys. A label carries K = 2T + p (total in squares, diagonal parity) and
// C = 2c + p (c the movement spent in the current Stride): every step adds
// the same fixed weight to both (reachfast.go), so a Stride may go on while
// C <= 2B + 1 and the labels leave a ring of 16 stacks by K (Dial's
// algorithm). A Stride begins where the last one stopped with C = p.
//
// The space. A step of a k x k space enters one strip of k squares (a
// straight step) or two (a diagonal); vs and hs hold, per square of the
// padded box, the worst square of the k squares below and to the right of
// it (blocked, or the surcharge level), so a step costs one or two loads.
// Squares and strips hold a level with its low bits all set (eLevel), so
// the worst of several is their OR, taken a word (eight squares) at a
// time, as are the bits of a space's squares a position keeps (pb: hs
// carries them above the level's, and pb is the OR of k rows of it): a
// pass classifies the squares a word at a time, then one each makes hs,
// vs and pb. The squares a diagonal passes between and the edges are
// read as the other searches read them (mover.try), a position or a word
// of eight at a time.
//
// Layers. Layer i holds the routes of at most i+1 Strides. A position's
// state is (position, parity) before the last layer, where a parity-1
// label cannot stand in for a parity-0 one (the next Stride gives parity 0
// one key more), and the position alone in the last layer, where K and C
// order the labels whatever the parity. A state keeps the labels no other
// beats in both C and K: they leave by K, so a label is kept when its C is
// below every earlier one's. Nor can a lead in both K and C let a label
// of one parity stand in for the other's before the last Stride (a pruning
// TestReachLayersMatchesLabelSearch catches at a lead of one square): with
// B = 4 and a stop allowed everywhere, (K, C) = (0, 0) needs two more
// Strides for the steps weighing 3, 7, 2 (a diagonal, a greater-difficult
// diagonal, a straight step) where (3, 3) or (5, 5) needs one, since its
// parity makes the dear diagonal cost 4, not 3, in the fresh Stride. So
// on an open map every position is expanded once a parity in every layer
// but the last (the Gargantuan whole-map reach: 1.94 a square, its last
// layer only the corners).
//
// Sources. Layer i+1 starts from every state layer i reached, at its least K
// and C = p: a source. A source whose every step lands where another
// source is at least as good adds nothing; the only sources that can add
// something are those whose first label in layer i was refused a step by
// the budget, or stepped onto a position where no Stride may stop (the
// frontier). Layer i+1 queues those, in order of K, and lets every other
// source stand as a label that beats what it would beat and is never
// expanded. So a layer costs its new ground plus its frontier, not
// everything before it; a Stride that no route in the box can spend (or,
// tried first, one three box-widths long that none did) is one layer.
//
// Time O(R + box) for R labels expanded (1.66 to 1.94 a square reached with
// several Strides, 1 with one: TestReachWorkPerSquare) and the box to
// classify; memory 16 bytes of states and about 19 of squares, weights and
// answers a position of the box, and 8 a label the ring can hold (16
// buckets the size of the longest, with the room a key gives), reused; zero
// allocations after warm-up. A position's eight step weights are worked out
// once and packed in a word: its other parity and later layers read one
// load. They are worked out at its first label (a one-square space's from
// its eight neighbours; a larger one's with the seven beside it in memory,
// eight at a time from a word of each strip, and most of them the labels
// reach: LargeFlyer weighs 1.07 positions a square reached; seen lists the
// positions), or, on an open box (no square the space may not enter, nearly
// all of it reached), row by row before the search, memory in order. A
// label at least the ruleset's dearest step under the budget steps without
// the frontier's checks unless it may decide a frontier: a first label of a
// stop, on a box with an open square (or the start's) a Stride may not stop
// on (the position's stop bit is read only on such a box). Its eight steps
// are written out in a function that calls nothing (steps), so that its
// values stay in registers: a branch a step the processor learns (a loop
// over the steps not refused ends where the walls say), a refused step
// landing on the label's own state, which beats it (with none refused, the
// plain offsets: the loads need not wait for the weights). Where walls are
// strewn over a large box that branch is a coin toss, mispredicted the more
// dearly as the states it waits on fall out of the cache: once a search has
// expanded roughAfter labels on a box of 2^14 positions or more, and a
// sixteenth of the steps of the positions weighed so far are refused
// (roughGround), it steps without it (stepsRough): every step writes its
// label at its bucket's end and counts it when its state holds none that
// beats it (0 or 1 from compares, SETcc), and the state keeps the greater
// of the two as one word (CMOV); a refused step lands on the label's own
// state as in steps, and is never counted. (LargeFlyer under cachegrind:
// 0.76 mispredictions a label in the search and its steps against 2.33, 116
// more instructions; 8% faster in time, the one-Stride
// BenchmarkReachWholeMapLarge 6%.) A label nearer the budget refuses the
// steps past it eight nibbles at once and steps the same way, unless it
// decides a frontier of an open square (the loop over its steps). The
// labels of a key leave from the end of their bucket, one slice; the
// buckets are one buffer of fixed-size buckets given room for four steps of
// every label of a key before it leaves (a straight step and a diagonal
// weigh a different parity, so at most four of a label's steps share a
// bucket), so that a step queues a label with a store and an increment.
// Answers are recorded by the pass that ends a layer (over the positions
// weighed, or over the square the Strides so far can reach on a large box
// when they are half of it or more), or as the last layer goes; the results
// skip eight unanswered squares at a time, write eight answered ones
// without a test, and the answered ones of the other eights by their bits.
//
// Where the time goes (ns a square reached, CPU profiles, on a shared
// machine; the one-square one-Stride floor reachFast about 18; the box is
// classified with one load a square, mover.classTable).
// BenchmarkReachTypical (one square, 30 ft x 3, 706 squares, 1313 labels,
// box 41 x 41): about 43; the labels two thirds (16 ns each), their
// one-square weighing 14%, squares 4%, classifying 3%, results 2%, ending
// layers under 2%. BenchmarkReachLargeFlyer (2 x 2, fly 120 ft x 3, 7164
// squares, 11860 labels, 10874 of them a state's first, box 150 x 150, a
// third of it reached, its steps branch-free): about 61; the labels 65% (24
// ns each, most of it the states their steps land on), weighing 14% (1460
// chunks of eight positions), ending layers 6%, results 5%, classifying 2%,
// clearing 2%. BenchmarkReachGargantuanWholeMap (4 x 4, fly 1500 ft x 3,
// 1000 x 1000, open): about 44; the labels 74% (1.94 a square, 17 ns each),
// ending layers 7% and results 7% (passes over all of memory: 16 bytes of
// states, 32 of answers a square), clearing 3.5%, weighing the box 1.5%; on
// a 200 x 200 map, whose states stay in the cache, about a fifth less.
// Under cachegrind the search (reachLayers less the passes, squares and
// stepWeights) runs 364 instructions a label for LargeFlyer and 452 for
// Typical, where one search loop with every value live ran 513 and 595 (a
// fifth faster in time): spilled and reloaded every label and step. The
// search loop reads what a label uses once from its layerRun where it uses
// it, so that few values live across its calls (7 fewer a label than held
// in locals); the work around it (squares, strips, weighing, passes,
// results) went from 10.47 to 8.12 million instructions a LargeFlyer
// search, its weighing's first touches of the squares' lines from 18 k to
// 1.4 k. Tried and no faster: states packed in 32 bits (generic code),
// steps without branches everywhere (stepsRough from the first label:
// BenchmarkReachTypical 45 us against 32, the Gargantuan whole map 76 ms
// against 50, open ground 40% to twice as slow; on difficult terrain
// without walls 5% slower; on a box under 2^14 positions 10 to 35% slower,
// its states in the cache: the extra stores cost more than the
// mispredictions; a refused step sent to a padding state of its own
// direction, so that refused steps do not wait on one another's stores: no
// faster; their counts sent to a spare counter of their direction: 4%
// slower, the choice dearer than the wait; branched past: 7% slower where
// walls are strewn; the ground judged after 512 labels rather than 2048: 1%
// slower), one branch for a label's two comparisons, conditional moves for
// a label's first expansion, the frontier's steps in the loop of eight too
// (5% slower), offsets chosen through a pointer to one of two arrays (5%
// slower), clearing only the positions the last search weighed rather than
// whole buffers (3% slower: memclr streams), the weighing written out
// rather than a loop over the diagonals, one store a state in endLayer;
// endLayer's list and rows through one function, or the list's in one of
// its own (more instructions: fewer values stay in registers), an open
// box's rows weighed through at's chunks (as many instructions as a byte of
// each row's strips a position), a chunk's positions put in seen by a loop
// of eight without a branch, a partly answered block of results written
// past the end without a branch (more instructions than by its bits) and a
// full one through a subslice (the Gargantuan map's results a fifth
// slower); under cachegrind, a label's steps as a loop in its own function
// (296 instructions a label in it, 270 with the weights shifted a nibble a
// step, against 208 written out), a step's bucket checked for room in the
// step (try then too dear to inline: 524 a label in all), the state's
// fields read one by one (an address worked out twice: 12 more a label), a
// key's labels stepped from in one call once all are judged (12 more),
// steps written out twice, before the last layer and in it, for a constant
// parity mask (3 fewer a label, for 16 more lines), the budget's test in
// the search loop (1 fewer for Typical, 1 more for LargeFlyer), a
// one-square position's neighbours read through one slice (2 more), the
// open and the refused steps as two functions chosen in the search loop (3
// fewer, the time alike), the parity mask and the states read by try from
// memory, a register or three fewer (try then too dear to inline), the
// one-square weighing in the search loop (7 fewer for Typical, 5 more for
// LargeFlyer); and a refused step's position chosen by a branch rather than
// a mask (10 fewer a label, but 17% slower for LargeFlyer: the branch is
// mispredicted). Nor a pair of labels stepped together before the last
// layer: a position's label of one parity and its other parity's best
// label queued one key on (C one more), whose keys every step moves
// alike (a diagonal swaps their states), queued as one entry until a
// state beats half of it. 92% of the Gargantuan whole map's labels
// before its last layer went in pairs, and it ran no faster (44.5 ms
// against 44.2): a pair costs what its two labels do, since a label's
// time is its steps' loads of the states they land on, not its pop, and
// on a 1000 x 1000 box those states leave the cache (the same flight
// scaled to a 200 x 200 map costs 32.7 ns a square, 34.4 at 300, 37.2 at
// 500, 38.2 at 700, 43.9 at 1000). Typical paired 4% of its labels (most
// are within the dearest step of the budget) and LargeFlyer steps
// branch-free. Nor states of two 16-bit halves (8 bytes a position, not
// 16; try kept inlinable, which the first try at it was not: 50.3 ns a
// square): the Gargantuan map 4% faster (42.3 against 44.0 ns a square),
// its states leaving the cache less, but every label dearer by the
// 16-bit loads and compares where the states stay in the cache (the same
// flight on 200 x 200 35.0 against 32.8, Typical 45.6 against 42.9).

const (
	layRing = 16      // > the dearest step in key space (12)
	eBlock  = 7       // vs/hs/sq: the strip has a square the space may not enter
	eLvl    = 7       // vs/hs/sq: the level's bits
	sqDiag  = 0x80    // sq: the square refuses a diagonal passing beside it
	pbNoEnd = cNoEnd  // pb: the move may not end with the space here
	pbNoSt  = cNoStop // pb: a Stride that is not the last may not stop here
	pbBlock = cBlock  // pb (k > 1): the space holds a square it may not enter: never reached but from the start
	pbShift = 3       // how far up the row strips of k > 1 carry pb's bits

	ones  = 0x0101010101010101 // the low bit of every byte of a word
	highs = 0x8080808080808080 // the high bit of every byte of a word

	diagShift = 4 // cDiag's bit
	stopShift = 2 // cNoStop's bit
)

// eLevel is a square's level (surcharge squares or doublings, 0 to 2;
// eBlock: none may enter it) as reachLayers' squares and strips hold it:
// its low bits all set, so that the worst of several is their OR.
var eLevel = [4]uint8{0, 1, 3, eBlock}

// layWeights holds per ruleset kind the weights in key space of a
// straight step (s) and a diagonal (d) into a strip of a level (any byte
// of squares or strips: the bits beside the level's ride along; 0:
// refused), and the dearest step (7 for sf2e, 12 for pf1e): a label this
// far below the budget takes the plain loop.
var layWeights = func() (t [2]struct {
	s, d [256]uint32
	max  uint32
}) {
	for kd := range t {
		w := &t[kd]
		for b := range 256 {
			e := 0
			switch uint8(b) & eLvl {
			case eLevel[0]:
			case eLevel[1]:
				e = 1
			case eLevel[2]:
				e = 2
			default:
				continue // blocked
			}
			if kind(kd) == kindSF2E {
				w.s[b], w.d[b] = uint32(2+2*e), uint32(3+2*e)
			} else {
				w.s[b], w.d[b] = 2<<e, 3<<e // doubled: 2^e squares, 3 x 2^(e-1) diagonally
			}
		}
		w.max = max(w.s[eLevel[2]], w.d[eLevel[2]])
	}
	return t
}()

// layClass maps a classified square (mover.cells) to reachLayers' square,
// one at a time: its level, eBlock, sqDiag (squaresRow does it a word at
// a time; TestReachLayersSquaresRow checks it against this).
var layClass = func() (t [256]uint8) {
	for c := range t {
		cl := uint8(c)
		e := eLevel[(cl&(cLvl0|cLvl1))>>lvlShift]
		if cl&cBlock != 0 {
			e = eBlock
		}
		if cl&cDiag != 0 {
			e |= sqDiag
		}
		t[c] = e
	}
	return t
}()

// nibbles[b] has nibble d set when bit d of b is: the weights of the
// refused directions.
var nibbles = func() (t [256]uint32) {
	for b := range t {
		for d := 0; d < 8; d++ {
			if b>>d&1 != 0 {
				t[b] |= 15 << (4 * d)
			}
		}
	}
	return t
}()

// lstate is a state of reachLayers: once a label of it is expanded
// (kExp), k is the first K expanded and c the least C; before, k and c are
// the best label queued, by K then C (keyNone: none), or a source's K and
// srcC (it beats every label of no lesser K but the sources themselves).
// Labels the state holds no room for are queued all the same and judged
// when they leave. Stored as k ^ kMask and ^c, so that the zero value is
// none and the states clear as memory does.
type lstate struct{ k, c uint32 }

const (
	kExp    = 1 << 31
	kMask   = kExp - 1
	keyNone = kMask
	srcC    = 2 // the least C of a label that is not a source
)

// lent is a queued label: padded position and C.
type lent struct {
	p int32
	c uint32
}

// lsrc is a source of the next layer: padded position and K (its parity is
// K's low bit).
type lsrc struct {
	p int32
	k uint32
}

// layerSearch holds reachLayers' buffers, reused between calls. Squares and
// positions are indexed in the box padded by one blocked square each side.
type layerSearch struct {
	sq, vs, hs []uint8 // squares: level or eBlock, sqDiag; strips (k > 1)
	tmp        []uint8
	pb         []uint8  // positions: pbNoEnd, pbNoSt, pbBlock
	wp         []uint32 // positions: the eight steps' weights, a nibble each (0: not yet worked out)
	eb         []uint8  // positions: the directions edges refuse
	st         []lstate
	rl         []uint8  // positions: Strides of the answer (0: none)
	rt         []int32  // positions: the answer's total in squares
	run        layerRun // the search of a layer, and its ring of buckets
	src, nxt   []lsrc
	seen       []int32 // positions weighed, in order: every one a state can hold a label at
	n          int     // answers recorded
	pw         int     // padded width
	noStOpen   bool    // the box has a square the space may enter but no Stride but the last stop on
	open       bool    // the box has no square the space may not enter (nor one that refuses a diagonal)
	eager      bool    // every position's steps were weighed before the search (seen is empty)
	popped     int     // labels expanded (tests bound it)
	stepMode   stepMode
	rough      bool // the search stepped without a branch on the outcome (stepsRough) once it judged the ground
	weighed    int  // positions whose step weights were worked out (likewise)
}

// reachLayers runs the search; results come from resultsLayers.
func (s *searcher) reachLayers() {
	m := &s.m
	s.growRes()
	s.layRes = true
	L := &s.lay
	L.n, L.popped, L.weighed = 0, 0, 0
	L.seen = L.seen[:0]
	k := m.k
	bw, bh := m.bx1-m.bx0+1, m.by1-m.by0+1
	PW, PH := bw+2, bh+2
	L.pw = PW
	n := PW * PH
	if len(L.sq) < n {
		L.sq, L.pb, L.eb, L.rl = make([]uint8, n), make([]uint8, n), make([]uint8, n), make([]uint8, n)
		L.rt, L.wp = make([]int32, n), make([]uint32, n)
		L.st = make([]lstate, 2*n)
	}
	clear(L.rl[:n])
	clear(L.wp[:n])
	if m.budget <= 0 {
		return
	}
	s.layerSquares(bw, bh)
	B := int64(m.budget)
	layers := m.layers
	hopeful := false
	switch {
	case B >= 6*int64(bw*bh):
		// No route in the box can spend a Stride (a cheapest route visits a
		// position once, 6 squares a step at most): later Strides add
		// nothing, and the one Stride is the last layer.
		B, layers = 6*int64(bw*bh), 1
	case layers > 1 && B >= 3*int64(max(bw, bh)):
		// A Stride that likely crosses the box: search one, as the last
		// layer, and again with every layer if the budget refused a step.
		hopeful, layers = true, 1
	}
	maxC := uint32(2*B + 1)
	sts := L.st[:2*n]
	// Steps: offsets of the new position, of its entered strips and of the
	// two squares a diagonal passes between; weights in key space.
	var off, vo, ho, ca, cb [8]int32
	for d := 0; d < 8; d++ {
		dx, dy := model.Dir[d][0], model.Dir[d][1]
		off[d] = int32(dy*PW + dx)
		if dx > 0 {
			vo[d] = int32(k - 1)
		}
		if dy > 0 {
			ho[d] = int32((k - 1) * PW)
		}
		if dx != 0 && dy != 0 {
			ax, ay, bx, by := passedBetween(0, 0, k, dx, dy)
			ca[d], cb[d] = int32(ay*PW+ax), int32(by*PW+bx)
		}
	}
	lw := &layWeights[m.kind]
	wS, wD, maxW := &lw.s, &lw.d, lw.max
	sq, vs, hs, pb := L.sq[:n], L.vs, L.hs, L.pb[:n]
	if k == 1 {
		vs, hs = sq, sq
	}
	var eb []uint8
	if m.es.on {
		eb = L.eb[:n]
	}
	pf1e := m.kind == kindPF1E
	pw := int32(PW)
	sx, sy := m.start%m.W-m.bx0, m.start/m.W-m.by0
	pstart := int32((sy+1)*PW + sx + 1)
	rl, rt, wpos := L.rl[:n], L.rt[:n], L.wp[:n]
	pb[pstart] |= pbNoEnd // the move's answers leave its start out
	weighed := 0
	sw := stepWeights{sq: sq, vs: vs, hs: hs, wS: wS, wD: wD, pf1e: pf1e, wpos: wpos, eb: eb, pb: pb, seen: &L.seen}
	for i := 0; i < 4; i++ {
		sd, dd := 2*i, 2*i+1
		sw.sW[i] = off[sd] + ho[sd] + vo[sd] // N, S: a row strip; E, W: a column
		sw.dV[i], sw.dH[i] = off[dd]+vo[dd], off[dd]+ho[dd]
		sw.dA[i], sw.dB[i] = ca[dd], cb[dd]
	}
	L.eager = k > 1 && L.open
	if L.eager {
		// An open box: its positions are nearly all reached, so weighing
		// them row by row (memory in order) beats weighing each at its
		// first label. (Those whose space leaves the box are never
		// reached.)
		sw.rows(wpos, eb, PW, bw, bh, k)
		weighed = (bw - k + 1) * (bh - k + 1)
	}
	r := &L.run
	*r = layerRun{ring: r.ring, L: L, sts: sts, wpos: wpos, pb: pb, rl: rl, rt: rt, eb: eb, sq: sq, sw: sw,
		maxC: maxC, maxW: maxW, pw: pw, k1: k == 1}
again:
	clear(sts)
	L.src = append(L.src[:0], lsrc{pstart, uint32(m.par0)})
	r.spent = false
	for d, o := range off {
		r.off[d] = int(o)
	}
	for layer := 0; layer < layers; layer++ {
		last := layer == layers-1
		if layer > 0 {
			L.endLayer(layer, true, last, sx, sy, bw, bh, B)
		}
		L.nxt = L.nxt[:0]
		r.last, r.rec, r.pmask = last, uint8(layer+1), 1 // state = 2 P + (C & pmask)
		if last {
			r.pmask = 0
		}
		r.watchable = !last && L.noStOpen
		r.search(L.src)
		if last || len(L.nxt) == 0 {
			if hopeful && r.spent {
				hopeful, layers = false, m.layers
				clear(rl)
				L.n = 0
				goto again
			}
			if !last {
				L.endLayer(layer+1, false, false, sx, sy, bw, bh, B)
			}
			break
		}
		L.src, L.nxt = L.nxt, L.src
	}
	L.popped, L.weighed, L.rough = r.popped, weighed+r.weighed+r.sw.more, r.rough
}

// layerRun is what one layer's search reads: the buffers, resliced to the
// box, and the steps.
type layerRun struct {
	ring                lring
	L                   *layerSearch
	sts                 []lstate
	wpos                []uint32
	pb, rl, eb, sq      []uint8
	rt                  []int32
	sw                  stepWeights
	off                 [8]int // steps: offsets of the new position
	maxC, maxW          uint32
	pw                  int32
	pmask               int32 // state = 2 P + (C & pmask)
	rec                 uint8 // the layer's Strides, recorded with its answers
	k1, last, watchable bool  // one-square space; the last layer; a first label may decide a frontier of an open square
	spent               bool  // the budget refused a step
	rough, judged       bool  // steps without a branch on their outcome (stepsRough); the ground judged (roughGround)
	popped, weighed     int
}

// search runs one layer from its sources, in order of K.
func (r *layerRun) search(src []lsrc) {
	ring := &r.ring
	si, idle := 0, 0
	if m := r.L.stepMode; m != stepsAuto {
		r.judged, r.rough = true, m == stepsBranchFree
	}
	for K := src[0].k; ; K++ {
		// A key's sources go in as it comes up, before its labels leave;
		// a step weighs less than the ring, so none lands in the bucket
		// of the key it leaves, which is gone through from its end.
		j := K & (layRing - 1)
		for ; si < len(src) && src[si].k == K; si++ {
			ring.push(j, lent{src[si].p, K & 1})
		}
		q := ring.bucket(j)
		if len(q) == 0 {
			// A ring's worth of empty keys: none is queued.
			if idle++; idle < layRing {
				continue
			}
			if si == len(src) {
				break
			}
			K, idle = src[si].k-1, 0
			continue
		}
		idle = 0
		if r.popped >= roughAfter && !r.judged {
			r.judged = true
			r.rough = r.roughGround()
		}
		// Room for the steps of q's labels, which steps does not check: a
		// label queues at most four in a bucket (a straight step and a
		// diagonal weigh a different parity in key space).
		ring.room(4 * len(q))
		for i := len(q) - 1; i >= 0; i-- {
			P, C := q[i].p, q[i].c
			S := &r.sts[2*P+int32(C)&r.pmask]
			// The first label of a state has its least K: the answer, and the
			// source of the next layer, whose steps decide the frontier.
			sk, sc := S.k^kMask, ^S.c
			if C > sc || C == sc && K != sk {
				continue // beaten by a label expanded, or by one queued of this K
			}
			first := sk&kExp == 0
			if first {
				S.k = (K | kExp) ^ kMask
			}
			S.c = ^C
			r.popped++
			if first && r.last {
				// The last layer's answers: no pass ends it.
				if r.rl[P] == 0 && r.pb[P]&pbNoEnd == 0 {
					r.rl[P], r.rt[P] = r.rec, int32(K>>1)
					r.L.n++
				}
			}
			// The eight steps' weights (0: refused), a nibble each, worked
			// out at a position's first label, then the labels.
			wp := r.wpos[P]
			if wp == 0 {
				wp = r.weigh(P)
			}
			// A label watches the frontier when it is the first of a state
			// a Stride may stop on, before the last layer.
			if C+r.maxW <= r.maxC && !(first && r.watchable && r.pb[P]&pbNoSt == 0) {
				if r.rough {
					r.stepsRough(P, C, K, wp)
				} else {
					r.steps(P, C, K, wp)
				}
				continue
			}
			watch := first && !r.last && r.pb[P]&pbNoSt == 0
			if watch && r.watchable {
				r.frontier(P, C, K, wp, watch)
				continue
			}
			r.budget(P, C, K, wp, watch)
		}
		ring.at[j] = int(j) * ring.size
	}
}

// stepMode is how reachLayers steps: stepsAuto judges the ground once the
// search has expanded roughAfter labels (roughGround); the tests force
// either way from the start.
type stepMode uint8

const (
	stepsAuto       stepMode = iota
	stepsBranchy             // steps
	stepsBranchFree          // stepsRough
)

// roughAfter is the labels a search expands before it judges the
// ground (roughGround).
const roughAfter = 2048

// roughGround reports whether the search should step without a branch on
// a step's outcome (stepsRough) from here on: on a box of 2^14 positions
// or more (on a smaller one the states stay in the cache and the branch
// is cheap to mispredict) when at least a sixteenth of the steps of the
// positions weighed so far are refused. Where walls are strewn the
// outcome is a coin toss; on open ground and among difficult terrain
// alone steps predicts well and does less. An open box (weighed before
// the search) has none refused.
func (r *layerRun) roughGround() bool {
	if len(r.wpos) < 1<<14 {
		return false
	}
	refused, n := 0, 0
	for _, P := range r.L.seen {
		wp := r.wpos[P]
		refused += bits.OnesCount32((wp|wp>>1|wp>>2|wp>>3)&0x11111111 ^ 0x11111111)
		n += 8
	}
	return 16*refused >= n && n > 0
}

// steps queues the steps of a label none of whose steps can pass the
// budget or decide the frontier (with no open square a Stride may not stop
// on, only the budget can), written out: eight in a row, whose branches
// the processor learns (a loop over the steps not refused ends where the
// walls say, a branch mispredicted nearly every label off open ground). A
// refused step (weight 0) lands on P's own state, which beats it. With
// none refused (no nibble 0: open ground), the loads need not wait for the
// weights. It calls nothing, so that its values stay in registers: the
// buckets have room (search).
func (r *layerRun) steps(P int32, C, K, wp uint32) {
	sts, pmask, p, ring := r.sts, int(r.pmask), int(P), &r.ring
	o := &r.off
	if (wp-0x11111111)&^wp&0x88888888 == 0 {
		try(ring, sts, pmask, p+o[0], C+wp&15, K+wp&15)
		try(ring, sts, pmask, p+o[1], C+wp>>4&15, K+wp>>4&15)
		try(ring, sts, pmask, p+o[2], C+wp>>8&15, K+wp>>8&15)
		try(ring, sts, pmask, p+o[3], C+wp>>12&15, K+wp>>12&15)
		try(ring, sts, pmask, p+o[4], C+wp>>16&15, K+wp>>16&15)
		try(ring, sts, pmask, p+o[5], C+wp>>20&15, K+wp>>20&15)
		try(ring, sts, pmask, p+o[6], C+wp>>24&15, K+wp>>24&15)
		try(ring, sts, pmask, p+o[7], C+wp>>28, K+wp>>28)
		return
	}
	w := wp & 15
	try(ring, sts, pmask, p+o[0]&(-int(w)>>63), C+w, K+w)
	w = wp >> 4 & 15
	try(ring, sts, pmask, p+o[1]&(-int(w)>>63), C+w, K+w)
	w = wp >> 8 & 15
	try(ring, sts, pmask, p+o[2]&(-int(w)>>63), C+w, K+w)
	w = wp >> 12 & 15
	try(ring, sts, pmask, p+o[3]&(-int(w)>>63), C+w, K+w)
	w = wp >> 16 & 15
	try(ring, sts, pmask, p+o[4]&(-int(w)>>63), C+w, K+w)
	w = wp >> 20 & 15
	try(ring, sts, pmask, p+o[5]&(-int(w)>>63), C+w, K+w)
	w = wp >> 24 & 15
	try(ring, sts, pmask, p+o[6]&(-int(w)>>63), C+w, K+w)
	w = wp >> 28
	try(ring, sts, pmask, p+o[7]&(-int(w)>>63), C+w, K+w)
}

// try queues the label (np, nC) of key nK unless its state holds one that
// beats it: of no greater K (an expanded state's stored K has kExp set,
// above every other) and no greater C, compared as stored. The label's
// bucket has room (search gives it before the key's labels leave).
func try(ring *lring, sts []lstate, pmask, np int, nC, nK uint32) {
	T := &sts[2*np+int(nC)&pmask]
	t := *T
	if t.k >= nK^kMask && t.c >= ^nC {
		return
	}
	if t.k <= nK^kMask { // not expanded: the best label queued
		*T = lstate{nK ^ kMask, ^nC}
	}
	a := &ring.at[nK&(layRing-1)]
	ring.buf[*a] = lent{int32(np), nC}
	*a++
}

// stepsRough is steps without a branch on a step's outcome (keep, put).
// A label's state as stored goes in one word, k high (s0): a step takes
// its weight from both halves at once.
func (r *layerRun) stepsRough(P int32, C, K, wp uint32) {
	pmask, p := int(r.pmask), int(P)
	ring, o := &r.ring, &r.off
	s0 := lsMax ^ (uint64(K)<<32 | uint64(C))
	w := uint64(wp & 15)
	np, s := p+o[0]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
	w = uint64(wp >> 4 & 15)
	np, s = p+o[1]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
	w = uint64(wp >> 8 & 15)
	np, s = p+o[2]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
	w = uint64(wp >> 12 & 15)
	np, s = p+o[3]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
	w = uint64(wp >> 16 & 15)
	np, s = p+o[4]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
	w = uint64(wp >> 20 & 15)
	np, s = p+o[5]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
	w = uint64(wp >> 24 & 15)
	np, s = p+o[6]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
	w = uint64(wp >> 28)
	np, s = p+o[7]&(-int(w)>>63), s0-(w<<32|w)
	put(ring.buf, &ring.at, np, s, keep(&r.sts[2*np+int(^s)&pmask], s))
}

// keep is try's test without a branch: it returns 1 when state T holds no
// label that beats the label whose state as stored is s (k ^ kMask high,
// ^c low), else 0, and leaves in T the greater of the two, compared k
// first: the label when it is not beaten and the state not expanded.
func keep(T *lstate, s uint64) int {
	t := bits.RotateLeft64(uint64(T.k)|uint64(T.c)<<32, 32)
	n, c := 0, 0
	if t < s {
		n = 1
	}
	if uint32(t) < uint32(s) {
		c = 1
	}
	m := bits.RotateLeft64(max(t, s), 32)
	*T = lstate{uint32(m), uint32(m >> 32)}
	return n | c
}

// put is try's queueing without a branch: the label (np, C) of key K (s:
// its state as stored) is written at its bucket's end always, and counted
// when n is 1.
func put(buf []lent, at *[layRing]int, np int, s uint64, n int) {
	a := &at[^s>>32&(layRing-1)]
	buf[*a] = lent{int32(np), ^uint32(s)}
	*a += n
}

// lsMax ^ (K << 32 | C) is the state as stored of a label of K and C
// (k ^ kMask high, ^c low; K < 2^31). Less w << 32 | w it is the state of
// the label of K + w and C + w: neither half borrows while both stay
// below 2^31.
const lsMax = kMask<<32 | (1<<32 - 1)

// lring is the ring of buckets of queued labels, by K, in one buffer:
// bucket j holds buf[j size : at[j]], the rest up to (j+1) size room.
type lring struct {
	buf  []lent
	at   [layRing]int
	size int
	hi   int // at least every bucket's length
}

// bucket returns the labels of bucket j.
func (q *lring) bucket(j uint32) []lent {
	return q.buf[int(j)*q.size : q.at[j]]
}

// push queues e in bucket j, making room when there is none.
func (q *lring) push(j uint32, e lent) {
	if q.at[j] == (int(j)+1)*q.size {
		q.grow(q.most() + 1)
	}
	q.buf[q.at[j]] = e
	q.at[j]++
}

// room makes room for m more labels in every bucket, and counts them in
// hi: only when hi passes the buckets' size are their lengths looked at.
func (q *lring) room(m int) {
	if q.hi += m; q.hi > q.size {
		q.hi = q.most() + m
		q.grow(q.hi)
	}
}

// most returns the length of the longest bucket.
func (q *lring) most() int {
	n := 0
	for j, a := range q.at {
		n = max(n, a-j*q.size)
	}
	return n
}

// grow makes every bucket hold size labels or more.
func (q *lring) grow(size int) {
	if size <= q.size {
		return
	}
	size = max(2*q.size, size)
	buf := make([]lent, layRing*size)
	for j := range q.at {
		q.at[j] = j*size + copy(buf[j*size:], q.buf[j*q.size:q.at[j]])
	}
	q.buf, q.size = buf, size
}

// budget queues the steps of a label near the budget whose steps decide
// no frontier of an open square: the steps past the budget, eight nibbles
// at once, are refused, and when one is and the label watches (the first
// of a state a Stride may stop on, before the last layer), P is a source
// of the next layer if a fresh Stride could take it.
func (r *layerRun) budget(P int32, C, K, wp uint32, watch bool) {
	over := wp & above(wp, min(r.maxC-C, 15))
	if over != 0 {
		r.spent = true
		if watch && over&^above(wp, min(r.maxC-C&1, 15)) != 0 {
			r.L.nxt = append(r.L.nxt, lsrc{P, K})
		}
	}
	if r.rough {
		r.stepsRough(P, C, K, wp&^over)
	} else {
		r.steps(P, C, K, wp&^over)
	}
}

// above returns the nibbles of wp above lim (at most 15) set to 15, the
// others 0: the nibbles go in bytes, even and odd, and lim + 1 more than
// a byte's 127 sets its top bit.
func above(wp, lim uint32) uint32 {
	add := (127 - lim) * 0x01010101
	e := (wp&0x0F0F0F0F + add) & 0x80808080 >> 7
	o := (wp>>4&0x0F0F0F0F + add) & 0x80808080 >> 7
	return (e | o<<4) * 15
}

// weigh works out and keeps the eight steps' weights of position P.
func (r *layerRun) weigh(P int32) uint32 {
	var refused uint8 // bit d: direction d refused
	if r.eb != nil {
		refused = r.eb[P]
	}
	var wp uint32
	if r.k1 {
		// The strips are the squares, and a diagonal passes between two
		// of the straight steps' squares.
		wS, wD := r.sw.wS, r.sw.wD
		n := r.sq[P-r.pw-1:][:3] // the row above, from the left
		m := r.sq[P-1:][:3]
		s := r.sq[P+r.pw-1:][:3]
		cN, cE, cS, cW := n[1], m[2], s[1], m[0]
		wp = wS[cN] | wD[n[2]]<<4 | wS[cE]<<8 | wD[s[2]]<<12 |
			wS[cS]<<16 | wD[s[0]]<<20 | wS[cW]<<24 | wD[n[0]]<<28
		xNE, xSE, xSW, xNW := cN&cE, cS&cE, cS&cW, cN&cW
		if r.sw.pf1e {
			xNE, xSE, xSW, xNW = cN|cE, cS|cE, cS|cW, cN|cW
		}
		refused |= xNE>>7<<1 | xSE>>7<<3 | xSW>>7<<5 | xNW>>7<<7
		wp &^= nibbles[refused]
	} else {
		wp = r.sw.at(P, refused)
	}
	r.wpos[P] = wp
	r.weighed++
	r.L.seen = append(r.L.seen, P)
	return wp
}

// frontier expands a label a step of which may pass the budget or decide
// the frontier (watch: it is the first label of a state a Stride may stop
// on, before the last layer), and queues P as a source of the next layer
// when one does.
func (r *layerRun) frontier(P int32, C, K, wp uint32, watch bool) {
	sts, pb, ring := r.sts, r.pb, &r.ring
	maxC, pmask := r.maxC, r.pmask
	frontier := false
	for ws := wp; ws != 0; {
		sh := bits.TrailingZeros32(ws) &^ 3
		w := ws >> sh & 15
		ws &^= 15 << sh
		d := sh >> 2
		np := P + int32(r.off[d&7])
		nC := C + w
		if nC > maxC {
			r.spent = true
			frontier = frontier || watch && (C&1)+w <= maxC
			continue
		}
		if watch && r.L.noStOpen {
			frontier = frontier || pb[np]&pbNoSt != 0
		}
		nK := K + w
		T := &sts[2*np+int32(nC)&pmask]
		tk := T.k ^ kMask
		if tk&kMask <= nK && ^T.c <= nC {
			continue
		}
		if int32(nK) <= int32(tk) { // not expanded (kExp is the sign): the best label queued
			T.k, T.c = nK^kMask, ^nC
		}
		ring.push(nK&(layRing-1), lent{np, nC})
	}
	if frontier {
		r.L.nxt = append(r.L.nxt, lsrc{P, K})
	}
}

// stepWeights works out the weights of a k x k space's steps (k > 1).
type stepWeights struct {
	sq, vs, hs         []uint8
	sW, dV, dH, dA, dB [4]int32 // from P: strips entered, squares passed between
	wS, wD             *[256]uint32
	pf1e               bool
	wpos               []uint32  // at's chunks: the positions' weights (0: not yet worked out)
	eb, pb             []uint8   // the directions edges refuse (or nil); the positions' bits
	seen               *[]int32  // the positions weighed, which at's chunks add to
	more               int       // positions at's chunks weighed besides the one asked for
	rel                [20]int   // at: sW, dV, dH, dA, dB from the least of them
	coef               [7]uint64 // a, b, c of the straight steps, the diagonals (stepWord); pf1e's mask
	ready              bool      // rel and coef are worked out
}

// at returns the eight steps' weights of position P, a nibble each (0:
// refused, as are the directions of refused's bits: eb's). It works out
// those of the seven positions beside P in memory too (an aligned chunk
// of eight, a word of each strip: the labels' wavefront reaches most of
// them), and stores in wpos and seen those that may be reached (pbBlock
// clear) and have a step. A chunk is worked out once: its positions
// still 0 in wpos are then weighed alone.
func (w *stepWeights) at(P int32, refused uint8) uint32 {
	// The offsets run from the square before the row above (-PW - 1) to
	// the last of the row below the space (k PW + k - 1): sW holds -PW, k
	// and k PW.
	lo, hi := w.sW[0]-1, w.sW[2]+w.sW[1]-1
	Q := P &^ 7
	if Q+lo < 0 || int(Q+hi+8) > len(w.sq) {
		return w.one(P, refused) // a word of the chunk's would leave the box
	}
	wpos := w.wpos[Q:][:8]
	if wpos[0]|wpos[1]|wpos[2]|wpos[3]|wpos[4]|wpos[5]|wpos[6]|wpos[7] != 0 {
		return w.one(P, refused)
	}
	w.prepare()
	// The words at the offsets from Q: r holds them from lo.
	hs, vs, sq := w.hs, w.vs, w.sq
	r, base := &w.rel, int(Q+lo)
	// A strip's level bits are 0, 1, 3 or 7 (blocked), and a step's weight
	// is linear in the low two: a + b l0 + c l1, a nibble in each byte.
	c := &w.coef
	pf := c[6] // all ones: pf1e, where either square beside a diagonal refuses it
	straight := func(a []uint8, o int) uint64 {
		return stepWord(le64(a, base+o), c[0], c[1], c[2])
	}
	diag := func(i int) uint64 {
		a, b := le64(sq, base+r[12+i]), le64(sq, base+r[16+i])
		x := a&b | (a^b)&pf
		v := le64(vs, base+r[4+i]) | le64(hs, base+r[8+i])
		return (c[3] + c[4]*(v&ones) + c[5]*(v>>1&ones)) &^ ((v>>2 | x>>7) & ones * 0xff)
	}
	// Bytes of positions, the nibbles of directions 2i and 2i+1; none for
	// the positions that may not be reached (but beside the start, over
	// its squares: they and P are weighed alone).
	b0 := straight(hs, r[0]) | diag(0)<<4
	b1 := straight(vs, r[1]) | diag(1)<<4
	b2 := straight(hs, r[2]) | diag(2)<<4
	b3 := straight(vs, r[3]) | diag(3)<<4
	self := uint64(0xff) << (8 * (P - Q))
	blocked := (binary.LittleEndian.Uint64(w.pb[Q:][:8]) >> bits.TrailingZeros8(pbBlock) & ones * 0xff) &^ self
	b0, b1, b2, b3 = b0&^blocked, b1&^blocked, b2&^blocked, b3&^blocked
	// The positions' words, as words makes them.
	e01, o01 := lanes16(b0, b1)
	e23, o23 := lanes16(b2, b3)
	w04, w26 := lanes32(e01, e23)
	w15, w37 := lanes32(o01, o23)
	wpos[0], wpos[4], wpos[2], wpos[6] = uint32(w04), uint32(w04>>32), uint32(w26), uint32(w26>>32)
	wpos[1], wpos[5], wpos[3], wpos[7] = uint32(w15), uint32(w15>>32), uint32(w37), uint32(w37>>32)
	// seen gets the positions with a step, but P.
	z := b0 | b1 | b2 | b3
	keep := ((z&^highs + ^uint64(highs)) | z) & highs &^ self
	if w.eb != nil {
		eb := w.eb[Q:][:8]
		for i := range wpos {
			if wpos[i] &^= nibbles[eb[i]]; wpos[i] == 0 {
				keep &^= 0x80 << (8 * i) // edges refuse every step
			}
		}
	}
	seen := slices.Grow(*w.seen, 8)
	for ; keep != 0; keep &= keep - 1 {
		seen = append(seen, Q+int32(bits.TrailingZeros64(keep)>>3))
	}
	w.more += len(seen) - len(*w.seen)
	*w.seen = seen
	return wpos[P-Q] &^ nibbles[refused]
}

// prepare works out rel and coef, once a search.
func (w *stepWeights) prepare() {
	if w.ready {
		return
	}
	w.ready = true
	lo := w.sW[0] - 1
	for i := range 4 {
		w.rel[i] = int(w.sW[i] - lo)
		w.rel[4+i], w.rel[8+i] = int(w.dV[i]-lo), int(w.dH[i]-lo)
		w.rel[12+i], w.rel[16+i] = int(w.dA[i]-lo), int(w.dB[i]-lo)
	}
	wS, wD := w.wS, w.wD
	w.coef = [7]uint64{
		uint64(wS[eLevel[0]]) * ones, uint64(wS[eLevel[1]] - wS[eLevel[0]]), uint64(wS[eLevel[2]] - wS[eLevel[1]]),
		uint64(wD[eLevel[0]]) * ones, uint64(wD[eLevel[1]] - wD[eLevel[0]]), uint64(wD[eLevel[2]] - wD[eLevel[1]]),
	}
	if w.pf1e {
		w.coef[6] = ^uint64(0)
	}
}

// le64 is the word of a at o.
func le64(a []uint8, o int) uint64 { return binary.LittleEndian.Uint64(a[o : o+8]) }

// one is at for P alone.
func (w *stepWeights) one(P int32, refused uint8) uint32 {
	sq, vs, hs, wS, wD := w.sq, w.vs, w.hs, w.wS, w.wD
	wp := wS[hs[P+w.sW[0]]] | wS[vs[P+w.sW[1]]]<<8 | wS[hs[P+w.sW[2]]]<<16 | wS[vs[P+w.sW[3]]]<<24
	for i := 0; i < 4; i++ {
		a, b := sq[P+w.dA[i]], sq[P+w.dB[i]]
		x := a & b
		if w.pf1e {
			x = a | b
		}
		refused |= x >> 7 << (2*i + 1)
		wp |= wD[vs[P+w.dV[i]]|hs[P+w.dH[i]]] << (8*i + 4)
	}
	return wp &^ nibbles[refused]
}

// rows is at for every position of an open box whose space fits in it,
// row by row, eight positions at a time from a word of each strip (the
// rest of a row one at a time), into wpos (eb: the directions edges
// refuse, or nil). No square of an open box refuses a diagonal passing
// beside it, nor does the ring around it.
func (w *stepWeights) rows(wpos []uint32, eb []uint8, PW, bw, bh, k int) {
	n := bw - k + 1
	wS, wD := w.wS, w.wD
	w.prepare()
	sa, sb, sc, da, db, dc := w.coef[0], w.coef[1], w.coef[2], w.coef[3], w.coef[4], w.coef[5]
	at := func(a []uint8, base, off int32) []uint8 { return a[base+off:][:n] }
	for y := 0; y <= bh-k; y++ {
		base := int32((y+1)*PW + 1)
		out := wpos[base:][:n]
		sN, sE, sS, sW := at(w.hs, base, w.sW[0]), at(w.vs, base, w.sW[1]), at(w.hs, base, w.sW[2]), at(w.vs, base, w.sW[3])
		vNE, hNE := at(w.vs, base, w.dV[0]), at(w.hs, base, w.dH[0])
		vSE, hSE := at(w.vs, base, w.dV[1]), at(w.hs, base, w.dH[1])
		vSW, hSW := at(w.vs, base, w.dV[2]), at(w.hs, base, w.dH[2])
		vNW, hNW := at(w.vs, base, w.dV[3]), at(w.hs, base, w.dH[3])
		// Eight positions at a time, a word of each strip; the rest one
		// at a time.
		x := 0
		for ; x+8 <= n; x += 8 {
			le := func(a []uint8) uint64 { return binary.LittleEndian.Uint64(a[x : x+8]) }
			b0 := stepWord(le(sN), sa, sb, sc) | stepWord(le(vNE)|le(hNE), da, db, dc)<<4
			b1 := stepWord(le(sE), sa, sb, sc) | stepWord(le(vSE)|le(hSE), da, db, dc)<<4
			b2 := stepWord(le(sS), sa, sb, sc) | stepWord(le(vSW)|le(hSW), da, db, dc)<<4
			b3 := stepWord(le(sW), sa, sb, sc) | stepWord(le(vNW)|le(hNW), da, db, dc)<<4
			words(out[x:x+8], b0, b1, b2, b3)
		}
		for ; x < n; x++ {
			out[x] = wS[sN[x]] | wD[vNE[x]|hNE[x]]<<4 | wS[sE[x]]<<8 | wD[vSE[x]|hSE[x]]<<12 |
				wS[sS[x]]<<16 | wD[vSW[x]|hSW[x]]<<20 | wS[sW[x]]<<24 | wD[vNW[x]|hNW[x]]<<28
		}
		if eb == nil {
			continue
		}
		er := eb[base:][:n]
		for x := range out {
			out[x] &^= nibbles[er[x]]
		}
	}
}

// stepWord is the steps' weights of eight strips' levels v (a byte each:
// 0, 1, 3 or 7, blocked), a + b l0 + c l1 from the level's low two bits,
// a nibble in each byte.
func stepWord(v, a, b, c uint64) uint64 {
	return (a + b*(v&ones) + c*(v>>1&ones)) &^ (v >> 2 & ones * 0xff)
}

// words stores the eight positions' words of a chunk's bytes b0..b3 (the
// nibbles of directions 2i and 2i+1 a byte each) in dst: bytes
// interleaved into 16-bit lanes (even positions, odd), then those into
// 32-bit lanes (positions i and i+4).
func words(dst []uint32, b0, b1, b2, b3 uint64) {
	e01, o01 := lanes16(b0, b1)
	e23, o23 := lanes16(b2, b3)
	w04, w26 := lanes32(e01, e23)
	w15, w37 := lanes32(o01, o23)
	dst = dst[:8]
	dst[0], dst[4], dst[2], dst[6] = uint32(w04), uint32(w04>>32), uint32(w26), uint32(w26>>32)
	dst[1], dst[5], dst[3], dst[7] = uint32(w15), uint32(w15>>32), uint32(w37), uint32(w37>>32)
}

// lanes16 interleaves the bytes of x and y into 16-bit lanes: those of
// x's and y's even bytes, and of their odd ones.
func lanes16(x, y uint64) (even, odd uint64) {
	const b8 = 0x00ff00ff00ff00ff
	return x&b8 | (y&b8)<<8, x>>8&b8 | y&^b8
}

// lanes32 interleaves the 16-bit lanes of x and y into 32-bit lanes:
// those of their lanes 0 and 2, and of their lanes 1 and 3.
func lanes32(x, y uint64) (even, odd uint64) {
	const h16 = 0x0000ffff0000ffff
	return x&h16 | (y&h16)<<16, x>>16&h16 | y&^h16
}

// endLayer records the answers of the layer before layer, when that is not
// the last (which records its own as it goes: one state a position), at
// its positions not answered by an earlier one: the least K of their
// states (a standing source's K is an earlier layer's, answered then).
// When next, it turns its states into the sources of layer (merged by
// position when it is the last). Every state that holds a label is a
// weighed position's, within layer Strides of the start: it goes over the
// positions weighed, or over that square of the box row by row (memory in
// order) when they are half of it or more and the box's states outgrow
// the cache.
func (L *layerSearch) endLayer(layer int, next, last bool, sx, sy, bw, bh int, B int64) {
	r := int(min(int64(layer)*B, int64(max(bw, bh))))
	x0, x1 := max(sx-r, 0), min(sx+r, bw-1)
	y0, y1 := max(sy-r, 0), min(sy+r, bh-1)
	rec := uint8(layer)
	small := (bw+2)*(bh+2) < 1<<14 // 16 bytes of states a position: 256 KiB
	sparse := !L.eager && (small || 2*len(L.seen) < (x1-x0+1)*(y1-y0+1))
	st, rl, rt, pb := L.st, L.rl, L.rt, L.pb
	n := L.n
	// The same for each position P, over the positions weighed or the
	// square's rows.
	if sparse {
		for _, P := range L.seen {
			s0, s1 := &st[2*P], &st[2*P+1]
			u0, u1 := s0.k&kMask, s1.k&kMask // K ^ kMask (0: none)
			if u := max(u0, u1); u != 0 && rl[P] == 0 && pb[P]&pbNoEnd == 0 {
				rl[P], rt[P] = rec, int32((u^kMask)>>1)
				n++
			}
			if next {
				*s0, *s1 = layerSources(u0, u1, pb[P], last)
			}
		}
	} else {
		for y := y0; y <= y1; y++ {
			a, b := (y+1)*L.pw+1+x0, (y+1)*L.pw+2+x1
			n += endRow(st[2*a:2*b], rl[a:b], rt[a:b], pb[a:b], rec, next, last)
		}
	}
	L.n = n
}

// endRow is endLayer's work at a run of positions in memory: their
// states, answers and bits.
func endRow(st []lstate, rl []uint8, rt []int32, pb []uint8, rec uint8, next, last bool) (n int) {
	rt, pb, st = rt[:len(rl)], pb[:len(rl)], st[:2*len(rl)]
	for i := range rl {
		s0, s1 := &st[2*i], &st[2*i+1]
		u0, u1 := s0.k&kMask, s1.k&kMask // K ^ kMask (0: none)
		if u := max(u0, u1); u != 0 && rl[i] == 0 && pb[i]&pbNoEnd == 0 {
			rl[i], rt[i] = rec, int32((u^kMask)>>1)
			n++
		}
		if next {
			*s0, *s1 = layerSources(u0, u1, pb[i], last)
		}
	}
	return n
}

// layerSources returns the states of a position's sources in the next
// layer from the least K of its labels of each parity as their states
// store it (u = K ^ kMask, 0: none; the greater, the less K) and its
// bits: none where a Stride may not stop, and one, the least, in the last
// layer.
func layerSources(u0, u1 uint32, b uint8, last bool) (lstate, lstate) {
	if last {
		u0, u1 = max(u0, u1), 0
	}
	if b&pbNoSt != 0 {
		u0, u1 = 0, 0
	}
	var c0, c1 uint32 // none
	if u0 != 0 {
		c0 = ^uint32(srcC)
	}
	if u1 != 0 {
		c1 = ^uint32(srcC)
	}
	return lstate{u0, c0}, lstate{u1, c1}
}

// layerSquares fills the padded squares, strips, positions and edges of
// the box for the mover. O(box area x k), a word (eight squares) at a
// time: one pass classifies the squares, then for k > 1 one makes the
// row strips (hs) and one each the column strips (vs) and the positions
// (pb, the OR of k row strips down: hs carries pb's bits pbShift up).
func (s *searcher) layerSquares(bw, bh int) {
	m := &s.m
	L := &s.lay
	k, W, PW := m.k, m.W, bw+2
	n := PW * (bh + 2)
	sq, pb := L.sq[:n], L.pb[:n]
	var sp []uint8 // k > 1: the squares with pb's bits pbShift up
	if k > 1 {
		if len(L.vs) < n {
			L.vs, L.hs, L.tmp = make([]uint8, n), make([]uint8, n), make([]uint8, n)
		}
		sp = L.tmp[:n]
	}
	var open, closed uint64
	// The ring around the box: blocked, never beside a diagonal.
	for x := 0; x < PW; x++ {
		sq[x], sq[(bh+1)*PW+x] = eBlock, eBlock
	}
	for y := 0; y < bh; y++ {
		row := (y+1)*PW + 1
		sq[row-1], sq[row+bw] = eBlock, eBlock
		src := m.cells[(y+m.by0)*W+m.bx0 : (y+m.by0)*W+m.bx0+bw]
		var spr []uint8
		if sp != nil {
			spr = sp[row : row+bw]
		}
		o, c := squaresRow(sq[row:row+bw], pb[row:row+bw], spr, src)
		open |= o
		closed |= c
	}
	// A space that holds a blocked square is never reached but from the
	// start, whose squares stay in the space for its first steps, so only
	// an open square or the start's a Stride may not stop on can make a
	// frontier.
	noSt := open != 0
	sx, sy := m.start%W, m.start/W
	for y := sy; y < min(sy+k, m.H); y++ {
		for x := sx; x < min(sx+k, W); x++ {
			noSt = noSt || m.cells[y*W+x]&cNoStop != 0
		}
	}
	L.noStOpen = noSt
	// Open: no square the space may not enter, nor one that refuses a
	// diagonal passing beside it (classify makes those walls, or
	// obstacles the mode may not pass: blocked too).
	L.open = closed == 0
	if k > 1 {
		vs, hs := L.vs[:n], L.hs[:n]
		const ring = eBlock | pbBlock<<pbShift
		for x := 0; x < PW; x++ {
			sp[x], sp[(bh+1)*PW+x] = ring, ring
		}
		for y := 1; y <= bh; y++ {
			sp[y*PW], sp[y*PW+PW-1] = ring, ring
		}
		// hs: the worst of k squares rightwards, for every start a step
		// can read (columns -1 .. bw-k+1 of every row; the starts past
		// them run into the next row, and no step reads them); vs
		// likewise downwards (rows -1 .. bh-k+1). Their bits beside the
		// level's are the weights' tables' to ignore.
		orRows(hs[:n-k+1], sp, 1, k)
		orRows(vs[:(bh-k+3)*PW], sq, PW, k)
		// pb: a position's space holds a square of the bit, for the
		// positions from the box's first to the last whose space fits in
		// it (and the ring and the positions whose space leaves the box
		// between them: never reached).
		if bh >= k && bw >= k {
			ps := pb[PW+1 : (bh-k+1)*PW+bw-k+2]
			orRows(ps, hs[PW+1:], PW, k)
			const pbBits = pbNoEnd | pbNoSt | pbBlock
			const mm = uint64(pbBits) * ones
			x := 0
			for ; x+8 <= len(ps); x += 8 {
				w := binary.LittleEndian.Uint64(ps[x : x+8])
				binary.LittleEndian.PutUint64(ps[x:x+8], w>>pbShift&mm)
			}
			for ; x < len(ps); x++ {
				ps[x] = ps[x] >> pbShift & pbBits
			}
		}
	}
	if m.es.on {
		eb := L.eb[:n]
		clear(eb)
		for y := 0; y < bh; y++ {
			for x := 0; x < bw; x++ {
				pos := (y+m.by0)*W + x + m.bx0
				b := uint8(m.es.sp[pos])
				for d := 0; d < 8; d++ {
					nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
					if nx >= 0 && ny >= 0 && nx < bw && ny < bh && m.es.sp[(ny+m.by0)*W+nx+m.bx0]&spaceInner != 0 {
						b |= 1 << d
					}
				}
				eb[(y+1)*PW+x+1] = b
			}
		}
	}
}

// squaresRow classifies a row of the mover's squares src (mover.cells)
// into reachLayers' squares sq (their level with its low bits all set,
// eBlock, sqDiag), positions pb (pbNoEnd, pbNoSt, pbBlock) and, when sp
// is not nil, the squares with pb's bits pbShift up; a word at a time.
// It returns a word with a byte's low bit set where an open square may
// not end a Stride, and the OR of the squares' cBlock and cDiag bits.
func squaresRow(sq, pb, sp, src []uint8) (open, closed uint64) {
	sq, pb = sq[:len(src)], pb[:len(src)]
	class := func(w uint64) (e, p uint64) {
		b := w & (uint64(cBlock) * ones)
		l0, l1 := w>>lvlShift&ones, w>>(lvlShift+1)&ones
		e = b | l0 | l1 | (b|l1)<<1 | (b|l0&l1)<<2 | w>>diagShift&ones<<7
		return e, w & (uint64(pbNoEnd|pbNoSt|pbBlock) * ones)
	}
	x := 0
	for ; x+8 <= len(src); x += 8 {
		w := binary.LittleEndian.Uint64(src[x : x+8])
		open |= w >> stopShift &^ w
		closed |= w
		e, p := class(w)
		binary.LittleEndian.PutUint64(sq[x:x+8], e)
		binary.LittleEndian.PutUint64(pb[x:x+8], p)
		if sp != nil {
			binary.LittleEndian.PutUint64(sp[x:x+8], e|p<<pbShift)
		}
	}
	if x < len(src) {
		var buf [8]uint8
		copy(buf[:], src[x:])
		w := binary.LittleEndian.Uint64(buf[:])
		open |= w >> stopShift &^ w
		closed |= w
		e, p := class(w)
		binary.LittleEndian.PutUint64(buf[:], e)
		copy(sq[x:], buf[:])
		binary.LittleEndian.PutUint64(buf[:], p)
		copy(pb[x:], buf[:])
		if sp != nil {
			binary.LittleEndian.PutUint64(buf[:], e|p<<pbShift)
			copy(sp[x:], buf[:])
		}
	}
	return open & ones, closed & (uint64(cBlock|cDiag) * ones)
}

// recordLayers marks map position pos an answer of the given Strides and
// total unless it is one already (pf1eMinimum's squares).
func (s *searcher) recordLayers(pos int, actions uint8, total int32) {
	m, L := &s.m, &s.lay
	P := (pos/m.W-m.by0+1)*L.pw + pos%m.W - m.bx0 + 1
	if L.rl[P] == 0 {
		L.rl[P], L.rt[P] = actions, total
		L.n++
	}
}

// resultsLayersRows appends reachLayers' answers in rows y0..y1, sorted by
// y then x.
func (s *searcher) resultsLayersRows(dst []Square, y0, y1 int) []Square {
	m, L := &s.m, &s.lay
	if L.n == 0 {
		return dst
	}
	bw, PW, feet := m.bx1-m.bx0+1, L.pw, m.feet
	ya, yb := max(y0, m.by0), min(y1, m.by1)
	if ya > yb {
		return dst
	}
	// Room for the answers (L.n in all, at most a row each square) and the
	// one row written past them, made once: grown row by row, append's
	// doubling would leave a whole-map answer up to twice its size.
	dst = slices.Grow(dst, min(L.n, (yb-ya+1)*bw)+bw+1)
	for y := ya; y <= yb; y++ {
		row := (y-m.by0+1)*PW + 1
		rl, rt := L.rl[row:row+bw], L.rt[row:row+bw]
		rt = rt[:len(rl)]
		n := len(dst)
		dst = slices.Grow(dst, bw+1)
		out := dst[:cap(dst)]
		out = out[:n+len(rl)+1]
		// Eight squares at a time: none written when none is answered,
		// all eight without a test when all are, else those answered.
		x0 := m.bx0
		i0 := 0
		for ; i0+8 <= len(rl); i0 += 8 {
			w := binary.LittleEndian.Uint64(rl[i0 : i0+8])
			if w == 0 {
				continue
			}
			// The high bit of each byte answered.
			set := ((w&^highs + ^uint64(highs)) | w) & highs
			if set == highs {
				for i := i0; i < i0+8; i++ {
					out[n] = Square{X: x0 + i, Y: y, Cost: int(rt[i]) * feet, Actions: int(rl[i])}
					n++
				}
				continue
			}
			for ; set != 0; set &= set - 1 {
				i := i0 + bits.TrailingZeros64(set)>>3
				out[n] = Square{X: x0 + i, Y: y, Cost: int(rt[i]) * feet, Actions: int(rl[i])}
				n++
			}
		}
		// The rest written past the end and kept when answered.
		for i := i0; i < len(rl); i++ {
			a := rl[i]
			out[n] = Square{X: x0 + i, Y: y, Cost: int(rt[i]) * feet, Actions: int(a)}
			n += int((uint(a) + 255) >> 8)
		}
		dst = dst[:n]
	}
	return dst
}

// orRows sets out[x] to the OR of in[x + j stride] for j < k (k > 1)
// for every x of out: k-1 passes over out, each a word (eight squares) at
// a time.
func orRows(out, in []uint8, stride, k int) {
	n := len(out)
	for j := 1; j < k; j++ {
		a, b := in[:n], in[j*stride:][:n]
		if j > 1 {
			a = out
		}
		x := 0
		for ; x+8 <= n; x += 8 {
			w := binary.LittleEndian.Uint64(a[x:x+8]) | binary.LittleEndian.Uint64(b[x:x+8])
			binary.LittleEndian.PutUint64(out[x:x+8], w)
		}
		for ; x < n; x++ {
			out[x] = a[x] | b[x]
		}
	}
}
