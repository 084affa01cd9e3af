package rules

import (
	"errors"
	"math"
	"testing"

	"encounterplanner/model"
)

// Extreme numbers (issue 12 item 5): every ruleset clamps a Speed, a
// mobility, a turning cost, a reach and a range to what the map can use, so
// math.MaxInt64 answers as a merely large number does, costs stay
// non-negative, and more never reaches less.

// extremeValues are the numbers each case is tried with, in increasing order.
var extremeValues = []int{0, 1, 5, 35, 1000, 1 << 31, 1 << 33, 1 << 40, 1 << 62, math.MaxInt64}

// ordinaryLarge is far beyond what the small maps below can use, yet far
// from overflowing anything: the extreme answers must equal its answer.
const ordinaryLarge = 1_000_000

// extremeCase is a mover on a small map; set puts the number under test
// into its token.
type extremeCase struct {
	name    string
	rs      model.Ruleset
	rows    []string
	mover   tok
	others  []tok
	q       MoveQuery
	set     func(e *model.Encounter, v int)
	actions int // the most actions to try
	// order: +1 when a larger number never reaches less (a Speed), -1
	// when it never reaches more (a turning cost), 0 when neither holds.
	order int
}

// speedSetter sets the mover's Speed key (the mover is token 0).
func speedSetter(key string) func(e *model.Encounter, v int) {
	return func(e *model.Encounter, v int) { e.Tokens[0].Speeds[key] = v }
}

var extremeRows = []string{
	".........",
	"..d#..D.h",
	".##..d...",
	"....~~~..",
	"..#......",
	".....#...",
}

var extremeCases = []extremeCase{
	{name: "sf2e land", rs: model.SF2E, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, speeds: "land=25"},
		others: []tok{{name: "e", x: 6, y: 4, side: "enemy", speeds: "land=25"}}, set: speedSetter("land"), actions: 3, order: 1},
	{name: "sf2e large fly", rs: model.SF2E, rows: extremeRows, mover: tok{name: "m", x: 3, y: 3, size: model.Large, speeds: "fly=25"},
		q: MoveQuery{Mode: ModeFly}, set: speedSetter("fly"), actions: 3, order: 1},
	{name: "sf2e enemy reach", rs: model.SF2E, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, speeds: "land=25", side: "party"},
		others: []tok{{name: "e", x: 0, y: 0, side: "enemy"}},
		set:    func(e *model.Encounter, v int) { e.Tokens[1].Reach = &v }, actions: 3, order: 1},
	{name: "pf1e land", rs: model.PF1E, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, speeds: "land=30"},
		set: speedSetter("land"), actions: 2, order: 1},
	{name: "pf1e huge burrow", rs: model.PF1E, rows: extremeRows, mover: tok{name: "m", x: 3, y: 0, size: model.Huge, speeds: "burrow=30"},
		q: MoveQuery{Mode: ModeBurrow}, set: speedSetter("burrow"), actions: 2, order: 1},
	{name: "starship fly", rs: model.Starship, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, size: model.Small, speeds: "fly=300 turn=100"},
		set: speedSetter("fly"), actions: 1, order: 1},
	{name: "starship turn", rs: model.Starship, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, size: model.Small, speeds: "fly=300 turn=100"},
		set: func(e *model.Encounter, v int) { e.Tokens[0].Speeds["turn"] = v &^ 1 }, actions: 1, order: -1},
	{name: "starship fly and turn", rs: model.Starship, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, size: model.Small, speeds: "fly=300 turn=100"},
		set: func(e *model.Encounter, v int) { e.Tokens[0].Speeds["fly"], e.Tokens[0].Speeds["turn"] = v, v&^1 }, actions: 1},
	{name: "points land", rs: model.Points, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, speeds: "land=5 mobility=2"},
		set: speedSetter("land"), actions: 3, order: 1},
	{name: "points mobility", rs: model.Points, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, speeds: "land=5 mobility=2"},
		set: speedSetter("mobility"), actions: 3, order: 1},
	{name: "points land and mobility", rs: model.Points, rows: extremeRows, mover: tok{name: "m", x: 4, y: 4, speeds: "land=5 mobility=2"},
		set: func(e *model.Encounter, v int) { e.Tokens[0].Speeds["land"], e.Tokens[0].Speeds["mobility"] = v, v }, actions: 3, order: 1},
}

// encounter builds the case's map with the number v set.
func (c extremeCase) encounter(t testing.TB, v int) *model.Encounter {
	e := withTokens(mapOf(t, c.rs, c.rows...), append([]tok{c.mover}, c.others...)...)
	c.set(e, v)
	return e
}

