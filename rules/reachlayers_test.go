package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// layersAgainstLabels runs reachLayers and the label search it replaced on
// the same query and fails when their answers differ. It reports whether
// the query was searched (prepare accepted it) and the squares compared.
func layersAgainstLabels(t *testing.T, fast, slow *searcher, k kind, e *model.Encounter, q MoveQuery, label string) (bool, int) {
	t.Helper()
	if _, err := fast.m.prepare(k, e, q); err != nil {
		return false, 0
	}
	fast.reachLayers()
	if k == kindPF1E {
		pf1eMinimum(fast)
	}
	got := fast.results(nil)
	if _, err := slow.m.prepare(k, e, q); err != nil {
		t.Fatal(err)
	}
	slow.growStates(slow.m.layers)
	slow.reachLabels()
	if k == kindPF1E {
		pf1eMinimum(slow)
	}
	want := slow.results(nil)
	if !slices.Equal(got, want) {
		t.Fatalf("%s %+v: layers %d squares, label search %d\n%s", label, q, len(got), len(want), squaresDiff(e, got, want))
	}
	return true, len(got)
}

// squaresDiff prints the map with the squares where two answers differ
// ('!' a different cost or Stride count, '+' only the first, '-' only the
// second) and lists them.
func squaresDiff(e *model.Encounter, a, b []Square) string {
	g := &e.Grid
	at := func(sq []Square) map[[2]int]Square {
		m := map[[2]int]Square{}
		for _, s := range sq {
			m[[2]int{s.X, s.Y}] = s
		}
		return m
	}
	ma, mb := at(a), at(b)
	out := ""
	list := ""
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			sa, okA := ma[[2]int{x, y}]
			sb, okB := mb[[2]int{x, y}]
			c := byte('.')
			switch t := g.At(x, y); {
			case t&model.Wall != 0:
				c = '#'
			case t&(model.Difficult|model.GreaterDifficult) != 0:
				c = 'd'
			}
			switch {
			case okA && okB && sa != sb:
				c = '!'
			case okA && !okB:
				c = '+'
			case okB && !okA:
				c = '-'
			}
			if c == '!' || c == '+' || c == '-' {
				list += fmt.Sprintf("(%d,%d) %+v vs %+v\n", x, y, sa, sb)
			}
			out += string(c)
		}
		out += "\n"
	}
	for i, tk := range e.Tokens {
		out += fmt.Sprintf("token %d %q at (%d,%d) %s %s %v\n", i, tk.Name, tk.X, tk.Y, tk.Size, tk.Side, tk.Speeds)
	}
	return out + list
}

// TestReachLayersMatchesLabelSearch compares reachLayers with the label
// search it replaced on random maps: every space size, 1 to 3 Strides,
// terrain, creatures, edges and door squares, either diagonal parity to
// start, sf2e and pf1e, small maps and larger ones with long Speeds.
func TestReachLayersMatchesLabelSearch(t *testing.T) {
	n := randomCases(3000, 600)
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		k := kindOf(rs)
		var fast, slow searcher
		cases, squares := 0, 0
		sizes := map[int]int{}
		for seed := 0; seed < n; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 31))
			side, speeds := 10, 8
			if seed%5 == 0 {
				side, speeds = 40, 30
			}
			e, q := randEncounterSized(rng, rs, side, speeds)
			q.Step = false
			if seed%3 == 0 {
				addRandomEdges(rng, e, 2+rng.IntN(12))
			}
			if seed%4 == 1 {
				anySize(rng, rs, e, q) // a big space more often than the generator gives one
			}
			if seed%11 == 0 {
				e.Tokens[q.Token].Speeds[ModeFly] = 1 << 20
				q.Mode = ModeFly
			}
			if seed%11 == 5 {
				// A Stride about as long as the map is wide or longer: the
				// hopeful single layer, kept or searched again.
				side := max(e.Grid.W, e.Grid.H)
				e.Tokens[q.Token].Speeds[ModeLand] = 5 * (3*side + rng.IntN(side))
				q.Mode, q.Actions = "", 2+rng.IntN(MaxActions(rs)-1)
				if rng.IntN(4) != 0 {
					serpentine(e) // routes longer than such a Stride
				}
			}
			if seed%6 == 2 {
				q.Turn.Diagonals = 1 // the turn's next diagonal costs 2
			}
			ok, sq := layersAgainstLabels(t, &fast, &slow, k, e, q, fmt.Sprintf("%s seed %d", rs, seed))
			if ok {
				cases++
				squares += sq
				sizes[fast.m.k]++
			}
		}
		if cases < n/3 || squares < 20*n || len(sizes) < 3 {
			t.Fatalf("%s: only %d cases, %d squares, space sizes %v compared", rs, cases, squares, sizes)
		}
		t.Logf("%s: %d cases, %d squares, space sizes %v", rs, cases, squares, sizes)
		// Winding routes longer than a Stride that could cross the map
		// three times: the one hopeful layer is searched again.
		for side := 5; side <= 12; side++ {
			for _, sz := range []model.Size{model.Medium, model.Large} {
				for extra := 0; extra < side; extra += 3 {
					e := &model.Encounter{Name: "winding", Ruleset: rs, Grid: model.NewGrid(side, side+1)}
					e.Tokens = []model.Token{{Name: "a", Size: sz, Speeds: map[string]int{ModeLand: 5 * (3*(side+1) + extra)}}}
					serpentine(e)
					q := MoveQuery{Token: 0, Actions: MaxActions(rs)}
					layersAgainstLabels(t, &fast, &slow, k, e, q, fmt.Sprintf("%s winding %d %s +%d", rs, side, sz, extra))
				}
			}
		}
	}
}

