package render

import (
	"image"
	"testing"

	"encounterplanner/model"
)

// TestNamesAreDrawnOverEdgeWalls: on the player display with fog the edge
// walls are drawn over the fog (beside revealed squares), and so were
// drawn over the tokens' name plates too: a wall line ran through a name.
// The GM's view and the player display without fog draw names over the
// walls; with fog, every square revealed, the player display now draws
// the same picture as without fog.
func TestNamesAreDrawnOverEdgeWalls(t *testing.T) {
	e := &model.Encounter{Name: "Hall", Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(8, 5)}
	e.Tokens = []model.Token{{ID: "a", Name: "Navasi the Bold", X: 3, Y: 1, Size: model.Medium, Side: "party"}}
	// a wall along the foot of Navasi's square, where its name sits
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 0, Y1: 2, X2: 8, Y2: 2}}
	const s = 40
	draw := func(revealed []bool) *image.RGBA {
		c := *e
		c.Revealed = revealed
		img := image.NewRGBA(image.Rect(0, 0, 8*s, 5*s))
		NewRenderer().Draw(img, &c, View{Scale: s, Player: true}, nil)
		return img
	}
	all := make([]bool, 8*5)
	for i := range all {
		all[i] = true
	}
	fogged, open := draw(all), draw(nil)
	var r Renderer
	r.Draw(image.NewRGBA(image.Rect(0, 0, 8*s, 5*s)), e, View{Scale: s, Player: true}, nil)
	names := placedTexts(&r, labelName)
	if len(names) != 1 {
		t.Fatalf("names placed: %q", names)
	}
	box := r.lay.labels[0].b
	if box.y0 > 2*s || box.y1 < 2*s {
		t.Fatalf("the name plate (rows %d to %d) does not cross the wall at row %d", box.y0, box.y1, 2*s)
	}
	diff := 0
	for y := box.y0; y < box.y1; y++ {
		for x := box.x0; x < box.x1; x++ {
			a, b := fogged.Pix[fogged.PixOffset(x, y):][:4], open.Pix[open.PixOffset(x, y):][:4]
			// the wall's joins and the disc's rim under the translucent
			// plate blend a few levels apart in the two orders
			if abs(int(a[0])-int(b[0])) > 8 || abs(int(a[1])-int(b[1])) > 8 || abs(int(a[2])-int(b[2])) > 8 {
				diff++
			}
		}
	}
	if diff > 0 {
		t.Errorf("with fog, %d pixels of the name plate differ from the display without fog: the wall is drawn over the name", diff)
	}
}
