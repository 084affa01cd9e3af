package session

import (
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestAShadedSquareOfALargeReachHasAPath: the reach of a Large ogre
// shades the whole space of every position it can end in, but the path
// took the hovered square as the space's top-left: a shaded square
// beside a wall, where that top-left would put the ogre's other column
// in the wall, said "cannot end there" (and one at the map's edge "no
// path there"), though the ogre reaches it. The path goes to the
// position whose space covers the hovered square (the least actions,
// then cost, then the top-left nearest the square), and says where its
// space ends: "ends at (4, 3)", as the inspector says where a space is.
func TestAShadedSquareOfALargeReachHasAPath(t *testing.T) {
	e, err := newEncounter("Wall", model.SF2E, 8, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 8; y++ {
		e.Grid.Set(6, y, model.Wall)
	}
	e.Tokens = []model.Token{{Name: "Ogre", X: 2, Y: 2, Size: model.Large, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 30}}}
	set := Settings{Reach: true, Path: true, Mode: rules.ModeLand, Actions: 1}
	for _, c := range []struct {
		x, y   int
		text   string
		end    rules.Point
		endsAt bool
	}{
		{5, 3, "path 10 ft · 1 action · ends at (4, 3)", rules.Point{X: 4, Y: 3}, true},
		{5, 7, "path 25 ft · 1 action · ends at (4, 6)", rules.Point{X: 4, Y: 6}, true},
		{4, 3, "path 10 ft · 1 action", rules.Point{X: 4, Y: 3}, false}, // its top-left: as before
	} {
		res := (&Worker{}).Compute(&Request{Enc: e, Sel: 0, Set: set, Hover: &rules.Point{X: c.x, Y: c.y}, Drag: -1})
		if res.PathText != c.text {
			t.Errorf("hovering (%d, %d): %q, want %q", c.x, c.y, res.PathText, c.text)
		}
		if p := res.Path; p == nil || !p.Reachable || len(p.Steps) == 0 || p.Steps[len(p.Steps)-1].X != c.end.X || p.Steps[len(p.Steps)-1].Y != c.end.Y {
			t.Errorf("hovering (%d, %d): path %+v, want it to end at %v", c.x, c.y, p, c.end)
		}
		if got := res.PathEnd != nil; got != c.endsAt || got && *res.PathEnd != c.end {
			t.Errorf("hovering (%d, %d): the path's space at %v, want %v (elsewhere: %v)", c.x, c.y, res.PathEnd, c.end, c.endsAt)
		}
	}
}