// extremeReach runs reach and checks what must hold for any input: no
// panic, an error only for bad input, costs and actions in range, no
// square twice, sorted.
func extremeReach(t testing.TB, c extremeCase, v, actions int) ([]Square, bool) {
	t.Helper()
	e := c.encounter(t, v)
	q := c.q
	q.Actions = actions
	sq, err := mustEngine(t, c.rs).Reach(nil, e, q)
	if err != nil {
		if !errors.Is(err, ErrBadQuery) {
			t.Fatalf("%s v=%d actions=%d: %v is not a bad query", c.name, v, actions, err)
		}
		return nil, false
	}
	for i, s := range sq {
		if s.Cost < 0 || s.Actions < 1 || s.Actions > actions {
			t.Fatalf("%s v=%d actions=%d: square %+v out of range\n%s", c.name, v, actions, s, reachMap(e, 0, sq))
		}
		if i > 0 && (sq[i-1].Y > s.Y || sq[i-1].Y == s.Y && sq[i-1].X >= s.X) {
			t.Fatalf("%s v=%d: squares out of order or doubled at %+v", c.name, v, s)
		}
	}
	return sq, true
}

// covers reports the first square of small that big lacks or reaches with
// more actions.
func covers(small, big []Square) (Square, bool) {
	for _, s := range small {
		b, ok := costAt(big, s.X, s.Y)
		if !ok || b.Actions > s.Actions {
			return s, false
		}
	}
	return Square{}, true
}

func sameSquares(a, b []Square) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestExtremeNumbersReach(t *testing.T) {
	for _, c := range extremeCases {
		t.Run(c.name, func(t *testing.T) {
			ref, _ := extremeReach(t, c, ordinaryLarge, 1)
			for a := 1; a <= c.actions; a++ {
				var prev []Square
				for i, v := range extremeValues {
					sq, ok := extremeReach(t, c, v, a)
					if !ok {
						t.Fatalf("v=%d actions=%d: refused", v, a)
					}
					small, big := prev, sq
					if c.order < 0 {
						small, big = sq, prev
					}
					if i > 0 && c.order != 0 {
						if s, ok := covers(small, big); !ok {
							t.Fatalf("actions=%d: %d and %d (order %d): %+v lost\n%s", a, extremeValues[i-1], v, c.order, s,
								reachMap(c.encounter(t, v), 0, sq))
						}
					}
					if a > 1 {
						less, _ := extremeReach(t, c, v, a-1)
						if s, ok := covers(less, sq); !ok {
							t.Fatalf("v=%d: %d actions reach %+v, %d do not\n%s", v, a-1, s, a, reachMap(c.encounter(t, v), 0, sq))
						}
					}
					if a == 1 && c.order != 0 && v >= ordinaryLarge && !sameSquares(sq, ref) {
						t.Fatalf("v=%d answers otherwise than %d:\n%s\nwant\n%s", v, ordinaryLarge,
							reachMap(c.encounter(t, v), 0, sq), reachMap(c.encounter(t, v), 0, ref))
					}
					prev = sq
				}
			}
		})
	}
}

// A path to every square reach lists agrees with it, for the largest
// numbers too.
func TestExtremeNumbersPath(t *testing.T) {
	for _, c := range extremeCases {
		t.Run(c.name, func(t *testing.T) {
			for _, v := range []int{1 << 33, math.MaxInt64} {
				e := c.encounter(t, v)
				en := mustEngine(t, c.rs)
				q := c.q
				q.Actions = c.actions
				sq, err := en.Reach(nil, e, q)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range sq {
					p, err := en.Path(e, q, s.X, s.Y)
					if err != nil || !p.Reachable || p.Cost != s.Cost || p.Actions != s.Actions {
						t.Fatalf("v=%d: path to %+v: %+v %v", v, s, p, err)
					}
					for _, st := range p.Steps {
						if st.Cost < 0 || st.Total < 0 || st.Total > p.Cost {
							t.Fatalf("v=%d: step %+v of %+v", v, st, p)
						}
					}
				}
			}
		})
	}
}

