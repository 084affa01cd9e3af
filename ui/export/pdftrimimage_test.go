package export

import (
	"encoding/base64"
	"testing"

	"encounterplanner/model"
)

// TestTrimKeepsTheMapImage: a trimmed print (Trim to content) of a map
// with a map image keeps the squares the image covers, which are the
// map's picture, not empty floor: an imported battle map of 12 x 10
// squares with one wall printed as the wall's few squares. A placed image
// keeps the squares it reaches; the players' print, those of them that
// are revealed.
func TestTrimKeepsTheMapImage(t *testing.T) {
	url := func(w, h int) string {
		return "data:image/png;base64," + base64.StdEncoding.EncodeToString(pngBytes(t, w, h))
	}
	rect := func(x0, y0, x1, y1 int) [4]int { return [4]int{x0, y0, x1, y1} }

	stretched := mapFrom("............", "......#.....", "............", "............", "............",
		"............", "............", "............", "............", "............")
	stretched.Background = url(24, 20)
	if got := rect(ContentRect(stretched, false)); got != rect(0, 0, 12, 10) {
		t.Errorf("stretched image: trimmed to %v, want the whole map %v", got, rect(0, 0, 12, 10))
	}

	// 140 x 70 pixels at 35 a square, its pixel (-35, 0) at the map's
	// corner: it covers squares 1 to 4 of rows 0 and 1.
	placed := mapFrom("..........", "..........", "..........", "..........", "........o.")
	placed.Background = url(140, 70)
	placed.Placement = &model.BackgroundPlacement{X: -35, Y: 0, PxPerSquare: 35}
	if got := rect(ContentRect(placed, false)); got != rect(1, 0, 9, 5) {
		t.Errorf("placed image and an obstacle: trimmed to %v, want %v", got, rect(1, 0, 9, 5))
	}

	fogged := mapFrom("........", "........", "........", "........")
	fogged.Background = url(16, 8)
	fogged.Revealed = make([]bool, 8*4)
	fogged.Revealed[1*8+2], fogged.Revealed[2*8+5] = true, true
	if got := rect(ContentRect(fogged, true)); got != rect(2, 1, 6, 3) {
		t.Errorf("players' print: trimmed to %v, want the revealed squares %v", got, rect(2, 1, 6, 3))
	}
	if got := rect(ContentRect(fogged, false)); got != rect(0, 0, 8, 4) {
		t.Errorf("GM's print with fog: trimmed to %v, want the whole map %v", got, rect(0, 0, 8, 4))
	}

	tiling, err := PDFTiling(stretched, PDFOptions{Paper: "letter", Trim: true})
	if err != nil || tiling.W != 12 || tiling.H != 10 {
		t.Errorf("trimmed print of the stretched image: %d x %d squares (error %v), want 12 x 10", tiling.W, tiling.H, err)
	}
}