// serpentine walls every other column of e but for one gap, at the top
// and the bottom in turn, leaving the tokens' squares open: the map's
// routes wind through all of it.
func serpentine(e *model.Encounter) {
	g := &e.Grid
	for x := 1; x < g.W; x += 2 {
		gap := 0
		if x/2%2 == 1 {
			gap = g.H - 1
		}
		for y := 0; y < g.H; y++ {
			free := y != gap
			for i := range e.Tokens {
				t := &e.Tokens[i]
				k := e.Space(t)
				free = free && (x < t.X || x >= t.X+k || y < t.Y || y >= t.Y+k)
			}
			if free {
				g.Set(x, y, model.Wall)
			}
		}
	}
}

// TestReachWorkPerSquare bounds the work of the reaches the benchmarks
// time, by counting rather than timing: the labels reachLayers expands per
// square reached (a Stride starts from its frontier, not from everything
// before it), the positions whose step weights it works out (once each,
// not once a label; row by row before the search on an open box), the
// search each query takes, and zero allocations once the buffers have
// grown. It fails when a reach falls back to a
// slower path.
func TestReachWorkPerSquare(t *testing.T) {
	typical := benchMap(100, 100)
	tok := benchMover(typical, model.Medium, map[string]int{"land": 30})
	flyer := benchMap(250, 250)
	ftok := benchMover(flyer, model.Large, map[string]int{"land": 30, "fly": 120})
	garg, gq := gargantuanMap(200)
	garg.Tokens[0].Speeds[ModeFly] = 300
	pf := benchMap(100, 100)
	pf.Ruleset = model.PF1E
	ptok := benchMover(pf, model.Huge, map[string]int{"land": 30})
	whole, wq := multiStrideMap(200)
	whole.Tokens[0].Speeds[ModeLand] = 1 << 20
	cases := []struct {
		name    string
		e       *model.Encounter
		q       MoveQuery
		layers  bool    // reachLayers, not reachFast
		perSq   float64 // labels expanded per square reached, at most
		perW    float64 // positions weighed per square reached, at most
		squares int     // at least
		eager   bool    // an open box, weighed row by row before the search
	}{
		{"typical", typical, MoveQuery{Token: tok, Actions: 3}, true, 1.9, 1.1, 700, false},
		{"large flyer", flyer, MoveQuery{Token: ftok, Mode: ModeFly, Actions: 3}, true, 1.7, 1.1, 7000, false},
		{"gargantuan", garg, gq, true, 2.0, 1.1, 30000, true},
		// 64 squares: the chunks of eight positions at its edge weigh a
		// third more.
		{"pf1e huge", pf, MoveQuery{Token: ptok, Actions: 2}, true, 1.8, 1.5, 60, false},
		{"three Strides no route can spend", whole, wq, true, 1.01, 1.1, 39000, false},
		{"one square, one Stride", typical, MoveQuery{Token: tok, Actions: 1}, false, 0, 0, 20, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			en := mustEngine(t, c.e.Ruleset)
			var s *searcher
			switch g := en.(type) {
			case *sf2eEngine:
				s = &g.s
			case *pf1eEngine:
				s = &g.s
			}
			dst, err := en.Reach(nil, c.e, c.q)
			if err != nil {
				t.Fatal(err)
			}
			if len(dst) < c.squares {
				t.Fatalf("%d squares reached, want at least %d", len(dst), c.squares)
			}
			if s.layRes != c.layers || s.fastRes == c.layers {
				t.Fatalf("layers search %v, fast search %v; want layers %v", s.layRes, s.fastRes, c.layers)
			}
			if c.layers {
				per := float64(s.lay.popped) / float64(len(dst))
				t.Logf("%d squares, %d labels expanded: %.2f a square", len(dst), s.lay.popped, per)
				if per > c.perSq {
					t.Errorf("%.2f labels expanded a square reached, want at most %.2f", per, c.perSq)
				}
				w := float64(s.lay.weighed) / float64(len(dst))
				t.Logf("%d positions weighed: %.2f a square", s.lay.weighed, w)
				if w > c.perW {
					t.Errorf("step weights worked out %.2f times a square reached, want at most %.2f (once a position)", w, c.perW)
				}
				if s.lay.eager != c.eager {
					t.Errorf("weighed before the search %v, want %v", s.lay.eager, c.eager)
				}
			}
			if a := testing.AllocsPerRun(5, func() { dst, _ = en.Reach(dst[:0], c.e, c.q) }); a != 0 {
				t.Errorf("%v allocations a reach after warm-up, want 0", a)
			}
		})
	}
}

