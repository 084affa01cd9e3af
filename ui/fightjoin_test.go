package ui

import (
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestACreatureAddedInAFightJoinsTheOrder: in round 2 of the Smuggler's
// den, a Goblin Archer duplicated (reinforcements: initiative 14, as its
// original's) and a creature placed with no initiative had no turn at
// all: N went round the six who began, and the only way to give them one
// was Start fight again, round 1 with every initiative asked anew. The
// duplicate now acts after its original, the newcomer without an
// initiative last; the round and whose turn it is stay, the order's rows
// show them, and one Ctrl+Z takes each back out.
func TestACreatureAddedInAFightJoinsTheOrder(t *testing.T) {
	ed, _, p := newTestEditor(t, denExample(t))
	settle(t, ed, p)
	ga, _ := tokenAt(t, ed, "Goblin Archer")
	ed.Select(ga)
	ed.DuplicateToken()
	settle(t, ed, p)
	if err := ed.AddToken(model.Token{Name: "Sentry", X: 1, Y: 14, Size: model.Medium, Side: "enemy", Speeds: map[string]int{"land": 25}}); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	f := ed.enc.Fight
	want := []string{"Iseph", "Goblin Warrior", "Dae", "Goblin Archer", "Goblin Archer 2", "Navasi", "Ogre Brute", "Sentry"}
	if !slices.Equal(f.Order, want) {
		t.Fatalf("order %q, want %q", f.Order, want)
	}
	if f.Round != 2 || f.Turn != "Dae" || f.State["Dae"].Actions != 1 {
		t.Errorf("round %d, %s's turn, state %+v: the fight did not go on where it was", f.Round, f.Turn, f.State)
	}
	if n := ed.orderRows().Length(); n < len(want) {
		t.Errorf("the order shows %d rows, want at least %d", n, len(want))
	}
	for range 5 {
		ed.NextTurn()
	}
	if f := ed.enc.Fight; f.Turn != "Sentry" || f.Round != 2 {
		t.Errorf("after five Next: round %d, %s's turn; want round 2, Sentry's", f.Round, f.Turn)
	}
	for range 6 {
		ed.Undo()
	}
	if f := ed.enc.Fight; !slices.Equal(f.Order, want[:len(want)-1]) || f.Turn != "Dae" {
		t.Errorf("after undoing the Sentry and five turns: order %q, %s's turn", f.Order, f.Turn)
	}
}
