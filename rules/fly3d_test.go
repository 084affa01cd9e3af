package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"encounterplanner/model"
)

// Flying over elevation layers, sentence by sentence (rules-conventions.md
// "Elevation": "Flying").

func flyQuery(tok, actions, elevation int) MoveQuery {
	return MoveQuery{Token: tok, Mode: ModeFly, Actions: actions, Elevation: elevation, SetElevation: true}
}

func reachAt(t *testing.T, e *model.Encounter, q MoveQuery) map[[2]int]Square {
	t.Helper()
	sq, err := mustEngine(t, e.Ruleset).Reach(nil, e, q)
	if err != nil {
		t.Fatal(err)
	}
	return squareAt(sq)
}

func TestFlyUpAndDownCosts(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, ".....", ".....", ".....", ".....", "....."),
				tok{name: "Navasi", x: 2, y: 2, side: "pc", speeds: "fly=30"})
			// "straight up is 10 ft a layer": the start square at 15 ft.
			if s, ok := reachAt(t, e, flyQuery(0, 1, 15))[[2]int{2, 2}]; !ok || s.Cost != 30 || s.Actions != 1 {
				t.Errorf("straight up 3 layers: %+v %v, want 30 ft in 1 action", s, ok)
			}
			// Up a layer with a step: 5 ft + 5 ft, diagonal too (the first
			// diagonal is 5 ft).
			// pf1e: a climbing diagonal is doubled: 3 squares.
			diagUp := map[model.Ruleset]int{model.SF2E: 10, model.PF1E: 15}[rs]
			got := reachAt(t, e, flyQuery(0, 1, 5))
			for _, c := range []struct{ x, y, cost int }{{2, 1, 10}, {3, 1, diagUp}, {2, 2, 10}, {2, 0, 15}} {
				if s := got[[2]int{c.x, c.y}]; s.Cost != c.cost {
					t.Errorf("at 5 ft, (%d, %d): cost %d, want %d", c.x, c.y, s.Cost, c.cost)
				}
			}
			// Going down with a step adds nothing; straight down is 5 ft
			// for one or two layers.
			e.Tokens[0].Elevation = 10
			got = reachAt(t, e, flyQuery(0, 1, 0))
			for _, c := range []struct{ x, y, cost int }{{2, 2, 5}, {2, 1, 10}, {2, 0, 10}, {0, 2, 10}} {
				if s := got[[2]int{c.x, c.y}]; s.Cost != c.cost {
					t.Errorf("from 10 ft down to 0, (%d, %d): cost %d, want %d", c.x, c.y, s.Cost, c.cost)
				}
			}
			// The start is not listed at the token's own height.
			if _, ok := reachAt(t, e, flyQuery(0, 1, 10))[[2]int{2, 2}]; ok {
				t.Error("the start square is listed at the token's own elevation")
			}
			// Each Stride is its own budget: 10 ft a Stride is one layer.
			e.Tokens[0].Speeds["fly"] = 10
			e.Tokens[0].Elevation = 0
			if s, ok := reachAt(t, e, flyQuery(0, 2, 10))[[2]int{2, 2}]; !ok || s.Cost != 20 || s.Actions != 2 {
				t.Errorf("two layers with two 10-ft Strides: %+v %v, want 20 ft, 2 actions", s, ok)
			}
			if _, ok := reachAt(t, e, flyQuery(0, 2, 15))[[2]int{2, 2}]; ok {
				t.Error("three layers up with two 10-ft Strides")
			}
		})
	}
}

