package ui

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"io"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/export"
	"encounterplanner/ui/internal/testimages"
	"encounterplanner/ui/library"
)

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
	ed.readMapImage("dungeon.png", io.NopCloser(bytes.NewReader(testimages.GridPNG(700, 420, 70, 35))), func(r *mapImageRead, err error) { got, rerr = r, err })
	p.until(t, "the image read", func() bool { return got != nil })
	if rerr != nil {
		t.Fatal(rerr)
	}
	if g := got.Grid; !g.OK || g.PxPerSquare != 70 || g.X != 35 || g.Y != 35 {
		t.Fatalf("detected %v px from (%v, %v), ok %v", g.PxPerSquare, g.X, g.Y, g.OK)
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
}

// TestImportMapImageLinesUpGolden is the golden test of Encounter > Import
// map image… on a 70 px/square PNG whose first grid lines are at pixel
// 35: read off the UI goroutine, the grid detected, the alignment dialog
// applied as it opens, the map drawn at 70 px a square with its own grid.
// Every dark pixel lies on a square's boundary (the picture's lines and
// the map's coincide: a line off by one pixel would be doubled) and each
// square shows its own part of the picture; the drawing matches the
// master pixel for pixel.
func TestImportMapImageLinesUpGolden(t *testing.T) {
	ed, _, p := newTestEditor(t, openEncounter(t, 12, 12))
	file := testimages.GridPNG(735, 525, 70, 35)
	var got *mapImageRead
	ed.readMapImage("cellar.png", io.NopCloser(bytes.NewReader(file)), func(r *mapImageRead, err error) {
		if err != nil {
			t.Error(err)
		}
		got = r
	})
	p.until(t, "the image read", func() bool { return got != nil })
	d := ed.alignMapImage(got.Image)
	if d.PxPerSquare.Text != "70" || d.OffsetX.Text != "35" || d.OffsetY.Text != "35" {
		t.Fatalf("the dialog opens at %q px from (%q, %q), want the detected 70 from (35, 35)", d.PxPerSquare.Text, d.OffsetX.Text, d.OffsetY.Text)
	}
	if err := d.Submit(); err != nil {
		t.Fatal(err)
	}
	if g := ed.enc.Grid; g.W != 10 || g.H != 7 {
		t.Fatalf("map %dx%d, want 10x7", g.W, g.H)
	}
	img, err := export.Image(ed.enc, export.PNGOptions{PX: 70, Grid: true})
	if err != nil {
		t.Fatal(err)
	}
	src, err := png.Decode(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			onLine := x%70 == 0 || y%70 == 0 || x == b.Max.X-1 || y == b.Max.Y-1 // the map closes its grid on its last pixels
			if dark := c.R < 0x90; dark && !onLine {
				t.Fatalf("pixel (%d, %d) is dark %v inside square (%d, %d): the picture's grid is off the map's", x, y, c, x/70, y/70)
			}
			if !onLine && x%70 == 35 && y%70 == 35 {
				if r, _, _, _ := src.At(x+35, y+35).RGBA(); uint8(r>>8) != c.R {
					t.Fatalf("square (%d, %d) shows %v, not the picture's pixel (%d, %d)", x/70, y/70, c, x+35, y+35)
				}
			}
		}
	}
	nrgba := image.NewNRGBA(b)
	draw.Draw(nrgba, b, img, b.Min, draw.Src)
	test.AssertImageMatches(t, "imageimport_70px_offset35.png", nrgba)
}

// TestNewFromMapImageMenus: File > New from map image… is in the editor's
// menu and the library's.
func TestNewFromMapImageMenus(t *testing.T) {
	ed, st, _ := newTestEditor(t, openEncounter(t, 4, 4))
	has := func(m *fyne.MainMenu) bool {
		for _, it := range m.Items[0].Items {
			if it.Label == "New from map image…" {
				return true
			}
		}
		return false
	}
	if !has(ed.menu()) {
		t.Error("the editor's File menu has no New from map image…")
	}
	w := test.NewTempWindow(t, nil)
	library.New(w, st, nil)
	if !has(w.MainMenu()) {
		t.Error("the library's File menu has no New from map image…")
	}
}

// TestMapHoldsSaysWhatKeepsItsSquares: what the alignment dialog says an
// open map holds, which stays where it is when a map image resizes it.
func TestMapHoldsSaysWhatKeepsItsSquares(t *testing.T) {
	e := &model.Encounter{Name: "room", Ruleset: model.SF2E, Grid: model.NewGrid(8, 6)}
	if got := mapHolds(e); got != "" {
		t.Errorf("an empty map holds %q", got)
	}
	e.Tokens = []model.Token{{Name: "A"}}
	if got := mapHolds(e); got != "its token" {
		t.Errorf("one token: %q", got)
	}
	e.Grid.Cells[3] = model.Wall
	e.Revealed = make([]bool, 48)
	e.Tokens = append(e.Tokens, model.Token{Name: "B"})
	if got, want := mapHolds(e), "its walls and terrain, the fog of war and its 2 tokens"; got != want {
		t.Errorf("mapHolds = %q, want %q", got, want)
	}
}
