package rules

import (
	"encoding/binary"
	bits2 "math/bits"
	"slices"

	"encounterplanner/model"
)

// The fast flying reach: fly3d.search's answers for a one-square space on a
// map without edge walls, the common flight and the one a pointer drags.
//
// Key space. As in reachFast, a label's total T and diagonal parity p are
// one key K = 2T + p, and every step adds a fixed weight to K that depends
// only on the cube entered and on the step's kind: level or down 2 (+2 for
// a difficult square of layer 0) straight and 3 (sf2e 5, pf1e 6 for that
// square) diagonally; up 4 straight and sf2e 5, pf1e 6 diagonally
// (rules-conventions.md "Elevation": up is a difficult-terrain surcharge);
// straight up 4, straight down one or two layers 2. A Stride may spend c <= B
// squares, which is K <= lim = 2 T0 + 2B + 1 for the T0 it started with,
// so a label is (K, lim), and one beats another at the same state when its
// K is no larger and its room lim - K no smaller.
//
// Strides. A Stride starts from every state where an earlier one could
// stop, with the least K found there so far (a Stride that does not move
// changes no answer: its route without it reaches the same squares, in
// fewer Strides, at the same cost). Before the last Stride the state keeps
// the diagonal parity (an odd key's next Stride has one square less of
// room than an even key's), and a label is beaten only by one of its own
// parity: an even label with no greater key and no less room does not beat
// an odd one, since the same steps from both end a Stride at opposite
// parities, where the dearer one's next Stride may have a square more
// (reachLayers' counterexample to such a pruning holds here
// too); in the last Stride the parity is folded into K. A stop whose label spread
// with room r gave each neighbour a key no larger than its own plus the
// step for every step of weight <= r, so the neighbour starts the next
// Stride at least as well as the stop could bring it: in the next Stride
// the stop takes only its steps dearer than r and those into cubes that
// cannot stop (none at all when r covers every step and no neighbour is
// such a cube). Each Stride so costs the cubes it newly reaches and a band
// of a few squares inside its start, not its whole volume.
//
// Columns. A step down weighs what a level step into the same cube does,
// and a step up 2 more (sf2e; pf1e's diagonal up 3 more). So a cube whose
// cube above has already spread with as much room leaves its level steps
// and its steps up to it (that one steps down and level into the same
// cubes), a cube whose cube below has leaves it its steps down, and a cube
// whose cube above is queued with a key at most 2 more and room at most 2
// less leaves it its steps up (pf1e's steps up only in the last Stride,
// where parity no longer counts). Level steps are queued after steps down,
// so of equal keys the cube above leaves the queue first.
//
// Sides. Likewise in the layer: a neighbour that has expanded an even
// label with as much room has stepped straight (every straight step
// weighs an even amount no more than the diagonal or vertical step this
// cube would take) into the columns beside it, and down, level or up in
// its own (up 4, down 2, level: it is there), so the cube leaves it its
// steps into the three columns between them: a straight neighbour's own
// and the two beside it (and its step straight up, which the neighbour
// takes straight towards it, up, for 4), a diagonal neighbour's own and
// the two straight ones next to both. In the last Stride this holds for
// every step; before it, for the steps whose labels have the parity of the
// neighbour's label (an even weight from a label of its parity, an odd one
// from the other), never for a step whose parity the terrain decides
// (pf1e's diagonals). The start's state is its key's parity, so an even
// state holds even keys. The straight neighbours leave
// two fifths fewer entered states to look at, the diagonal ones a
// seventh fewer again, for a load of eight neighbours' fields.

