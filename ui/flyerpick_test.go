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

// TestTheSmallerInALargerSpaceIsOnTopAtOneHeight: in sf2e and pf1e a Tiny
// rat in a Large ogre's square, on the ground, the ogre listed after it:
// the map drew the ogre shrunk over the rat as if it flew above, a click
// on the rat's square picked the ogre, and the square said "Ogre with
// Rat". The smaller is drawn over the larger at one height
// (render.DrawnAbove): a click picks the rat, a second the ogre, and the
// square says "Rat with Ogre". A Tiny bat in a Large roc's space 20 ft
// up, over a goblin on the ground: "Bat with Roc over Goblin", where it
// said "Bat with Roc, Goblin".
func TestTheSmallerInALargerSpaceIsOnTopAtOneHeight(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := openEncounter(t, 10, 6)
		e.Ruleset = rs
		land := map[string]int{model.SpeedLand: 30}
		fly := map[string]int{model.SpeedLand: 10, model.SpeedFly: 60}
		e.Tokens = []model.Token{
			{ID: model.NewID(), Name: "Rat", X: 3, Y: 2, Size: model.Tiny, Side: "enemy", Speeds: land},
			{ID: model.NewID(), Name: "Ogre", X: 2, Y: 2, Size: model.Large, Side: "party", Speeds: land},
			{ID: model.NewID(), Name: "Roc", X: 6, Y: 2, Size: model.Large, Side: "neutral", Elevation: 20, Speeds: fly},
			{ID: model.NewID(), Name: "Bat", X: 7, Y: 3, Size: model.Tiny, Side: "enemy", Elevation: 20, Speeds: fly},
			{ID: model.NewID(), Name: "Goblin", X: 7, Y: 3, Size: model.Medium, Side: "enemy", Speeds: land},
		}
		ed, _, p := newTestEditor(t, e)
		settle(t, ed, p)
		for _, c := range []struct {
			x, y int
			want string
		}{
			{3, 2, "· Rat with Ogre"},
			{2, 3, "· Ogre"},
			{7, 3, "· Bat with Roc over Goblin"},
		} {
			ed.hover(c.x, c.y, true)
			if got := ed.status.hoverLabel.Text; !strings.HasSuffix(got, c.want) {
				t.Errorf("%s: the hovered square (%d, %d) says %q, want it to end in %q", rs, c.x, c.y, got, c.want)
			}
		}
		gesture(ed, 0, [2]int{3, 2})
		settle(t, ed, p)
		if got := selName(ed); got != "Rat" {
			t.Errorf("%s: a click on the rat's square picked %v, want the rat drawn on top", rs, got)
		}
		gesture(ed, 0, [2]int{3, 2})
		settle(t, ed, p)
		if got := selName(ed); got != "Ogre" {
			t.Errorf("%s: a second click picked %v, want the ogre under the rat", rs, got)
		}
	}
}

// TestATinyCreatureIsPickedOverAMediumOneListedAfterIt: in sf2e and pf1e
// a Tiny rat and a Medium goblin both take a square's space; the rat,
// listed first, was drawn under the goblin, a click on their square
// picked the goblin, and the square said "Goblin with Rat". The smaller
// creature is drawn on top (render.DrawnAbove): a click picks the rat, a
// second the goblin, and the square says "Rat with Goblin".
func TestATinyCreatureIsPickedOverAMediumOneListedAfterIt(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		e := openEncounter(t, 8, 6)
		e.Ruleset = rs
		land := map[string]int{model.SpeedLand: 30}
		e.Tokens = []model.Token{
			{ID: model.NewID(), Name: "Rat", X: 3, Y: 2, Size: model.Tiny, Side: "enemy", Speeds: land},
			{ID: model.NewID(), Name: "Goblin", X: 3, Y: 2, Size: model.Medium, Side: "party", Speeds: land},
		}
		ed, _, p := newTestEditor(t, e)
		settle(t, ed, p)
		ed.hover(3, 2, true)
		if got, want := ed.status.hoverLabel.Text, "· Rat with Goblin"; !strings.HasSuffix(got, want) {
			t.Errorf("%s: the hovered square says %q, want it to end in %q", rs, got, want)
		}
		gesture(ed, 0, [2]int{3, 2})
		settle(t, ed, p)
		if got := selName(ed); got != "Rat" {
			t.Errorf("%s: a click on the square picked %v, want the rat drawn on top", rs, got)
		}
		gesture(ed, 0, [2]int{3, 2})
		settle(t, ed, p)
		if got := selName(ed); got != "Goblin" {
			t.Errorf("%s: a second click picked %v, want the goblin under the rat", rs, got)
		}
	}
}
