package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// randTurn gives q a random turn state that leaves it at least one action:
// sf2e 0 to 2 actions spent, pf1e 0 or 1, diagonals 0 to 3, and the
// actions from now 1 to what is left.
func randTurn(rng *rand.Rand, rs model.Ruleset, q MoveQuery) MoveQuery {
	max := MaxActions(rs)
	q.Turn = model.TurnState{Actions: rng.IntN(max), Diagonals: rng.IntN(4)}
	q.Actions = 1 + rng.IntN(max-q.Turn.Actions)
	return q
}

// The reference takes the turn state (start parity, actions left) and the
// engine agrees with it on random maps with random states, paths and their
// diagonal counts included.
func TestReferenceCrossCheckTurnState(t *testing.T) {
	n := randomCases(300, 60)
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for seed := uint64(0); seed < uint64(n); seed++ {
			rng := rand.New(rand.NewPCG(seed, 11))
			e, q := randEncounter(rng, rs)
			q = randTurn(rng, rs, q)
			crossCheck(t, e, q, fmt.Sprintf("%s turn seed %d", rs, seed))
			if t.Failed() {
				return
			}
		}
		for seed := uint64(0); seed < uint64(n/10); seed++ {
			rng := rand.New(rand.NewPCG(seed, 13))
			e, q := randEncounterSized(rng, rs, 18, 13)
			q = randTurn(rng, rs, q)
			crossCheck(t, e, q, fmt.Sprintf("%s large turn seed %d", rs, seed))
			if t.Failed() {
				return
			}
		}
	}
}

// A fresh turn state is today's query: on the existing random maps of
// TestReferenceCrossCheck, a state with no actions spent and an even number
// of diagonals gives exactly the answers of the query without one, and
// spending actions only takes them from what is left.
func TestTurnStateFreshIsToday(t *testing.T) {
	n := randomCases(300, 60)
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E, model.Starship, model.Points} {
		for seed := uint64(0); seed < uint64(n); seed++ {
			var e *model.Encounter
			var q MoveQuery
			if rs == model.Starship {
				e, q = shipRandom(rand.New(rand.NewPCG(seed, 7))), MoveQuery{}
			} else if rs == model.Points {
				e, q = ptsRandom(rand.New(rand.NewPCG(seed, 7)))
			} else {
				e, q = randEncounter(rand.New(rand.NewPCG(seed, 7)), rs)
			}
			en := mustEngine(t, rs)
			want, werr := en.Reach(nil, e, q)
			variants := []model.TurnState{{}}
			if rs != model.Points {
				variants = append(variants, model.TurnState{Diagonals: 2}, model.TurnState{Diagonals: 4})
			}
			for _, ts := range variants {
				q2 := q
				q2.Turn = ts
				got, err := en.Reach(nil, e, q2)
				if (err == nil) != (werr == nil) || !slices.Equal(got, want) {
					t.Fatalf("%s seed %d: state %+v gives %v (%v), fresh %v (%v)", rs, seed, ts, got, err, want, werr)
				}
			}
			if werr != nil || (rs != model.SF2E && rs != model.PF1E) || q.Step {
				continue
			}
			// One action spent, the same actions from now: the same squares
			// when that many are left.
			if a := max(q.Actions, 1); a < MaxActions(rs) {
				q2 := q
				q2.Turn.Actions = MaxActions(rs) - a
				got, err := en.Reach(nil, e, q2)
				if err != nil || !slices.Equal(got, want) {
					t.Fatalf("%s seed %d: %d spent, %d from now: %v (%v), fresh %v", rs, seed, q2.Turn.Actions, a, got, err, want)
				}
			}
		}
	}
}