// Creatures block and share by their boxes: a flyer passes over an enemy
// that blocks the ground, and ends above it.
func TestFlyOverCreatures(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "#.#", "#.#", "#.#"),
		tok{name: "Navasi", x: 1, y: 2, side: "pc", speeds: "land=25 fly=25"},
		tok{name: "Ogre", x: 1, y: 1, side: "foe"})
	got := reachAt(t, e, flyQuery(0, 1, 0))
	if _, ok := got[[2]int{1, 0}]; ok {
		t.Fatal("at 0 ft the flyer passes through the Ogre (an enemy)")
	}
	e.Tokens[0].Elevation = 5
	got = reachAt(t, e, flyQuery(0, 1, 5))
	if s, ok := got[[2]int{1, 0}]; !ok || s.Cost != 10 {
		t.Fatalf("5 ft up past the Ogre: %+v %v, want 10 ft", s, ok)
	}
	if s, ok := got[[2]int{1, 1}]; !ok || s.Cost != 5 {
		t.Fatalf("ending above the Ogre: %+v %v, want 5 ft", s, ok)
	}
	// Down to the ground beyond it: over at 5 ft, then down.
	got = reachAt(t, e, flyQuery(0, 1, 0))
	if s, ok := got[[2]int{1, 0}]; !ok || s.Cost != 10 {
		t.Fatalf("over the Ogre down to the ground: %+v %v, want 10 ft", s, ok)
	}
	// "A box above layer 0 may end over an obstacle"; at layer 0 it may not.
	e = withTokens(mapOf(t, model.SF2E, "o.."), tok{name: "Navasi", x: 2, y: 0, speeds: "fly=25"})
	e.Tokens[0].Elevation = 5
	if _, ok := reachAt(t, e, flyQuery(0, 1, 5))[[2]int{0, 0}]; !ok {
		t.Error("cannot end 5 ft above an obstacle")
	}
	if _, ok := reachAt(t, e, flyQuery(0, 1, 0))[[2]int{0, 0}]; ok {
		t.Error("ends on an obstacle at 0 ft")
	}
}

// The reaction flag of a flight follows its height: leaving the Ogre's side
// at the ground provokes, 10 ft above it does not, and the Large Ogre's
// 10-ft reach still reaches 10 ft up.
func TestFlyReactionFlag(t *testing.T) {
	for _, c := range []struct {
		size      model.Size
		elevation int
		want      bool
	}{{model.Medium, 0, true}, {model.Medium, 10, false}, {model.Large, 10, true}, {model.Large, 20, false}} {
		e := withTokens(mapOf(t, model.SF2E, ".....", ".....", "....."),
			tok{name: "Navasi", x: model.PF1E.Space(c.size), y: 0, side: "pc", speeds: "fly=30"},
			tok{name: "Ogre", x: 0, y: 0, side: "foe", size: c.size},
			tok{name: "Bird", x: 4, y: 2, side: "pc"})
		e.Tokens[0].Elevation = c.elevation
		e.Tokens[2].Elevation = 5 // some token off the ground: the 3-D search
		p, err := mustEngine(t, model.SF2E).Path(e, flyQuery(0, 1, c.elevation), 4, 0)
		if err != nil || !p.Reachable || !p.Fly {
			t.Fatalf("%+v %v", p, err)
		}
		if got := p.Steps[0].Flags&FlagReaction != 0; got != c.want {
			t.Errorf("%s Ogre, flyer at %d ft: first step reaction %v, want %v (%s)", c.size, c.elevation, got, c.want, pathText(p))
		}
	}
}

func TestFlyPathCarriesZ(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "......"), tok{name: "Navasi", x: 0, y: 0, speeds: "fly=40"})
	p, err := mustEngine(t, model.SF2E).Path(e, flyQuery(0, 1, 10), 3, 0)
	if err != nil || !p.Reachable || !p.Fly {
		t.Fatalf("%+v %v", p, err)
	}
	// Fewest actions, least cost (two layers up: 3 x 5 + 2 x 5 = 25), then
	// the route whose cheaper beginning the search took first: climbing
	// late.
	want := "(1,0,z0) 5/5 (2,0,z5) 10/15 (3,0,z10) 10/25"
	if got := pathText(p); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func pathText(p Path) string {
	s := ""
	for i, st := range p.Steps {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("(%d,%d,z%d) %d/%d", st.X, st.Y, st.Z, st.Cost, st.Total)
		if st.Flags != 0 {
			s += fmt.Sprint(st.Flags.Names())
		}
	}
	return s
}

