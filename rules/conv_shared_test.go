package rules

import (
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md sf2e: "Moving out of a square within an enemy's
// reach during a move action can trigger reactions ...: paths flag those
// steps", with distances "measured between the nearest squares of the two
// spaces ... (adjacent = 1, overlapping = 0)": a square of the enemy's own
// space is at distance 0, within any reach, 0 ft included (Player Core
// p. 413: a Tiny creature with 0 ft reach "must share a space with a
// creature in order to attack it"); pf1e: tiny and smaller threaten "never
// unless they share the foe's square". So leaving a square shared with a
// tiny enemy, or a square of a larger enemy's space that a tiny mover
// shared, is leaving a square within the enemy's reach.
func TestConvLeavingASharedSquareIsAReaction(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		t.Run(string(rs), func(t *testing.T) {
			// Not flagged today: forThreat (geometry.go) leaves out the
			// threatening token's own space.
			runPathCases(t, rs, []pathCase{
				{"a medium mover leaves the square it shares with a tiny enemy", []string{"...", "###"},
					[]tok{{name: "M", side: "a", speeds: "land=30"}, {name: "t", size: model.Tiny, side: "b"}}, MoveQuery{}, 1, 0,
					"cost 5 actions 1: (1,0) 5/5 [reaction]"},
				{"a tiny mover leaves a square of a large enemy's space", []string{"....", "....", "####"},
					[]tok{{name: "t", x: 1, y: 1, size: model.Tiny, side: "a", speeds: "land=30"}, {name: "L", size: model.Large, side: "b"}}, MoveQuery{}, 3, 1,
					"cost 10 actions 1: (2,1) 5/5 [reaction] (3,1) 5/10 [reaction]"},
			})
		})
	}
}