// A turn dearer than the whole fly is no turn at all; before the clamp a
// turn of 2^33 ft wrapped around int32 and panicked.
func TestStarshipTurnBeyondFlyIsNoTurn(t *testing.T) {
	c := extremeCases[6]
	noTurn := c.encounter(t, 0)
	delete(noTurn.Tokens[0].Speeds, "turn")
	want, err := mustEngine(t, model.Starship).Reach(nil, noTurn, MoveQuery{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{602, 1 << 33, 1<<34 + 2, math.MaxInt64 - 1} {
		got, _ := extremeReach(t, c, v, 1)
		if !sameSquares(got, want) {
			t.Errorf("turn %d:\n%s\nwant (no turning)\n%s", v, reachMap(noTurn, 0, got), reachMap(noTurn, 0, want))
		}
	}
}

// Leap, teleport and forced movement clamp mobility, range and distance to
// the map's side: the largest numbers answer as the map's side does.
func TestExtremeNumbersPointsMover(t *testing.T) {
	rows := extremeRows
	side := max(len(rows), len(rows[0]))
	for _, v := range []int{1 << 33, 1 << 62, math.MaxInt64} {
		e := withTokens(mapOf(t, model.Points, rows...), tok{name: "m", x: 4, y: 4, speeds: "land=5 mobility=2"},
			tok{name: "s", x: 0, y: 0, side: "enemy"})
		mv := mustEngine(t, model.Points).(Mover)
		e.Tokens[0].Speeds["mobility"] = side
		wantLeap, _ := mv.Leap(nil, e, 0)
		e.Tokens[0].Speeds["mobility"] = v
		gotLeap, err := mv.Leap(nil, e, 0)
		if err != nil || len(wantLeap) == 0 || !sameSquares(gotLeap, wantLeap) {
			t.Errorf("leap with mobility %d: %v %v, want %v", v, gotLeap, err, wantLeap)
		}
		wantTel, _ := mv.Teleport(nil, e, 0, side)
		gotTel, err := mv.Teleport(nil, e, 0, v)
		if err != nil || len(wantTel) == 0 || !sameSquares(gotTel, wantTel) {
			t.Errorf("teleport range %d: %v %v, want %v", v, gotTel, err, wantTel)
		}
		for _, kind := range []string{ForcedPush, ForcedPull, ForcedSweep} {
			want, _ := mv.Forced(nil, e, 0, kind, 1, side)
			got, err := mv.Forced(nil, e, 0, kind, 1, v)
			if err != nil || len(want) == 0 || !sameSquares(got, want) {
				t.Errorf("%s %d: %v %v, want %v", kind, v, got, err, want)
			}
		}
	}
}

// A reach of any size threatens the whole map at most, and a pf1e reach
// weapon's ring beyond the map is empty; flanking never wraps around.
func TestExtremeReachThreatAndFlanking(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for _, rw := range []bool{false, true} {
			for _, v := range []int{1 << 33, 1 << 62, math.MaxInt64} {
				open := []string{".........", ".........", ".........", ".........", ".........", "........."}
				e := withTokens(mapOf(t, rs, open...), tok{name: "a", x: 1, y: 3, side: "party", rw: rw},
					tok{name: "b", x: 7, y: 3, side: "party", rw: rw}, tok{name: "f", x: 4, y: 3, side: "enemy"})
				for i := range e.Tokens {
					if i < 2 {
						e.Tokens[i].Reach = &v
					}
				}
				en := mustEngine(t, rs)
				th := en.Threatened(nil, e, 0)
				w, h := e.Grid.W, e.Grid.H
				wantN := w*h - 1 // every square but its own
				pf1eRing := rw && rs == model.PF1E
				if pf1eRing {
					wantN = 0 // the ring between reach and twice it lies off the map
				}
				if len(th) != wantN {
					t.Errorf("%s reach %d weapon %v: %d squares threatened, want %d", rs, v, rw, len(th), wantN)
				}
				fl, err := en.Flanking(e)
				if err != nil {
					t.Fatal(err)
				}
				if want := 1 - btoi(pf1eRing); len(fl) != want {
					t.Errorf("%s reach %d weapon %v: flanks %v, want %d", rs, v, rw, fl, want)
				}
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FuzzExtremeNumbers feeds any int64 (negative ones too, which the token's
// map of speeds allows) to every case: no panic, bad input only as
// ErrBadQuery, non-negative costs, and monotone answers: v + more never
// reaches fewer squares than v, nor a + 1 actions fewer than a. Seeded from
// extremeCases x extremeValues.
func FuzzExtremeNumbers(f *testing.F) {
	for i := range extremeCases {
		for _, v := range extremeValues {
			f.Add(uint8(i), int64(v), int64(1), uint8(1))
		}
		f.Add(uint8(i), int64(-5), int64(math.MaxInt64), uint8(2))
	}
	f.Fuzz(func(t *testing.T, ci uint8, v, more int64, actions uint8) {
		c := extremeCases[int(ci)%len(extremeCases)]
		a := 1 + int(actions)%c.actions
		sq, ok := extremeReach(t, c, int(v), a)
		if !ok {
			return
		}
		if more > 0 && c.order != 0 {
			big := int(v) + int(more)
			if big < int(v) {
				big = math.MaxInt64
			}
			bigger, ok := extremeReach(t, c, big, a)
			small := sq
			if c.order < 0 {
				small, bigger = bigger, sq
			}
			if s, fine := covers(small, bigger); ok && !fine {
				t.Fatalf("%s actions=%d: %d and %d (order %d): %+v lost", c.name, a, v, big, c.order, s)
			}
		}
		if a < c.actions {
			next, _ := extremeReach(t, c, int(v), a+1)
			if s, ok := covers(sq, next); !ok {
				t.Fatalf("%s v=%d: %d actions reach %+v, %d do not", c.name, v, a, s, a+1)
			}
		}
	})
}