// pf1e dive attack: "move a minimum of 30 feet and descend at least 10
// feet".
func TestFlyDiveFlagPF1E(t *testing.T) {
	e := withTokens(mapOf(t, model.PF1E, "........"), tok{name: "Roc", x: 0, y: 0, speeds: "fly=60"})
	e.Tokens[0].Elevation = 30
	en := mustEngine(t, model.PF1E)
	cases := []struct {
		x, z int
		dive bool
	}{{6, 20, true}, {5, 20, false}, {7, 25, false}, {6, 30, false}, {6, 0, true}}
	for _, c := range cases {
		if c.z%5 != 0 {
			continue
		}
		p, err := en.Path(e, flyQuery(0, 1, c.z), c.x, 0)
		if err != nil || !p.Reachable {
			t.Fatalf("to %d at %d ft: %+v %v", c.x, c.z, p, err)
		}
		if p.Dive != c.dive {
			t.Errorf("to %d squares east at %d ft (from 30): dive %v, want %v (%s)", c.x, c.z, p.Dive, c.dive, pathText(p))
		}
	}
	// sf2e has no dive attack.
	e.Ruleset = model.SF2E
	if p, _ := mustEngine(t, model.SF2E).Path(e, flyQuery(0, 1, 0), 6, 0); p.Dive {
		t.Error("an sf2e path is flagged as a dive")
	}
}

func TestFlyBadElevations(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "...."), tok{name: "Navasi", x: 0, y: 0, speeds: "land=25 fly=25"})
	for _, q := range []MoveQuery{
		{Token: 0, Mode: ModeLand, Elevation: 10, SetElevation: true},
		{Token: 0, Step: true, Elevation: 10, SetElevation: true},
		flyQuery(0, 1, -5),
		flyQuery(0, 1, 7),
	} {
		if _, err := mustEngine(t, model.SF2E).Reach(nil, e, q); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%+v: %v, want a bad query", q, err)
		}
		if _, err := mustEngine(t, model.SF2E).Path(e, q, 1, 0); !errors.Is(err, ErrBadQuery) {
			t.Errorf("path %+v: %v, want a bad query", q, err)
		}
	}
	// Land at its own elevation is fine.
	if _, err := mustEngine(t, model.SF2E).Reach(nil, e, MoveQuery{Token: 0, Elevation: 0, SetElevation: true}); err != nil {
		t.Error(err)
	}
}

// The 3-D search at the ground on a flat map answers as the 2-D one does,
// bit for bit, when no other creature is there to climb over and no
// difficult terrain or obstacle to fly over (a box above layer 0 pays no
// terrain and may stop over an obstacle), and never worse otherwise.
func TestFly3DMatches2DOnFlatMaps(t *testing.T) {
	n := randomCases(300, 60)
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 77))
		rs := []model.Ruleset{model.SF2E, model.PF1E}[seed%2]
		e, q := randEncounter(rng, rs)
		q.Mode = ModeFly
		t0 := &e.Tokens[q.Token]
		if _, ok := t0.Speed(ModeFly); !ok {
			t0.Speeds = map[string]int{ModeFly: 5 * (1 + rng.IntN(8))}
		}
		alone := seed%3 == 0
		if alone {
			e.Tokens = []model.Token{*t0}
			q.Token = 0
			for i := range e.Grid.Cells {
				e.Grid.Cells[i] &^= model.Difficult | model.GreaterDifficult | model.Obstacle
			}
		}
		want, err := mustEngine(t, rs).Reach(nil, e, q)
		if err != nil {
			continue
		}
		var f fly3d
		got, used, err := f.reach(kindOf(rs), nil, e, q)
		if !used || err != nil {
			t.Fatalf("seed %d: used %v err %v", seed, used, err)
		}
		g := squareAt(got)
		for _, w := range want {
			s, ok := g[[2]int{w.X, w.Y}]
			if !ok || s.Actions > w.Actions || s.Actions == w.Actions && s.Cost > w.Cost || alone && s != w {
				t.Fatalf("seed %d %s (alone %v): (%d, %d) 3-D %+v %v, 2-D %+v\n%s", seed, rs, alone, w.X, w.Y, s, ok, w, reachMap(e, q.Token, want))
			}
		}
		if alone && len(got) != len(want) {
			t.Fatalf("seed %d %s: 3-D lists %d squares, 2-D %d\n3-D:\n%s2-D:\n%s", seed, rs, len(got), len(want), reachMap(e, q.Token, got), reachMap(e, q.Token, want))
		}
	}
}