// Layers. Besides fly3d's bound (the budget's climb, the ceiling of the
// creatures' boxes), a label is dropped when the movement left in this and
// the later Strides cannot reach the asked layer: up costs at least 4 a
// layer, down at least 2 every two layers.
//
// The last Stride. Its keys fold the parity, and the seeds of both
// parities start at a cube; the even state takes the lesser stop key of
// the two as the Stride begins, so a step reads one state's fields.
//
// Shade. In the last Stride only the asked layer's answers count, and a
// route one layer nearer the asked layer costs no more: below it, a step
// up (at least 2 more than the level step the nearer route takes
// instead) is saved where the route climbs, and until then the nearer
// route steps level where it steps level and down where it steps down,
// for the same weight (in the air every open cube weighs 2 straight,
// the ground no less); above it, a step down weighs what the nearer
// route's level step does. That holds where the nearer route's cubes are
// open and no dearer: so a column shades below when, up to the asked
// layer, a cube is open and the one above it blocked or dearer (or
// cannot stop while the one below can: the same rule would serve earlier
// Strides), above likewise from the asked layer up; in the air only a
// creature's cubes do (flyFast.shade finds them from the occupancy, and
// spreads their Chebyshev distances only as far as reach). A label whose
// room cannot carry it to a shading column (twice the distance is more
// than the room: a step across weighs 2 at least) takes no step down at
// or below the asked layer and no step up at or above it (its own level
// step is the nearer route's), and a label below the asked layer is
// dropped as it leaves the queue when the cube above holds (queued,
// expanded or as a stop) a label at most 2 dearer with at most 2 less
// room, above it when the cube below holds one no dearer with as much
// room (before it is marked expanded, so that no column or side rule
// leans on it). A step the column or side rules leave to a neighbour
// that took none by this rule is beaten the same way: the neighbour's
// room, no less, cannot reach a shading column either, and the cube
// the step enters is at most a column further. Away from the creatures
// the last Stride so searches the asked layer alone: 13,700 expansions
// become 4,000.
//
// Moves as masks. An expansion works out, before it reads any entered
// cube, the moves it takes as a 27-bit mask: those its column allows
// (flyFast.colMoves, per column, built with the cubes: the diagonals the
// squares passed beside refuse, and no move into a column blocked in
// every layer, a wall or the padding), those that stay in the box's
// layers (zmask), those its room pays for (roomMask), less those the
// column and side rules leave to a neighbour (tested as masks: their
// answers are as good as a coin toss); a partial expansion keeps those
// dearer than the room it spread with (flyFast.dear by layer, exact but
// for the moves into the ground, which are weighed against their cubes)
// and those into cubes that cannot stop. Some expansions are left no
// move. flyFast.stepFrom then takes the moves, a loop of its own
// with few values, so that the compiler keeps more of them in registers
// (the ring has room made for one label a move beforehand, not grown in
// the loop).
//
// The queue is a ring of 8 stacks (the dearest step weighs 6); states live
// in a padded box, column-major (one square around the window, blocked, so
// no horizontal neighbour needs a bounds test; no layers above or below:
// the steps that would leave the box's layers are masked out by layer,
// flyFast.zmask), so the 27 steps from a cube touch a few cache lines.
// Time: the states reached times their steps (27 at most; over
// BenchmarkReachFly3D about 3.6 an expansion are taken) plus the
// window's volume to set up; memory 27 bytes a cube and 9 a column; zero
// allocations after warm-up.
//
// Where the time goes (BenchmarkReachFly3D, 7 layers, 3 Strides, 3,398
// squares, ~1.65 ms on the shared 2-core machine against ~2.2 ms before
// the shade rule and ~3.0 ms before the masks, stepFrom and the
// diagonal side rule, ~75 ns a label): 17,700 states reached (first in
// their Stride) and 21,369 expansions (3,900, 13,500 and 4,000 by
// Stride), taking 77,500 steps (10,800, 52,400 and 14,200); before the
// shade rule 24,951 states, 31,063 expansions and 142,800 steps, of which
// 7,600 were refused from the cube table (over the budget or too far from
// the asked layer) and 135,100 read the entered state's fields (16 bytes
// a cube, 700 KB): 50,000 found a queued label as good, 48,500 a stop
// key, 8,700 the other parity's labels, and 27,900 were queued. Under
// cachegrind an op is 19.7 million instructions (search 10.4, stepFrom
// 5.3, build 2.6, shade 0.3) and 81,600 mispredicted branches; it was
// 26.4 million and 118,000 before the shade rule (search 13.7, stepFrom
// 9.0: 85,000 of the mispredictions, 39,000 the test for a queued label
// as good, 22,000 the loop's end), and 35 million and 266,000 before
// the masks. The time follows the instructions and the entered states
// read more than the mispredictions: the three tests of an entered state
// as one branch without branches inside, -16,000 mispredictions for +3
// million instructions, is 2% slower; the diagonal side rule, +1.4
// million instructions in search for -1.3 million in stepFrom and a
// seventh fewer states read, is 3% faster (it was 2% slower as branches);
// moving the masks into a method of their own costs its call and changes
// nothing else. Measured on the code before the shade rule and dropped:
// a fresh stop that spread fully standing as expanded in the next Stride
// (marked as its key comes), 9% fewer steps but as many instructions
// more to mark 20,000 stops an op, and 4% more cache misses; in the
// last Stride, dropping a label whose room reaches no square left to
// answer (a Chebyshev distance map of them), 1.5% fewer expansions, all
// in the lowest layers, for a map dearer than them; the lack by layer
// and move in one table, -0.16 million instructions in stepFrom and +0.3
// million in search; the division by the layers as a multiply and shift,
// no change to be seen on the machine. On the code with it: the shade
// rule's steps in the earlier Strides too (room and the later Strides'
// room against the distance), 2.7% fewer expansions for distances spread
// six times as far, +1 million instructions; the air's cubes written
// column by column in build, -0.18 million instructions for 5,000 more
// mispredictions. Earlier measures, on the
// code before stepFrom: computing the tests of a step without branches,
// +4 to +44%, the more so the more it loads the fields of blocked cubes
// too; both parities' fields loaded
// before the weight, +10%; the cube bits beside the states in one
// record, +8%; the most room expanded in a dense array of its own, +12%;
// p and e in arrays of their own, +1%; in the last Stride, leaving the
// diagonal steps to a straight neighbour queued with a key at most 1
// more, +4% for 5% fewer steps (and what paid: the side rule, -11%;
// dropping the padding layers, -5%; a blocked cube's weight past any
// room, -5%). The side rule from neighbours merely queued, not expanded,
// gives wrong answers (neighbours at one key can leave a target to one
// another). Setting up (classifying, boxes, cubes) and the answers are
// the rest. The parity kept before the last Stride costs about a seventh
// of the expansions, the band a fifth.

// Bits of a padded cube (flyFast.cell).
const (
	ffWMask    uint8 = 0x0f // level or down entry weight, straight (0: blocked)
	ffNoEnd    uint8 = 1 << 4
	ffNoStop   uint8 = 1 << 5
	ffNearStop uint8 = 1 << 6 // a neighbour that is not blocked cannot stop
	ffDiag     uint8 = 1 << 7 // refuses a diagonal passing beside it (a wall)
)

// ffRing is the size of the bucket ring: more than the dearest step (6).
const ffRing = 8

// ffBlocked is the weight of a step into a blocked cube: more than any
// room, so the budget test refuses it.
const ffBlocked = 1 << 15

// ffMaxSpan bounds a query's keys: the fields of a state are 16 bits.
const ffMaxSpan = 1 << 12

type ffEnt struct{ st, lim int32 }

type ffSeed struct{ st, k int32 }

// The search keeps per state (cube x 2 + parity) 16-bit fields that hold a
// value v as base + v + 1, valid when above the base (so a new Stride or
// query starts by moving the base, not by clearing):
//   - p: the key (low half, Stride base) and room + 1 (high half) of the
//     best label pushed in this Stride;
//   - e: the most room of a label expanded in this Stride (low half,
//     Stride base) and the least key a Stride could stop with here so far
//     (high half, query base);
//   - dk: the key of the stop label that spread from here (query base),
//     and dr the room it had (at most 15).

type ffSt struct{ p, e uint32 }

