package rules

import (
	"math"
	"slices"

	"encounterplanner/model"
)

// Flying over elevation layers (rules-conventions.md "Elevation", sf2e and
// pf1e `fly`). A flying step moves the space one square in one of 8
// directions or not at all, and one layer up, none or down (straight down:
// one or two layers). Its horizontal part costs what it costs in 2-D (the
// diagonal count; terrain surcharges only when the box touches layer 0), a
// step with no horizontal part one square; going up a layer adds a
// difficult-terrain surcharge (sf2e +1 square, pf1e one more doubling), so
// straight up is 10 ft a layer; going down adds nothing.
//
// The search is the 2-D one's in three dimensions: states (x, y, layer,
// diagonal parity) per Stride, labels (c spent in the Stride, T in total,
// R reaction steps) kept when no earlier label at the state spent less in
// the Stride; labels leave a heap in (T, R) order and, at a cube, in the
// order of their moves (popGroup), so the first label to leave at a
// square is its answer (fewest Strides, then least T, then fewest
// reactions, then the first in the neighbour order: horizontal N, NE, ...
// NW, then none; within each down, level, up).
// Creatures are boxes: a step is refused when the moving box overlaps a
// creature it may not pass, and a move may end above or below one.
//
// Layers are bounded by the budget: up costs at least 2 squares a layer and
// down at most 2 layers a square, so the search spans the layers from
// start - 2 x budget to start + budget / 2 (and never below 0).
//
// A reach of a one-square space on a map without edge walls goes to the
// fast search of fly3dfast.go instead (same answers, cross-checked); paths,
// larger spaces and edge walls use this one. A path first asks the reach
// for its target's answer: out of reach, it searches nothing; else the
// answer bounds the search (flyBound), which then only goes where a route
// as good can go (BenchmarkPathFly3D: 1.9 ms, the reach's, against 159 ms
// unbounded). A larger space reads what it meets from two tables made once
// a query: boxBlock (does the box there hold a creature it may not pass;
// only then are the squares it enters looked at one by one) and tries (a
// position's eight steps on the map, worked out at its first label); a
// reach leaves out the threatened squares, which it does not count
// (BenchmarkReachFly3DLarge: 52 ms to 19). A space standing on a wall
// square (placed there) carries it level until it steps out of it, as in
// 2-D, but never stops holding it nor moves up or down holding it: walls
// are full height.

// Bits of flyOcc (per layer and window square).
const (
	oBlock  uint8 = 1 << iota // a creature the mover may not pass
	oNoEnd                    // a creature the move may not end on
	oNoStop                   // a creature a Stride may not stop on (not an ally)
	oThreat                   // leaving it (the box's bottom in this layer) provokes
)

// passing answers in the 2-D cells' bits; the flights' boxes use the same.
var _ = [1]struct{}{}[int(oBlock^cBlock)|int(oNoEnd^cNoEnd)|int(oNoStop^cNoStop)]

// flyMoves are the step kinds in tie-break order: (horizontal direction, 8
// = none; layers).
var flyMoves = func() [][2]int8 {
	var mv [][2]int8
	for h := int8(0); h < 8; h++ {
		mv = append(mv, [2]int8{h, -1}, [2]int8{h, 0}, [2]int8{h, 1})
	}
	return append(mv, [2]int8{8, -1}, [2]int8{8, -2}, [2]int8{8, 1})
}()

type flyLabel struct {
	st     int32 // ((z * bh + y) * bw + x) * 2 + parity, window coordinates
	c, t   int32
	r      int32
	parent int32
	mv     int8 // index into flyMoves; -1 at the start
	stride int8 // 0-based
}

// fly3d holds the buffers of the 3-D flying search, reused between calls.
type fly3d struct {
	enc  model.Encounter // the encounter with the mover alone: terrain only
	m    mover
	e    *model.Encounter
	kind kind
	tok  int
	k    int
	fps  int
	// the window: squares bx0.. (bw x bh), layers zlo..zlo+L-1 (the box's
	// bottom), occupancy up to zlo+L-1+k-1.
	bx0, by0, bw, bh int
	zlo, L, z0, zEnd int
	none             bool // the end elevation is out of reach: nothing to search
	occ              []uint8
	// per layer and window position, for a space of 2 squares or more: the
	// box with its bottom there holds a creature it may not pass (an
	// entered one is then looked for square by square)
	boxBlock []uint8
	boxTmp   []uint8
	threats  bool // some square is marked threatened (a path's)
	// per window position, for a space of 2 squares or more: its eight
	// steps (mover.levelSteps), worked out at its first label (tryStamp ==
	// qgen)
	tryW      []uint64
	tryStamp  []uint32
	gen       uint32   // per Stride of each query
	qgen      uint32   // per query
	stamp     []uint32 // per state: minC valid (gen)
	minC      []int32
	nextStamp []uint32 // per state: it starts the next Stride (gen)
	// per state: the best label pushed in this Stride (pstamp == gen); a
	// push it dominates in c, t and r is skipped.
	pstamp     []uint32
	pc, pt, pr []int32
	// paths: per state the index in next of the label that stopped there
	nextIdx    []int32
	resStamp   []uint32 // per window square: an answer (qgen)
	resLab     []int32
	labels     []flyLabel
	heap       []uint64
	next, src  []int32 // labels that start the next Stride, this one
	buckets    bool    // the queue is the bucket ring (reach), not the heap
	ring       [nBuckets][]int32
	ringN      int
	ringT      int32
	chain      []int32 // a path's labels
	ws         squareSum
	ff         *flyFast // the fast reach (fly3dfast.go)
	noFast     bool     // tests: answer every reach by search
	noBound    bool     // tests: search a path without its bound
	bnd        flyBound // a path's bound (path)
	minX, minY int
	maxX, maxY int

	// a path's labels of the least key, by cube and at a cube in the order
	// of their moves (popGroup), and the buffers that sort them
	group    []int32
	groupAt  int
	groupKey []uint64
	seqBuf   []int8
	seqRun   []seqSpan
}