// Paths of a flight at the ground on a flat map, where nothing can be
// climbed over (no other creature, difficult terrain or obstacle), are the 2-D paths step for step: the same fewest actions,
// least cost, fewest reactions, then the first move in order at each step
// (queries.md "path"; rules-conventions.md "Path tie-break order").
func TestFly3DPathsMatch2D(t *testing.T) {
	n := randomCases(200, 40)
	compared := 0
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 78))
		rs := []model.Ruleset{model.SF2E, model.PF1E}[seed%2]
		e, q := randEncounter(rng, rs)
		q.Mode, q.Step = ModeFly, false
		t0 := e.Tokens[q.Token]
		t0.Speeds = map[string]int{ModeFly: 5 * (1 + rng.IntN(6))}
		t0.Conditions = nil
		e.Tokens = []model.Token{t0}
		q.Token = 0
		for i := range e.Grid.Cells {
			e.Grid.Cells[i] &^= model.Difficult | model.GreaterDifficult | model.Obstacle
		}
		en := mustEngine(t, rs)
		for y := 0; y < e.Grid.H; y++ {
			for x := 0; x < e.Grid.W; x++ {
				want, err := en.Path(e, q, x, y)
				if err != nil {
					t.Fatal(err)
				}
				var f fly3d
				got, _, err := f.path(kindOf(rs), nil, e, q, x, y)
				if err != nil {
					t.Fatal(err)
				}
				got.Fly = false
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("seed %d %s to (%d, %d):\n3-D %s %+v\n2-D %s %+v\n%s", seed, rs, x, y, pathText(got), got, pathText(want), want, tokenMap(e))
				}
				compared++
			}
		}
	}
	t.Logf("%d paths compared", compared)
}

// A flight continues the turn's diagonal count (rules-conventions.md "Turn
// state"): after one diagonal, three more cost 10 + 5 + 10 ft, and the path
// reports the count after it.
func TestFlyTurnDiagonals(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "....", "....", "....", "...."), tok{name: "Navasi", x: 0, y: 0, speeds: "fly=30"})
	e.Tokens[0].Elevation = 10
	q := flyQuery(0, 1, 10)
	q.Turn.Diagonals = 1
	diagonals := func(p Path) int {
		n, x, y := 0, 0, 0
		for _, s := range p.Steps {
			if s.X != x && s.Y != y {
				n++
			}
			x, y = s.X, s.Y
		}
		return n
	}
	p, err := mustEngine(t, model.SF2E).Path(e, q, 3, 3)
	if err != nil || !p.Reachable || p.Cost != 25 || p.Diagonals != 1+diagonals(p) {
		t.Fatalf("%+v %v: want 25 ft and the diagonals counted on from 1", p, err)
	}
	q.Turn.Diagonals = 0
	if p, _ = mustEngine(t, model.SF2E).Path(e, q, 3, 3); p.Cost != 20 || p.Diagonals != 3 {
		t.Fatalf("fresh turn: %+v, want 20 ft and 3 diagonals", p)
	}
}

// "Bound the search (elevations within what the budget can climb)": a
// flyer far above everything searches only its own layers and answers as
// it would lower down; an end out of the budget's reach answers nothing at
// once; a search too tall to hold is a bad query, not an exhausted machine.
func TestFlySearchBounds(t *testing.T) {
	e := withTokens(mapOf(t, model.SF2E, "..........", "....#.....", "....#.....", ".........."),
		tok{name: "Navasi", x: 0, y: 0, side: "pc", speeds: "fly=30"})
	e.Tokens[0].Elevation = 100
	low := reachAt(t, e, flyQuery(0, 2, 100))
	e.Tokens[0].Elevation = 1000000
	high := reachAt(t, e, flyQuery(0, 2, 1000000))
	if fmt.Sprint(low) != fmt.Sprint(high) {
		t.Fatalf("at 1,000,000 ft: %v\nat 100 ft: %v", high, low)
	}
	en := mustEngine(t, model.SF2E)
	if _, err := en.Reach(nil, e, flyQuery(0, 2, 1000000)); err != nil || en.(*sf2eEngine).s.fly.L != 1 {
		t.Fatalf("a flight far above everything searched %d layers (%v), want 1", en.(*sf2eEngine).s.fly.L, err)
	}
	if got := reachAt(t, e, flyQuery(0, 2, 0)); len(got) != 0 {
		t.Fatalf("1,000,000 ft down with 60 ft: %v, want nothing", got)
	}
	// A 30x30 map caps a Stride at 12 x 900 squares: 80,000 ft up is
	// within three Strides' climb, over 900 squares a layer.
	big := withTokens(&model.Encounter{Name: "big", Ruleset: model.SF2E, Grid: model.NewGrid(30, 30)},
		tok{name: "Navasi", speeds: "fly=1000000"})
	if _, err := mustEngine(t, model.SF2E).Reach(nil, big, flyQuery(0, 3, 80000)); !errors.Is(err, ErrBadQuery) {
		t.Fatalf("a flight 80,000 ft up with a huge Speed: %v, want a bad query", err)
	}
}