type flyFast struct {
	PW, PH, PL        int
	col, row          int // index strides of x and y (a layer's is 1)
	cell              []uint8
	st                []ffSt // per state
	dk                []uint16
	dr                []uint8
	base, qbase       int32
	ring              [ffRing][]ffEnt
	seeds, fresh, mix []ffSeed
	freshSeeds        []ffSeed // the fresh stops that are seeds of the next Stride
	stops             []int32  // the odd states given a stop key
	lack              []int32  // per layer + 3 (see search)
	sbase             int32    // the Stride's base (see search)
	zmask             []uint32 // per layer: the moves that stay in the box's layers
	resT              []int32  // per window square: the answer's total (f.resStamp)
	resA              []int8   // its Strides
	off               [8]int32
	mv                [27]ffMove
	// the moves as tables by index: offset, dz + 2, weight by the entered
	// cube's straight weight (0: no step), and the moves left by the
	// diagonals refused (bit h/2 for diagonal h)
	moff  [32]int32
	mdz   [32]uint8
	wtab  [32][16]uint16
	allow [16]uint32
	// the steps down (but straight down one), level (and straight down
	// one), and up
	downMask, levelMask, upMask uint32
	sinkMask                    uint32 // every step down
	// shadeB, shadeA: per padded column, the Chebyshev distance to the
	// nearest column where a cube in the layers up to the asked one
	// (from it up) is open but the cube above (below) it is blocked
	// or dearer (see the last Stride in search)
	shadeB, shadeA []uint16
	shaded         []int32 // the shading columns (^pc: above)
	// sideMask[h]: the moves the neighbour in direction h does as well
	// (see the side rule in search): into directions h-1, h and h+1, and
	// for a straight h straight up
	sideMask [8]uint32
	// evenW, oddW: the moves whose weight is even (odd) whatever the
	// cube they enter
	evenW, oddW uint32
	sideOff     [8]int32 // from a cube's even state, its neighbours' by direction
	noStop      []int32  // the open cubes that cannot stop
	near        []int32  // the cubes with a step into one that cannot stop
	nearBits    []uint32 // per cube: those steps (bit i for mv[i])
	// dear[pz*ffRing+r]: the moves from layer pz that may weigh more than
	// r (r < ffRing)
	dear     []uint32
	toGround []uint32  // per layer: the moves into the ground (z 0)
	dw       [16]uint8 // diagonal weight by straight weight
	colMoves []uint32  // per padded column: the moves its diagonals allow
	shut     []bool    // per padded column: blocked in every layer
	// roomMask[r]: the moves with a step of weight r or less (r < ffRing)
	roomMask [ffRing]uint32
	// work counters of the last search: labels expanded, states reached
	// (first in each Stride), steps taken (whose entered cube is read)
	expanded, reached, steps int
	// the window square whose answer ends the search (-1: none): a path's
	// bound needs only its target's
	target int
}

// fastReach runs the fast search when it applies (reach, a one-square
// space, no edge walls, keys in range) and reports whether it did. With
// target >= 0 (a window square) it stops once that square is answered:
// answers are recorded as their first label leaves, in key order, Stride
// by Stride, so the first is the answer.
func (f *fly3d) fastReach(target int) bool {
	m := &f.m
	if f.noFast || f.k != 1 || m.es.on || ffSpan(m) > ffMaxSpan {
		return false
	}
	if f.ff == nil {
		f.ff = new(flyFast)
	}
	if !f.ff.build(f) {
		return false
	}
	f.ff.target = target
	f.ff.search(f)
	return true
}