// flyBound is what a path knows of its target before it searches: the
// reach's answer there, T squares in total in Stride s (0-based), at
// window position (x, y) and layer z. A label can lie on a route that
// answers only if what is left of the way, at least h = the open-map cost
// of the horizontal steps (openCost, from the label's parity) plus a
// square a layer still to climb (every step up pays a square's surcharge
// at least, and nothing costs less than on an open map), fits both in T
// and in what is left of its Stride and the Strides up to s.
type flyBound struct {
	on      bool
	t       int32
	s       int8
	x, y, z int
}

// admits reports whether a label at (wx, wy, z) with parity p, having spent
// c in its Stride (0-based stride) and t in total, may still lie on a
// route to the target within the bound.
func (b *flyBound) admits(wx, wy, z int, p uint8, c, t int32, stride int8, B int32) bool {
	h := openCost(wx, wy, p, b.x, b.y) + int32(max(0, b.z-z))
	return t+h <= b.t && int64(h) <= int64(B-c)+int64(b.s-stride)*int64(B)
}

// seqSpan is a label and where its moves are in fly3d.seqBuf.
type seqSpan struct{ li, from, to int32 }

// maxFlyStates bounds the states of one flight (about 32 bytes each).
const maxFlyStates = 1 << 24

// flyPrepare validates a query for the 3-D search. It answers used=false
// when the query is not a flight in sf2e or pf1e (the 2-D search answers
// it); a non-flying query that asks an elevation other than the token's
// own is bad.
//
// A reach does not count reactions, so for it (path false) the ceiling
// leaves out enemies' reach and no square is marked threatened.
func (f *fly3d) prepare(k kind, e *model.Encounter, q MoveQuery, path bool) (used bool, err error) {
	if q.Token < 0 || q.Token >= len(e.Tokens) {
		return false, nil // the 2-D search says so
	}
	t := &e.Tokens[q.Token]
	mode := q.Mode
	if mode == "" {
		mode = ModeLand
	}
	if mode != ModeFly || q.Step {
		if q.SetElevation && q.Elevation != t.Elevation {
			return true, BadQuery("token %q: only flying changes elevation (%s keeps it at %d ft; asked %d ft)", t.Name, mode, t.Elevation, q.Elevation)
		}
		return false, nil
	}
	fps := e.Feet()
	end := t.Elevation
	if q.SetElevation {
		end = q.Elevation
	}
	switch {
	case end%fps != 0:
		return true, BadQuery("token %q: elevation %d ft is not a multiple of %d ft (one square)", t.Name, end, fps)
	case end < 0:
		return true, BadQuery("token %q: elevation %d ft is below the ground; flight never goes below 0", t.Name, end)
	case t.Elevation < 0:
		return true, BadQuery("token %q is below the ground (%d ft) and cannot fly from there", t.Name, t.Elevation)
	}
	f.enc = *e
	f.enc.Tokens = e.Tokens[q.Token : q.Token+1]
	q1 := q
	q1.Token = 0
	f.e, f.kind, f.tok, f.fps = e, k, q.Token, fps
	// The flight stays between the ground and the highest of its ends and
	// the ceiling: the mover's Speed is clamped to what that many layers
	// can use (a climb costs movement the flat map's clamp does not count).
	ceil := f.ceiling(path)
	f.m.levels = max(t.Elevation/fps, end/fps, ceil) + 1
	if _, err := f.m.prepare(k, &f.enc, q1); err != nil {
		return true, err
	}
	m := &f.m
	f.k = m.k
	f.bx0, f.by0 = m.bx0, m.by0
	f.bw, f.bh = m.bx1-m.bx0+1, m.by1-m.by0+1
	f.z0, f.zEnd = t.Elevation/fps, end/fps
	total := int(m.budget) * m.layers
	// Layers at or above the ceiling are alike and dearer to climb: a
	// flight never goes above it (or both ends), nor dips below it when
	// both ends are at or above it.
	zhi := min(f.z0+total/2, max(f.z0, f.zEnd, ceil))
	f.zlo = max(0, f.z0-2*total)
	if low := min(f.z0, f.zEnd); low >= ceil {
		f.zlo = max(f.zlo, low)
	}
	f.none = f.zEnd < f.zlo || f.zEnd > zhi // out of the budget's reach
	if f.none {
		zhi = f.z0
	}
	f.L = zhi - f.zlo + 1
	if states := f.bw * f.bh * f.L * 2; states > maxFlyStates {
		return true, BadQuery("token %q: a flight over %d layers of this map is %d states, more than the planner searches (%d); ask for a nearer elevation", t.Name, f.L, states, maxFlyStates)
	}
	f.qgen++
	if f.qgen == 0 {
		clear(f.resStamp)
		clear(f.tryStamp)
		f.qgen = 1
	}
	f.build(path)
	return true, nil
}

