package mapview

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// TestGesturePointKeepsTheFraction: the wall tool snaps to grid
// intersections, so a press, a drag and a release tell where in the
// square they were, at any zoom and origin.
func TestGesturePointKeepsTheFraction(t *testing.T) {
	test.NewTempApp(t)
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(20, 10)}
	v := New(func() *model.Encounter { return e }, func() *render.Overlays { return nil }, &recorder{}, false)
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 300))
	v.SetView(20, -1, 0.5)
	near := func(what string, wx, wy float64) {
		t.Helper()
		if x, y := v.GesturePoint(); math.Abs(x-wx) > 1e-6 || math.Abs(y-wy) > 1e-6 {
			t.Errorf("%s: (%v, %v), want (%v, %v)", what, x, y, wx, wy)
		}
	}
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(50, 30)}, Button: desktop.MouseButtonPrimary})
	near("press", 1.5, 2)
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(105, 30)}, Dragged: fyne.NewDelta(55, 0)})
	near("drag", 4.25, 2)
	v.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(110, 41)}, Button: desktop.MouseButtonPrimary})
	near("release", 4.5, 2.55)
}
