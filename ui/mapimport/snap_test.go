package mapimport

import (
	"image"
	"image/color"
	"testing"
)

// linesImage is a w x h picture of floor with 1-px lines every 70 pixels
// from 35, and a 2-px line at x 400..401.
func linesImage(w, h int, floor, line color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := floor
			if (x+35)%70 == 0 || (y+35)%70 == 0 || x == 400 || x == 401 {
				c = line
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func TestSnapToLines(t *testing.T) {
	light, dark := color.RGBA{0xe0, 0xd8, 0xc0, 0xff}, color.RGBA{0x30, 0x30, 0x30, 0xff}
	dl, ld := linesImage(600, 300, light, dark), linesImage(600, 300, dark, light)
	flat := linesImage(600, 300, light, light)
	for _, c := range []struct {
		name string
		img  image.Image
		p    Point
		r    float64
		want Point
	}{
		{"dark lines: on the corner", dl, Point{105, 105}, 3, Point{105, 105}},
		{"dark lines: 2.5 px off each way", dl, Point{107.5, 102.5}, 3, Point{105, 105}},
		{"light lines on a dark floor", ld, Point{173, 246}, 3, Point{175, 245}},
		{"a wide reach for a much reduced preview", dl, Point{255, 190}, 16, Point{245, 175}},
		{"a line too far keeps the axis", dl, Point{125, 107}, 3, Point{125, 105}},
		{"a 2-px line: its first column", dl, Point{402, 105}, 3, Point{400, 105}},
		{"no lines: stays", flat, Point{107.5, 102.5}, 3, Point{107.5, 102.5}},
		{"at the image's corner", dl, Point{0, 0}, 3, Point{0, 0}},
		{"at the far corner", dl, Point{599, 299}, 3, Point{599, 299}},
	} {
		if got := SnapToLines(c.img, c.p, c.r); got != c.want {
			t.Errorf("%s: %v snaps to %v, want %v", c.name, c.p, got, c.want)
		}
	}
}