// ceiling is the lowest layer above which every layer is alike for the
// mover: above every creature's box and, for a path (whose reaction flags
// count), every enemy's reach, so that a flight higher costs more and meets
// nothing new (terrain counts only in layer 0, walls are full height). The
// search never climbs above it (or above both ends).
func (f *fly3d) ceiling(path bool) int {
	e := f.e
	top := 1
	for j := range e.Tokens {
		if j == f.tok {
			continue
		}
		o := &e.Tokens[j]
		_, hi := tokenLayers(e, o)
		top = max(top, hi+1)
		if path && canMelee(o) {
			top = max(top, hi+outerReach(f.kind, e, o)/f.fps+1)
		}
	}
	return top
}

// build marks creatures' boxes and, for a path, the threatened squares per
// layer. O(window x layers + tokens x (box + layers x reach area)).
func (f *fly3d) build(path bool) {
	e, k := f.e, f.k
	A := f.bw * f.bh
	nOcc := A * (f.L + k - 1)
	f.occ = slices.Grow(f.occ[:0], nOcc)[:nOcc]
	clear(f.occ)
	if len(f.resStamp) < A {
		f.resStamp = append(f.resStamp, make([]uint32, A-len(f.resStamp))...)
		f.resLab = append(f.resLab, make([]int32, A-len(f.resLab))...)
		f.tryStamp = append(f.tryStamp, make([]uint32, A-len(f.tryStamp))...)
		f.tryW = append(f.tryW, make([]uint64, A-len(f.tryW))...)
	}
	t := &e.Tokens[f.tok]
	side := t.SideOrNeutral()
	top := f.zlo + f.L + k - 2 // the highest layer a box can fill
	for j := range e.Tokens {
		o := &e.Tokens[j]
		if j == f.tok {
			continue
		}
		bits := passing(t, side, o) // cBlock, cNoEnd, cNoStop are oBlock, oNoEnd, oNoStop
		if bits == 0 {
			continue
		}
		ok := e.Space(o)
		l0, l1 := tokenLayers(e, o)
		for l := max(l0, f.zlo); l <= min(l1, top); l++ {
			for y := max(o.Y, f.by0); y < min(o.Y+ok, f.by0+f.bh); y++ {
				for x := max(o.X, f.bx0); x < min(o.X+ok, f.bx0+f.bw); x++ {
					f.occ[(l-f.zlo)*A+(y-f.by0)*f.bw+x-f.bx0] |= bits
				}
			}
		}
	}
	f.markBoxBlock()
	f.threats = false
	if !path {
		return
	}
	// Reactions: a square is threatened for a box whose bottom is in layer
	// z when an enemy that can act reaches it there.
	for j := range e.Tokens {
		o := &e.Tokens[j]
		if j == f.tok || !model.Enemies(side, o.SideOrNeutral()) || !canMelee(o) || !f.m.nearBox(o, e) {
			continue
		}
		r := outerReach(f.kind, e, o)
		for z := f.zlo; z < f.zlo+f.L; z++ {
			v := layerGap(e, o, z, z+k-1)
			if !within3(0, 0, v, r, f.fps) {
				continue
			}
			row := f.occ[(z-f.zlo)*A : (z-f.zlo+1)*A]
			mark := func(x, y int) {
				if x >= f.bx0 && x < f.bx0+f.bw && y >= f.by0 && y < f.by0+f.bh {
					row[(y-f.by0)*f.bw+x-f.bx0] |= oThreat
					f.threats = true
				}
			}
			forThreat(f.kind, e, j, &f.ws, z, z+k-1, mark)
			ok := e.Space(o)
			for y := o.Y; y < o.Y+ok; y++ {
				for x := o.X; x < o.X+ok; x++ {
					if reachesSquare(f.kind, e, o, x, y, v, nil) {
						mark(x, y)
					}
				}
			}
		}
	}
}

// markBoxBlock fills boxBlock for a space of k >= 2 squares: the ORs of
// oBlock over k squares of a row, then k rows, then k layers, each a pass.
// Positions the space does not fit at are left as they were: no step
// lands there.
func (f *fly3d) markBoxBlock() {
	k := f.k
	if k < 2 {
		return
	}
	A, bw := f.bw*f.bh, f.bw
	nOcc := A * (f.L + k - 1)
	f.boxTmp = slices.Grow(f.boxTmp[:0], 2*nOcc)[:2*nOcc]
	rows, cols := f.boxTmp[:nOcc], f.boxTmp[nOcc:]
	for i := 0; i < nOcc; i += bw {
		occ, out := f.occ[i:i+bw], rows[i:i+bw]
		for x := 0; x+k <= bw; x++ {
			var b uint8
			for _, c := range occ[x : x+k] {
				b |= c
			}
			out[x] = b & oBlock
		}
	}
	for l := 0; l < f.L+k-1; l++ {
		for y := 0; y+k <= f.bh; y++ {
			out := cols[l*A+y*bw : l*A+y*bw+bw]
			copy(out, rows[l*A+y*bw:l*A+y*bw+bw])
			for j := 1; j < k; j++ {
				for x, c := range rows[l*A+(y+j)*bw : l*A+(y+j)*bw+bw] {
					out[x] |= c
				}
			}
		}
	}
	nb := A * f.L
	f.boxBlock = slices.Grow(f.boxBlock[:0], nb)[:nb]
	for l := 0; l < f.L; l++ {
		out := f.boxBlock[l*A : l*A+A]
		copy(out, cols[l*A:l*A+A])
		for j := 1; j < k; j++ {
			for i, c := range cols[(l+j)*A : (l+j)*A+A] {
				out[i] |= c
			}
		}
	}
}