// build fills the padded cubes from the classified squares and the boxes.
// It reports false when a square is dearer than the ring holds (a flyer
// pays at most one surcharge for terrain: not so far).
func (ff *flyFast) build(f *fly3d) bool {
	m := &f.m
	ff.PW, ff.PH, ff.PL = f.bw+2, f.bh+2, f.L
	ff.col, ff.row = ff.PL, ff.PW*ff.PL
	n := ff.PW * ff.PH * ff.PL
	if len(ff.cell) < n {
		ff.cell = make([]uint8, n)
	}
	if len(ff.st) < 2*n {
		ff.st = make([]ffSt, 2*n)
		ff.dk = make([]uint16, 2*n)
		ff.dr = make([]uint8, 2*n)
		ff.base, ff.qbase = 0, 0
	}
	if len(ff.lack) < ff.PL+3 {
		ff.lack = make([]int32, ff.PL+3)
	}
	if len(ff.zmask) < ff.PL {
		ff.zmask = make([]uint32, ff.PL)
	}
	A := f.bw * f.bh
	if len(ff.resT) < A {
		ff.resT = make([]int32, A)
		ff.resA = make([]int8, A)
	}
	cell := ff.cell[:n]
	clear(cell)
	ff.noStop = ff.noStop[:0]
	for z := f.zlo; z < f.zlo+f.L; z++ {
		pz := z - f.zlo
		occ := f.occ[(z-f.zlo)*A : (z-f.zlo+1)*A]
		for wy := 0; wy < f.bh; wy++ {
			src := m.cells[(wy+f.by0)*m.W+f.bx0:]
			orow := occ[wy*f.bw : (wy+1)*f.bw]
			i := (wy+1)*ff.row + ff.col + pz
			if z != 0 {
				// In the air: no terrain, and the occupancy's bits are
				// the cube's (oBlock is cBlock, oNoEnd and oNoStop are
				// ffNoEnd and ffNoStop three places down).
				src := src[:len(orow)]
				for wx, o := range orow {
					c := src[wx]
					v := (c&cDiag)<<3 | (2|(o&(oNoEnd|oNoStop))<<3)&((c|o)&1-1)
					if v&ffNoStop != 0 && v&ffWMask != 0 {
						ff.noStop = append(ff.noStop, int32(i))
					}
					cell[i] = v
					i += ff.col
				}
				continue
			}
			for wx, o := range orow {
				c := src[wx]
				var v uint8
				if c&cDiag != 0 {
					v = ffDiag
				}
				if c&cBlock == 0 && o&oBlock == 0 {
					v |= 2
					if z == 0 {
						lvl := (c & (cLvl0 | cLvl1)) >> lvlShift
						if lvl > 1 {
							return false
						}
						if m.kind == kindSF2E {
							v += 2 * lvl
						} else {
							v = v&^ffWMask | 2<<lvl
						}
						if c&cNoEnd != 0 {
							v |= ffNoEnd | ffNoStop
						}
					}
					if o&oNoEnd != 0 {
						v |= ffNoEnd
					}
					if o&oNoStop != 0 {
						v |= ffNoStop
					}
				}
				if v&ffNoStop != 0 && v&ffWMask != 0 {
					ff.noStop = append(ff.noStop, int32(i+wx*ff.col))
				}
				cell[i+wx*ff.col] = v
			}
		}
	}
	for h := 0; h < 8; h++ {
		ff.off[h] = int32(model.Dir[h][1]*ff.row + model.Dir[h][0]*ff.col)
		ff.sideOff[h] = 2 * ff.off[h]
	}
	// Mark the cubes with a step into one that is open but cannot stop,
	// and list those steps (ffNear: cube, bits of ff.mv).
	for w := 2; w < 16; w++ {
		if m.kind == kindSF2E {
			ff.dw[w] = uint8(w + 1)
		} else {
			ff.dw[w] = uint8(w * 3 / 2)
		}
	}
	ff.mv = ff.moves(m.kind == kindPF1E)
	for i, mv := range ff.mv {
		ff.moff[i], ff.mdz[i] = mv.off, uint8(mv.dz+2)
		ff.wtab[i][0] = ffBlocked
		for w := 1; w < 16; w++ {
			switch mv.kind {
			case ffByCube:
				ff.wtab[i][w] = uint16(w)
			case ffByCubeDiag:
				ff.wtab[i][w] = uint16(ff.dw[w])
			default:
				ff.wtab[i][w] = uint16(mv.w)
			}
		}
	}
	// The moves that stay in the box's layers, by layer.
	for pz := range ff.zmask[:ff.PL] {
		a := uint32(1)<<len(ff.mv) - 1
		for i, mv := range ff.mv {
			if tz := pz + int(mv.dz); tz < 0 || tz >= ff.PL {
				a &^= 1 << i
			}
		}
		ff.zmask[pz] = a
	}
	ff.evenW, ff.oddW = 0, 0
	for i := range ff.mv {
		odd := 0
		for _, w := range []int{2, 4, 6, 8} {
			odd += int(ff.wtab[i][w] & 1)
		}
		switch odd {
		case 0:
			ff.evenW |= 1 << i
		case 4:
			ff.oddW |= 1 << i
		}
	}
	for h := range ff.sideMask {
		ff.sideMask[h] = 0
		for i, mv := range ff.mv {
			if mv.h < 8 && (int(mv.h)-h+9)%8 <= 2 || h&1 == 0 && mv.h == 8 && mv.dz == 1 {
				ff.sideMask[h] |= 1 << i
			}
		}
	}
	for r := range ff.roomMask {
		ff.roomMask[r] = 0
		for i := range ff.mv {
			if int(ff.wtab[i][2]) <= r {
				ff.roomMask[r] |= 1 << i
			}
		}
	}
	// The dearest weight of each move by the layer it leaves: only the
	// ground (z 0) has terrain.
	if len(ff.dear) < ff.PL*ffRing {
		ff.dear = make([]uint32, ff.PL*ffRing)
		ff.toGround = make([]uint32, ff.PL)
	}
	for pz := 0; pz < ff.PL; pz++ {
		ff.toGround[pz] = 0
		for i, mv := range ff.mv {
			if f.zlo+pz+int(mv.dz) == 0 {
				ff.toGround[pz] |= 1 << i
			}
		}
		for r := 0; r < ffRing; r++ {
			a := uint32(0)
			for i, mv := range ff.mv {
				w := int(ff.wtab[i][2])
				if f.zlo+pz+int(mv.dz) == 0 {
					w = max(w, int(ff.wtab[i][4])) // greater difficult terrain
				}
				if w > r {
					a |= 1 << i
				}
			}
			ff.dear[pz*ffRing+r] = a
		}
	}
	ff.downMask, ff.levelMask, ff.upMask, ff.sinkMask = 0, 0, 0, 0
	for i, mv := range ff.mv {
		if mv.dz < 0 {
			ff.sinkMask |= 1 << i
		}
		switch {
		case mv.dz > 0:
			ff.upMask |= 1 << i
		case mv.dz == 0 || mv.h == 8 && mv.dz == -1:
			// level, and straight down one (the cube above steps down two)
			ff.levelMask |= 1 << i
		default:
			ff.downMask |= 1 << i
		}
	}
	for r := range ff.allow {
		a := uint32(1)<<len(ff.mv) - 1
		for i, mv := range ff.mv {
			if mv.h < 8 && mv.h&1 != 0 && r&(1<<(mv.h/2)) != 0 {
				a &^= 1 << i
			}
		}
		ff.allow[r] = a
	}
	// The moves the column's diagonals allow, by padded column (the
	// squares passed beside are the same in every layer), less those
	// into a column blocked in every layer (a wall, the padding).
	if len(ff.colMoves) < ff.PW*ff.PH {
		ff.colMoves = make([]uint32, ff.PW*ff.PH)
		ff.shut = make([]bool, ff.PW*ff.PH)
	}
	for pc := range ff.shut[:ff.PW*ff.PH] {
		col := cell[pc*ff.PL : (pc+1)*ff.PL]
		shut := true
		for _, v := range col {
			if v&ffWMask != 0 {
				shut = false
				break
			}
		}
		ff.shut[pc] = shut
	}
	var hMask [8]uint32 // the moves in direction h
	for i, mv := range ff.mv {
		if mv.h < 8 {
			hMask[mv.h] |= 1 << i
		}
	}
	for py := 1; py <= f.bh; py++ {
		for px := 1; px <= f.bw; px++ {
			c := py*ff.row + px*ff.col
			cN, cE, cS, cW := cell[c-ff.row], cell[c+ff.col], cell[c+ff.row], cell[c-ff.col]
			var refuse uint8 // bit h/2 for diagonal h
			if m.kind == kindPF1E {
				refuse = (cN|cE)>>7 | (cS|cE)>>7<<1 | (cS|cW)>>7<<2 | (cN|cW)>>7<<3
			} else {
				refuse = (cN&cE)>>7 | (cS&cE)>>7<<1 | (cS&cW)>>7<<2 | (cN&cW)>>7<<3
			}
			ff.colMoves[py*ff.PW+px] = ff.allow[refuse]
		}
	}
	for pc, shut := range ff.shut[:ff.PW*ff.PH] {
		if !shut {
			continue
		}
		px, py := pc%ff.PW, pc/ff.PW
		for h, d := range model.Dir {
			if x, y := px-d[0], py-d[1]; x >= 1 && x <= f.bw && y >= 1 && y <= f.bh {
				ff.colMoves[y*ff.PW+x] &^= hMask[h]
			}
		}
	}
	// The steps into cubes that are open but cannot stop, by cube (the
	// cubes marked last time cleared first).
	if len(ff.nearBits) < n {
		ff.nearBits = make([]uint32, n)
		ff.near = ff.near[:0]
	}
	for _, c := range ff.near {
		ff.nearBits[c] = 0
	}
	ff.near = ff.near[:0]
	for _, i := range ff.noStop {
		pz := int(i) % ff.PL
		for j, mv := range ff.mv {
			if spz := pz - int(mv.dz); spz < 0 || spz >= ff.PL {
				continue // no such cube
			}
			src := int32(i) - mv.off
			if cell[src]&ffWMask == 0 {
				continue
			}
			if cell[src]&ffNearStop == 0 {
				cell[src] |= ffNearStop
				ff.near = append(ff.near, src)
			}
			ff.nearBits[src] |= 1 << j
		}
	}
	return true
}

