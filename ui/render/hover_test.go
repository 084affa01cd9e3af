package render

import (
	"image"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestHoverOutlinesTheFootprint: with HoverSize 2 the outline goes round
// the 2x2 block a Large token would stand on, not only its top-left square.
func TestHoverOutlinesTheFootprint(t *testing.T) {
	e := testEncounter(model.SF2E)
	draw := func(k int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 400, 300))
		o := NewOverlays()
		o.Hover = &rules.Point{X: 1, Y: 1}
		o.HoverSize = k
		Draw(img, e, View{Scale: 40}, o)
		return img
	}
	one, two := draw(1), draw(2)
	// the right edge of the 2x2 outline: x = 3 squares, halfway down square y=2
	px, py := 3*40, 2*40+20
	if one.RGBAAt(px, py) == two.RGBAAt(px, py) {
		t.Errorf("pixel (%d, %d) is the same with a 1x1 and a 2x2 hover outline: %v", px, py, one.RGBAAt(px, py))
	}
}

// TestHoverOutlineTakesItsRows: HoverRows makes the outline a rectangle
// (a brush's block cut by the map's edge): 3 wide and 1 high, its bottom
// edge runs under the first row, not under the third.
func TestHoverOutlineTakesItsRows(t *testing.T) {
	e := testEncounter(model.SF2E)
	draw := func(rows int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 400, 300))
		o := NewOverlays()
		o.Hover = &rules.Point{X: 1, Y: 1}
		o.HoverSize, o.HoverRows = 3, rows
		Draw(img, e, View{Scale: 40}, o)
		return img
	}
	square, flat := draw(0), draw(1)
	// the bottom edge of the 3x1 outline: y = 2 squares, halfway along square x=2
	px, py := 2*40+20, 2*40
	if square.RGBAAt(px, py) == flat.RGBAAt(px, py) {
		t.Errorf("pixel (%d, %d) is the same with a 3x3 and a 3x1 hover outline: %v", px, py, flat.RGBAAt(px, py))
	}
}
