package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// scatterMap is an n x n map of the ruleset with walls, difficult and
// hazardous terrain scattered at the given percentages from a fixed seed.
func scatterMap(n int, rs model.Ruleset, walls, difficult, hazardous int, seed uint64) *model.Encounter {
	rng := rand.New(rand.NewPCG(seed, 9))
	g := model.NewGrid(n, n)
	for i := range g.Cells {
		switch r := rng.IntN(100); {
		case r < walls:
			g.Cells[i] = model.Wall
		case r < walls+difficult:
			g.Cells[i] = model.Difficult
		case r < walls+difficult+hazardous:
			g.Cells[i] = model.Hazardous
		case r < walls+difficult+2*hazardous:
			g.Cells[i] = model.Difficult | model.Hazardous
		}
	}
	return &model.Encounter{Name: "scatter", Ruleset: rs, Grid: g}
}

// engineSearcher is the shared search of an sf2e or pf1e engine.
func engineSearcher(en Engine) *searcher {
	switch g := en.(type) {
	case *sf2eEngine:
		return &g.s
	case *pf1eEngine:
		return &g.s
	}
	return nil
}

// reachSquares is the least a reach that searches Stride by Stride
// settles: in Stride l at least every square l Strides reach, so at least
// the sum over l of the squares reach lists with l Strides.
func reachSquares(t testing.TB, en Engine, e *model.Encounter, q MoveQuery) (int, []Square) {
	t.Helper()
	work := 0
	var sq []Square
	for l := 1; l <= max(q.Actions, 1); l++ {
		ql := q
		ql.Actions = l
		var err error
		if sq, err = en.Reach(nil, e, ql); err != nil {
			t.Fatal(err)
		}
		work += len(sq)
	}
	return work, sq
}