// ffMove is one of the 27 steps from a cube: the offset to the cube it
// enters, its horizontal direction (8: none), its layer change and how it
// is weighed (ffByCube: the entered cube's straight weight; ffByCubeDiag:
// its diagonal weight; else the fixed weight w when the cube is open).
type ffMove struct {
	off  int32
	h    uint8
	dz   int8
	kind uint8
	w    int32
}

const (
	ffByCube = iota
	ffByCubeDiag
	ffFixed
)

// moves fills the step table for the padded box.
func (ff *flyFast) moves(pf1e bool) [27]ffMove {
	var mv [27]ffMove
	upD := int32(5)
	if pf1e {
		upD = 6
	}
	// Steps down come first: of the labels one expansion queues with
	// equal keys, the level ones leave the queue first, so that the cube
	// above is often expanded before the cube below it (see the column
	// rule in search).
	i := 0
	for dz := int8(-1); dz <= 1; dz++ {
		for h := 0; h < 8; h++ {
			diag := uint8(h & 1)
			m := ffMove{off: ff.off[h] + int32(dz), h: uint8(h), dz: dz, kind: ffByCube + diag}
			if dz > 0 {
				m.kind, m.w = ffFixed, 4
				if diag != 0 {
					m.w = upD
				}
			}
			mv[i] = m
			i++
		}
	}
	mv[24] = ffMove{off: 1, h: 8, dz: 1, kind: ffFixed, w: 4}
	mv[25] = ffMove{off: -1, h: 8, dz: -1, kind: ffFixed, w: 2}
	mv[26] = ffMove{off: -2, h: 8, dz: -2, kind: ffFixed, w: 2}
	return mv
}

// ffSpan is one more than any key or room of the query.
func ffSpan(m *mover) int64 {
	return 2*int64(m.budget)*int64(m.layers) + 2*int64(m.budget) + 16
}

