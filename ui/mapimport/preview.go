package mapimport

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/draw"

	"encounterplanner/model"
)

// previewLine is the colour of the grid the preview draws over the
// picture: a saturated magenta that few battle maps use.
var previewLine = color.RGBA{0xff, 0x20, 0xc0, 0xff}

// Preview draws the part view of img at most maxSide pixels a side, with
// the grid placement p gives it: lines every p.PxPerSquare image pixels
// from (p.X, p.Y) over the w x h whole squares the map keeps. The whole
// image is only ever scaled down (smoothly); a zoomed-in part is scaled up
// with its pixels kept sharp, to put a point on the right one. O(preview
// pixels).
func Preview(img image.Image, view image.Rectangle, p model.BackgroundPlacement, w, h, maxSide int) *image.RGBA {
	view = view.Intersect(img.Bounds())
	if view.Empty() {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	s := float64(maxSide) / float64(max(view.Dx(), view.Dy()))
	if view == img.Bounds() {
		s = math.Min(1, s)
	}
	dw, dh := max(1, int(math.Round(float64(view.Dx())*s))), max(1, int(math.Round(float64(view.Dy())*s)))
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	if s > 1 {
		draw.NearestNeighbor.Scale(dst, dst.Bounds(), img, view, draw.Src, nil)
	} else {
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, view, draw.Src, nil)
	}
	if p.PxPerSquare <= 0 {
		return dst
	}
	// the preview pixel that shows the middle of image pixel v, on an axis
	// whose view starts at o: a 1-pixel line of the picture and the grid
	// line drawn for it fall on the same preview pixel at every zoom
	at := func(v float64, o int) int { return int(math.Floor((v + 0.5 - float64(o)) * s)) }
	x0, x1 := max(0, at(p.X, view.Min.X)), min(dw-1, at(p.X+float64(w)*p.PxPerSquare, view.Min.X))
	y0, y1 := max(0, at(p.Y, view.Min.Y)), min(dh-1, at(p.Y+float64(h)*p.PxPerSquare, view.Min.Y))
	for i := 0; i <= w; i++ {
		if x := at(p.X+float64(i)*p.PxPerSquare, view.Min.X); x >= 0 && x < dw {
			for y := y0; y <= y1; y++ {
				dst.SetRGBA(x, y, previewLine)
			}
		}
	}
	for j := 0; j <= h; j++ {
		if y := at(p.Y+float64(j)*p.PxPerSquare, view.Min.Y); y >= 0 && y < dh {
			for x := x0; x <= x1; x++ {
				dst.SetRGBA(x, y, previewLine)
			}
		}
	}
	return dst
}
