package ui

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
	"encounterplanner/ui/filesave"
)

// wideMap is a 300 x 120 square encounter: at the default 70 px a square
// its image would be 21000 pixels wide, over export.MaxImageSide.
func wideMap() *model.Encounter {
	e := model.Sample()
	e.Grid = model.NewGrid(300, 120)
	e.Edges, e.Revealed, e.GMOnly, e.Notes, e.Areas, e.Fight = nil, nil, nil, nil, nil, nil
	e.Tokens = e.Tokens[:1]
	e.Tokens[0].X, e.Tokens[0].Y = 1, 1
	return e
}

// TestExportUVTTOfAWideMapFitsItsImage: Export Universal VTT… drew its
// image at 70 px a square whatever the map, so any map over 234 squares
// a side could never be exported from the app ("lower --px", an option
// the app does not have). The app draws it at 70 px or, for a larger map,
// the most pixels a square that keep the image importable; the file says
// which.
func TestExportUVTTOfAWideMapFitsItsImage(t *testing.T) {
	ed, _, _ := newTestEditor(t, wideMap())
	var buf bytes.Buffer
	if err := filesave.UVTT.Write(&buf, ed.enc.Clone()); err != nil {
		t.Fatalf("the UVTT export of a 300x120 map failed: %v", err)
	}
	var f struct {
		Resolution struct {
			PixelsPerGrid int `json:"pixels_per_grid"`
		} `json:"resolution"`
	}
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	// 43: 300 squares would fit 54 in 16384 px, but 300 x 120 squares at
	// 54 px are 105 million pixels, an image no import reads back
	// (TestExportUVTTOfALargeMapImportsBack)
	if want := export.MostUVTTPX(300, 120); f.Resolution.PixelsPerGrid != want || want != 43 {
		t.Errorf("pixels_per_grid %d, want %d (the most that fit 300 x 120 squares in an image the import reads back)", f.Resolution.PixelsPerGrid, want)
	}
	small, _, _ := newTestEditor(t, model.Sample())
	buf.Reset()
	if err := filesave.UVTT.Write(&buf, small.enc.Clone()); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil || f.Resolution.PixelsPerGrid != export.DefaultPX {
		t.Errorf("a small map's UVTT is at %d px, want %d (%v)", f.Resolution.PixelsPerGrid, export.DefaultPX, err)
	}
}

// TestExportPNGOffersOnlySizesThatFit: the Export PNG dialog offered 35
// to 140 px a square on every map, and on a 300-square map each of them
// ended, after the file was chosen, in "lower --px". It offers the sizes
// that make an image the export can write, and on a map where none of
// them does, the most that fit.
func TestExportPNGOffersOnlySizesThatFit(t *testing.T) {
	for _, c := range []struct {
		e    *model.Encounter
		side int
	}{{model.Sample(), 0}, {wideMap(), 300}} {
		ed, _, _ := newTestEditor(t, c.e)
		ed.exportPNG()
		top := ed.win.Canvas().Overlays().Top()
		if top == nil {
			t.Fatal("Export PNG showed no dialog")
		}
		var sel *controls.EscSelect
		walkObjects(top, func(o fyne.CanvasObject) {
			if s, ok := o.(*controls.EscSelect); ok {
				sel = s
			}
		})
		if sel == nil {
			t.Fatal("no pixels-per-square choice in the PNG dialog")
		}
		if len(sel.Options) == 0 || sel.Selected == "" {
			t.Fatalf("map %dx%d: choices %v, selected %q", c.e.Grid.W, c.e.Grid.H, sel.Options, sel.Selected)
		}
		for _, o := range sel.Options {
			px, err := strconv.Atoi(o)
			if err != nil || px*max(c.e.Grid.W, c.e.Grid.H) > export.MaxImageSide {
				t.Errorf("map %dx%d: offers %q px a square", c.e.Grid.W, c.e.Grid.H, o)
			}
		}
		if c.side == 0 && sel.Selected != "70" {
			t.Errorf("a small map's PNG starts at %q px, want 70", sel.Selected)
		}
		if c.side == 300 && sel.Selected != strconv.Itoa(export.MaxImageSide/300) {
			t.Errorf("the wide map's PNG starts at %q px, want %d", sel.Selected, export.MaxImageSide/300)
		}
		top.Hide()
	}
}
