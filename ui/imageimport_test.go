package ui

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"

	"encounterplanner/model"
)

// gridPNG is a w x h picture with dark 1-px grid lines every px pixels
// from (off, off) on a light floor.
func gridPNG(t *testing.T, w, h, px, off int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{0xe0, 0xd8, 0xc0, 0xff}
			if (x-off+px)%px == 0 || (y-off+px)%px == 0 {
				c = color.RGBA{0x30, 0x30, 0x30, 0xff}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestImportMapImageDetectsAndPlaces reads a 70 px/square map with a 35 px
// offset off the UI goroutine, finds its grid, places it, and undoes it:
// the map takes the image's 9 x 5 whole squares, terrain and tokens keep
// their squares.
func TestImportMapImageDetectsAndPlaces(t *testing.T) {
	e := openEncounter(t, 12, 12)
	e.Grid.Set(2, 2, model.Wall)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 3, Y: 3, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, _, p := newTestEditor(t, e)
	var got *mapImageRead
	var rerr error
	ed.readMapImage("dungeon.png", io.NopCloser(bytes.NewReader(gridPNG(t, 700, 420, 70, 35))), func(r *mapImageRead, err error) { got, rerr = r, err })
	p.until(t, "the image read", func() bool { return got != nil })
	if rerr != nil {
		t.Fatal(rerr)
	}
	if !got.ok || got.px != 70 || got.ox != 35 || got.oy != 35 {
		t.Fatalf("detected %v px from (%v, %v), ok %v", got.px, got.ox, got.oy, got.ok)
	}
	pl := ed.proposedPlacement(got)
	if err := ed.ApplyMapImage(got.img, pl); err != nil {
		t.Fatal(err)
	}
	c := ed.enc
	if c.Grid.W != 9 || c.Grid.H != 5 || c.Background != got.img.DataURL || c.Placement == nil || *c.Placement != pl {
		t.Fatalf("after apply: %dx%d, placement %v", c.Grid.W, c.Grid.H, c.Placement)
	}
	if c.Grid.At(2, 2) != model.Wall || c.Tokens[0].X != 3 {
		t.Error("terrain or token moved")
	}
	ed.Undo()
	if ed.enc.Grid.W != 12 || ed.enc.Background != "" {
		t.Errorf("undo: %dx%d, background %d bytes", ed.enc.Grid.W, ed.enc.Grid.H, len(ed.enc.Background))
	}
	// a token left off the smaller map refuses the placement
	ed.enc.Tokens[0].X = 10
	if err := ed.ApplyMapImage(got.img, pl); err == nil {
		t.Error("a token off the new map: no error")
	}
	if q, err := readPlacement("70", "35", "x"); err == nil {
		t.Errorf("offset y x: %v", q)
	}
}
