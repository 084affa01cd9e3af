package rules

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"encounterplanner/model"
)

// TestReachClassTableFollowsTheQuery runs one engine through queries of
// every mode in turn, on a map of every trait, and checks each answer
// against a fresh engine's: the squares' classes, kept between queries
// while their terms stay the same, must follow the mode.
func TestReachClassTableFollowsTheQuery(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		rng := rand.New(rand.NewPCG(5, 6))
		g := model.NewGrid(30, 30)
		for i := range g.Cells {
			g.Cells[i] = model.Trait(rng.IntN(int(model.TraitMask)+1)) &^ model.Wall
			if rng.IntN(3) > 0 {
				g.Cells[i] = 0
			}
		}
		e := &model.Encounter{Name: "traits", Ruleset: rs, Grid: g}
		tok := benchMover(e, model.Large, map[string]int{"land": 30, "fly": 40, "swim": 30, "climb": 20, "burrow": 20})
		shared := mustEngine(t, rs)
		for round := 0; round < 2; round++ {
			for _, mode := range []string{ModeLand, ModeFly, ModeSwim, ModeClimb, ModeBurrow} {
				q := MoveQuery{Token: tok, Mode: mode, Actions: 2}
				want, err := mustEngine(t, rs).Reach(nil, e, q)
				if err != nil {
					t.Fatalf("%s %s: %v", rs, mode, err)
				}
				got, err := shared.Reach(nil, e, q)
				if err != nil {
					t.Fatalf("%s %s: %v", rs, mode, err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s round %d: the shared engine's reach (%d squares) differs from a fresh one's (%d)", rs, mode, round, len(got), len(want))
				}
				if len(want) == 0 && mode != ModeSwim { // the start is dry
					t.Fatalf("%s %s: nothing reached", rs, mode)
				}
			}
		}
	}
}