// tries returns the eight steps of the space at window position (wx, wy)
// (fly3d.tryW), working them out at its first call of the query.
func (f *fly3d) tries(wx, wy int) uint64 {
	a := wy*f.bw + wx
	if f.tryStamp[a] == f.qgen {
		return f.tryW[a]
	}
	w := f.m.levelSteps(wx+f.bx0, wy+f.by0)
	f.tryStamp[a], f.tryW[a] = f.qgen, w
	return w
}

// grow sizes search's per-state buffers for the window.
func (f *fly3d) grow() {
	A := f.bw * f.bh
	ns := A * f.L * 2
	if len(f.stamp) < ns {
		f.stamp = append(f.stamp, make([]uint32, ns-len(f.stamp))...)
		f.minC = append(f.minC, make([]int32, ns-len(f.minC))...)
		f.nextStamp = append(f.nextStamp, make([]uint32, ns-len(f.nextStamp))...)
		f.pstamp = append(f.pstamp, make([]uint32, ns-len(f.pstamp))...)
		f.pc = append(f.pc, make([]int32, ns-len(f.pc))...)
		f.pt = append(f.pt, make([]int32, ns-len(f.pt))...)
		f.pr = append(f.pr, make([]int32, ns-len(f.pr))...)
		f.nextIdx = append(f.nextIdx, make([]int32, ns-len(f.nextIdx))...)
	}
}

// boxHas reports whether the mover's box with top-left (wx, wy) in window
// coordinates and bottom layer z meets a creature with a bit of mask.
func (f *fly3d) boxHas(wx, wy, z int, mask uint8) bool {
	A := f.bw * f.bh
	for l := z - f.zlo; l < z-f.zlo+f.k; l++ {
		for y := wy; y < wy+f.k; y++ {
			row := f.occ[l*A+y*f.bw+wx : l*A+y*f.bw+wx+f.k]
			for _, c := range row {
				if c&mask != 0 {
					return true
				}
			}
		}
	}
	return false
}

// entersBox reports whether the box moving from (wx, wy, z) to (nx, ny, nz)
// (window coordinates, bottom layers) newly enters a creature's cells with
// a bit of mask (cells it already filled are not entered: "every newly
// entered square must be enterable").
func (f *fly3d) entersBox(wx, wy, z, nx, ny, nz int, mask uint8) bool {
	A, k := f.bw*f.bh, f.k
	for l := nz; l < nz+k; l++ {
		oldL := l >= z && l < z+k
		for y := ny; y < ny+k; y++ {
			base := (l-f.zlo)*A + y*f.bw
			for x := nx; x < nx+k; x++ {
				if oldL && x >= wx && x < wx+k && y >= wy && y < wy+k {
					continue
				}
				if f.occ[base+x]&mask != 0 {
					return true
				}
			}
		}
	}
	return false
}

// leavesThreat reports whether moving the box at (wx, wy, z) by move mv
// leaves a threatened square: for a level horizontal step the squares it
// leaves, otherwise every square of its footprint.
func (f *fly3d) leavesThreat(wx, wy, z int, h, dz int8) bool {
	row := f.occ[(z-f.zlo)*f.bw*f.bh:]
	for y := wy; y < wy+f.k; y++ {
		for x := wx; x < wx+f.k; x++ {
			if dz == 0 && h < 8 {
				nx, ny := wx+model.Dir[h][0], wy+model.Dir[h][1]
				if x >= nx && x < nx+f.k && y >= ny && y < ny+f.k {
					continue // still covered
				}
			}
			if row[y*f.bw+x]&oThreat != 0 {
				return true
			}
		}
	}
	return false
}

// mayEnd reports whether the box may end (final) or stop a Stride there.
func (f *fly3d) mayEnd(wx, wy, z int, final bool) bool {
	no := cBlock // a wall square, full height: a space placed on one carries it but never stops holding it
	if z == 0 {
		no = cNoEnd // and in layer 0 an obstacle
	}
	if f.m.spaceHas((wy+f.by0)*f.m.W+wx+f.bx0, no) {
		return false
	}
	mask := oNoStop
	if final {
		mask = oNoEnd
	}
	return !f.boxHas(wx, wy, z, mask)
}

// push adds label l to the labels and to the queue: the bucket ring by T
// (reach, where the order among equal T does not matter) or the heap by
// (T, R, order pushed) (paths).
func (f *fly3d) push(l flyLabel) {
	i := int32(len(f.labels))
	f.labels = append(f.labels, l)
	f.enqueue(i)
}

func (f *fly3d) enqueue(i int32) {
	l := &f.labels[i]
	if f.buckets {
		f.ring[l.t&(nBuckets-1)] = append(f.ring[l.t&(nBuckets-1)], i)
		f.ringN++
		return
	}
	key := uint64(l.t)<<40 | uint64(min(l.r, 255))<<32 | uint64(i)
	f.heap = append(f.heap, key)
	// sift up
	h := f.heap
	j := len(h) - 1
	for j > 0 {
		p := (j - 1) / 2
		if h[p] <= h[j] {
			break
		}
		h[p], h[j] = h[j], h[p]
		j = p
	}
}

func (f *fly3d) pop() int32 {
	h := f.heap
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	j := 0
	for {
		l, r, s := 2*j+1, 2*j+2, j
		if l < n && h[l] < h[s] {
			s = l
		}
		if r < n && h[r] < h[s] {
			s = r
		}
		if s == j {
			break
		}
		h[s], h[j] = h[j], h[s]
		j = s
	}
	f.heap = h
	return int32(top & (1<<32 - 1))
}

