package mapimport

import (
	"testing"

	"encounterplanner/ui/internal/testimages"
)

// TestProposedSpreadKeepsTheMapsWidth: an image without a grid the app
// can see is spread over the open map's width, and the map it makes is
// that wide: 1000 pixels over 24 squares were rounded to 41.667 a square,
// which leaves 23.9998 whole squares, and the dialog proposed a 23-wide
// map for a 24-wide one.
func TestProposedSpreadKeepsTheMapsWidth(t *testing.T) {
	for _, c := range []struct{ iw, ih, wide, wantW, wantH int }{
		{1000, 700, 24, 24, 16},
		{1000, 1000, 30, 30, 30},
		{700, 500, 7, 7, 5},
		{1, 1, 24, 24, 24}, // one pixel spread too (the dialog warns of so coarse a picture)
	} {
		img := readImage(t, testimages.GridPNG(c.iw, c.ih, 1000, 0))
		p := Proposed(img.MapImage, Detected{}, c.wide)
		w, h, err := img.MapSize(p)
		if err != nil || w != c.wantW || h != c.wantH {
			t.Errorf("%d x %d pixels over %d squares: %v px a square make %d x %d squares (%v), want %d x %d",
				c.iw, c.ih, c.wide, p.PxPerSquare, w, h, err, c.wantW, c.wantH)
		}
	}
}
