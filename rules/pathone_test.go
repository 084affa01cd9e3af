package rules

import (
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// One Stride's path (path1, an A* without labels) against the label search
// it replaced (pathN with one Stride), on random maps with hazards,
// reactions and large spaces: the same directions, or both none.
func TestPathOneStrideMatchesLabelSearch(t *testing.T) {
	for seed := uint64(0); seed < uint64(randomCases(1500, 1500)); seed++ {
		rs := fuzzRuleset(byte(seed))
		e, q := randEncounterSized(rand.New(rand.NewPCG(seed, 31)), rs, 10, 9)
		q.Actions, q.Step = 1, false
		var fast, slow searcher
		if _, err := fast.m.prepare(kindOf(rs), e, q); err != nil {
			continue
		}
		slow.m.prepare(kindOf(rs), e, q)
		for target := 0; target < e.Grid.W*e.Grid.H; target++ {
			m := &fast.m
			if target%m.W+m.k > m.W || target/m.W+m.k > m.H || target == m.start || fast.legalFresh(target)&legFinal == 0 || m.budget <= 0 {
				continue
			}
			ok := fast.path1(target)
			slow.growStates(1)
			n2 := slow.m.W * slow.m.H * 2
			if len(slow.front) < n2 {
				slow.front = make([]int32, n2)
			}
			li := slow.pathN(target, 1)
			if ok != (li >= 0) {
				t.Fatalf("seed %d target %d: path1 %v, label search %v\n%s", seed, target, ok, li >= 0, reachMap(e, q.Token, nil))
			}
			if ok {
				want := slow.seq(nil, li)
				if !slices.Equal(fast.seqA, want) {
					t.Fatalf("seed %d target (%d, %d): path1 %v, label search %v\n%s", seed, target%m.W, target/m.W,
						fast.seqA, want, reachMap(e, q.Token, nil))
				}
			}
		}
	}
}

func kindOf(rs model.Ruleset) kind {
	if rs == model.PF1E {
		return kindPF1E
	}
	return kindSF2E
}

// legalFresh is legal in a fresh generation (legal caches per query).
func (s *searcher) legalFresh(pos int) uint8 {
	s.grow()
	return s.legal(pos)
}

// The path searches no more states than reach settles: on an open map
// and on a map of walls and difficult terrain, to the far corner and to
// squares around, with a Speed that reaches everything (issue 12 item 8:
// path took 53 s where reach took 1.5 s). It fails if path goes back to a
// search that settles states reach never would, or settles them twice.
func TestPathWorkBoundedByReach(t *testing.T) {
	open, _ := farCornerMap(200)
	maze := benchMap(200, 200)
	mover := benchMover(maze, model.Medium, nil)
	maze.Tokens[mover].X, maze.Tokens[mover].Y = 0, 0
	maze.Grid.Set(0, 0, 0)
	for _, e := range []*model.Encounter{open, maze} {
		e.Tokens[0].Speeds = map[string]int{"land": 1 << 20}
		q := MoveQuery{Token: 0}
		en := &sf2eEngine{}
		sq, err := en.Reach(nil, e, q)
		if err != nil {
			t.Fatal(err)
		}
		settled := en.s.fastN
		for _, s := range []Square{sq[len(sq)-1], sq[len(sq)/2], sq[len(sq)/3]} {
			en.s.work = 0
			p, err := en.Path(e, q, s.X, s.Y)
			if err != nil || !p.Reachable || p.Cost != s.Cost {
				t.Fatalf("path to %+v: %+v %v", s, p, err)
			}
			// Two parities per square.
			if en.s.work > 2*settled {
				t.Errorf("path to (%d, %d) settled %d states; reach settles %d squares", s.X, s.Y, en.s.work, settled)
			}
			if e == open && s == sq[len(sq)-1] && en.s.work > 20*e.Grid.W {
				t.Errorf("path to the open map's far corner settled %d states, want a band of at most %d", en.s.work, 20*e.Grid.W)
			}
		}
		var steps []Step
		if a := testing.AllocsPerRun(3, func() {
			p, _ := en.AppendPath(steps, e, q, sq[0].X, sq[0].Y)
			steps = p.Steps
		}); a > 0 {
			t.Errorf("path allocates %v times a call after warm-up", a)
		}
	}
}

// The starship and points paths are A* searches too: across an open map
// to its far corner they settle a thin band of states, not the whole map
// that reach must (a ship's 16 states a square, a token's one), and the
// cost is reach's.
func TestShipAndPointsPathWorkBounded(t *testing.T) {
	const n = 200
	for _, rs := range []model.Ruleset{model.Starship, model.Points} {
		e := &model.Encounter{Name: "open", Ruleset: rs, Grid: model.NewGrid(n, n)}
		e.Tokens = []model.Token{{Name: "r", Size: model.Small, Side: "party",
			Speeds: map[string]int{"fly": 1 << 30, "turn": 100, "land": 1 << 30}}}
		en := mustEngine(t, rs)
		sq, err := en.Reach(nil, e, MoveQuery{})
		if err != nil {
			t.Fatal(err)
		}
		far, _ := costAt(sq, n-1, n-1)
		p, err := en.Path(e, MoveQuery{}, n-1, n-1)
		if err != nil || !p.Reachable || p.Cost != far.Cost {
			t.Fatalf("%s: path %v %v, reach %+v", rs, p.Cost, err, far)
		}
		var work int
		switch g := en.(type) {
		case *shipEngine:
			work = g.route.work
		case *ptsEngine:
			work = g.route.work
		}
		if work > 4*n {
			t.Errorf("%s: the path to the far corner settled %d states, want a band of at most %d", rs, work, 4*n)
		}
	}
}

// path1's two queues (the radix heap by the packed key, and the indexed
// binary heap it falls back to when the key does not fit) give the same
// directions to every square of random maps with hazards, reactions,
// large spaces and turns that have counted odd diagonals.
func TestPathOneQueuesAgree(t *testing.T) {
	for seed := uint64(0); seed < uint64(randomCases(600, 600)); seed++ {
		rs := fuzzRuleset(byte(seed))
		rng := rand.New(rand.NewPCG(seed, 59))
		e, q := randEncounterSized(rng, rs, 14, 9)
		q.Actions, q.Step = 1, false
		q.Turn.Diagonals = rng.IntN(2)
		var radix, heap searcher
		if _, err := radix.m.prepare(kindOf(rs), e, q); err != nil || radix.m.budget <= 0 {
			continue
		}
		heap.m.prepare(kindOf(rs), e, q)
		heap.strides.heapOnly = true
		m := &radix.m
		for target := 0; target < m.W*m.H; target++ {
			if target%m.W+m.k > m.W || target/m.W+m.k > m.H || target == m.start {
				continue
			}
			a, b := radix.path1(target), heap.path1(target)
			if a != b || !slices.Equal(radix.seqA, heap.seqA) {
				t.Fatalf("seed %d target (%d, %d): radix heap %v %v, binary heap %v %v\n%s", seed, target%m.W, target/m.W,
					a, radix.seqA, b, heap.seqA, reachMap(e, q.Token, nil))
			}
		}
	}
}