// TestReachLayersStartOverWall: a space that starts over a wall keeps the
// wall's squares while it steps out, so the positions beside its start
// may not end a Stride that is not the last, and decide the frontier, on
// a map where no open square refuses a stop.
func TestReachLayersStartOverWall(t *testing.T) {
	var fast, slow searcher
	cases := 0
	for seed := 0; seed < 400; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 47))
		rs := model.SF2E
		k := kindSF2E
		if seed%2 == 1 {
			rs, k = model.PF1E, kindPF1E
		}
		e, q := randEncounterSized(rng, rs, 10, 8)
		q.Step = false
		q.Actions = 2 + rng.IntN(MaxActions(rs)-1)
		tk := &e.Tokens[q.Token]
		if s := rs.Space(model.Large); s <= e.Grid.W-tk.X && s <= e.Grid.H-tk.Y {
			tk.Size = model.Large
		}
		// Only walls refuse a stop: no other creature, no obstacle.
		e.Tokens = []model.Token{*tk}
		q.Token = 0
		tk = &e.Tokens[0]
		for i, c := range e.Grid.Cells {
			e.Grid.Cells[i] = c &^ model.Obstacle
		}
		sp := rs.Space(tk.Size)
		e.Grid.Set(tk.X+rng.IntN(sp), tk.Y+rng.IntN(sp), model.Wall)
		if ok, _ := layersAgainstLabels(t, &fast, &slow, k, e, q, fmt.Sprintf("%s seed %d", rs, seed)); ok {
			cases++
		}
	}
	t.Logf("%d cases", cases)
	if cases < 100 {
		t.Fatalf("only %d cases compared", cases)
	}
}

// rulesetOfSeed is the ruleset (and its engine's kind) of a random test's
// seed: pf1e every third, sf2e otherwise.
func rulesetOfSeed(seed int) (model.Ruleset, kind) {
	if seed%3 == 2 {
		return model.PF1E, kindPF1E
	}
	return model.SF2E, kindSF2E
}

