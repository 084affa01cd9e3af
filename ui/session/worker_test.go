package session

import (
	"slices"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// stubEngine flanks when two allies stand on opposite sides of a foe, in
// a row or a column; everything else is empty.
type stubEngine struct{ calls int }

func (s *stubEngine) Reach(dst []rules.Square, e *model.Encounter, q rules.MoveQuery) ([]rules.Square, error) {
	return dst, nil
}
func (s *stubEngine) Path(e *model.Encounter, q rules.MoveQuery, x, y int) (rules.Path, error) {
	return rules.Path{}, nil
}
func (s *stubEngine) Cover(e *model.Encounter, from, to int) (rules.Cover, error) { return 0, nil }
func (s *stubEngine) Threatened(dst []rules.Point, e *model.Encounter, tok int) []rules.Point {
	return dst
}
func (s *stubEngine) Flanking(e *model.Encounter) ([]rules.Flank, error) {
	s.calls++
	var out []rules.Flank
	for f := range e.Tokens {
		for a := range e.Tokens {
			for b := a + 1; b < len(e.Tokens); b++ {
				F, A, B := e.Tokens[f], e.Tokens[a], e.Tokens[b]
				if !model.Allies(A.Side, B.Side) || !model.Enemies(A.Side, F.Side) {
					continue
				}
				row := A.Y == F.Y && B.Y == F.Y && (A.X-F.X)*(B.X-F.X) == -1
				col := A.X == F.X && B.X == F.X && (A.Y-F.Y)*(B.Y-F.Y) == -1
				if row || col {
					out = append(out, rules.Flank{Target: f, By: [2]int{a, b}})
				}
			}
		}
	}
	return out, nil
}

func TestFlankSpots(t *testing.T) {
	e, _ := newEncounter("Flank", model.SF2E, 40, 40, 5)
	e.Tokens = []model.Token{
		{Name: "Foe", X: 5, Y: 5, Side: "enemy"},
		{Name: "Ally", X: 4, Y: 5, Side: "party"},
		{Name: "Mover", X: 20, Y: 20, Side: "party"},
	}
	eng := &stubEngine{}
	got := FlankSpots(eng, e, 2)
	if len(got) != 1 || got[0] != (rules.Point{X: 6, Y: 5}) {
		t.Errorf("flank spots %v, want [(6, 5)]", got)
	}
	// many foes: the number of tries stays bounded
	for i := 0; i < 30; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: "F" + string(rune('A'+i%26)) + string(rune('a'+i/26)), X: (i % 20) * 2, Y: 10 + (i/20)*3, Side: "enemy"})
	}
	eng.calls = 0
	FlankSpots(eng, e, 2)
	if eng.calls > flankSpotLimit {
		t.Errorf("%d Flanking calls, limit %d", eng.calls, flankSpotLimit)
	}
}

// duel is an n x n encounter of open squares in ruleset rs with the
// Medium tokens a and b, each moving speed times the ruleset's speed of a
// new token (and turning as one does): the worker tests' set-up.
func duel(t *testing.T, rs model.Ruleset, n, speed int, a, b model.Token) *model.Encounter {
	t.Helper()
	d := rules.Describe(rs)
	e, err := newEncounter("duel", rs, n, n, rs.DefaultFeetPerSquare())
	if err != nil {
		t.Fatal(err)
	}
	sp := map[string]int{d.SpeedKeys[0]: speed * d.NewSpeed}
	if d.NewTurn > 0 {
		sp[model.SpeedTurn] = d.NewTurn
	}
	e.Tokens = []model.Token{a, b}
	for i := range e.Tokens {
		e.Tokens[i].ID, e.Tokens[i].Size, e.Tokens[i].Speeds = model.NewID(), model.Medium, sp
	}
	return e
}