// search runs every Stride; answers go to f.resStamp and ff.resT, ff.resA.
func (ff *flyFast) search(f *fly3d) {
	m := &f.m
	steps, expanded, reached := 0, 0, 0
	defer func() { ff.steps, ff.expanded, ff.reached = steps, expanded, reached }()
	f.minX, f.minY, f.maxX, f.maxY = f.bw, f.bh, -1, -1
	if m.budget <= 0 || f.none {
		return
	}
	B := m.budget
	S := m.layers
	span := int32(ffSpan(m))
	// A fresh query: the values of earlier ones fall below the new bases.
	if int64(ff.base)+int64(S+2)*int64(span) >= 1<<16 {
		clear(ff.st)
		clear(ff.dk)
		ff.base = 0
	}
	ff.qbase = ff.base
	ff.base += span
	qbase := ff.qbase
	PW, PL, col, row := int32(ff.PW), int32(ff.PL), int32(ff.col), int32(ff.row)
	cell := ff.cell
	st, dkey, droom := ff.st, ff.dk, ff.dr
	sx, sy := m.start%m.W-f.bx0, m.start/m.W-f.by0
	start := int32(sy+1)*row + int32(sx+1)*col + int32(f.z0-f.zlo)
	startExcluded := f.z0 == f.zEnd
	pzEnd := int32(f.zEnd - f.zlo)
	// need(pz): the least key that reaches the asked layer from layer pz.
	need := func(pz int32) int32 {
		if d := pzEnd - pz; d > 0 {
			return 4 * d
		} else {
			return 2 * ((-d + 1) / 2)
		}
	}
	pf1e := m.kind == kindPF1E
	upOKMask := ff.upMask // the steps up the column rule may leave
	if pf1e && S > 1 {
		upOKMask = 0
	}
	maxW := int32(5) // the dearest step (sf2e)
	if pf1e {
		maxW = 6
	}
	zmask := ff.zmask
	// seedK is the key a Stride could stop with at state ss so far (-1: none).
	seedK := func(ss int32) int32 { return int32(st[ss].e>>16) - qbase - 1 }
	// The start's state is its key's parity: the turn may have counted
	// an odd number of diagonals (the column and side rules read a
	// cube's even state as holding even keys).
	ff.seeds = append(ff.seeds[:0], ffSeed{st: start*2 + int32(m.par0), k: int32(m.par0)})
	ff.stops = ff.stops[:0]
	for s := 0; s < S; s++ {
		last := s == S-1
		if last {
			upOKMask = ff.upMask
		}
		base := ff.base
		ff.base += span
		future := int32(S-1-s) * (2*B + 1) // the room of the later Strides
		fold := int32(1)
		if last {
			fold = 0
		}
		// By layer: the room a label entering it must keep for the later
		// Strides to reach the asked layer (lack[pz+2] for layer pz, from
		// pz -2 on).
		lack := ff.lack[:PL+3]
		for j := range lack {
			lack[j] = max(0, need(int32(j)-2)-future)
		}
		ff.sbase = base
		if last {
			ff.shade(f, pzEnd, int32(B)+1)
			// In the last Stride the seeds of both parities start at a
			// cube: its even state takes the lesser stop key of the two,
			// so that a step looks at one.
			for _, o := range ff.stops {
				sk := seedK(o)
				if e := &st[o^1].e; uint32(int32(*e>>16)-qbase-1) > uint32(sk) {
					*e = *e&0xffff | uint32(qbase+sk+1)<<16
				}
			}
		}
		ff.fresh, ff.freshSeeds = ff.fresh[:0], ff.freshSeeds[:0]
		for i := range ff.ring {
			ff.ring[i] = ff.ring[i][:0]
		}
		// The seeds, by key. One that spread fully needs no expansion,
		// unless a neighbour cannot stop: then only the steps into such
		// neighbours (a partial expansion).
		seeds := ff.seeds
		spread := func(sd ffSeed) bool { return int32(dkey[sd.st]) == qbase+sd.k+1 }
		skip := func(si int) int {
			for si < len(seeds) && spread(seeds[si]) && int32(droom[seeds[si].st]) >= maxW && cell[seeds[si].st>>1]&ffNearStop == 0 {
				si++
			}
			return si
		}
		si := skip(0)
		if si == len(seeds) {
			break
		}
		free := 0 // the room in the fullest bucket, at least
		K := seeds[si].k
		newK := true // K has just come: its seeds are queued first
		for {
			if newK {
				newK = false
				for si < len(seeds) && seeds[si].k == K {
					// In the last Stride, parity 1 folds to 0 at the same cube.
					ss := seeds[si].st &^ (1 - fold)
					lim := K&^1 + 2*B + 1
					b := &ff.ring[K&(ffRing-1)]
					if spread(seeds[si]) {
						*b = append(*b, ffEnt{st: ^seeds[si].st, lim: lim})
						free--
					} else if v := st[ss].p; uint32(int32(uint16(v))-base-1) > uint32(K) || int32(v>>16)-1 < lim-K {
						st[ss].p = uint32(base+K+1) | uint32(lim-K+1)<<16
						*b = append(*b, ffEnt{st: ss, lim: lim})
						free--
					}
					si = skip(si + 1)
				}
			}
			b := &ff.ring[K&(ffRing-1)]
			if len(*b) == 0 {
				if ff.ringEmpty() {
					if si == len(seeds) {
						break
					}
					K = seeds[si].k
				} else {
					K++
				}
				newK = true
				continue
			}
			e := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			ss, lim := e.st, e.lim
			// A partial expansion steps only where its earlier one could
			// not (dearer than the room it had) or into a cube that
			// cannot stop.
			skipW := int32(-1)
			if ss < 0 {
				skipW = int32(droom[^ss])
				if lim-K >= maxW {
					// With this expansion the stop has spread with room
					// for every step.
					droom[^ss] = 15
				}
				ss = ^ss &^ (1 - fold)
			}
			room := lim - K
			c := ss >> 1
			r := c / PL // the padded column
			pz := c - r*PL
			if last {
				// A label below the asked layer whose cube above holds one
				// at most 2 dearer with at most 2 less room, or above it
				// whose cube below holds one no dearer with as much room,
				// where no route of its room meets a shading column.
				if pz < pzEnd && 2*int32(ff.shadeB[r]) > room {
					if queuedWithin(st[(c+1)<<1], base+1, K+2, room-2) != 0 {
						continue
					}
					if sk := seedK((c + 1) << 1); sk >= 0 && sk <= K+2 {
						continue
					}
				} else if pz > pzEnd && 2*int32(ff.shadeA[r]) > room {
					if queuedWithin(st[(c-1)<<1], base+1, K, room) != 0 {
						continue
					}
					if sk := seedK((c - 1) << 1); sk >= 0 && sk <= K && 2*B+1-(sk&1) >= room {
						continue
					}
				}
			}
			if skipW < 0 {
				ev := st[ss].e
				er := int32(uint16(ev)) - base - 1
				first := er < 0
				if er >= room {
					continue // a label with as much room has spread from here
				}
				st[ss].e = ev&^0xffff | uint32(base+room+1)
				if first {
					reached++
					cc := cell[c]
					if pz == pzEnd && cc&ffNoEnd == 0 && !(startExcluded && c == start) {
						wx, wy := int(r%PW)-1, int(r/PW)-1
						a := wy*f.bw + wx
						if f.resStamp[a] != f.qgen {
							f.resStamp[a] = f.qgen
							ff.resT[a], ff.resA[a] = K>>1, int8(s+1)
							f.minX, f.maxX = min(f.minX, wx), max(f.maxX, wx)
							f.minY, f.maxY = min(f.minY, wy), max(f.maxY, wy)
							if a == ff.target {
								return
							}
						}
					}
					sk := seedK(ss)
					seedKey := sk == K
					if !last && cc&ffNoStop == 0 && (sk < 0 || sk > K) {
						ff.fresh = append(ff.fresh, ffSeed{st: ss, k: K})
						seedKey = true
						if room < maxW || cc&ffNearStop != 0 {
							// a seed of the next Stride (see the merge)
							ff.freshSeeds = append(ff.freshSeeds, ffSeed{st: ss, k: K})
						}
					}
					if seedKey {
						// it spreads from its stop key with this room
						dkey[ss], droom[ss] = uint16(qbase+K+1), uint8(min(room, 15))
					}
				}
			}
			expanded++
			bits := ff.colMoves[r] & zmask[pz] & ff.roomMask[min(room, ffRing-1)]
			if last {
				if pz <= pzEnd && 2*int32(ff.shadeB[r]) > room {
					bits &^= ff.sinkMask
				}
				if pz >= pzEnd && 2*int32(ff.shadeA[r]) > room {
					bits &^= ff.upMask
				}
			}
			if skipW >= 0 {
				// Only steps dearer than the earlier expansion's room
				// and those into cubes that cannot stop are left.
				nb := ff.nearBits[c]
				bits &= ff.dear[pz*ffRing+min(skipW, ffRing-1)] | nb
				if g := ff.toGround[pz]; g != 0 {
					// Into the ground a move's weight is its cube's.
					for b := bits &^ nb & g; b != 0; b &= b - 1 {
						i := bits2.TrailingZeros32(b) & 31
						if int32(ff.wtab[i][cell[c+ff.moff[i]]&ffWMask]) <= skipW {
							bits &^= 1 << i
						}
					}
				}
			}
			if bits == 0 {
				continue // no step to take
			}
			// Steps that a neighbour in the column does as well. A step
			// down weighs what a level step into its cube does, and a step
			// up 2 more (sf2e; pf1e's diagonal up 3 more, which changes
			// the parity, so there only in the last Stride). So the cube
			// above, once expanded with as much room (so with a key no
			// larger), has stepped down into every cube this one's level
			// steps enter and level into every cube its steps up enter,
			// and straight down past this one; the cube below, once
			// expanded so, has stepped level into every cube this one's
			// steps down enter, and straight down; the cube above, queued
			// with a key at most 2 more and room at most 2 less, will step
			// level into every cube this one's steps up enter. Before the
			// last Stride only a label of this one's parity stands in.
			// (Tests as masks: all ones when true; the neighbours'
			// answers are as good as a coin toss, and their fields are
			// near.)
			par := ss & 1
			aboveM := uint32((pz + 1 - PL) >> 31)
			belowM := uint32(-pz >> 31)
			rb := base + room
			cs := (*[6]ffSt)(st[(c-1)<<1 : (c+2)<<1]) // below, this, above
			expA := spreadWith(cs[4].e, rb)
			expB := spreadWith(cs[0].e, rb)
			queA := queuedWithin(cs[4], base+1, K+2, room-2)
			if par != 0 {
				// Before the last Stride only a label of this one's
				// parity stands in (a step weighs alike from both): an
				// even label, though cheaper with as much room, does not
				// beat an odd one there, since a step of the same weight
				// from each ends a Stride at the other parity, where the
				// dearer one's next Stride may have the more room.
				expA = spreadWith(cs[5].e, rb)
				expB = spreadWith(cs[1].e, rb)
				queA = queuedWithin(cs[5], base+1, K+2, room-2)
			}
			bits &^= (ff.levelMask|upOKMask)&expA&aboveM | ff.downMask&expB&belowM | upOKMask&queA&aboveM
			// Steps that a neighbour in the layer does as well (the side
			// rule): one that has expanded an even label with as much
			// room (so a key no larger) has stepped straight, for an even
			// weight no dearer, into the columns beside it that this one
			// steps into (diagonally from a straight neighbour,
			// straight from a diagonal one), down, level or up into its
			// own column as this one does (up 4, down 2, level: it is
			// there), and a straight one up into this one's column as
			// this one steps straight up (4). Before the last Stride only
			// for the steps whose labels take the neighbour label's
			// parity.
			c2, so := c<<1, &ff.sideOff
			if fold == 0 {
				bits &^= ff.sideMask[0]&spreadWith(st[c2+so[0]].e, rb) |
					ff.sideMask[2]&spreadWith(st[c2+so[2]].e, rb) |
					ff.sideMask[4]&spreadWith(st[c2+so[4]].e, rb) |
					ff.sideMask[6]&spreadWith(st[c2+so[6]].e, rb) |
					ff.sideMask[1]&spreadWith(st[c2+so[1]].e, rb) |
					ff.sideMask[3]&spreadWith(st[c2+so[3]].e, rb) |
					ff.sideMask[5]&spreadWith(st[c2+so[5]].e, rb) |
					ff.sideMask[7]&spreadWith(st[c2+so[7]].e, rb)
			} else {
				// Before the last Stride a neighbour's label stands in
				// only for the steps whose labels have its parity (its
				// straight steps weigh an even amount; see the column
				// rule): this label's steps of an even weight are left
				// to the neighbour's label of this label's parity, those
				// of an odd weight to its other parity's, and those
				// whose parity the terrain decides (pf1e's diagonals:
				// 3, or 6 into difficult ground) to neither.
				same, other := c2+par, c2+par^1
				for h := range so {
					bits &^= ff.sideMask[h] & (ff.evenW&spreadWith(st[same+so[h]].e, rb) | ff.oddW&spreadWith(st[other+so[h]].e, rb))
				}
			}
			if bits == 0 {
				continue // every step left to a neighbour (a sixth)
			}
			// Every bucket holds room for all its steps.
			if free < len(ff.mv) {
				free = ff.makeRoom()
			}
			n := bits2.OnesCount32(bits)
			ff.stepFrom(c, bits, K, lim, fold, (*[4]int32)(lack[pz:pz+4]))
			free -= n // at most one label a step
			steps += n
		}
		if last {
			break
		}
		// The next Stride's seeds: the old ones not beaten, merged with the
		// fresh ones (both by key), and the fresh keys recorded.
		for _, sd := range ff.fresh {
			st[sd.st].e = st[sd.st].e&0xffff | uint32(qbase+sd.k+1)<<16
			if sd.st&1 != 0 {
				ff.stops = append(ff.stops, sd.st)
			}
		}
		mix := ff.mix[:0]
		// A stop that has spread with room for every step and has no
		// neighbour that cannot stop is never queued again: a fresh one
		// spread with the room it was reached with (its first
		// expansion's, whose key is its stop key), so only those with
		// less room than a step or such a neighbour were kept.
		old, fr := seeds, ff.freshSeeds
		for len(old) > 0 {
			sd := old[0]
			for len(fr) > 0 && fr[0].k < sd.k {
				mix, fr = append(mix, fr[0]), fr[1:]
			}
			old = old[1:]
			if seedK(sd.st) == sd.k && !(spread(sd) && int32(droom[sd.st]) >= maxW && cell[sd.st>>1]&ffNearStop == 0) {
				mix = append(mix, sd)
			}
		}
		mix = append(mix, fr...)
		ff.mix, ff.seeds = ff.seeds, mix
	}
}