// search runs every Stride and records, per window square, the first label
// to end there at the asked layer (resLab, where resStamp is gen). With
// target >= 0 (a window square) it stops when that square is answered. A
// reach's labels leave the bucket ring by T alone (a reach counts no
// reactions nor orders its routes); a path's the heap by (T, R) and their
// moves.
func (f *fly3d) search(target int, reach bool) {
	m := &f.m
	f.grow()
	f.minX, f.minY, f.maxX, f.maxY = f.bw, f.bh, -1, -1
	f.labels, f.heap, f.next = f.labels[:0], f.heap[:0], f.next[:0]
	f.group, f.groupAt = f.group[:0], 0
	f.buckets, f.ringN = reach, 0
	for i := range f.ring {
		f.ring[i] = f.ring[i][:0]
	}
	if m.budget <= 0 || f.none {
		return
	}
	B := m.budget
	sx, sy := m.start%m.W-f.bx0, m.start/m.W-f.by0
	// The turn's diagonal count so far gives the start parity.
	f.labels = append(f.labels, flyLabel{st: int32(((f.z0-f.zlo)*f.bh+sy)*f.bw+sx)*2 + int32(m.par0), parent: -1, mv: -1})
	f.src = append(f.src[:0], 0)
	A := f.bw * f.bh
	best := int32(-1) // the target's answer (paths)
	for stride := 0; stride < m.layers; stride++ {
		last := stride+1 == m.layers
		f.gen++ // a fresh Stride: fresh minC
		if f.gen == 0 {
			clear(f.stamp)
			clear(f.nextStamp)
			clear(f.pstamp)
			f.gen = 1
		}
		if stride > 0 {
			// The labels that stopped the last Stride, in the order they
			// left (by T), start this one.
			f.src = f.src[:0]
			for _, li := range f.next {
				l := f.labels[li]
				if f.bnd.on {
					cell := int(l.st >> 1)
					if !f.bnd.admits(cell%f.bw, cell/f.bw%f.bh, cell/A+f.zlo, uint8(l.st&1), 0, l.t, int8(stride), B) {
						continue
					}
				}
				f.src = append(f.src, int32(len(f.labels)))
				f.labels = append(f.labels, flyLabel{st: l.st, c: 0, t: l.t, r: l.r, parent: li, mv: -1, stride: int8(stride)})
			}
			f.next = f.next[:0]
		}
		if len(f.src) == 0 || best >= 0 {
			return
		}
		f.heap = f.heap[:0]
		f.group, f.groupAt = f.group[:0], 0
		si := 0
		if f.buckets {
			f.ringT = f.labels[f.src[0]].t
		} else {
			for _, li := range f.src {
				f.enqueue(li)
			}
			si = len(f.src)
		}
		for best < 0 || !f.buckets {
			var li int32
			if f.buckets {
				for si < len(f.src) && f.labels[f.src[si]].t == f.ringT {
					f.enqueue(f.src[si])
					si++
				}
				b := &f.ring[f.ringT&(nBuckets-1)]
				if len(*b) == 0 {
					if f.ringN == 0 {
						if si == len(f.src) {
							break
						}
						f.ringT = f.labels[f.src[si]].t
					} else {
						f.ringT++
					}
					continue
				}
				li = (*b)[len(*b)-1]
				*b = (*b)[:len(*b)-1]
				f.ringN--
			} else {
				if f.groupAt == len(f.group) {
					if len(f.heap) == 0 {
						break
					}
					f.popGroup()
				}
				li = f.group[f.groupAt]
				f.groupAt++
			}
			l := f.labels[li]
			if !f.buckets && best >= 0 {
				// The target is answered: only labels of its key may
				// still bring a first move sequence.
				if b := f.labels[best]; l.t != b.t || l.r != b.r {
					break
				}
			}
			st := l.st
			// A path's labels of one key leave a state in the order of
			// their moves (popGroup): a later one there is expanded only
			// with less of its Stride spent.
			if f.stamp[st] == f.gen && f.minC[st] <= l.c {
				continue
			}
			f.stamp[st], f.minC[st] = f.gen, l.c
			cell := int(l.st >> 1)
			p := uint8(l.st & 1)
			wx, wy, z := cell%f.bw, cell/f.bw%f.bh, cell/A+f.zlo
			if z == f.zEnd && !(z == f.z0 && wx == sx && wy == sy) && f.mayEnd(wx, wy, z, true) {
				if f.resStamp[cell%A] != f.qgen {
					f.resStamp[cell%A] = f.qgen
					f.resLab[cell%A] = li
					f.minX, f.maxX = min(f.minX, wx), max(f.maxX, wx)
					f.minY, f.maxY = min(f.minY, wy), max(f.maxY, wy)
					if cell%A == target {
						best = li
					}
				}
			}
			if !last && l.mv != -1 && f.mayEnd(wx, wy, z, false) {
				if f.nextStamp[st] != f.gen {
					f.nextStamp[st] = f.gen
					f.nextIdx[st] = int32(len(f.next))
					f.next = append(f.next, li)
				}
			}
			f.expand(li, l, wx, wy, z, p, B)
		}
	}
}