// "A space standing on a wall square (placed there) may step out of it but
// not up or down its column": as in 2-D, a Huge flyer placed with a wall
// square in its space carries it along level steps until it steps out of
// it, but never stops or ends holding it, and in 3-D never climbs or
// descends holding it (walls are full height). In a corridor three
// squares wide it can neither leave the wall in one Stride nor stop, so
// it reaches nothing, as the 2-D search says.
func TestFly3DSpaceOnWall(t *testing.T) {
	holds := func(x, y int) bool { return x <= 1 && x+2 >= 1 && y <= 1 && y+2 >= 1 }
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			en := mustEngine(t, rs)
			a := MaxActions(rs)
			e := withTokens(mapOf(t, rs, "......", ".#....", "......", "......", "......", "......"),
				tok{name: "Roc", x: 0, y: 0, size: model.Huge, speeds: "fly=30"})
			for _, z := range []int{5, 10} {
				got := reachAt(t, e, flyQuery(0, a, z))
				if len(got) == 0 {
					t.Fatalf("to %d ft: reach nothing, want the squares past the wall", z)
				}
				for p := range got {
					if holds(p[0], p[1]) {
						t.Errorf("to %d ft: (%d, %d) listed, its space holds the wall", z, p[0], p[1])
					}
					path, err := en.Path(e, flyQuery(0, a, z), p[0], p[1])
					if err != nil || !path.Reachable {
						t.Fatalf("to (%d, %d) at %d ft: %+v %v", p[0], p[1], z, path, err)
					}
					for _, st := range path.Steps {
						if st.Z > 0 && holds(st.X, st.Y) {
							t.Errorf("to (%d, %d) at %d ft: %s: off the ground holding the wall", p[0], p[1], z, pathText(path))
						}
					}
				}
			}
			corridor := withTokens(mapOf(t, rs, "..#", "...", "...", "...", ".#.", "...", "..."),
				tok{name: "Roc", x: 0, y: 4, size: model.Huge, speeds: "fly=10"})
			for _, q := range []MoveQuery{{Token: 0, Mode: ModeFly, Actions: a}, flyQuery(0, a, 5)} {
				if got := reachAt(t, corridor, q); len(got) != 0 {
					t.Errorf("the corridor %+v: reach %v, want nothing", q, got)
				}
			}
			// An ally flying 30 ft up makes a flight at the ground a 3-D one.
			gull := tok{name: "Gull", x: 0, y: 0, size: model.Tiny, speeds: "fly=40"}.token()
			gull.Elevation = 30
			corridor.Tokens = append(corridor.Tokens, gull)
			if got := reachAt(t, corridor, flyQuery(0, a, 0)); len(got) != 0 {
				t.Errorf("the corridor under a flying ally: reach %v, want nothing", got)
			}
		})
	}
}

// A path's search expands the labels of one key in the tie-break order:
// on TestFly3DPathsMatch2D's seed 18060 two routes to the target meet
// with the same cost, actions, reactions and Stride spent, the one later
// in order (north-west first) found first; the flight at the ground must
// still take the flat map's path, north-east first.
func TestFly3DPathTieOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(18060, 78))
	e, q := randEncounter(rng, model.SF2E)
	t0 := e.Tokens[q.Token]
	t0.Speeds = map[string]int{ModeFly: 5 * (1 + rng.IntN(6))}
	t0.Conditions = nil
	e.Tokens = []model.Token{t0}
	q = MoveQuery{Token: 0, Mode: ModeFly, Actions: 2}
	for i := range e.Grid.Cells {
		e.Grid.Cells[i] &^= model.Difficult | model.GreaterDifficult | model.Obstacle
	}
	want, err := mustEngine(t, model.SF2E).Path(e, q, 4, 0)
	if err != nil || !want.Reachable || want.Steps[0].X != 4 || want.Steps[0].Y != 6 {
		t.Fatalf("the flat map's path: %s %+v %v", pathText(want), want, err)
	}
	var f fly3d
	got, _, err := f.path(kindSF2E, nil, e, q, 4, 0)
	got.Fly = false
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("3-D %s\nflat %s\n%s", pathText(got), pathText(want), tokenMap(e))
	}
}