// TestReachLayersOpenBoxMatchesLabelSearch compares reachLayers with the
// label search on boxes with no square the space may not enter, whose
// steps reachLayers weighs row by row before it searches (eager), not at
// each position's first label: spaces of 2 to 4 squares, terrain, allies
// (squares a Stride may not stop on), edges, 1 to 3 Strides.
func TestReachLayersOpenBoxMatchesLabelSearch(t *testing.T) {
	var fast, slow searcher
	eager := 0
	for seed := 0; seed < 600; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 53))
		rs, k := rulesetOfSeed(seed)
		e, q := randEncounterSized(rng, rs, 14, 10)
		q.Step = false
		for i, c := range e.Grid.Cells {
			e.Grid.Cells[i] = c &^ (model.Wall | model.Obstacle | model.Water | model.Door)
		}
		if seed%4 == 1 {
			addRandomEdges(rng, e, 1+rng.IntN(6))
		}
		for i := range e.Tokens {
			e.Tokens[i].Side = "a" // allies: the mover may pass, not stop
		}
		tk := &e.Tokens[q.Token]
		sizes := []model.Size{model.Large, model.Huge, model.Gargantuan}
		sz := sizes[rng.IntN(len(sizes))]
		if s := rs.Space(sz); s > e.Grid.W-tk.X || s > e.Grid.H-tk.Y {
			continue
		}
		tk.Size = sz
		q.Mode, q.Actions = "", 1+rng.IntN(MaxActions(rs))
		tk.Speeds[ModeLand] = 5 * (1 + rng.IntN(8))
		if seed%2 == 0 {
			q.Mode = ModeFly
			tk.Speeds[ModeFly] = 5 * (1 + rng.IntN(12))
		}
		if seed%5 == 3 {
			q.Turn.Diagonals = 1
		}
		if ok, _ := layersAgainstLabels(t, &fast, &slow, k, e, q, fmt.Sprintf("%s seed %d", rs, seed)); ok && fast.lay.eager {
			eager++
		}
	}
	t.Logf("%d searches weighed every position first", eager)
	if eager < 150 {
		t.Fatalf("only %d searches weighed every position first", eager)
	}
}

// TestReachLayersAnswerSize: an answer is made at about its size (a row of
// room more for the writes past it), not grown row by row to up to twice
// it: a whole-map reach on 1000x1000 would hold some 40 MB more.
func TestReachLayersAnswerSize(t *testing.T) {
	e, q := gargantuanMap(300)
	en := mustEngine(t, e.Ruleset)
	sq, err := en.Reach(nil, e, q)
	if err != nil {
		t.Fatal(err)
	}
	// A row of 300 and the allocator's rounding to 8 KB pages (about 200
	// squares of 40 bytes).
	if want := len(sq) + 301 + 256; len(sq) < 80000 || cap(sq) > want {
		t.Errorf("%d squares in a slice of %d, want at most %d", len(sq), cap(sq), want)
	}
}

// TestReachLayersSquaresRow checks squaresRow, a word at a time, against a
// square at a time: every byte a classified square can hold, in rows of
// every length a word and its tail can take.
func TestReachLayersSquaresRow(t *testing.T) {
	for n := 1; n <= 300; n++ {
		src := make([]uint8, n)
		for i := range src {
			src[i] = uint8(i*37 + n) // every byte once a row of 256 or more
		}
		sq, pb, sp := make([]uint8, n), make([]uint8, n), make([]uint8, n)
		open, closed := squaresRow(sq, pb, sp, src)
		var wantOpen, wantClosed bool
		for i, c := range src {
			e, p := layClass[c], c&(cNoEnd|cNoStop|cBlock)
			if sq[i] != e || pb[i] != p || sp[i] != e|p<<pbShift {
				t.Fatalf("row of %d, square %d (%08b): sq %08b pb %08b sp %08b, want %08b %08b %08b",
					n, i, c, sq[i], pb[i], sp[i], e, p, e|p<<pbShift)
			}
			wantOpen = wantOpen || c&cNoStop != 0 && c&cBlock == 0
			wantClosed = wantClosed || c&(cBlock|cDiag) != 0
		}
		if open != 0 != wantOpen || closed != 0 != wantClosed {
			t.Fatalf("row of %d: open %x closed %x, want %v %v", n, open, closed, wantOpen, wantClosed)
		}
		if _, c := squaresRow(sq, pb, nil, src); c != closed {
			t.Fatalf("row of %d without sp: closed %x, want %x", n, c, closed)
		}
	}
}

// TestAboveNibbles: above marks exactly the nibbles greater than the limit,
// for every nibble value and limit, wherever the nibble sits in the word.
func TestAboveNibbles(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		wp, lim := rng.Uint32(), uint32(rng.IntN(16))
		var want uint32
		for d := 0; d < 8; d++ {
			if wp>>(4*d)&15 > lim {
				want |= 15 << (4 * d)
			}
		}
		if got := above(wp, lim); got != want {
			t.Fatalf("above(%08x, %d) = %08x, want %08x", wp, lim, got, want)
		}
	}
}

