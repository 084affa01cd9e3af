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
	st  []stInfo // per (stride, position, parity): the reference label searches' (tests)
	one []uint64 // reach1, the reference in reachlabels_test.go: per position (see oneLabel)

	layRes bool // the last search was reachLayers: results live in lay
	lay    layerSearch

	// reachFast (one Stride, one-square space): padded weights and keys,
	// the queue's buffer, the count of settled squares; fastRes: results
	// live there.
	fcell   []uint8
	fkey    []uint32
	fedge   []uint8 // reachFastEdges: refused directions, padded
	fbuf    []int32 // reachFast: its queue's buffer (lanes of the 16 buckets)
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

	// path1 (one Stride): per state its record, the queue and each state's
	// index in it, and the stack of the backward marking of the best
	// routes; work counts the states settled (tests bound it).
	pst   []pstate
	order []int32
	pheap pheap
	pidx  []int32
	pmark []int32
	work  int

	strides strideSearch // path with 2 or more Strides

	fly *fly3d // flights over elevation layers (fly3d.go)
}

// grow readies the per-position answers record keeps (the Step, the path
// searches and the reference label searches) and starts a new generation.
// The reference searches' states (st) are the tests' to size
// (growStates): 48 bytes a square of a map the app never reads.
func (s *searcher) grow() {
	s.growRes()
	n := s.m.W * s.m.H
	if len(s.posStamp) < n {
		s.posStamp = make([]uint32, n)
		s.resAct = make([]uint8, n)
		s.resT = make([]int32, n)
	}
}

// growRes readies the per-position buffers every query uses (legal's)
// and starts a new generation of stamps; reachFast and reachLayers keep
// their answers in their own buffers.
func (s *searcher) growRes() {
	n := s.m.W * s.m.H
	if len(s.legStamp) < n {
		s.legStamp = make([]uint32, n)
		s.legBits = make([]uint8, n)
	}
	s.fastRes, s.layRes = false, false
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
// fewest Strides and the least total among routes with that many.
//
// A one-square space's single Stride goes to reachFast (plain Dijkstra in
// key space, one label a square); everything else to reachLayers, the same
// search over strips of the map with the Strides as layers. Zero
// allocations after warm-up. The label search both replaced (reachLabels,
// reach1) is kept in reachlabels_test.go as the reference their
// cross-checks compare with.
func (s *searcher) reach() {
	if s.m.layers == 1 && s.m.k == 1 {
		s.reachFast()
		return
	}
	s.reachLayers()
}

// record marks pos reached with the given actions and total (squares) unless
// it is already.
func (s *searcher) record(pos int, actions uint8, total int32) {
	if s.layRes {
		s.recordLayers(pos, actions, total)
		return
	}
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
	switch {
	case s.fastRes:
		dst = slices.Grow(dst, s.fastN)
	case s.layRes: // and the row resultsLayersRows writes past the answers
		dst = slices.Grow(dst, s.lay.n+s.m.bx1-s.m.bx0+2)
	}
	return s.resultRows(dst, 0, s.m.H-1)
}

// resultRows appends the recorded positions in rows y0..y1, sorted by y
// then x.
func (s *searcher) resultRows(dst []Square, y0, y1 int) []Square {
	switch {
	case s.fastRes:
		return s.resultsFastRows(dst, y0, y1)
	case s.layRes:
		return s.resultsLayersRows(dst, y0, y1)
	}
	W, feet := s.m.W, s.m.feet
	for y := max(y0, s.minY); y <= min(y1, s.maxY); y++ {
		for x := s.minX; x <= s.maxX; x++ {
			pos := y*W + x
			if s.posStamp[pos] == s.gen {
				dst = append(dst, Square{X: x, Y: y, Cost: int(s.resT[pos]) * feet, Actions: int(s.resAct[pos])})
			}
		}
	}
	return dst
}

// resultBands calls fn with the recorded positions a band of rows at a
// time (about 64k squares), in order, in buf reused.
func (s *searcher) resultBands(buf []Square, fn func([]Square) error) error {
	band := max(1, 1<<16/s.m.W)
	for y := 0; y < s.m.H; y += band {
		buf = s.resultRows(buf[:0], y, min(y+band, s.m.H)-1)
		if len(buf) == 0 {
			continue
		}
		if err := fn(buf); err != nil {
			return err
		}
	}
	return nil
}

// step records the squares a single sf2e Step reaches: 5 ft in any
// direction, never into difficult terrain, never triggering reactions. It
// continues the turn's diagonal count: a diagonal that would cost 10 ft is
// refused (rules-conventions.md "Turn state").
func (s *searcher) step() {
	m := &s.m
	s.grow()
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
// One Stride is path1's, more are pathStrides' (an A* backwards from the
// target, then a walk that settles the directions): neither compares
// routes, and both search little more than the states of the best routes
// (TestPathWorkBoundedByReach, TestPathStridesWorkBounded). They run with
// 1 Stride, then 2, and so on, skipping those the distance alone rules out:
// the first that reaches the target has the fewest Strides.
//
// The label search pathStrides replaced (pathN, dominated, before) is kept
// in pathlabels_test.go as the reference its cross-check compares with
// (TestPathStridesMatchesLabelSearch, TestPathOneStrideMatchesLabelSearch).
func (s *searcher) path(target int) int {
	m := &s.m
	s.grow()
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
		s.grow() // a fresh generation of states
		if s.pathStrides(target, n) {
			return n
		}
	}
	return 0
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
