package render

import (
	"image"
	"testing"

	"encounterplanner/model"
)

// TestTokensShowAtTheWholeMapsZoom: fitted to the window, a 1000 x 1000
// map is under one pixel a square, and its tokens (a disc a square wide,
// less its margin) drew nothing at all, on the editor and on the player
// display: the GM could not find the party. A token is at least a dot
// 6 px wide, its ring in its side's colour.
func TestTokensShowAtTheWholeMapsZoom(t *testing.T) {
	e := &model.Encounter{Name: "Big", Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(1000, 1000)}
	e.Tokens = []model.Token{{ID: "a", Name: "Scout", X: 500, Y: 400, Size: model.Medium, Side: "party"}}
	for _, scale := range []float64{0.7, 2} {
		w, h := int(1000*scale), int(1000*scale)
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		empty := image.NewRGBA(img.Rect)
		none := *e
		none.Tokens = nil
		NewRenderer().Draw(img, e, View{Scale: scale}, nil)
		NewRenderer().Draw(empty, &none, View{Scale: scale}, nil)
		cx, cy := int(500.5*scale), int(400.5*scale)
		side := sideColor("party")
		if got := img.RGBAAt(cx, cy); got.R != side.r || got.G != side.g || got.B != side.b {
			t.Errorf("at %v px a square the token's centre is %v, not its side's colour %v", scale, got, side)
		}
		changed := 0
		for y := cy - 3; y <= cy+3; y++ {
			for x := cx - 3; x <= cx+3; x++ {
				if img.RGBAAt(x, y) != empty.RGBAAt(x, y) {
					changed++
				}
			}
		}
		if changed < 25 {
			t.Errorf("at %v px a square the token changes %d of the 49 pixels around its centre", scale, changed)
		}
	}
}
