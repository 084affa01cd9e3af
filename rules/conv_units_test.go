package rules

import (
	"errors"
	"strings"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md "Units": "a square is feetPerSquare feet ... every
// cost in feet is a count of squares times feetPerSquare; a Speed in feet
// buys the squares whose cost fits in it."
func TestConvUnitsFeetPerSquare(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs)+"/10-ft squares, Speed 35 buys 3 squares", func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "..d", "...", "..."), tok{name: "A", side: "a", speeds: "land=35"})
			e.FeetPerSquare = 10
			convReach(t, e, MoveQuery{}, []string{
				"@ 10 30",
				"10 10 20",
				"20 20 30",
			})
		})
		t.Run(string(rs)+"/Speed 4 buys no square", func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "..."), tok{name: "A", side: "a", speeds: "land=4"})
			want := []string{"@ . ."}
			if rs == model.PF1E {
				want = []string{"@ 5/2 ."} // but not all movement is prohibited: minimum movement
			}
			convReach(t, e, MoveQuery{Actions: 2}, want)
		})
	}
	t.Run("starship/the default square is 50 ft", func(t *testing.T) {
		e := shipTestEnc([]string{"...."}, shipTok("S", 0, 0, model.Small, model.E, shipFly, 100))
		convReach(t, e, MoveQuery{}, []string{"@ 50 100 ."})
	})
}

// "Every query starts a fresh turn: the first diagonal of a reach or a path
// is the turn's first. Coordinates are 0-based; north is y-1."
func TestConvFreshTurnAndNorth(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "...", "..."), tok{name: "A", y: 1, side: "a", speeds: "land=5"})
			en := mustEngine(t, rs)
			for i := 0; i < 3; i++ { // the same answer every time: no turn carried over
				convReach(t, e, MoveQuery{}, []string{"5 5 .", "@ 5 ."})
				convPath(t, e, MoveQuery{}, 1, 0, "cost 5 actions 1: (1,0) 5/5")
				if _, err := en.Reach(nil, e, MoveQuery{}); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// "A token with no Speed for the asked mode cannot use it: the query
// answers with exit code 2 and a message naming the token and the mode. A
// Speed of 0 is a Speed: it reaches no square."
func TestConvMissingSpeed(t *testing.T) {
	for _, c := range []struct {
		rs   model.Ruleset
		e    *model.Encounter
		mode string
	}{
		{model.SF2E, withTokens(mapOf(t, model.SF2E, "..."), tok{name: "Iseph", side: "a", speeds: "land=25"}), ModeFly},
		{model.SF2E, withTokens(mapOf(t, model.SF2E, "..."), tok{name: "Iseph", side: "a", speeds: "fly=25"}), ModeLand},
		{model.SF2E, withTokens(mapOf(t, model.SF2E, "..."), tok{name: "Iseph", side: "a", speeds: "land=25"}), ModeSwim},
		{model.PF1E, withTokens(mapOf(t, model.PF1E, "..."), tok{name: "Iseph", side: "a", speeds: "land=25"}), ModeClimb},
		{model.PF1E, withTokens(mapOf(t, model.PF1E, "..."), tok{name: "Iseph", side: "a", speeds: "land=25"}), ModeBurrow},
		{model.Starship, shipTestEnc([]string{"..."}, model.Token{Name: "Iseph", Side: "a", Speeds: map[string]int{"turn": 100}}), ModeFly},
	} {
		t.Run(string(c.rs)+"/"+c.mode, func(t *testing.T) {
			en := mustEngine(t, c.rs)
			_, err := en.Reach(nil, c.e, MoveQuery{Mode: c.mode})
			if !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), "Iseph") || !strings.Contains(err.Error(), c.mode) {
				t.Errorf("Reach error %v: want a bad query naming Iseph and %s", err, c.mode)
			}
			_, err = en.Path(c.e, MoveQuery{Mode: c.mode}, 2, 0)
			if !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), "Iseph") || !strings.Contains(err.Error(), c.mode) {
				t.Errorf("Path error %v: want a bad query naming Iseph and %s", err, c.mode)
			}
		})
	}
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs)+"/Speed 0 is a Speed", func(t *testing.T) {
			e := withTokens(mapOf(t, rs, "..."), tok{name: "A", side: "a", speeds: "land=0"})
			convReach(t, e, MoveQuery{Actions: 2}, []string{"@ . ."})
			convPath(t, e, MoveQuery{Actions: 2}, 1, 0, "unreachable")
		})
	}
	t.Run("starship/fly 0 is a Speed", func(t *testing.T) {
		e := shipTestEnc([]string{"..."}, shipTok("S", 0, 0, model.Small, model.E, shipFly, 0, shipTurn, 0))
		convReach(t, e, MoveQuery{}, []string{"@ . ."})
	})
}
