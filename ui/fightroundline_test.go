package ui

import (
	"testing"

	"encounterplanner/model"
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
