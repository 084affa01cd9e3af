package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestAClickPicksTheFlyerDrawnOnTop: the map draws a flyer over the
// creature under it, smaller, the creature showing round it
// (render/stack.go), whichever comes first in the list; a click picked
// the later in the list, which, for an eagle placed before the goblin it
// flies over, was the goblin hidden under it. A click picks the one the
// GM sees on top, the eagle; a second click the goblin under it; and the
// hovered square names both: "Eagle over Goblin".
func TestAClickPicksTheFlyerDrawnOnTop(t *testing.T) {
	e := openEncounter(t, 8, 6)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Eagle", X: 2, Y: 2, Size: model.Medium, Side: "party", Elevation: 15, Speeds: map[string]int{model.SpeedLand: 10, model.SpeedFly: 60}},
		{ID: model.NewID(), Name: "Goblin", X: 2, Y: 2, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 25}},
	}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	ed.hover(2, 2, true)
	if got := ed.status.hoverLabel.Text; !strings.HasSuffix(got, "· Eagle over Goblin") {
		t.Errorf("the hovered square says %q, want it to end in %q", got, "· Eagle over Goblin")
	}
	gesture(ed, 0, [2]int{2, 2})
	settle(t, ed, p)
	if ed.sel < 0 || ed.enc.Tokens[ed.sel].Name != "Eagle" {
		t.Fatalf("a click on the square picked %v, want the eagle drawn on top", selName(ed))
	}
	gesture(ed, 0, [2]int{2, 2})
	settle(t, ed, p)
	if got := selName(ed); got != "Goblin" {
		t.Errorf("a second click picked %v, want the goblin under the eagle", got)
	}
}

func selName(ed *Editor) string {
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
		return "nothing"
	}
	return ed.enc.Tokens[ed.sel].Name
}

// TestNoOneIsOverAnotherWhereHeightsMeanNothing: in points (and
// starship) a height kept from sf2e for a switch back means nothing, but
// the hovered square said "Eagle over Goblin" and a click picked the
// eagle "above". Both are at one height: the later in the list is on
// top, the square says "Goblin with Eagle", and a click picks the goblin.
// In starship the smaller ship is on top: "Fighter with Cruiser".
func TestNoOneIsOverAnotherWhereHeightsMeanNothing(t *testing.T) {
	e := openEncounter(t, 8, 6)
	e.Ruleset = model.Points
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Eagle", X: 2, Y: 2, Size: model.Medium, Side: "party", Elevation: 15, Speeds: map[string]int{model.SpeedLand: 5}},
		{ID: model.NewID(), Name: "Goblin", X: 2, Y: 2, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 5}},
	}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	ed.hover(2, 2, true)
	if got := ed.status.hoverLabel.Text; !strings.HasSuffix(got, "· Goblin with Eagle") {
		t.Errorf("points: the hovered square says %q, want it to end in %q", got, "· Goblin with Eagle")
	}
	gesture(ed, 0, [2]int{2, 2})
	settle(t, ed, p)
	if got := selName(ed); got != "Goblin" {
		t.Errorf("points: a click on the square picked %v, want the goblin drawn on top", got)
	}

	// the eagle later in the list is on top, still not over anyone
	e.Tokens[0], e.Tokens[1] = e.Tokens[1], e.Tokens[0]
	ed, _, p = newTestEditor(t, e)
	settle(t, ed, p)
	ed.hover(2, 2, true)
	if got := ed.status.hoverLabel.Text; !strings.HasSuffix(got, "· Eagle with Goblin") {
		t.Errorf("points: the hovered square says %q, want it to end in %q", got, "· Eagle with Goblin")
	}

	s := openEncounter(t, 8, 6)
	s.Ruleset, s.FeetPerSquare = model.Starship, 50
	fly := map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}
	s.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Fighter", X: 2, Y: 2, Size: model.Tiny, Side: "party", Speeds: fly},
		{ID: model.NewID(), Name: "Cruiser", X: 2, Y: 2, Size: model.Medium, Side: "party", Elevation: 100, Speeds: fly},
	}
	ed, _, p = newTestEditor(t, s)
	settle(t, ed, p)
	ed.hover(2, 2, true)
	if got := ed.status.hoverLabel.Text; !strings.HasSuffix(got, "· Fighter with Cruiser") {
		t.Errorf("starship: the hovered square says %q, want it to end in %q", got, "· Fighter with Cruiser")
	}
}
