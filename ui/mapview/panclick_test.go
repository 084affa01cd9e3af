package mapview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// TestAPanLetGoOfUnmovedIsAClick: a press the input takes for a pan (the
// select tool on a door) is a click when let go of with the pointer
// within clickSlop of the press, told to PanClick with the pressed
// square; a drag beyond it pans and clicks nothing, nor does a
// middle-button pan, which the input never asked for.
func TestAPanLetGoOfUnmovedIsAClick(t *testing.T) {
	test.NewTempApp(t)
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(20, 10)}
	in := &recorder{panOn: true}
	v := New(func() *model.Encounter { return e }, func() *render.Overlays { return nil }, in, false)
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 300))
	v.SetView(32, 0, 0)
	press := func(p fyne.Position, b desktop.MouseButton) {
		v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}, Button: b})
	}
	drag := func(from, to fyne.Position) {
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	}
	release := func(p fyne.Position, b desktop.MouseButton) {
		v.DragEnd()
		v.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}, Button: b})
	}
	p := v.PosOf(3, 2)
	press(p, desktop.MouseButtonPrimary)
	release(p, desktop.MouseButtonPrimary)
	if len(in.clicked) != 1 || in.clicked[0] != [2]int{3, 2} {
		t.Fatalf("a click: PanClick %v, want once at (3, 2)", in.clicked)
	}
	jitter := p.Add(fyne.NewPos(clickSlop, -2))
	press(p, desktop.MouseButtonPrimary)
	drag(p, jitter)
	release(jitter, desktop.MouseButtonPrimary)
	if len(in.clicked) != 2 || in.clicked[1] != [2]int{3, 2} {
		t.Fatalf("a click with jitter: PanClick %v, want (3, 2) again", in.clicked)
	}
	if x, y := v.GesturePoint(); int(x) != 3 || int(y) != 2 {
		t.Errorf("the click's gesture point (%v, %v) is not in the pressed square", x, y)
	}
	far := p.Add(fyne.NewPos(3*32, 32))
	press(p, desktop.MouseButtonPrimary)
	drag(p, p.Add(fyne.NewPos(2, 1)))
	drag(p.Add(fyne.NewPos(2, 1)), far)
	drag(far, p) // back where it began: still a drag
	release(p, desktop.MouseButtonPrimary)
	if len(in.clicked) != 2 {
		t.Errorf("a drag: PanClick %v", in.clicked[2:])
	}
	in.panOn = false
	press(p, desktop.MouseButtonTertiary)
	release(p, desktop.MouseButtonTertiary)
	if len(in.clicked) != 2 {
		t.Errorf("a middle-button click: PanClick %v", in.clicked[2:])
	}
}
