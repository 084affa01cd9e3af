package mapview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// recorder is an Input that keeps the last gesture.
type recorder struct {
	hovered, pressed, released [2]int
	panOn                      bool
	clicked                    [][2]int // PanClick's squares
}

func (r *recorder) Hover(x, y int, in bool)           { r.hovered = [2]int{x, y} }
func (r *recorder) Press(x, y int, shift bool)        { r.pressed = [2]int{x, y} }
func (r *recorder) Drag(x, y int, shift bool)         {}
func (r *recorder) Release(x, y int, shift bool)      { r.released = [2]int{x, y} }
func (r *recorder) Key(ev *fyne.KeyEvent) bool        { return false }
func (r *recorder) Rune(rn rune)                      {}
func (r *recorder) Context(x, y int, a fyne.Position) {}
func (r *recorder) Pans(x, y int) bool                { return r.panOn }
func (r *recorder) PanClick(x, y int)                 { r.clicked = append(r.clicked, [2]int{x, y}) }

// TestSquaresAndPositions: the square under a position and the centre of
// a square agree at any zoom and origin; a fitted view shows the whole map.
func TestSquaresAndPositions(t *testing.T) {
	test.NewTempApp(t)
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(20, 10)}
	in := &recorder{}
	v := New(func() *model.Encounter { return e }, func() *render.Overlays { return nil }, in, false)
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 300))
	v.Fit()
	size := v.Size()
	for _, sq := range [][2]int{{0, 0}, {19, 9}} {
		if p := v.PosOf(sq[0], sq[1]); p.X < 0 || p.Y < 0 || p.X > size.Width || p.Y > size.Height {
			t.Errorf("a fitted view puts square %v at %v, outside %v", sq, p, size)
		}
	}
	for _, c := range []struct {
		zoom   float32
		ox, oy float64
	}{{32, 0, 0}, {17.5, -2.25, 3.5}, {64, 5, 5}} {
		v.SetView(c.zoom, c.ox, c.oy)
		for _, sq := range [][2]int{{0, 0}, {7, 3}, {19, 9}} {
			if x, y := v.SquareAt(v.PosOf(sq[0], sq[1])); x != sq[0] || y != sq[1] {
				t.Errorf("zoom %v origin (%v, %v): square %v comes back as (%d, %d)", c.zoom, c.ox, c.oy, sq, x, y)
			}
		}
	}
	v.SetView(32, 0, 0)
	v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(3*32+5, 2*32+5)}})
	if in.hovered != [2]int{3, 2} {
		t.Errorf("hovering square (3, 2) told the input %v", in.hovered)
	}
	if !v.GridShown() {
		t.Errorf("the grid shows by default")
	}
	v.SetGrid(false)
	if v.GridShown() {
		t.Errorf("SetGrid(false) keeps the grid")
	}
}
