package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestHoveringAnOccupiedSquareSaysItIsOccupied: on Pip's turn, hovering
// Brute's square, within Pip's reach, said "beyond its turn" (QA: the
// path status beside "Pip: occupied by Brute"); so did a flight whose End
// elevation put Navasi on the ground on a creature. The path status now
// says the token may not end there and why; a square beyond its reach
// still says "beyond its turn".
func TestHoveringAnOccupiedSquareSaysItIsOccupied(t *testing.T) {
	e := openEncounter(t, 12, 6)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Pip", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25, "fly": 30}, Elevation: 15},
		{ID: model.NewID(), Name: "Brute", Side: "enemy", X: 3, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
	}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Pip", "Brute"}, Turn: "Pip"}
	ed, _, p := newTestEditor(t, e)
	ed.Select(0)
	hover := func(x, y int) string {
		ed.hover(x, y, true)
		p.until(t, "path", ed.overlaysIdle)
		return ed.status.pathLabel.Text
	}
	// a flight that ends on the ground, on Brute
	ed.ovp.settings.Mode = rules.ModeFly
	ed.ovp.settings.End, ed.ovp.settings.EndSet = 0, true
	ed.requestOverlays()
	if got, want := hover(3, 1), "cannot end there: occupied by Brute"; got != want {
		t.Errorf("a flight ending on Brute: path status %q, want %q", got, want)
	}
	// on foot, on the ground
	ed.enc.Tokens[0].Elevation = 0
	ed.ovp.settings.Mode, ed.ovp.settings.EndSet = rules.ModeLand, false
	ed.changed()
	if got, want := hover(3, 2), "path"; len(got) < 4 || got[:4] != want {
		t.Fatalf("hovering a free square: path status %q", got)
	}
	if got, want := hover(3, 1), "cannot end there: occupied by Brute"; got != want {
		t.Errorf("hovering Brute: path status %q, want %q", got, want)
	}
	ed.enc.Fight.State = map[string]model.TurnState{"Pip": {Actions: 2}}
	ed.changed()
	if got, want := hover(11, 5), "beyond its turn"; got != want {
		t.Errorf("hovering beyond Pip's last action: path status %q, want %q", got, want)
	}
}
