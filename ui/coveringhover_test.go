package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// TestHoveringALargeReachsShadedSquareShowsAPath: pointing at a square the
// Large ogre's reach shades beside a wall said "cannot end there" (the
// hover took it as the top-left of a space that would hold the wall),
// and the outline stood over the wall. The outline goes to the space the
// path ends in, which covers the square, and the status bar gives the
// path and where that space is.
func TestHoveringALargeReachsShadedSquareShowsAPath(t *testing.T) {
	e := openEncounter(t, 8, 8)
	for y := 0; y < 8; y++ {
		e.Grid.Set(6, y, model.Wall)
	}
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Ogre", X: 2, Y: 2, Size: model.Large, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 30}}}
	ed, p := overlayEditor(t, e, session.Settings{Reach: true, Path: true, Mode: rules.ModeLand, Actions: 1}, 0)
	ed.hover(5, 3, true)
	settle(t, ed, p)
	if o := ed.Overlays(); o.Hover == nil || *o.Hover != (rules.Point{X: 4, Y: 3}) || o.HoverSize != 2 {
		t.Errorf("the hover outline at %v (%d squares), want the ogre's space at (4, 3)", o.Hover, o.HoverSize)
	}
	if got := ed.status.pathLabel.Text; !strings.HasSuffix(got, "path 10 ft · 1 action · ends at (4, 3)") {
		t.Errorf("the status bar says %q, want the path to (4, 3)", got)
	}
	ed.hover(4, 3, true) // a position it reaches: as it was
	settle(t, ed, p)
	if o := ed.Overlays(); o.Hover == nil || *o.Hover != (rules.Point{X: 4, Y: 3}) || strings.Contains(ed.status.pathLabel.Text, "ends at") {
		t.Errorf("hovering (4, 3): outline %v, status %q", o.Hover, ed.status.pathLabel.Text)
	}
}
