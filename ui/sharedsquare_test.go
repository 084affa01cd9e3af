package ui

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestClickCyclesSharedSquare: once a pf1e cat shares the fighter's
// square (legal: tiny creatures share), the map only ever selected the
// token drawn on top; the other could not be clicked, dragged or looked
// at from the map. A click without a drag on the selected token now goes
// on to the next token sharing the square, and pressing the selected one
// still drags it, not the one on top.
func TestClickCyclesSharedSquare(t *testing.T) {
	e, err := library.NewEncounter("Stack", model.PF1E, 12, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	land := map[string]int{model.SpeedLand: 30}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Valeros", X: 3, Y: 3, Size: model.Medium, Side: "party", Speeds: land},
		{ID: model.NewID(), Name: "Cat", X: 3, Y: 3, Size: model.Tiny, Side: "party", Speeds: land},
		{ID: model.NewID(), Name: "Ogre", X: 8, Y: 3, Size: model.Large, Side: "enemy", Speeds: land},
	}
	ed, _, p := newTestEditor(t, e)
	ed.view.Fit()
	settle(t, ed, p)
	click := func() {
		mouseDown(ed, 3, 3, 0)
		mouseUp(ed, 3, 3)
		settle(t, ed, p)
	}
	name := func() string {
		if ed.sel < 0 {
			return "(none)"
		}
		return ed.enc.Tokens[ed.sel].Name
	}
	click()
	if name() != "Cat" {
		t.Fatalf("first click selected %s, want the Cat on top", name())
	}
	click()
	if name() != "Valeros" {
		t.Fatalf("second click selected %s, want Valeros under the Cat", name())
	}
	click()
	if name() != "Cat" {
		t.Fatalf("third click selected %s, want the Cat again", name())
	}
	click() // Valeros selected: drag him, not the cat on top
	gesture(ed, 0, [2]int{3, 3}, [2]int{4, 3}, [2]int{5, 3})
	settle(t, ed, p)
	v, c := ed.enc.Tokens[0], ed.enc.Tokens[1]
	if v.X != 5 || v.Y != 3 || c.X != 3 || c.Y != 3 {
		t.Errorf("after dragging the selected Valeros: Valeros (%d, %d), Cat (%d, %d); want (5, 3) and (3, 3)", v.X, v.Y, c.X, c.Y)
	}
	// a lone token: clicking it again keeps it selected
	mouseDown(ed, 8, 3, 0)
	mouseUp(ed, 8, 3)
	mouseDown(ed, 9, 4, 0)
	mouseUp(ed, 9, 4)
	settle(t, ed, p)
	if name() != "Ogre" {
		t.Errorf("clicking the selected Ogre again selected %s", name())
	}
}
