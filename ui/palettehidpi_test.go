package ui

import (
	"bytes"
	"image"
	"image/draw"
	_ "image/png"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// TestPaletteSwatchesAreSharpOnAHiDPIScreen: the terrain swatches are
// the map's own drawing of each terrain, made as 24-pixel pictures. At
// FYNE_SCALE=2 (a HiDPI laptop) a swatch is 40 screen pixels and the
// picture was blown up to it, the obstacle's hatching and the water's
// waves blurred beside the crisp map. At a scale above 1 each picture
// has at least the pixels it is drawn with (Fyne draws it down); at 1 it
// is the 24 pixels it was.
func TestPaletteSwatchesAreSharpOnAHiDPIScreen(t *testing.T) {
	ed, _, _ := newTestEditor(t, denExample(t))
	c := ed.win.Canvas().(test.WindowlessCanvas)
	c.SetScale(2)
	defer c.SetScale(1)
	relayout(ed.win.Content())
	need := 2 * theme.IconInlineSize()
	for i, p := range palette {
		res := ed.tools.terrButtons[i].Icon
		img, _, err := image.Decode(bytes.NewReader(res.Content()))
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if b := img.Bounds(); float32(b.Dx()) < need || float32(b.Dy()) < need {
			t.Errorf("%s swatch is a %dx%d picture drawn %.0f pixels wide at scale 2", p.name, b.Dx(), b.Dy(), need)
		}
	}
	img := c.Capture()
	col := image.NewRGBA(image.Rect(0, 0, 320, img.Bounds().Dy()))
	draw.Draw(col, col.Rect, img, image.Point{}, draw.Src)
	test.AssertImageMatches(t, "palette-at-scale-2.png", col)
}