// expand pushes the steps from label li.
func (f *fly3d) expand(li int32, l flyLabel, wx, wy, z int, p uint8, B int32) {
	m := &f.m
	A := f.bw * f.bh
	zmax := f.zlo + f.L - 1
	x, y := wx+f.bx0, wy+f.by0
	// flyMoves come in runs of one direction: try it once a run. A
	// one-square box leaves its one cube whatever the step.
	tried, tryOK, tryLvl := int8(-1), false, uint8(0)
	var tw uint64 // a larger space's steps (tries), once twSet
	twSet := false
	// A space standing on a wall square (only where it was placed) may
	// step out of it but not up or down its column.
	inWall := m.spaceHas(y*m.W+x, cBlock)
	thr1 := f.k == 1 && f.occ[(z-f.zlo)*f.bw*f.bh+wy*f.bw+wx]&oThreat != 0
	for mi, mv := range flyMoves {
		h, dz := mv[0], int(mv[1])
		nz := z + dz
		if nz < f.zlo || nz > zmax || nz < 0 {
			continue
		}
		nwx, nwy := wx, wy
		var w int32
		np := p
		if h < 8 {
			if tried != h {
				if f.k > 1 {
					if !twSet {
						tw, twSet = f.tries(wx, wy), true
					}
					b := uint8(tw >> (8 * h))
					tryOK, tryLvl = b&stepOK != 0, b&^stepOK
				} else {
					_, tryLvl, _, _, tryOK = m.try(x, y, int(h))
				}
				tried = h
			}
			if !tryOK {
				continue
			}
			lvl := tryLvl
			nwx, nwy = wx+model.Dir[h][0], wy+model.Dir[h][1]
			if nwx < 0 || nwy < 0 || nwx+f.k > f.bw || nwy+f.k > f.bh {
				continue
			}
			if inWall && dz != 0 && m.spaceHas((nwy+f.by0)*m.W+nwx+f.bx0, cBlock) {
				// try checks the strip the step enters; a larger space
				// still holding the wall square it was placed on would
				// enter its column at a new layer (walls are full
				// height). A level step carries it, as in 2-D.
				continue
			}
			if nz != 0 {
				lvl = 0 // terrain counts only where the box touches layer 0
			}
			if dz > 0 {
				lvl++
			}
			w, np = stepCost(f.kind, isDiagDir(int(h)), p, lvl)
		} else if inWall {
			continue // walls are full height: straight up or down enters wall
		} else if dz > 0 {
			w, _ = stepCost(f.kind, false, p, 1)
		} else {
			w = 1
		}
		c := l.c + w
		if c > B {
			continue
		}
		if (f.k == 1 || f.boxBlock[(nz-f.zlo)*A+nwy*f.bw+nwx] != 0) && f.entersBox(wx, wy, z, nwx, nwy, nz, oBlock) {
			continue
		}
		r := l.r
		if thr1 || f.k > 1 && f.threats && f.leavesThreat(wx, wy, z, h, int8(dz)) {
			r++
		}
		st := int32(((nz-f.zlo)*f.bh+nwy)*f.bw+nwx)*2 + int32(np)
		if f.stamp[st] == f.gen && f.minC[st] <= c {
			continue
		}
		t := l.t + w
		if f.bnd.on && !f.bnd.admits(nwx, nwy, nz, np, c, t, l.stride, B) {
			continue
		}
		if f.pstamp[st] == f.gen {
			// Paths push labels of an equal key: one may be first in order.
			if f.pc[st] <= c && f.pt[st] <= t && f.pr[st] <= r && (f.buckets || f.pt[st] < t || f.pr[st] < r) {
				continue
			}
			if c <= f.pc[st] && t <= f.pt[st] && r <= f.pr[st] {
				f.pc[st], f.pt[st], f.pr[st] = c, t, r
			}
		} else {
			f.pstamp[st], f.pc[st], f.pt[st], f.pr[st] = f.gen, c, t, r
		}
		f.push(flyLabel{st: st, c: c, t: l.t + w, r: r, parent: li, mv: int8(mi), stride: l.stride})
	}
}

// results appends the answers, sorted by y then x. pf1e's minimum movement
// (with 2 move actions, an adjacent square at the same height that normal
// movement cannot reach costs a full-round action and 5 ft) is added when
// the asked height is the token's.
func (f *fly3d) results(dst []Square) []Square {
	m := &f.m
	minimum := f.minimumMoves()
	for wy := min(f.minY, minimum.y0); wy <= max(f.maxY, minimum.y1); wy++ {
		for wx := min(f.minX, minimum.x0); wx <= max(f.maxX, minimum.x1); wx++ {
			a := wy*f.bw + wx
			if f.resStamp[a] == f.qgen {
				l := f.labels[f.resLab[a]]
				dst = append(dst, Square{X: wx + f.bx0, Y: wy + f.by0, Cost: int(l.t) * m.feet, Actions: int(l.stride) + 1})
			} else if minimum.has(wx, wy) {
				dst = append(dst, Square{X: wx + f.bx0, Y: wy + f.by0, Cost: m.feet, Actions: 2})
			}
		}
	}
	return dst
}

// flyMinimum is the set of squares pf1e's minimum movement adds (bit d:
// the start moved in direction d), and their window bounds.
type flyMinimum struct {
	bits           uint8
	sx, sy         int
	x0, y0, x1, y1 int
}

func (mm flyMinimum) has(wx, wy int) bool {
	for d := 0; d < 8; d++ {
		if mm.bits&(1<<d) != 0 && mm.sx+model.Dir[d][0] == wx && mm.sy+model.Dir[d][1] == wy {
			return true
		}
	}
	return false
}