// randFlight is a random encounter (randEncounterSized) whose mover, of
// any size, flies (5 to 40 ft) among creatures at heights from 0 to 20
// ft, asked for 1 to its ruleset's most actions and an end height from 0
// to 25 ft.
func randFlight(rng *rand.Rand, rs model.Ruleset) (*model.Encounter, MoveQuery) {
	e, q := randEncounterSized(rng, rs, 10, 8)
	anySize(rng, rs, e, q)
	for i := range e.Tokens {
		e.Tokens[i].Elevation = 5 * rng.IntN(5)
	}
	e.Tokens[q.Token].Speeds[ModeFly] = 5 * (1 + rng.IntN(8))
	return e, flyQuery(q.Token, 1+rng.IntN(MaxActions(rs)), 5*rng.IntN(6))
}

// A 3-D path searches only where a route within the reach's answer at its
// target can go (flyBound): the answers, step for step, are the unbounded
// search's, and the reach's cost and actions, on random maps with
// creatures at several heights (reactions), every space size, both
// rulesets, and turns with diagonals already taken.
func TestFly3DPathBoundKeepsAnswers(t *testing.T) {
	n := randomCases(150, 30)
	compared, reached := 0, 0
	for seed := 0; seed < n; seed++ {
		c, r := checkPathBound(t, uint64(seed))
		compared, reached = compared+c, reached+r
	}
	t.Logf("%d paths compared, %d reached", compared, reached)
}

// FuzzFly3DPathBound is TestFly3DPathBoundKeepsAnswers for `make fuzz`:
// any seed.
func FuzzFly3DPathBound(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		checkPathBound(t, seed)
	})
}

// checkPathBound compares the bounded and the unbounded 3-D path, and the
// 3-D reach, to every square of random flight seed, and returns the paths
// compared and how many were reachable.
func checkPathBound(t testing.TB, seed uint64) (compared, reached int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 31))
	rs := []model.Ruleset{model.SF2E, model.PF1E}[seed%2]
	e, q := randFlight(rng, rs)
	me := &e.Tokens[q.Token]
	q.Turn.Diagonals = rng.IntN(3)
	if seed%3 == 1 {
		// Walls on grid edges: a one-square flyer's reach is then the
		// slow search's too.
		for range 1 + rng.IntN(6) {
			x, y, l := rng.IntN(e.Grid.W), rng.IntN(e.Grid.H), 1+rng.IntN(3)
			if rng.IntN(2) == 0 {
				e.Edges = append(e.Edges, wallE(model.EdgeWall, x, y, min(x+l, e.Grid.W), y))
			} else {
				e.Edges = append(e.Edges, wallE(model.EdgeWall, x, y, x, min(y+l, e.Grid.H)))
			}
		}
		var err error
		if e.Edges, err = model.CanonicalEdges(e.Edges, e.Grid.W, e.Grid.H); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	// The 3-D reach (the engine answers a flight where everything is at
	// the ground in 2-D, where a flyer does not climb).
	var rf fly3d
	sq, _, err := rf.reach(kindOf(rs), nil, e, q)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	answer := squareAt(sq)
	bounded, unbounded := fly3d{}, fly3d{noBound: true}
	for y := 0; y < e.Grid.H; y++ {
		for x := 0; x < e.Grid.W; x++ {
			got, _, err := bounded.path(kindOf(rs), nil, e, q, x, y)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			want, _, err := unbounded.path(kindOf(rs), nil, e, q, x, y)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("seed %d %s %s to (%d, %d) at %d ft:\nbounded   %s %+v\nunbounded %s %+v\n%s%s", seed, rs, me.Size, x, y, q.Elevation,
					pathText(got), got, pathText(want), want, tokenMap(e), stackText(e))
			}
			a, ok := answer[[2]int{x, y}]
			if got.Reachable != ok || ok && (got.Cost != a.Cost || got.Actions != a.Actions) {
				t.Fatalf("seed %d %s to (%d, %d): path %s %+v, reach %+v (%v)\n%s%s", seed, rs, x, y, pathText(got), got, a, ok, tokenMap(e), stackText(e))
			}
			compared++
			if ok {
				reached++
			}
		}
	}
	return compared, reached
}

