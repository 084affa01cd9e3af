package rules

import (
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// pathLabels is path as it was before pathStrides: iterative deepening
// with the label-setting search pathN for 2 or more Strides, which
// settles direction ties by comparing the routes' directions. It is the
// reference of the cross-check below.
func (s *searcher) pathLabels(target int) int {
	m := &s.m
	s.growStates(m.layers)
	n2 := m.W * m.H * 2
	if len(s.front) < n2*m.layers {
		s.front = make([]int32, n2*m.layers)
	}
	s.labels = s.labels[:0]
	if m.budget <= 0 {
		return 0
	}
	if s.legal(target)&legFinal == 0 || target == m.start {
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
		s.growStates(m.layers)
		if li := s.pathN(target, n); li >= 0 {
			s.seqA = s.seq(s.seqA[:0], li)
			return n
		}
	}
	return 0
}

// The backward search and walk of pathStrides against the label search it
// replaced, on random sf2e and pf1e maps with hazards, reactions, creatures
// and large spaces, with 2 and 3 Strides (2 move actions in pf1e), turns
// that have counted odd and even diagonals, and small Speeds so that most
// targets need more than one: the same Strides and the same directions to
// every square, or both none.
func TestPathStridesMatchesLabelSearch(t *testing.T) {
	maps, multi := 0, 0
	for seed := uint64(0); maps < 1200; seed++ {
		rs := fuzzRuleset(byte(seed))
		rng := rand.New(rand.NewPCG(seed, 47))
		e, q := randEncounterSized(rng, rs, 10, 5)
		q.Actions, q.Step = 2+rng.IntN(MaxActions(rs)-1), false
		q.Turn.Diagonals = rng.IntN(4) // an odd count: the next diagonal costs 2
		var fast, slow searcher
		if _, err := fast.m.prepare(kindOf(rs), e, q); err != nil || fast.m.budget <= 0 {
			continue
		}
		slow.m.prepare(kindOf(rs), e, q)
		maps++
		m := &fast.m
		for target := 0; target < m.W*m.H; target++ {
			if target%m.W+m.k > m.W || target/m.W+m.k > m.H {
				continue
			}
			got := fast.path(target)
			want := slow.pathLabels(target)
			if got != want || (got > 0 && !slices.Equal(fast.seqA, slow.seqA)) {
				t.Fatalf("seed %d %s %+v target (%d, %d): %d Strides %v, label search %d Strides %v\n%s", seed, rs, q,
					target%m.W, target/m.W, got, fast.seqA, want, slow.seqA, reachMap(e, q.Token, nil))
			}
			if got > 1 {
				multi++
			}
		}
	}
	if multi < 5000 {
		t.Errorf("only %d paths of 2 or more Strides compared", multi)
	}
}

// arriveCost is the exact cost on an open map (a search over (square,
// parity) with sf2e's steps), and consistent for every step the searches
// take: sf2e's and pf1e's, surcharged, doubled, or not.
func TestArriveCostExactAndConsistent(t *testing.T) {
	const n = 25
	const inf = int32(1 << 30)
	for p0 := uint8(0); p0 < 2; p0++ {
		x0, y0 := n/2, n/2
		dist := make([]int32, n*n*2)
		for i := range dist {
			dist[i] = inf
		}
		dist[(y0*n+x0)*2+int(p0)] = 0
		// Bellman-Ford: small and obviously right.
		for changed := true; changed; {
			changed = false
			for st := range dist {
				if dist[st] == inf {
					continue
				}
				pos, p := st/2, uint8(st&1)
				for d := 0; d < 8; d++ {
					x, y := pos%n+model.Dir[d][0], pos/n+model.Dir[d][1]
					if x < 0 || y < 0 || x >= n || y >= n {
						continue
					}
					w, q := stepCost(kindSF2E, isDiagDir(d), p, 0)
					if nst := (y*n+x)*2 + int(q); dist[st]+w < dist[nst] {
						dist[nst], changed = dist[st]+w, true
					}
				}
			}
		}
		for st := range dist {
			pos, p := st/2, uint8(st&1)
			x, y := pos%n, pos/n
			g := arriveCost(x0, y0, p0, x, y, p)
			// Far from the edges the map is as good as open.
			if absInt(x-x0) < n/2-3 && absInt(y-y0) < n/2-3 && g != dist[st] {
				t.Fatalf("p0 %d: arriveCost to (%d, %d) parity %d = %d, search %d", p0, x-x0, y-y0, p, g, dist[st])
			}
			for _, k := range []kind{kindSF2E, kindPF1E} {
				for lvl := uint8(0); lvl < 3; lvl++ {
					for d := 0; d < 8; d++ {
						nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
						w, q := stepCost(k, isDiagDir(d), p, lvl)
						if ng := arriveCost(x0, y0, p0, nx, ny, q); ng > g+w {
							t.Fatalf("p0 %d: step %d from (%d, %d) parity %d costs %d (%v level %d) but arriveCost rises %d to %d",
								p0, d, x, y, p, w, k, lvl, g, ng)
						}
					}
				}
			}
		}
	}
}

// The multi-Stride path keeps about one label per state it settles,
// pushes few more than it settles, and settles no more than the states of
// the best routes and a rim around them: on an open map to a square that needs 3 Strides (and whose best
// routes fill a parallelogram, every order of straight and diagonal steps
// costing the same), and on a map of walls and difficult terrain. It fails
// if the search goes back to growing labels per state, or to settling
// states that lie on no best route.
func TestPathStridesWorkBounded(t *testing.T) {
	const n = 200
	open, q := multiStrideMap(n)
	maze := benchMap(n, n)
	maze.Grid.Set(0, 0, 0)
	maze.Tokens = open.Tokens
	for _, c := range []struct {
		e      *model.Encounter
		x, y   int
		states int // at most, settled
	}{
		// The best routes: a quarter of the map, in up to 3 Strides.
		{open, n / 2, n - 1, n * n},
		{open, n - 1, n - 1, 4 * n},
		{maze, n / 2, n - 1, n * n},
	} {
		en := &sf2eEngine{}
		en.s.strides.noTight = true // the label search's work, not the walk's
		sq, err := en.Reach(nil, c.e, q)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := costAt(sq, c.x, c.y)
		p, err := en.Path(c.e, q, c.x, c.y)
		if err != nil || !ok || !p.Reachable || p.Cost != want.Cost || p.Actions != want.Actions || p.Actions < 2 {
			t.Fatalf("path to (%d, %d): %+v %v; reach %+v", c.x, c.y, p, err, want)
		}
		ss := &en.s.strides
		states := 0
		for i := range ss.st {
			if ss.st[i].stamp == ss.gen && ss.st[i].head >= 0 {
				states++
			}
		}
		t.Logf("path to (%d, %d): %d states, %d labels, %d pushed", c.x, c.y, states, len(ss.lab), ss.pushes)
		if len(ss.lab) > states+states/8 || ss.pushes > 4*len(ss.lab) {
			t.Errorf("path to (%d, %d): %d labels and %d pushed for %d states", c.x, c.y, len(ss.lab), ss.pushes, states)
		}
		if states > c.states {
			t.Errorf("path to (%d, %d) settled %d states, want at most %d", c.x, c.y, states, c.states)
		}
		var steps []Step
		if a := testing.AllocsPerRun(3, func() {
			p, _ := en.AppendPath(steps, c.e, q, c.x, c.y)
			steps = p.Steps
		}); a > 0 {
			t.Errorf("path allocates %v times a call after warm-up", a)
		}
	}
}

// A start walled in: the search backwards from a target it can never
// reach stops once a flood from the start is over, not after searching
// everything within the Strides' distance of the target.
func TestPathStridesUnreachableStopsEarly(t *testing.T) {
	const n = 300
	e, q := multiStrideMap(n)
	for x := 0; x <= 4; x++ {
		for y := 0; y <= 4; y++ {
			if x == 0 || y == 0 || x == 4 || y == 4 {
				e.Grid.Set(x, y, model.Wall)
			}
		}
	}
	e.Tokens[0].X, e.Tokens[0].Y = 2, 2
	en := &sf2eEngine{}
	p, err := en.Path(e, q, n/2, n-1)
	if err != nil || p.Reachable {
		t.Fatalf("path out of a walled room: %+v %v", p, err)
	}
	if l := len(en.s.strides.lab); l > 10000 {
		t.Errorf("the search settled %d labels before giving up, want at most 10000 (the map has %d squares)", l, n*n)
	}
}

// The flood from the start (aimed at the target, bounding the search
// backwards and proving a target out of reach) from the first label on,
// at every share of the work, against the label search: on random maps
// whose labels rarely reach floodFirst, the same Strides and directions
// to every square, or both none.
func TestPathStridesFloodMatchesLabelSearch(t *testing.T) {
	maps, floods := 0, 0
	for seed := uint64(0); maps < 500; seed++ {
		rs := fuzzRuleset(byte(seed))
		rng := rand.New(rand.NewPCG(seed, 61))
		e, q := randEncounterSized(rng, rs, 12, 5)
		q.Actions, q.Step = 2+rng.IntN(MaxActions(rs)-1), false
		q.Turn.Diagonals = rng.IntN(4)
		var fast, slow searcher
		if _, err := fast.m.prepare(kindOf(rs), e, q); err != nil || fast.m.budget <= 0 {
			continue
		}
		slow.m.prepare(kindOf(rs), e, q)
		fast.strides.floodAt = 1 + rng.IntN(8)
		fast.strides.noTight = true // every target to the label search
		maps++
		m := &fast.m
		for target := 0; target < m.W*m.H; target++ {
			if target%m.W+m.k > m.W || target/m.W+m.k > m.H {
				continue
			}
			got := fast.path(target)
			want := slow.pathLabels(target)
			if got != want || (got > 0 && !slices.Equal(fast.seqA, slow.seqA)) {
				t.Fatalf("seed %d %s %+v flood at %d, target (%d, %d): %d Strides %v, label search %d Strides %v\n%s", seed, rs, q,
					fast.strides.floodAt, target%m.W, target/m.W, got, fast.seqA, want, slow.seqA, reachMap(e, q.Token, nil))
			}
			if fast.strides.floodOn {
				floods++
			}
		}
	}
	if floods < 2000 {
		t.Errorf("only %d paths flooded", floods)
	}
}

// pathTight (the walk of the open-map cost's tight steps) against the
// label search it goes before, on random sf2e and pf1e maps that are
// mostly open ground, with some terrain, walls, hazards, creatures (their
// reactions and squares no Stride may stop on), edges and doors, large
// spaces, 2 and 3 Strides, odd and even diagonals counted and Speeds
// small enough that its route often does not split into the Strides: the
// same Strides and directions to every square, or both none; and the
// walk's answers many, its routes that do not split too. Without it, the
// open 1000 x 1000 map of BenchmarkPathMultiStride1000 took the path
// longer than the reach (TestPathLabelsBelowReach).
func TestPathTightMatchesLabelSearch(t *testing.T) {
	maps, multi, tight, split := 0, 0, 0, 0
	for seed := uint64(0); maps < 600; seed++ {
		rs := fuzzRuleset(byte(seed))
		rng := rand.New(rand.NewPCG(seed, 83))
		e, q := randEncounterSized(rng, rs, 14, 8)
		for i := range e.Grid.Cells {
			if rng.IntN(8) != 0 {
				e.Grid.Cells[i] = 0
			}
		}
		if rng.IntN(4) == 0 {
			addRandomEdges(rng, e, 1+rng.IntN(3))
		}
		q.Actions, q.Step = 2+rng.IntN(MaxActions(rs)-1), false
		q.Turn.Diagonals = rng.IntN(4)
		var fast, slow searcher
		if _, err := fast.m.prepare(kindOf(rs), e, q); err != nil || fast.m.budget <= 0 {
			continue
		}
		slow.m.prepare(kindOf(rs), e, q)
		maps++
		m := &fast.m
		for target := 0; target < m.W*m.H; target++ {
			if target%m.W+m.k > m.W || target/m.W+m.k > m.H {
				continue
			}
			before := fast.strides.tightDone
			got := fast.path(target)
			want := slow.pathLabels(target)
			if got != want || (got > 0 && !slices.Equal(fast.seqA, slow.seqA)) {
				t.Fatalf("seed %d %s %+v target (%d, %d) (walk answered: %v): %d Strides %v, label search %d Strides %v\n%s", seed, rs, q,
					target%m.W, target/m.W, fast.strides.tightDone > before, got, fast.seqA, want, slow.seqA, reachMap(e, q.Token, nil))
			}
			if got > 1 {
				multi++
				if fast.strides.tightDone > before {
					tight++
				}
			}
		}
		split += fast.strides.tightSplit
	}
	t.Logf("%d maps, %d paths of 2 or more Strides, %d answered by the walk, %d walks that did not split", maps, multi, tight, split)
	if tight < multi/4 || split < 200 {
		t.Errorf("the walk answered %d of %d paths of 2 or more Strides and did not split %d times", tight, multi, split)
	}
}

// TestTryLevelMatchesTry: the flood's tryLevel gives try's new position,
// level and refusal for every position and direction of random maps with
// edges, every space size, both rulesets, on land and in flight; and so do
// a larger space's steps through the flood's cache (floodStepsOf), first
// worked out and then from the cache, with one searcher for every map.
func TestTryLevelMatchesTry(t *testing.T) {
	steps := 0
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		k := kindOf(rs)
		var s searcher // one for every map: the flood's cache of steps must not outlive a query
		m := &s.m
		for seed := 0; seed < 300; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 77))
			e, q := randEncounterSized(rng, rs, 12, 8)
			if seed%2 == 0 {
				addRandomEdges(rng, e, 2+rng.IntN(12))
			}
			anySize(rng, rs, e, q)
			if seed%3 == 0 {
				e.Tokens[q.Token].Speeds[ModeFly] = 30
				q.Mode = ModeFly
			}
			if _, err := m.prepare(k, e, q); err != nil {
				continue
			}
			s.growRes()
			s.strides.gen = s.gen           // as pathLabelsBack starts
			for y := 0; y+m.k <= m.H; y++ { // positions the space fits at
				for x := 0; x+m.k <= m.W; x++ {
					var cached [2]uint64 // the flood's steps (k > 1): worked out, then from its cache
					if m.k > 1 {
						cached = [2]uint64{s.floodStepsOf(y*m.W+x, x, y), s.floodStepsOf(y*m.W+x, x, y)}
					}
					for d := 0; d < 8; d++ {
						np, lvl, _, _, ok := m.try(x, y, d)
						gp, glvl, gok := m.tryLevel(x, y, d)
						if gok != ok || ok && (gp != np || glvl != lvl) {
							t.Fatalf("%s seed %d, space %d, (%d, %d) direction %d: tryLevel %d %d %v, try %d %d %v",
								rs, seed, m.k, x, y, d, gp, glvl, gok, np, lvl, ok)
						}
						want := uint8(0)
						if ok {
							want = stepOK | lvl
						}
						for i, w := range cached {
							if b := uint8(w >> (8 * d)); m.k > 1 && b != want {
								t.Fatalf("%s seed %d, space %d, (%d, %d) direction %d: the flood's step %#x (call %d), try %d %v",
									rs, seed, m.k, x, y, d, b, i+1, lvl, ok)
							}
						}
						steps++
					}
				}
			}
		}
	}
	if steps < 100000 {
		t.Fatalf("only %d steps compared", steps)
	}
}