func (f *fly3d) minimumMoves() flyMinimum {
	m := &f.m
	sx, sy := m.start%m.W-f.bx0, m.start/m.W-f.by0
	mm := flyMinimum{sx: sx, sy: sy, x0: f.bw, y0: f.bh, x1: -1, y1: -1}
	if f.kind != kindPF1E || m.layers < 2 || m.speed <= 0 || f.zEnd != f.z0 {
		return mm
	}
	for d := 0; d < 8; d++ {
		wx, wy := sx+model.Dir[d][0], sy+model.Dir[d][1]
		if _, _, _, _, ok := m.try(sx+f.bx0, sy+f.by0, d); !ok || wx < 0 || wy < 0 || wx+f.k > f.bw || wy+f.k > f.bh ||
			f.entersBox(sx, sy, f.z0, wx, wy, f.z0, oBlock) || !f.mayEnd(wx, wy, f.z0, true) || f.resStamp[wy*f.bw+wx] == f.qgen {
			continue
		}
		mm.bits |= 1 << d
		mm.x0, mm.y0, mm.x1, mm.y1 = min(mm.x0, wx), min(mm.y0, wy), max(mm.x1, wx), max(mm.y1, wy)
	}
	return mm
}

// reach answers a flying reach query in three dimensions; used is false
// when the query is not a flight (see prepare).
func (f *fly3d) reach(k kind, dst []Square, e *model.Encounter, q MoveQuery) (out []Square, used bool, err error) {
	if used, err := f.prepare(k, e, q, false); !used || err != nil {
		return dst, used, err
	}
	if f.fastReach(-1) {
		return f.resultsFast(dst), true, nil
	}
	f.search(-1, true)
	return f.results(dst), true, nil
}

// path answers a flying path query to top-left (x, y) at the asked height.
func (f *fly3d) path(k kind, steps []Step, e *model.Encounter, q MoveQuery, x, y int) (p Path, used bool, err error) {
	if used, err := f.prepare(k, e, q, true); !used || err != nil {
		return Path{}, used, err
	}
	m := &f.m
	if !e.Grid.In(x, y) {
		return Path{}, true, BadQuery("path: square (%d, %d) is off the %dx%d map", x, y, m.W, m.H)
	}
	p = Path{Fly: true, Steps: noSteps(steps), Diagonals: m.diag0}
	wx, wy := x-f.bx0, y-f.by0
	if wx < 0 || wy < 0 || wx+f.k > f.bw || wy+f.k > f.bh {
		return p, true, nil
	}
	a := wy*f.bw + wx
	reached := true
	// the bound before any total is known: every Stride's movement
	strides := flyBound{on: true, t: math.MaxInt32, s: int8(m.layers - 1), x: wx, y: wy, z: f.zEnd}
	if sx, sy := m.start%m.W-f.bx0, m.start/m.W-f.by0; !f.noBound && !strides.admits(sx, sy, f.z0, m.par0, 0, 0, 0, m.budget) {
		// Farther than every Stride's movement on an open map (flyBound):
		// out of reach.
		reached = false
	} else if !f.noBound {
		// The reach's answer at the target bounds the search, and a
		// target out of reach needs none (pf1e's minimum movement below
		// reads only whether the target was reached). Both reaches stop
		// at the target, as the path's own search would.
		if _, err := f.prepare(k, e, q, false); err != nil {
			return Path{}, true, err
		}
		fast := f.fastReach(a)
		if !fast {
			// The slow search's reach goes only where the Strides can
			// still carry a route to the target.
			f.bnd = strides
			f.search(a, true)
			f.bnd.on = false
		}
		if reached = f.resStamp[a] == f.qgen; reached {
			f.bnd = flyBound{on: true, x: wx, y: wy, z: f.zEnd}
			if fast {
				f.bnd.t, f.bnd.s = f.ff.resT[a], f.ff.resA[a]-1
			} else {
				l := f.labels[f.resLab[a]]
				f.bnd.t, f.bnd.s = l.t, l.stride
			}
		}
		f.prepare(k, e, q, true)
	}
	if reached {
		f.search(a, false)
		f.bnd.on = false
	}
	if f.resStamp[a] != f.qgen {
		if mm := f.minimumMoves(); mm.has(wx, wy) {
			sx, sy := mm.sx+f.bx0, mm.sy+f.by0
			for d := 0; d < 8; d++ {
				if sx+model.Dir[d][0] == x && sy+model.Dir[d][1] == y {
					fl := f.terrainFlags(sx, sy, d, f.z0)
					if f.leavesThreat(mm.sx, mm.sy, f.z0, int8(d), 0) {
						fl |= FlagReaction
					}
					p.Reachable, p.Cost, p.Actions = true, m.feet, 2
					if isDiagDir(d) {
						p.Diagonals++ // moved diagonally, counted as a diagonal of the turn
					}
					p.Steps = append(p.Steps, Step{X: x, Y: y, Turn: NoTurn, Cost: m.feet, Total: m.feet, Flags: fl, Z: f.z0 * f.fps})
				}
			}
		}
		return p, true, nil
	}
	// Walk the labels back to the start.
	chain := f.chain[:0]
	for li := f.resLab[a]; li >= 0; li = f.labels[li].parent {
		if f.labels[li].mv >= 0 {
			chain = append(chain, li)
		}
	}
	slices.Reverse(chain)
	f.chain = chain
	p.Steps = slices.Grow(p.Steps, len(chain))
	A := f.bw * f.bh
	moved := 0
	for _, li := range chain {
		l := f.labels[li]
		par := f.labels[l.parent]
		cell := int(l.st >> 1)
		nx, ny, nz := cell%f.bw+f.bx0, cell/f.bw%f.bh+f.by0, cell/A+f.zlo
		pc := int(par.st >> 1)
		ox, oy, oz := pc%f.bw+f.bx0, pc/f.bw%f.bh+f.by0, pc/A+f.zlo
		mv := flyMoves[l.mv]
		var fl Flag
		if mv[0] < 8 {
			fl = f.terrainFlags(ox, oy, int(mv[0]), nz)
		}
		if l.r > par.r {
			fl |= FlagReaction
		}
		if l.st&1 != par.st&1 {
			p.Diagonals++ // a counted diagonal
		}
		cost := int(l.t-par.t) * m.feet
		p.Steps = append(p.Steps, Step{X: nx, Y: ny, Turn: NoTurn, Cost: cost, Total: int(l.t) * m.feet, Flags: fl, Z: nz * f.fps})
		moved += max(absInt(nz-oz), min(1, absInt(nx-ox)+absInt(ny-oy)))
	}
	l := f.labels[f.resLab[a]]
	p.Reachable, p.Cost, p.Actions = true, int(l.t)*m.feet, int(l.stride)+1
	p.Dive = k == kindPF1E && moved*f.fps >= 30 && (f.z0-f.zEnd)*f.fps >= 10
	return p, true, nil
}