// stepFrom takes the steps bits from cube c for a label with key K and
// limit lim (fold: 0 in the last Stride, else 1; lack: by dz + 2, the
// room a label entering that layer must keep) and queues the labels no
// other beats; the ring has room for one a step. A loop of its own, so
// that its few values stay in registers.
func (ff *flyFast) stepFrom(c int32, bits uint32, K, lim, fold int32, lack *[4]int32) {
	cell, st := ff.cell, ff.st
	moff, mdz, wtab := &ff.moff, &ff.mdz, &ff.wtab
	base1, qbase1 := ff.sbase+1, ff.qbase+1
	for ; bits != 0; bits &= bits - 1 {
		i := bits2.TrailingZeros32(bits) & 31
		t := c + moff[i]
		ct := cell[t]
		w := int32(wtab[i][ct&ffWMask])
		nk := K + w
		nroom := lim - nk
		if nroom < lack[mdz[i]&3] {
			continue // blocked, over the budget, or too far from the asked layer
		}
		ns := t<<1 | nk&fold
		v := st[ns]
		pk := int32(uint16(v.p)) - base1
		if uint32(pk) <= uint32(nk) && int32(v.p>>16) > nroom {
			continue // a label as good is queued
		}
		// (A label no better than one that spread from here is rare:
		// it is queued all the same and dropped as it leaves.)
		if uint32(int32(v.e>>16)-qbase1) <= uint32(nk) {
			continue // it starts this Stride at least as well
		}
		if uint32(pk) > uint32(nk) || pk == nk && int32(v.p>>16) <= nroom {
			st[ns].p = uint32(base1+nk) | uint32(nroom+1)<<16
		}
		b := &ff.ring[nk&(ffRing-1)]
		n := len(*b)
		*b = (*b)[:n+1] // the caller made room
		(*b)[n] = ffEnt{st: ns, lim: lim}
	}
}