// Starship and points continue the turn as their references do: the ship
// flies what is left of its Speed with its diagonal parity carried on, the
// points mover spends what is left of its one budget.
func TestReferenceCrossCheckTurnStateShipAndPoints(t *testing.T) {
	n := randomCases(300, 60)
	ship := mustEngine(t, model.Starship)
	for seed := uint64(0); seed < uint64(n); seed++ {
		rng := rand.New(rand.NewPCG(seed, 17))
		e := shipRandom(rng)
		fly := e.Tokens[0].Speeds[model.SpeedFly]
		ts := model.TurnState{Diagonals: rng.IntN(4), Spent: rng.IntN(fly/10+1) * 10}
		q := MoveQuery{Turn: ts}
		sq, err := ship.Reach(nil, e, q)
		if err != nil {
			t.Fatalf("seed %d %+v: %v", seed, ts, err)
		}
		ref := shipRefReachTurn(e, 0, ts)
		if len(sq) != len(ref) {
			t.Fatalf("seed %d %+v: reach has %d squares, the reference %d\n%s", seed, ts, len(sq), len(ref), reachMap(e, 0, sq))
		}
		for _, s := range sq {
			if r := ref[[2]int{s.X, s.Y}]; r != s {
				t.Fatalf("seed %d %+v: (%d,%d) = %+v, reference %+v", seed, ts, s.X, s.Y, s, r)
			}
			p, err := ship.Path(e, q, s.X, s.Y)
			if err != nil || !p.Reachable || p.Cost != s.Cost {
				t.Fatalf("seed %d %+v: path to (%d,%d) = %+v %v, reach %+v", seed, ts, s.X, s.Y, p, err, s)
			}
			if want := countDiagonals(p, e.Tokens[0].X, e.Tokens[0].Y, ts.Diagonals); p.Diagonals != want || p.Diagonals < ts.Diagonals {
				t.Fatalf("seed %d: path diagonals %d, want %d", seed, p.Diagonals, want)
			}
		}
	}
	pts := ptsEng()
	for seed := uint64(0); seed < uint64(n); seed++ {
		rng := rand.New(rand.NewPCG(seed, 19))
		e, q := ptsRandom(rng)
		land, mob := ptsSpeeds(&e.Tokens[q.Token])
		q.Turn.Spent = rng.IntN(min(8, land+2*mob+1)) // no more than a whole turn gives
		ptsCheck(t, pts, e, q)
	}
}

// sprinkleShallow turns about one square in five into shallow water (alone
// or with difficult, greater difficult or hazardous terrain).
func sprinkleShallow(rng *rand.Rand, e *model.Encounter) {
	mix := []model.Trait{0, 0, model.Difficult, model.GreaterDifficult, model.Hazardous}
	for i := range e.Grid.Cells {
		if rng.IntN(5) == 0 {
			e.Grid.Cells[i] = model.ShallowWater | mix[rng.IntN(len(mix))]
		}
	}
}

// Shallow water in every ruleset's reference and engine agree on random
// maps: sf2e and pf1e (every mode, Step included), and points.
func TestReferenceCrossCheckShallowWater(t *testing.T) {
	n := randomCases(300, 60)
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for seed := uint64(0); seed < uint64(n); seed++ {
			rng := rand.New(rand.NewPCG(seed, 23))
			e, q := randEncounter(rng, rs)
			sprinkleShallow(rng, e)
			if rng.IntN(2) == 0 {
				q = randTurn(rng, rs, q)
			}
			crossCheck(t, e, q, fmt.Sprintf("%s shallow seed %d", rs, seed))
			if t.Failed() {
				return
			}
		}
	}
	pts := ptsEng()
	for seed := uint64(0); seed < uint64(n); seed++ {
		rng := rand.New(rand.NewPCG(seed, 29))
		e, q := ptsRandom(rng)
		sprinkleShallow(rng, e)
		ptsCheck(t, pts, e, q)
	}
}

// FuzzReachTurn: with any turn state, reach and path agree (or both refuse
// with a bad query), and path's diagonals never fall below the state's.
func FuzzReachTurn(f *testing.F) {
	for i, sd := range fuzzSeeds(f) {
		f.Add(sd.data, uint8(sd.q.Token), uint8(sd.q.Actions), sd.q.Mode, sd.q.Step, uint8(i%3), uint8(i%5), uint16(i*25))
	}
	f.Fuzz(func(t *testing.T, data []byte, tok, actions uint8, modeIn string, step bool, spentActions, diagonals uint8, spent uint16) {
		e, q := fuzzQuery(data, tok, actions, modeIn, step)
		if e == nil {
			return
		}
		q.Turn = model.TurnState{Actions: int(spentActions % 4), Diagonals: int(diagonals), Spent: int(spent)}
		en := mustEngine(t, e.Ruleset)
		sq, err := en.Reach(nil, e, q)
		if err != nil {
			if !errors.Is(err, ErrBadQuery) {
				t.Fatalf("error %v is not a bad query", err)
			}
			return
		}
		for _, s := range sq {
			p, err := en.Path(e, q, s.X, s.Y)
			if err != nil || !p.Reachable || p.Cost != s.Cost || p.Actions != s.Actions {
				t.Fatalf("path to %+v: %+v %v", s, p, err)
			}
			if e.Ruleset != model.Points && p.Diagonals < q.Turn.Diagonals {
				t.Fatalf("path diagonals %d below the state's %d", p.Diagonals, q.Turn.Diagonals)
			}
		}
	})
}