// terrainFlags are the terrain flags of a horizontal step in direction d
// from (x, y) ending with the box's bottom in layer nz: only where the box
// touches layer 0.
func (f *fly3d) terrainFlags(x, y, d, nz int) Flag {
	if nz != 0 {
		return 0
	}
	return f.m.enteredFlags(x, y, d)
}

// flyReach is the hook of the sf2e and pf1e Reach: a flight goes to the
// 3-D search (used) when some token is off the ground or the query asks
// another end elevation, as does any query asking an elevation (an error
// unless it flies); anything else is the 2-D search's, so that on a map
// where everything stands on the ground every answer is the 2-D one (a
// flight there does not climb over creatures).
func (s *searcher) flyReach(k kind, dst []Square, e *model.Encounter, q MoveQuery) ([]Square, bool, error) {
	if !s.wantsFly(e, q) {
		return dst, false, nil
	}
	return s.fly.reach(k, dst, e, q)
}

// flyPath is the hook of the sf2e and pf1e Path (see flyReach).
func (s *searcher) flyPath(k kind, steps []Step, e *model.Encounter, q MoveQuery, x, y int) (Path, bool, error) {
	if !s.wantsFly(e, q) {
		return Path{}, false, nil
	}
	return s.fly.path(k, steps, e, q, x, y)
}

func (s *searcher) wantsFly(e *model.Encounter, q MoveQuery) bool {
	if q.Token < 0 || q.Token >= len(e.Tokens) {
		return false // the 2-D search says so
	}
	own := !q.SetElevation || q.Elevation == e.Tokens[q.Token].Elevation
	switch {
	case !own:
		// a flight to another height, or a bad query prepare words
	case q.Step || q.Mode != ModeFly || !anyElevated(e):
		return false // no flight, or all on the ground and staying there
	}
	if s.fly == nil {
		s.fly = new(fly3d)
	}
	return true
}

// popGroup takes from the heap every label of the least key (T, R) and
// puts them in f.group by cube (square and layer: its two parities' states
// share the target's answer), and at a cube in the order of their moves
// (lexicographic in flyMoves, a prefix first; equal moves in the order
// pushed), so that a path's search expands the labels of a key at a state
// in the tie-break order: the first to expand it comes first, and a later
// one of the key there needs expanding only with less of its Stride spent.
// Labels of one key in different cubes do not meet (every move costs a
// square at least, so no label of the key is pushed while they leave), so
// only a cube's own labels are put in order by their moves, each walked
// from the start once (on BenchmarkPathFly3D's unbounded search 159 ms
// against 210 when every label of the key was sorted).
func (f *fly3d) popGroup() {
	f.group, f.groupAt = f.group[:0], 0
	key := f.heap[0] >> 32
	keys := f.groupKey[:0]
	for len(f.heap) > 0 && f.heap[0]>>32 == key {
		li := f.pop()
		keys = append(keys, uint64(f.labels[li].st>>1)<<32|uint64(li))
	}
	slices.Sort(keys)
	f.groupKey = keys
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j]>>32 == keys[i]>>32 {
			j++
		}
		if j-i == 1 {
			f.group = append(f.group, int32(keys[i]))
			i = j
			continue
		}
		f.seqBuf, f.seqRun = f.seqBuf[:0], f.seqRun[:0]
		for _, k := range keys[i:j] {
			from := int32(len(f.seqBuf))
			f.seqBuf = f.moves(f.seqBuf, int32(k))
			f.seqRun = append(f.seqRun, seqSpan{int32(k), from, int32(len(f.seqBuf))})
		}
		slices.SortStableFunc(f.seqRun, func(a, b seqSpan) int {
			return slices.Compare(f.seqBuf[a.from:a.to], f.seqBuf[b.from:b.to])
		})
		for _, r := range f.seqRun {
			f.group = append(f.group, r.li)
		}
		i = j
	}
}

// moves appends label li's moves from the start, in order.
func (f *fly3d) moves(dst []int8, li int32) []int8 {
	n := len(dst)
	for ; li >= 0; li = f.labels[li].parent {
		if mv := f.labels[li].mv; mv >= 0 {
			dst = append(dst, mv)
		}
	}
	slices.Reverse(dst[n:])
	return dst
}
