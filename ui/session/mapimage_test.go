package session

import (
	"image"
	"image/color"
	"testing"

	"encounterplanner/model"
)

// TestGridPreviewLinesUpAt70PxFrom35 draws the grid of a 70 px/square
// placement from (35, 35) over a 700 x 420 picture: lines on pixels 35,
// 105, ... and none between; at half size the lines land on half the
// pixels.
func TestGridPreviewLinesUpAt70PxFrom35(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 700, 420))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	p := model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}
	line := func(c color.Color) bool { return c.(color.RGBA) == previewLine }
	full := GridPreview(img, p, 9, 5, 1000)
	if full.Bounds().Dx() != 700 || full.Bounds().Dy() != 420 {
		t.Fatalf("scaled up or down: %v", full.Bounds())
	}
	for _, x := range []int{35, 105, 665} {
		if !line(full.At(x, 200)) {
			t.Errorf("no vertical line at x %d", x)
		}
	}
	for _, x := range []int{34, 36, 70, 140} {
		if line(full.At(x, 200)) {
			t.Errorf("a line at x %d", x)
		}
	}
	if !line(full.At(200, 385)) || line(full.At(200, 400)) {
		t.Error("the last horizontal line is not at y 385, or the grid runs past the map")
	}
	half := GridPreview(img, p, 9, 5, 350)
	if half.Bounds().Dx() != 350 || !line(half.At(18, 100)) || !line(half.At(53, 100)) || line(half.At(35, 100)) {
		t.Errorf("half size: %v, lines at 18 %v, 53 %v, 35 %v", half.Bounds(), line(half.At(18, 100)), line(half.At(53, 100)), line(half.At(35, 100)))
	}
}

// BenchmarkGridPreview8000 is the alignment preview of an 8000 x 8000
// map, redrawn on the UI goroutine at each keystroke in its fields.
func BenchmarkGridPreview8000(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 8000, 8000), image.YCbCrSubsampleRatio420)
	p := model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		GridPreview(img, p, 113, 113, 480)
	}
}