// TestComputeFollowsTheEngine: for each ruleset, Compute's reach and path
// are the engine's, and cover in a ruleset without it (starship, points)
// leaves its overlay empty without a word: the overlay panel says why, and
// a request made while the editor switched rulesets must not put "no
// cover rules" in the status bar.
func TestComputeFollowsTheEngine(t *testing.T) {
	for _, rs := range model.Rulesets {
		t.Run(string(rs), func(t *testing.T) {
			d := rules.Describe(rs)
			e := duel(t, rs, 12, 1,
				model.Token{Name: "A", X: 1, Y: 1, Side: "party", Facing: model.E},
				model.Token{Name: "B", X: 8, Y: 8, Side: "enemy"})
			req := &Request{Enc: e, Sel: 0, Drag: -1, Hover: &rules.Point{X: 5, Y: 1},
				Set: Settings{Reach: true, Mode: d.DefaultMode, Actions: 1, Path: true, Cover: true, Flank: true}}
			res := (&Worker{}).Compute(req)
			eng, _ := rules.For(rs)
			want, err := eng.Reach(nil, e, rules.MoveQuery{Token: 0, Mode: d.DefaultMode, Actions: 1})
			if err != nil || len(res.Reach) != len(want) {
				t.Errorf("reach: %d squares, engine %d (%v)", len(res.Reach), len(want), err)
			}
			p, err := eng.Path(e, rules.MoveQuery{Token: 0, Mode: d.DefaultMode, Actions: d.MaxActions}, 5, 1)
			if err != nil || res.Path == nil || res.Path.Cost != p.Cost || res.PathText != DescribePath(e, 0, "", &p, nil) {
				t.Errorf("path %+v %q, engine %+v (%v)", res.Path, res.PathText, p, err)
			}
			_, cerr := eng.Cover(e, 0, 1)
			switch {
			case cerr == nil && len(res.Cover) != 1:
				t.Errorf("cover lines %v, want one", res.Cover)
			case cerr != nil && (len(res.Cover) != 0 || len(res.Errs) != 0):
				t.Errorf("cover refused (%v): lines %v, errs %q (want none)", cerr, res.Cover, res.Errs)
			}
			if res.NTok != 2 || res.Sel != 0 {
				t.Errorf("ntok %d sel %d", res.NTok, res.Sel)
			}
		})
	}
}

// TestReachAnswerIsTheUIs: the reach a worker answers is the UI's alone
// (a later answer leaves it as it was) and sized to itself, for every
// ruleset's engine: the worker keeps no buffer of it, and a whole-map
// answer is held once.
func TestReachAnswerIsTheUIs(t *testing.T) {
	for _, rs := range model.Rulesets {
		t.Run(string(rs), func(t *testing.T) {
			d := rules.Describe(rs)
			e := duel(t, rs, 60, 4,
				model.Token{Name: "A", X: 10, Y: 10, Side: "party", Facing: model.E},
				model.Token{Name: "B", X: 45, Y: 40, Side: "enemy", Facing: model.W})
			w := &Worker{}
			ask := func(sel int) []rules.Square {
				res := w.Compute(&Request{Enc: e, Sel: sel, Drag: -1, Set: Settings{Reach: true, Mode: d.DefaultMode, Actions: d.MaxActions}})
				if len(res.Reach) < 100 || len(res.Errs) != 0 {
					t.Fatalf("token %d: %d squares, errors %q", sel, len(res.Reach), res.Errs)
				}
				if spare := cap(res.Reach) - len(res.Reach); spare > len(res.Reach)/8+64 {
					t.Errorf("token %d: %d squares in room for %d", sel, len(res.Reach), cap(res.Reach))
				}
				return res.Reach
			}
			first := ask(0)
			kept := slices.Clone(first)
			if second := ask(1); slices.Equal(first, second) {
				t.Fatal("the two tokens' reach is the same: the test shows nothing")
			}
			if !slices.Equal(first, kept) {
				t.Error("the second answer changed the first")
			}
		})
	}
}

// TestWorkerAnswersTheNewestRequest: requests made while the worker is
// busy are replaced by the newest; its answer always arrives.
func TestWorkerAnswersTheNewestRequest(t *testing.T) {
	got := make(chan *Result, 16)
	w := NewWorker(func(r *Result) { got <- r })
	defer w.Stop()
	e, _ := newEncounter("room", model.SF2E, 30, 30, 5)
	for g := uint64(1); g <= 10; g++ {
		w.Request(&Request{Gen: g, Enc: e, Sel: -1, Drag: -1})
	}
	timeout := time.After(10 * time.Second)
	for {
		select {
		case r := <-got:
			if r.Gen == 10 {
				return
			}
		case <-timeout:
			t.Fatal("no answer to the newest request")
		}
	}
}