// The path tries no more steps than reach must on the same input, in
// every case: sf2e and pf1e; Medium, Large and Huge tokens; 1 to 3
// Strides (pf1e: 2 move actions); open maps, scattered difficult and
// hazardous terrain, and walls among it; targets at the farthest cost,
// halfway, just out of reach (next to a reached square, the token's space
// there free of walls) and walled in; maps of 120 and 400 squares a side
// and the 1000 maps of the benchmarks. Issue 12 item 8: path never slower
// than reach on the same input.
//
// A step tried (mover.try: the step rule, its cost, what it enters) is the
// unit of work of both searches: reach tries the 8 steps from every state
// it settles, so at least 8 a square (one Stride of a one-square space:
// reachFast settles a square once) or 16 (otherwise it keeps a position's
// two diagonal parities apart). Before the one-Stride path marked its best
// routes backwards, it tried 8 steps from every settled state twice (a
// sweep over them all) and failed this for walled-in Huge tokens (1.33 and
// 1.58 of reach). The time the searches spend between steps (queues,
// bounds) is not counted: the benchmark pairs in path_bench_test.go time it.
func TestPathTriesNoMoreStepsThanReach(t *testing.T) {
	type input struct {
		name string
		e    *model.Encounter
		q    MoveQuery
	}
	var inputs []input
	for _, n := range []int{120, 400} {
		for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
			for _, sz := range []model.Size{model.Medium, model.Large, model.Huge} {
				for ti, terr := range [][3]int{{0, 0, 0}, {0, 20, 5}, {10, 20, 5}, {0, 40, 10}} {
					if n == 400 && sz == model.Huge {
						continue
					}
					for acts := 1; acts <= MaxActions(rs); acts++ {
						e := scatterMap(n, rs, terr[0], terr[1], terr[2], uint64(n+ti))
						k, c := rs.Space(sz), n/2
						for dy := 0; dy < k; dy++ {
							for dx := 0; dx < k; dx++ {
								e.Grid.Set(c+dx, c+dy, 0)
							}
						}
						// Strides that reach about 0.4 n squares in all.
						speed := 5 * (2 * n / 5) / acts
						e.Tokens = []model.Token{{Name: "m", X: c, Y: c, Size: sz, Side: "a", Speeds: map[string]int{"land": speed}}}
						inputs = append(inputs, input{fmt.Sprintf("%d %s %v terrain %v %d actions", n, rs, sz, terr, acts), e, MoveQuery{Token: 0, Actions: acts}})
					}
				}
			}
		}
	}
	{
		e, q, _, _ := terrainMap(1000)
		inputs = append(inputs, input{"terrainMap(1000)", e, q})
		e, q = oneStrideTerrainMap()
		inputs = append(inputs, input{"oneStrideTerrainMap()", e, q})
		e, q = largeTwoActionsMap()
		inputs = append(inputs, input{"largeTwoActionsMap()", e, q})
	}
	worst := 0.0
	for _, in := range inputs {
		e, q := in.e, in.q
		en := mustEngine(t, e.Ruleset)
		rw, sq := reachSquares(t, en, e, q)
		k := e.Ruleset.Space(e.Tokens[q.Token].Size)
		per := 16
		if k == 1 && q.Actions == 1 {
			per = 8
		}
		rw *= per
		W, H := e.Grid.W, e.Grid.H
		reached := make([]bool, W*H)
		far := sq[0]
		for _, s := range sq {
			reached[s.Y*W+s.X] = true
			if s.Cost > far.Cost {
				far = s
			}
		}
		targets := [][2]int{{far.X, far.Y}, {sq[len(sq)/2].X, sq[len(sq)/2].Y}}
		// Just out of reach: the first squares (from a fixed seed) next
		// to a reached one, the token's space there free of walls, that
		// no route reaches.
		rng := rand.New(rand.NewPCG(11, uint64(len(sq))))
		for tries, found := 0, 0; tries < 100000 && found < 2; tries++ {
			x, y := rng.IntN(W-k+1), rng.IntN(H-k+1)
			if reached[y*W+x] || !spaceFree(e, x, y, k) {
				continue
			}
			for d := 0; d < 8; d++ {
				nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
				if e.Grid.In(nx, ny) && reached[ny*W+nx] {
					targets = append(targets, [2]int{x, y})
					found++
					break
				}
			}
		}
		// Walled in: a ring of walls around a square halfway out.
		wx, wy := far.X, (far.Y+e.Tokens[q.Token].Y)/2
		walled := *e
		walled.Grid = model.NewGrid(W, H)
		copy(walled.Grid.Cells, e.Grid.Cells)
		for dy := -1; dy <= k; dy++ {
			for dx := -1; dx <= k; dx++ {
				if walled.Grid.In(wx+dx, wy+dy) {
					if dx == -1 || dy == -1 || dx == k || dy == k {
						walled.Grid.Set(wx+dx, wy+dy, model.Wall)
					} else {
						walled.Grid.Set(wx+dx, wy+dy, 0)
					}
				}
			}
		}
		rwWalled, _ := reachSquares(t, en, &walled, q)
		rwWalled *= per
		s := engineSearcher(en)
		for i, tg := range append(targets, [2]int{wx, wy}) {
			enc, rw := e, rw
			if i == len(targets) {
				enc, rw = &walled, rwWalled
			}
			s.strides.steps = 0
			p, err := en.Path(enc, q, tg[0], tg[1])
			if err != nil {
				t.Fatal(err)
			}
			if i < 2 && !p.Reachable {
				t.Fatalf("%s: path to (%d, %d) not found; reach lists it", in.name, tg[0], tg[1])
			}
			ratio := float64(s.strides.steps) / float64(rw)
			worst = max(worst, ratio)
			if s.strides.steps > rw {
				t.Errorf("%s: path to (%d, %d) (reachable %v) tried %d steps, reach at least %d (%.2fx)",
					in.name, tg[0], tg[1], p.Reachable, s.strides.steps, rw, ratio)
			}
		}
	}
	t.Logf("%d inputs; path tried at most %.2f of the steps reach must", len(inputs), worst)
}

