package session

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/draw"

	"encounterplanner/model"
)

// previewLine is the colour of the grid the image import draws over the
// picture: a saturated magenta that few battle maps use.
var previewLine = color.RGBA{0xff, 0x20, 0xc0, 0xff}

// GridPreview draws img scaled to at most maxSide pixels a side (never
// up) with the grid placement p would give it: the lines every
// p.PxPerSquare image pixels from (p.X, p.Y), over the whole squares the
// map keeps (w x h of them). The GM checks the alignment on it. O(preview
// pixels) after the scaling.
func GridPreview(img image.Image, p model.BackgroundPlacement, w, h, maxSide int) *image.RGBA {
	b := img.Bounds()
	s := math.Min(1, float64(maxSide)/float64(max(b.Dx(), b.Dy())))
	dw, dh := max(1, int(math.Round(float64(b.Dx())*s))), max(1, int(math.Round(float64(b.Dy())*s)))
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	if p.PxPerSquare <= 0 {
		return dst
	}
	at := func(o float64, n int) int { return int(math.Round((o + float64(n)*p.PxPerSquare) * s)) }
	y0, y1 := max(0, at(p.Y, 0)), min(dh-1, at(p.Y, h))
	x0, x1 := max(0, at(p.X, 0)), min(dw-1, at(p.X, w))
	for i := 0; i <= w; i++ {
		if x := min(at(p.X, i), dw-1); x >= 0 {
			for y := y0; y <= y1; y++ {
				dst.SetRGBA(x, y, previewLine)
			}
		}
	}
	for j := 0; j <= h; j++ {
		if y := min(at(p.Y, j), dh-1); y >= 0 {
			for x := x0; x <= x1; x++ {
				dst.SetRGBA(x, y, previewLine)
			}
		}
	}
	return dst
}
