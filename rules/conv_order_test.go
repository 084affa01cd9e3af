package rules

import (
	"math/rand"
	"testing"

	"encounterplanner/model"
)

// queries.md: "Lists are sorted: squares by y then x"; reach lists each
// position once, its start excluded. Checked on random maps for every
// ruleset and every list the engines return.
func TestConvListsSortedByYThenX(t *testing.T) {
	check := func(t *testing.T, what string, seed int64, e *model.Encounter, tok int, sq []Square) {
		t.Helper()
		st := &e.Tokens[tok]
		for i, s := range sq {
			if s.X == st.X && s.Y == st.Y && what != "forced" {
				t.Errorf("seed %d: %s lists the start (%d,%d)", seed, what, s.X, s.Y)
			}
			if i > 0 {
				p := sq[i-1]
				if p.Y > s.Y || p.Y == s.Y && p.X >= s.X {
					t.Errorf("seed %d: %s lists (%d,%d) after (%d,%d)", seed, what, s.X, s.Y, p.X, p.Y)
				}
			}
		}
	}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		en := mustEngine(t, rs)
		for seed := int64(1); seed <= int64(randomCases(300, 300)); seed++ {
			e, q := convRandomEncounter(rand.New(rand.NewSource(seed)), rs)
			sq, err := en.Reach(nil, e, q)
			if err != nil {
				t.Fatal(err)
			}
			check(t, string(rs)+" reach", seed, e, 0, sq)
		}
	}
	ship, pts := mustEngine(t, model.Starship), mustEngine(t, model.Points)
	mv := pts.(Mover)
	for seed := int64(1); seed <= int64(randomCases(300, 300)); seed++ {
		r := rand.New(rand.NewSource(seed))
		W, H := 4+r.Intn(6), 4+r.Intn(6)
		e := &model.Encounter{Name: "r", Ruleset: model.Starship, Grid: convRandomTerrain(r, W, H)}
		e.Tokens = []model.Token{{Name: "S", X: r.Intn(W - 1), Y: r.Intn(H - 1), Facing: model.Facing(r.Intn(8)),
			Size: model.Small, Speeds: map[string]int{"fly": 300, "turn": 100}}}
		e.Grid.Set(e.Tokens[0].X, e.Tokens[0].Y, 0)
		sq, err := ship.Reach(nil, e, MoveQuery{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, "starship reach", seed, e, 0, sq)

		e = &model.Encounter{Name: "r", Ruleset: model.Points, Grid: convRandomTerrain(r, W, H)}
		e.Tokens = []model.Token{{Name: "P", X: r.Intn(W), Y: r.Intn(H), Size: model.Medium, Side: "a"},
			{Name: "Q", X: r.Intn(W), Y: r.Intn(H), Size: model.Medium, Side: "b"}}
		if e.Tokens[0].X == e.Tokens[1].X && e.Tokens[0].Y == e.Tokens[1].Y {
			continue
		}
		e.Grid.Set(e.Tokens[0].X, e.Tokens[0].Y, 0)
		sq, err = pts.Reach(nil, e, MoveQuery{Actions: 3})
		if err != nil {
			t.Fatal(err)
		}
		check(t, "points reach", seed, e, 0, sq)
		sq, _ = mv.Leap(nil, e, 0)
		check(t, "leap", seed, e, 0, sq)
		sq, _ = mv.Teleport(nil, e, 0, 3)
		check(t, "teleport", seed, e, 0, sq)
		for _, k := range []string{ForcedPush, ForcedPull, ForcedSweep, ForcedShove, ForcedDrag} {
			sq, _ = mv.Forced(nil, e, 0, k, 1, 3)
			check(t, "forced", seed, e, 0, sq)
		}
	}
}