// A label the path's search backwards settles costs it about three times
// what a label expanded costs reach's layered search (bounds in 8
// directions and the queue: about 190 against 60 ns on the 1000 x 1000
// maps of the benchmarks), so on the benchmark pairs of 2 and 3 Strides
// the path settles at most a quarter as many labels as reach expands
// (issue 12 item 8: path never slower than reach). On the open map of
// BenchmarkPathMultiStride1000 the search backwards settled 0.45 as many
// (759,403: every state of every best route, once per Stride count) and
// the path took 1.4x the reach's time; pathTight now walks it, settling
// none.
func TestPathLabelsBelowReach(t *testing.T) {
	type pair struct {
		name string
		e    *model.Encounter
		q    MoveQuery
		x, y int
	}
	var pairs []pair
	e, q := multiStrideMap(1000)
	pairs = append(pairs, pair{"multiStrideMap(1000) to (500, 999)", e, q, 500, 999})
	e, q, x, y := terrainMap(1000)
	pairs = append(pairs, pair{"terrainMap(1000)", e, q, x, y})
	e, q = largeTwoActionsMap()
	x, y = farthestReached(t, e, q)
	pairs = append(pairs, pair{"largeTwoActionsMap(), farthest", e, q, x, y})
	x, y = justOutOfReach(t, e, q)
	pairs = append(pairs, pair{"largeTwoActionsMap(), just out of reach", e, q, x, y})
	for _, c := range pairs {
		en := mustEngine(t, c.e.Ruleset)
		s := engineSearcher(en)
		if _, err := en.Path(c.e, c.q, c.x, c.y); err != nil {
			t.Fatal(err)
		}
		labels := len(s.strides.lab)
		if _, err := en.Reach(nil, c.e, c.q); err != nil || !s.layRes {
			t.Fatalf("%s: reach %v, layered search %v", c.name, err, s.layRes)
		}
		ratio := float64(labels) / float64(s.lay.popped)
		t.Logf("%s: path settled %d labels, reach expanded %d (%.2f)", c.name, labels, s.lay.popped, ratio)
		if 4*labels > s.lay.popped {
			t.Errorf("%s: path settled %d labels, more than a quarter of the %d reach expanded (%.2f)", c.name, labels, s.lay.popped, ratio)
		}
	}
}

// On the pf1e Large-token map of BenchmarkPathLargeOutOfReach1000 (two
// move actions over walls and doubling terrain, where the open-map cost
// that aims the searches underestimates by a third or more: 199 squares
// to the square just out of reach, which costs more than 300) the flood
// from the start proves that square unreachable, and the path's work, a
// label of the search backwards weighing three states of the flood (2.4
// in a profile of the farthest square), is under half the labels reach
// expands. Before the flood searched (position, parity) states at their
// exact costs and took 8 states a label, the search backwards settled
// 22,840 labels and the flood 14,336 states without proving anything
// (0.82 of reach's 100,708), and the path took longer than the reach.
// The farthest square reach lists is held to the same bound (0.66
// before).
func TestPathOutOfReachProvedByFlood(t *testing.T) {
	e, q := largeTwoActionsMap()
	en := mustEngine(t, e.Ruleset)
	s := engineSearcher(en)
	if _, err := en.Reach(nil, e, q); err != nil || !s.layRes {
		t.Fatalf("reach %v, layered search %v", err, s.layRes)
	}
	expanded := s.lay.popped
	for _, out := range []bool{true, false} {
		x, y := farthestReached(t, e, q)
		if out {
			x, y = justOutOfReach(t, e, q)
		}
		p, err := en.Path(e, q, x, y)
		if err != nil || p.Reachable == out {
			t.Fatalf("path to (%d, %d): reachable %v, %v", x, y, p.Reachable, err)
		}
		ss := &s.strides
		proved := ss.floodOn && ss.fcount == 0 && !ss.floodOver
		if out && !proved {
			t.Errorf("path to (%d, %d): the flood did not prove it out of reach (%d labels settled)", x, y, len(ss.lab))
		}
		work := 3*len(ss.lab) + ss.flooded
		ratio := float64(work) / float64(expanded)
		t.Logf("to (%d, %d), reachable %v: %d labels, %d flood states: %.2f of the %d labels reach expands", x, y, p.Reachable, len(ss.lab), ss.flooded, ratio, expanded)
		if 2*work > expanded {
			t.Errorf("to (%d, %d): path work %d (3 x %d labels + %d flood states) is more than half the %d labels reach expands (%.2f)",
				x, y, work, len(ss.lab), ss.flooded, expanded, ratio)
		}
	}
}
