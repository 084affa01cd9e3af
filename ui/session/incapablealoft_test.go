package session

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestATokenUnableToActInTheAirIsToldItsFall: a token that cannot act 15
// ft up must fall (rules.MustFall), a fly Speed or not; the status bar
// (CannotMove) and a drag on its turn (PlanMove) said only that it cannot
// move. Now they say its fall and how to make it, its state included.
func TestATokenUnableToActInTheAirIsToldItsFall(t *testing.T) {
	for _, c := range []struct {
		name               string
		fly                bool
		cond               string
		cannot, refusal, m string
	}{
		{"unconscious flyer", true, model.CondUnconscious,
			"Goblin Warrior is unconscious 15 ft up: it would fall 15 ft for 7 bludgeoning damage and land prone; it cannot move, and falls with Encounter > Selected token falls",
			"it is unconscious 15 ft up and must fall first (Encounter > Selected token falls)",
			"Goblin Warrior is unconscious 15 ft up: showing land"},
		{"walker that cannot act", false, model.CondCannotAct,
			"Goblin Warrior cannot act 15 ft up: it would fall 15 ft for 7 bludgeoning damage and land prone; it cannot move, and falls with Encounter > Selected token falls",
			"it cannot act 15 ft up and must fall first (Encounter > Selected token falls)",
			"Goblin Warrior cannot act 15 ft up: showing land"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := goblinTurn(model.TurnState{})
			g := &e.Tokens[0]
			g.Elevation = 15
			if c.fly {
				g.Speeds["fly"] = 30
			}
			g.Conditions = append(g.Conditions, c.cond)
			if !rules.MustFall(e, 0) {
				t.Fatal("rules.MustFall is false")
			}
			if got := CannotMove(e, 0); got != c.cannot {
				t.Errorf("CannotMove %q\nwant %q", got, c.cannot)
			}
			if got := PlanMove(e, 0, 12, 10, Settings{Mode: rules.ModeLand}).Refusal; got != c.refusal {
				t.Errorf("refusal %q\nwant %q", got, c.refusal)
			}
			if got := ModeBack(e, 0, rules.ModeLand); got != c.m {
				t.Errorf("ModeBack %q\nwant %q", got, c.m)
			}
		})
	}
}