// TestLayStepsShareBucket: no straight step weighs what a diagonal does in
// key space, so at most four of a label's steps land in one bucket: the
// room search gives each key before steps queues without a check.
func TestLayStepsShareBucket(t *testing.T) {
	for kd := range layWeights {
		w := &layWeights[kd]
		for a := range 256 {
			for b := range 256 {
				if s, d := w.s[a], w.d[b]; s != 0 && s == d {
					t.Fatalf("kind %d: a straight step into %#x and a diagonal into %#x both weigh %d", kd, a, b, s)
				}
			}
		}
	}
}

// TestLRingKeepsLabels: buckets that grow while others hold labels keep
// every label, in order, and room gives every bucket the room asked for.
func TestLRingKeepsLabels(t *testing.T) {
	var q lring
	var want [layRing][]lent
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 5000 {
		j := uint32(rng.IntN(layRing))
		e := lent{int32(i), uint32(rng.IntN(100))}
		q.push(j, e)
		want[j] = append(want[j], e)
		if i%97 == 0 {
			m := rng.IntN(50)
			q.room(m)
			for j := range q.at {
				if free := (j+1)*q.size - q.at[j]; free < m {
					t.Fatalf("bucket %d: room for %d after room(%d)", j, free, m)
				}
			}
		}
		if i%1000 == 999 {
			// A bucket gone through leaves empty.
			j := uint32(rng.IntN(layRing))
			q.at[j] = int(j) * q.size
			want[j] = want[j][:0]
		}
	}
	for j := range want {
		if got := q.bucket(uint32(j)); !slices.Equal(got, want[j]) {
			t.Fatalf("bucket %d holds %d labels, want %d (or out of order)", j, len(got), len(want[j]))
		}
	}
}

// TestReachLayersBranchFreeMatchesLabelSearch compares reachLayers with
// the label search on random maps with every search stepping without a
// branch on a step's outcome (stepsRough) from its first label.
func TestReachLayersBranchFreeMatchesLabelSearch(t *testing.T) {
	var fast, slow searcher
	fast.lay.stepMode = stepsBranchFree
	cases := 0
	for seed := 0; seed < 800; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 59))
		rs, k := rulesetOfSeed(seed)
		e, q := randEncounterSized(rng, rs, 20, 12)
		q.Step = false
		if seed%3 == 0 {
			addRandomEdges(rng, e, 2+rng.IntN(8))
		}
		if seed%2 == 1 {
			anySize(rng, rs, e, q)
		}
		if seed%5 == 3 {
			q.Turn.Diagonals = 1
		}
		if ok, _ := layersAgainstLabels(t, &fast, &slow, k, e, q, fmt.Sprintf("%s seed %d", rs, seed)); ok {
			if !fast.lay.rough {
				t.Fatalf("seed %d: the search did not step without branches", seed)
			}
			cases++
		}
	}
	if cases < 300 {
		t.Fatalf("only %d cases compared", cases)
	}
}