// TestShown: what the switches show of an answer, and nothing of the
// selection's from a stale one.
func TestShown(t *testing.T) {
	e := &model.Encounter{Name: "x", Ruleset: model.Points, Grid: model.NewGrid(4, 4), Tokens: []model.Token{{Name: "A"}, {Name: "B"}}}
	r := &Result{Sel: 0, NTok: 2, Reach: []rules.Square{{X: 1}}, Path: &rules.Path{Cost: 1}, Threat: []rules.Point{{X: 3}},
		Cover: []render.CoverLine{{From: 0, To: 1}}, CoverBack: []render.CoverLine{{From: 1, To: 0}}, Flanks: []rules.Flank{{Target: 1}}}
	all := Settings{Reach: true, Path: true, Cover: true, Threat: true, Flank: true}
	for _, c := range []struct {
		name                               string
		sel                                int
		set                                Settings
		r                                  *Result
		reach, path, cover, threat, flanks int
	}{
		{"everything", 0, all, r, 1, 1, 2, 1, 1},
		{"switches off", 0, Settings{}, r, 0, 0, 0, 0, 0},
		{"another selection: flanks only", 1, all, r, 0, 0, 0, 0, 1},
		{"stale token list", 0, all, &Result{Sel: 0, NTok: 3, Reach: r.Reach, Flanks: r.Flanks}, 0, 0, 0, 0, 0},
		{"no answer", 0, all, nil, 0, 0, 0, 0, 0},
	} {
		o := Shown(e, c.sel, c.set, c.r)
		path := 0
		if o.Path != nil {
			path = 1
		}
		got := [5]int{len(o.Reach), path, len(o.Cover), len(o.Threat), len(o.Flanks)}
		if want := [5]int{c.reach, c.path, c.cover, c.threat, c.flanks}; got != want || o.Units != "pt" || o.Selected != c.sel {
			t.Errorf("%s: reach, path, cover, threat, flanks %v, want %v (units %q, selected %d)", c.name, got, want, o.Units, o.Selected)
		}
	}
}

// TestShownAllocatesItsOverlaysAndCoverLines: Shown is made on every
// overlay rebuild (every pointer move of a drag) and allocates the
// overlays and one array of cover lines, both ways; the cover lines were
// two arrays (the lines toward, then grown for the lines back).
func TestShownAllocatesItsOverlaysAndCoverLines(t *testing.T) {
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(4, 4), Tokens: []model.Token{{Name: "A"}, {Name: "B"}, {Name: "C"}}}
	r := &Result{Sel: 0, NTok: 3, Cover: []render.CoverLine{{From: 0, To: 1}, {From: 0, To: 2}}, CoverBack: []render.CoverLine{{From: 1, To: 0}, {From: 2, To: 0}}}
	set := Settings{Cover: true, CoverBack: true}
	if got := len(Shown(e, 0, set, r).Cover); got != 4 {
		t.Fatalf("%d cover lines; want 4", got)
	}
	if a := testing.AllocsPerRun(100, func() { Shown(e, 0, set, r) }); a > 2 {
		t.Errorf("Shown allocates %.0f times; want 2 (the overlays, the cover lines)", a)
	}
}

// TestPlayersView: hidden tokens leave, and the selection follows its
// token (or goes when it is hidden).
func TestPlayersView(t *testing.T) {
	e := &model.Encounter{Tokens: []model.Token{{Name: "A"}, {Name: "H", Hidden: true}, {Name: "C"}}}
	for _, c := range []struct{ sel, want int }{{0, 0}, {1, -1}, {2, 1}, {-1, -1}} {
		pe, sel := PlayersView(e, c.sel)
		if len(pe.Tokens) != 2 || pe.Tokens[1].Name != "C" || sel != c.want {
			t.Errorf("sel %d: %d tokens, selection %d, want %d", c.sel, len(pe.Tokens), sel, c.want)
		}
	}
	if len(e.Tokens) != 3 {
		t.Errorf("the encounter lost tokens")
	}
}

// slowPathEngine answers a path with one step on the target square after
// a pause, so requests pile up while it works.
type slowPathEngine struct {
	stubEngine
	pause, flankPause time.Duration
}

// Flanking pauses too, so the flank spots take several of the worker's
// slices of idle time.
func (s *slowPathEngine) Flanking(e *model.Encounter) ([]rules.Flank, error) {
	time.Sleep(s.flankPause)
	return s.stubEngine.Flanking(e)
}

func (s *slowPathEngine) Path(e *model.Encounter, q rules.MoveQuery, x, y int) (rules.Path, error) {
	time.Sleep(s.pause)
	return rules.Path{Reachable: true, Steps: []rules.Step{{X: x, Y: y}}}, nil
}

