package mapview

import (
	"testing"

	"fyne.io/fyne/v2"

	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// TestFitShowsTheWholeLargestMap: Ctrl+0 (or Home) stopped at 2 units a
// square, so on a 1000 x 1000 map in the editor's 765-unit pane it showed
// the middle third and the GM could not see the rest at once; the wheel
// stopped at 4. The fit shows every corner of the largest map, and the
// wheel zooms out as far as the fit, no further.
func TestFitShowsTheWholeLargestMap(t *testing.T) {
	test.NewTempApp(t)
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(1000, 1000)}
	v := New(func() *model.Encounter { return e }, func() *render.Overlays { return nil }, &recorder{}, false)
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(765, 700))
	v.Fit()
	size := v.Size()
	for _, sq := range [][2]int{{0, 0}, {999, 0}, {0, 999}, {999, 999}} {
		if p := v.PosOf(sq[0], sq[1]); p.X < 0 || p.Y < 0 || p.X > size.Width || p.Y > size.Height {
			t.Errorf("a fitted view puts square %v at %v, outside %v", sq, p, size)
		}
	}
	fit := v.Zoom()
	v.ZoomBy(4, fyne.NewPos(300, 300))
	for range 20 {
		v.ZoomBy(0.8, fyne.NewPos(300, 300))
	}
	if got := v.Zoom(); got != fit {
		t.Errorf("the wheel zooms out to %v units a square; the fit is %v", got, fit)
	}

	// a small map keeps the wheel's usual floor
	e.Grid = model.NewGrid(20, 10)
	v.Fit()
	for range 40 {
		v.ZoomBy(0.8, fyne.NewPos(100, 100))
	}
	if got := v.Zoom(); got != minZoom {
		t.Errorf("on a 20 x 10 map the wheel zooms out to %v, want %v", got, minZoom)
	}
}