// A larger space's caches are what they stand for: boxBlock holds a box
// exactly when boxHas finds a creature it may not pass there, and tries
// gives mover.try's answer for each of a position's eight steps.
func TestFly3DBoxCachesMatch(t *testing.T) {
	n := randomCases(200, 40)
	checked := 0
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 32))
		rs := []model.Ruleset{model.SF2E, model.PF1E}[seed%2]
		e, q := randFlight(rng, rs)
		var f fly3d
		if _, err := f.prepare(kindOf(rs), e, q, seed%3 == 0); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if f.k < 2 {
			continue
		}
		A := f.bw * f.bh
		for z := f.zlo; z < f.zlo+f.L; z++ {
			for wy := 0; wy+f.k <= f.bh; wy++ {
				for wx := 0; wx+f.k <= f.bw; wx++ {
					if got, want := f.boxBlock[(z-f.zlo)*A+wy*f.bw+wx] != 0, f.boxHas(wx, wy, z, oBlock); got != want {
						t.Fatalf("seed %d: box at (%d, %d) layer %d: boxBlock %v, boxHas %v\n%s%s", seed, wx, wy, z, got, want, tokenMap(e), stackText(e))
					}
					checked++
				}
			}
		}
		for wy := 0; wy+f.k <= f.bh; wy++ {
			for wx := 0; wx+f.k <= f.bw; wx++ {
				w := f.tries(wx, wy)
				for d := 0; d < 8; d++ {
					_, lvl, _, _, ok := f.m.try(wx+f.bx0, wy+f.by0, d)
					b := uint8(w >> (8 * d))
					if b&stepOK != 0 != ok || ok && b&^stepOK != lvl {
						t.Fatalf("seed %d: step %d from (%d, %d): tries %#x, try %v level %d", seed, d, wx, wy, b, ok, lvl)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no larger space was drawn")
	}
	t.Logf("%d boxes checked", checked)
}

// TestFlightSpeedClampCountsTheClimb: a Speed is clamped to what the map
// can use, and a climb spends movement the flat map's clamp (12 squares a
// square of the map) does not count: on a 2x2 map a flyer with a 300 ft
// Speed climbing 140 ft (280 ft) was out of reach, its Speed cut to 240 ft.
// On a small map a flight to a height answers as it does on a large one
// (in the small map's squares), for every space size and both rulesets.
func TestFlightSpeedClampCountsTheClimb(t *testing.T) {
	rows := func(n int) []string {
		r := make([]string, n)
		for i := range r {
			r[i] = strings.Repeat(".", n)
		}
		return r
	}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for _, size := range []model.Size{model.Medium, model.Large} {
			k := rs.Space(size)
			for _, c := range []struct{ speed, from, to int }{{300, 0, 140}, {300, 0, 125}, {2000, 0, 900}, {2000, 3000, 0}, {300, 40, 150}} {
				name := fmt.Sprintf("%s/%s/fly=%d/%d-%d", rs, size, c.speed, c.from, c.to)
				t.Run(name, func(t *testing.T) {
					flyer := tok{name: "Roc", x: 0, y: 0, size: size, speeds: fmt.Sprintf("fly=%d", c.speed)}.token()
					flyer.Elevation = c.from
					small := mapOf(t, rs, rows(k+1)...)
					small.Tokens = []model.Token{flyer}
					large := mapOf(t, rs, rows(12)...)
					large.Tokens = []model.Token{flyer}
					q := flyQuery(0, 1, c.to)
					got, want := reachAt(t, small, q), reachAt(t, large, q)
					if len(got) == 0 {
						t.Fatalf("reach nothing; on a 12x12 map %v", want)
					}
					for p, w := range want {
						if p[0]+k > k+1 || p[1]+k > k+1 {
							continue // off the small map
						}
						if g, ok := got[p]; !ok || g != w {
							t.Errorf("(%d, %d): %+v (listed %v), on a 12x12 map %+v", p[0], p[1], g, ok, w)
						}
					}
				})
			}
		}
	}
}
