package render

import (
	"image"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestHeightsMeanNothingInShipsAndPoints: a height kept from sf2e (for a
// switch back) still ordered and stacked the map in starship and points,
// which measure none: a cruiser kept 100 ft "up" was drawn over the
// fighter sharing its space (the conventions' "sizes differ by two or
// more"), shrunk to show it, and a points token kept 15 ft up over
// another. There every token is at one height: the smaller space is
// drawn over the larger one, whole (a fighter over the cruiser it shares
// squares with), and at one size the selected, then the later in the
// list, as in sf2e at one height.
func TestHeightsMeanNothingInShipsAndPoints(t *testing.T) {
	ships := &model.Encounter{Name: "Dock", Ruleset: model.Starship, FeetPerSquare: 50, Grid: model.NewGrid(8, 6)}
	ships.Tokens = []model.Token{
		{Name: "Fighter", X: 2, Y: 2, Size: model.Tiny, Side: "party"},
		{Name: "Cruiser", X: 2, Y: 2, Size: model.Medium, Side: "party", Elevation: 100},
	}
	points := &model.Encounter{Name: "Yard", Ruleset: model.Points, Grid: model.NewGrid(8, 6)}
	points.Tokens = []model.Token{
		{Name: "Eagle", X: 2, Y: 2, Size: model.Medium, Side: "party", Elevation: 15},
		{Name: "Goblin", X: 2, Y: 2, Size: model.Medium, Side: "enemy"},
	}
	for _, c := range []struct {
		e       *model.Encounter
		sel     int
		top     string
		stacked []string // drawn smaller, against the rim
	}{
		{ships, -1, "Fighter", nil},
		{ships, 1, "Fighter", nil}, // the cruiser selected still leaves the fighter on top
		{points, -1, "Goblin", []string{"Goblin"}},
		{points, 0, "Eagle", []string{"Eagle"}},
	} {
		idx := []int{0, 1}
		TopFirst(c.e, idx, c.sel)
		if got := c.e.Tokens[idx[0]].Name; got != c.top {
			t.Errorf("%s, selected %d: %s on top, want %s", c.e.Ruleset, c.sel, got, c.top)
		}
		r := NewRenderer()
		o := NewOverlays()
		o.Selected = c.sel
		r.Draw(image.NewRGBA(image.Rect(0, 0, 8*60, 6*60)), c.e, View{Scale: 60}, o)
		if top := c.e.Tokens[r.order[len(r.order)-1]].Name; top != c.top {
			t.Errorf("%s, selected %d: the frame draws %s last, want %s", c.e.Ruleset, c.sel, top, c.top)
		}
		var stacked []string
		for i := range c.e.Tokens {
			if r.looks[i].scale != 0 {
				stacked = append(stacked, c.e.Tokens[i].Name)
			}
		}
		if !slices.Equal(stacked, c.stacked) {
			t.Errorf("%s, selected %d: stacked %q, want %q", c.e.Ruleset, c.sel, stacked, c.stacked)
		}
	}
}