// shade fills ff.shadeB and ff.shadeA for the asked layer pzEnd, as far
// as reach (distances past reach are left at reach + 1): a column shades
// below when, up to the asked layer, a cube is open and the one above it
// blocked or dearer; above when, from the asked layer up, a cube is open
// and the one below it blocked or dearer. In the air a cube weighs 2 or
// is blocked, so only a creature's cubes shade, but for the ground's
// terrain under the asked layer 1 (then every column is looked at).
func (ff *flyFast) shade(f *fly3d, pzEnd, reach int32) {
	PW, PH, PL := ff.PW, ff.PH, ff.PL
	if len(ff.shadeB) < PW*PH {
		ff.shadeB = make([]uint16, PW*PH)
		ff.shadeA = make([]uint16, PW*PH)
	}
	reach = min(reach, 1<<14)
	sb, sa := ff.shadeB[:PW*PH], ff.shadeA[:PW*PH]
	for i := range sb {
		sb[i], sa[i] = uint16(reach+1), uint16(reach+1)
	}
	cell, pe := ff.cell, int(pzEnd)
	ff.shaded = ff.shaded[:0]
	look := func(pc int) {
		col := cell[pc*PL : pc*PL+PL]
		// (w - 1 >= v for v > 0: w is blocked or dearer than v)
		for z := 1; z <= pe && z < len(col); z++ {
			if lo, hi := col[z-1]&ffWMask, col[z]&ffWMask; lo != 0 && hi-1 >= lo {
				if sb[pc] != 0 {
					sb[pc] = 0
					ff.shaded = append(ff.shaded, int32(pc))
				}
				break
			}
		}
		for z := pe + 1; z < len(col); z++ {
			if lo, hi := col[z-1]&ffWMask, col[z]&ffWMask; hi != 0 && lo-1 >= hi {
				if sa[pc] != 0 {
					sa[pc] = 0
					ff.shaded = append(ff.shaded, ^int32(pc))
				}
				break
			}
		}
	}
	if pe == 0 {
		for pc := range sb {
			look(pc)
		}
	} else {
		// The columns with a creature's cube, 8 window squares at a time.
		A := f.bw * f.bh
		occ := f.occ[:A*PL]
		for l := 0; l < PL; l++ {
			o := occ[l*A : l*A+A]
			for a := 0; a < A; a += 8 {
				if a+8 <= A && binary.LittleEndian.Uint64(o[a:])&0x0101010101010101 == 0 {
					continue // (oBlock is bit 0)
				}
				for b := a; b < min(a+8, A); b++ {
					if o[b]&oBlock != 0 {
						look((b/f.bw+1)*PW + b%f.bw + 1)
					}
				}
			}
		}
	}
	// The Chebyshev distances within reach of each shading column.
	R := int(reach)
	for _, pc := range ff.shaded {
		d := sb
		if pc < 0 {
			d, pc = sa, ^pc
		}
		px, py := int(pc)%PW, int(pc)/PW
		for y := max(py-R, 0); y <= min(py+R, PH-1); y++ {
			row := d[y*PW : y*PW+PW]
			dy := uint16(max(y-py, py-y))
			for x := max(px-R, 0); x <= min(px+R, PW-1); x++ {
				row[x] = min(row[x], max(dy, uint16(max(x-px, px-x))))
			}
		}
	}
}

// ringEmpty reports whether no label is queued.
func (ff *flyFast) ringEmpty() bool {
	for _, b := range ff.ring {
		if len(b) != 0 {
			return false
		}
	}
	return true
}

// makeRoom grows the ring's buckets that hold room for fewer than a
// cube's steps and returns the room in the fullest (the capacities stay
// for later queries).
func (ff *flyFast) makeRoom() int {
	free := 1 << 30
	for i := range ff.ring {
		b := &ff.ring[i]
		if cap(*b)-len(*b) < 4*len(ff.mv) {
			*b = slices.Grow(*b, 4*len(ff.mv))
		}
		free = min(free, cap(*b)-len(*b))
	}
	return free
}

// spreadWith is, for a state's e, all ones when it expanded in the
// Stride of base a label with room at least rb - base (so with a key no
// larger than the one now leaving the queue), else 0.
func spreadWith(e uint32, rb int32) uint32 {
	return uint32((rb - int32(uint16(e))) >> 31)
}

// queuedWithin is, for a state, all ones when it has queued or expanded,
// in the Stride of base1 - 1, a label with a key at most k and room at
// least r, else 0.
func queuedWithin(s ffSt, base1, k, r int32) uint32 {
	x := int32(uint16(s.p)) - base1
	q := ^uint32((x | (k - x) | (int32(s.p>>16) - 1 - r)) >> 31)
	return q | spreadWith(s.e, base1-1+r)
}

// resultsFast appends the fast search's answers (and pf1e's minimum
// movement, as results does), sorted by y then x.
func (f *fly3d) resultsFast(dst []Square) []Square {
	m, ff := &f.m, f.ff
	minimum := f.minimumMoves()
	for wy := min(f.minY, minimum.y0); wy <= max(f.maxY, minimum.y1); wy++ {
		for wx := min(f.minX, minimum.x0); wx <= max(f.maxX, minimum.x1); wx++ {
			a := wy*f.bw + wx
			if f.resStamp[a] == f.qgen {
				dst = append(dst, Square{X: wx + f.bx0, Y: wy + f.by0, Cost: int(ff.resT[a]) * m.feet, Actions: int(ff.resA[a])})
			} else if minimum.has(wx, wy) {
				dst = append(dst, Square{X: wx + f.bx0, Y: wy + f.by0, Cost: m.feet, Actions: 2})
			}
		}
	}
	return dst
}