// TestWorkerEndsOnTheNewestRequest: requests made faster than the worker
// answers them (a drag) are answered newest first: the answers come in
// the order of their requests, each is its own request's (the path goes to
// its square), the last is the newest request's, and the flank spots found
// in the worker's idle time come with the newest request's number too.
func TestWorkerEndsOnTheNewestRequest(t *testing.T) {
	e, _ := newEncounter("Drag", model.SF2E, 40, 40, 5)
	e.Tokens = []model.Token{
		{Name: "Foe", X: 5, Y: 5, Side: "enemy", Speeds: map[string]int{"land": 30}},
		{Name: "Ally", X: 4, Y: 5, Side: "party", Speeds: map[string]int{"land": 30}},
		{Name: "Mover", X: 20, Y: 20, Side: "party", Speeds: map[string]int{"land": 30}},
	}
	got := make(chan *Result, 1000)
	w := &Worker{wake: make(chan struct{}, 1), quit: make(chan struct{}), deliver: func(r *Result) { got <- r },
		eng: &slowPathEngine{pause: 300 * time.Microsecond, flankPause: 100 * time.Microsecond}, engRS: e.Ruleset}
	go w.loop()
	defer w.Stop()
	set := Settings{Reach: true, Mode: rules.ModeLand, Actions: 1, Path: true, Flank: true}
	const n = 300
	for g := uint64(1); g <= n; g++ {
		x := 20 + int(g)%15
		w.Request(&Request{Gen: g, Enc: e, Rev: 1, Sel: 2, Set: set, Hover: &rules.Point{X: x, Y: 21}, Drag: 2})
		if g%7 == 0 {
			time.Sleep(time.Duration(g%5) * 100 * time.Microsecond)
		}
	}
	var last *Result
	answers, pending := 0, 0
	for last == nil || last.Gen != n || last.SpotsPending {
		select {
		case r := <-got:
			answers++
			if r.SpotsPending {
				pending++
			}
			if last != nil && r.Gen < last.Gen {
				t.Fatalf("answer %d came after answer %d", r.Gen, last.Gen)
			}
			if r.Path == nil || len(r.Path.Steps) != 1 || r.Path.Steps[0].X != 20+int(r.Gen)%15 {
				t.Fatalf("answer %d has the path %+v, not its request's", r.Gen, r.Path)
			}
			last = r
		case <-time.After(5 * time.Second):
			t.Fatalf("no answer for the newest request with its flank spots: the last was %+v", last)
		}
	}
	if len(last.FlankSpots) != 1 || last.FlankSpots[0] != (rules.Point{X: 6, Y: 5}) {
		t.Errorf("flank spots %v, want [(6, 5)]", last.FlankSpots)
	}
	if pending == 0 {
		t.Errorf("no answer waited for its flank spots: the test did not try the worker's idle time")
	}
	if answers >= n {
		t.Errorf("%d answers to %d requests: the waiting ones were not replaced", answers, n)
	}
	t.Logf("%d requests, %d answers", n, answers)
}

// TestWorkerWait: Wait hands back the answer to a request (or a newer
// one) as soon as the worker has it, and gives up after its time when
// no such answer comes; the answer is delivered as usual too.
func TestWorkerWait(t *testing.T) {
	e, _ := newEncounter("Wait", model.SF2E, 20, 20, 5)
	e.Tokens = []model.Token{{Name: "A", X: 2, Y: 2, Side: "party", Speeds: map[string]int{"land": 30}}}
	got := make(chan *Result, 10)
	w := NewWorker(func(r *Result) { got <- r })
	defer w.Stop()
	set := Settings{Reach: true, Mode: rules.ModeLand, Actions: 1, Path: true}
	w.Request(&Request{Gen: 1, Enc: e, Rev: 1, Sel: 0, Set: set, Hover: &rules.Point{X: 6, Y: 2}, Drag: -1})
	r := w.Wait(1, 5*time.Second)
	if r == nil || r.Gen != 1 || r.Path == nil {
		t.Fatalf("Wait(1) = %+v, want the answer to request 1 with its path", r)
	}
	if d := <-got; d != r {
		t.Errorf("the delivered answer is not the one Wait returned")
	}
	start := time.Now()
	if r := w.Wait(2, 20*time.Millisecond); r != nil {
		t.Errorf("Wait(2) with no request 2 = %+v, want nil", r)
	}
	if d := time.Since(start); d < 20*time.Millisecond || d > 2*time.Second {
		t.Errorf("Wait(2) gave up after %v, want about 20ms", d)
	}
	w.Request(&Request{Gen: 3, Enc: e, Rev: 1, Sel: 0, Set: set, Hover: &rules.Point{X: 7, Y: 2}, Drag: -1})
	if r := w.Wait(2, 5*time.Second); r == nil || r.Gen != 3 {
		t.Errorf("Wait(2) after request 3 = %+v, want the newer answer 3", r)
	}
}