// TestStepsRoughMatchesSteps: the steps of a label without a branch
// (stepsRough) queue exactly the labels steps does and leave the states
// as it does, from states expanded, queued, standing as sources and
// empty, with steps refused (weight 0) among them; a refused step is never
// queued.
func TestStepsRoughMatchesSteps(t *testing.T) {
	const PW, PH = 12, 12
	n := PW * PH
	rng := rand.New(rand.NewPCG(9, 10))
	var off [8]int
	for d := range off {
		off[d] = model.Dir[d][1]*PW + model.Dir[d][0]
	}
	run := func(rough bool, sts []lstate, P int32, C, K, wp uint32, pmask int32) (*layerRun, [layRing][]lent) {
		r := &layerRun{sts: sts, off: off, pmask: pmask}
		r.ring.room(64)
		if rough {
			r.stepsRough(P, C, K, wp)
		} else {
			r.steps(P, C, K, wp)
		}
		var got [layRing][]lent
		for j := range got {
			got[j] = slices.Clone(r.ring.bucket(uint32(j)))
			slices.SortFunc(got[j], func(a, b lent) int { return int(a.p-b.p)*64 + int(a.c) - int(b.c) })
		}
		return r, got
	}
	weights := []uint32{0, 0, 2, 3, 4, 5, 6, 7}
	queued := 0
	for it := range 20000 {
		sts := make([]lstate, 2*n)
		P := int32((2+rng.IntN(PH-4))*PW + 2 + rng.IntN(PW-4))
		K := uint32(20 + rng.IntN(100))
		C := uint32(rng.IntN(int(min(K, 30))) + srcC)
		var pmask int32 = 1
		if it%3 == 0 {
			pmask = 0
		}
		var wp uint32
		for d := range 8 {
			wp |= weights[rng.IntN(len(weights))] << (4 * d)
		}
		for i := range sts {
			switch rng.IntN(4) {
			case 1: // expanded
				sts[i] = lstate{(K - uint32(rng.IntN(8)) | kExp) ^ kMask, ^(C + uint32(rng.IntN(12)) - 4)}
			case 2: // a label queued
				sts[i] = lstate{(K + uint32(rng.IntN(12))) ^ kMask, ^(C + uint32(rng.IntN(12)))}
			case 3: // a source standing
				sts[i] = lstate{(K - uint32(rng.IntN(8))) ^ kMask, ^uint32(srcC)}
			}
		}
		// The label's own state, as search leaves it.
		own := 2*P + int32(C)&pmask
		sts[own] = lstate{(K | kExp) ^ kMask, ^C}
		a, b := slices.Clone(sts), slices.Clone(sts)
		_, want := run(false, a, P, C, K, wp, pmask)
		_, got := run(true, b, P, C, K, wp, pmask)
		if !slices.EqualFunc(got[:], want[:], func(x, y []lent) bool { return slices.Equal(x, y) }) {
			t.Fatalf("P %d C %d K %d wp %08x: stepsRough queued %v, steps %v", P, C, K, wp, got, want)
		}
		if !slices.Equal(a, b) {
			t.Fatalf("P %d C %d K %d wp %08x: the states differ", P, C, K, wp)
		}
		for _, q := range got {
			for _, e := range q {
				if e.p == P {
					t.Fatalf("P %d C %d K %d wp %08x: a refused step queued %+v", P, C, K, wp, e)
				}
				queued++
			}
		}
	}
	if queued < 20000 {
		t.Fatalf("only %d labels queued", queued)
	}
}

// TestReachLayersStepMode pins which steps a search takes: without a
// branch on a step's outcome (stepsRough) on a large box of strewn walls,
// with it (steps) on an open box, on difficult terrain without walls and
// on a small box.
func TestReachLayersStepMode(t *testing.T) {
	flyer := benchMap(250, 250)
	ftok := benchMover(flyer, model.Large, map[string]int{"land": 30, "fly": 120})
	diff := benchMap(250, 250)
	for i, c := range diff.Grid.Cells {
		diff.Grid.Cells[i] = c &^ model.Wall
	}
	dtok := benchMover(diff, model.Large, map[string]int{"land": 30, "fly": 120})
	typical := benchMap(100, 100)
	tok := benchMover(typical, model.Medium, map[string]int{"land": 30})
	garg, gq := gargantuanMap(200)
	garg.Tokens[0].Speeds[ModeFly] = 600
	cases := []struct {
		name  string
		e     *model.Encounter
		q     MoveQuery
		rough bool
	}{
		{"walls strewn, large box", flyer, MoveQuery{Token: ftok, Mode: ModeFly, Actions: 3}, true},
		{"difficult terrain, no walls", diff, MoveQuery{Token: dtok, Mode: ModeFly, Actions: 3}, false},
		{"open box", garg, gq, false},
		{"small box", typical, MoveQuery{Token: tok, Actions: 3}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s searcher
			if _, err := s.m.prepare(kindOf(c.e.Ruleset), c.e, c.q); err != nil {
				t.Fatal(err)
			}
			s.reachLayers()
			if s.lay.popped < 1000 {
				t.Fatalf("only %d labels expanded", s.lay.popped)
			}
			if s.lay.rough != c.rough {
				t.Errorf("stepped without branches %v, want %v (%d labels)", s.lay.rough, c.rough, s.lay.popped)
			}
		})
	}
}

// anySize gives the query's token a size of the ruleset drawn at random,
// when its space fits on the map where the token stands.
func anySize(rng *rand.Rand, rs model.Ruleset, e *model.Encounter, q MoveQuery) {
	tk := &e.Tokens[q.Token]
	sz := rs.Sizes()[rng.IntN(len(rs.Sizes()))]
	if s := rs.Space(sz); s <= e.Grid.W-tk.X && s <= e.Grid.H-tk.Y {
		tk.Size = sz
	}
}
