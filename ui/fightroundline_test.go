package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestTheRoundLineSaysWhyACreatureStaysPut: on the turn of a creature
// that cannot act, the round line read "Round 1 · cannot act: cannot
// move", the condition's words and the reason saying the same thing
// twice. It says the condition and that the creature does not move,
// once each, whatever stops it.
func TestTheRoundLineSaysWhyACreatureStaysPut(t *testing.T) {
	for cond, want := range map[string]string{
		model.CondCannotAct:   "Round 1 · cannot act or move",
		model.CondUnconscious: "Round 1 · unconscious: cannot move",
		model.CondDead:        "Round 1 · dead: cannot move",
	} {
		e := model.Sample()
		dae := e.TokenIndex("Dae")
		e.Tokens[dae].Conditions = []string{cond}
		e.Fight = &model.Fight{Round: 1, Order: []string{"Dae", "Iseph"}, Turn: "Dae"}
		ed, _, p := newTestEditor(t, e)
		settle(t, ed, p)
		if h := fightHeading(t, ed); h != want {
			t.Errorf("%s on its turn: the round line reads %q, want %q", cond, h, want)
		}
	}
}

// TestAShipsRoundLineSaysHowFarOfHowFar: on a ship's turn the round line
// read "Round 1 · 0 ft flown", with no word of the ship's Speed, where
// sf2e's says "3 of 3 actions left to move". It says how far the ship
// has flown of its Speed, as the path's "beyond its movement" does.
func TestAShipsRoundLineSaysHowFarOfHowFar(t *testing.T) {
	e, _ := library.NewEncounter("Dogfight", model.Starship, 30, 30, 50)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Sunrise Maiden", X: 10, Y: 10, Size: model.Small, Side: "party", Speeds: map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}},
		{ID: model.NewID(), Name: "Drone", X: 20, Y: 20, Size: model.Small, Side: "enemy"},
	}
	for _, c := range []struct {
		turn  string
		spent int
		want  string
	}{
		{"Sunrise Maiden", 0, "Round 1 · 0 of 300 ft flown"},
		{"Sunrise Maiden", 100, "Round 1 · 100 of 300 ft flown"},
		{"Drone", 0, "Round 1 · no fly Speed: cannot move"},
	} {
		e.Fight = &model.Fight{Round: 1, Order: []string{"Sunrise Maiden", "Drone"}, Turn: c.turn}
		if c.spent > 0 {
			e.Fight.State = map[string]model.TurnState{c.turn: {Spent: c.spent}}
		}
		ed, _, p := newTestEditor(t, e.Clone())
		settle(t, ed, p)
		if h := fightHeading(t, ed); h != c.want {
			t.Errorf("%s's turn, %d ft flown: the round line reads %q, want %q", c.turn, c.spent, h, c.want)
		}
	}
}

// TestAPointsRoundLineSaysOfHowMany: in a points fight the round line
// read "Round 1 · 5 points spent", with no word of what the turn gives.
// It says the points spent of those the actions that paid for them give
// (the move action its Speed, each extra action its mobility) and what
// another action adds, as a ship's says "100 of 300 ft flown".
func TestAPointsRoundLineSaysOfHowMany(t *testing.T) {
	e, _ := library.NewEncounter("Skirmish", model.Points, 20, 20, 5)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Kira", X: 2, Y: 2, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedLand: 5, model.SpeedMobility: 2}},
		{ID: model.NewID(), Name: "Goblin", X: 12, Y: 12, Size: model.Medium, Side: "enemy"},
	}
	for _, c := range []struct {
		spent int
		want  string
	}{
		{0, "Round 1 · 0 of 5 points spent, +2 per extra action"},
		{5, "Round 1 · 5 of 5 points spent, +2 per extra action"},
		{6, "Round 1 · 6 of 7 points spent, +2 for a third action"},
		{9, "Round 1 · 9 of 9 points spent"},
	} {
		e.Fight = &model.Fight{Round: 1, Order: []string{"Kira", "Goblin"}, Turn: "Kira"}
		if c.spent > 0 {
			e.Fight.State = map[string]model.TurnState{"Kira": {Spent: c.spent}}
		}
		ed, _, p := newTestEditor(t, e.Clone())
		settle(t, ed, p)
		if h := fightHeading(t, ed); h != c.want {
			t.Errorf("%d points spent: the round line reads %q, want %q", c.spent, h, c.want)
		}
	}
}
