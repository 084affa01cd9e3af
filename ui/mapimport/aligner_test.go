package mapimport

import (
	"context"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/internal/testimages"
)

// alignerAt shows an aligner for an 800 x 400 image in a 400 x 200 window
// with no padding: half a widget unit a pixel.
func alignerAt(t *testing.T) (*Aligner, *[][2]Point) {
	t.Helper()
	test.NewTempApp(t)
	a := NewAligner(800, 400, image.NewRGBA(image.Rect(0, 0, 400, 200)))
	var heard [][2]Point
	a.OnPoints = func(p, q Point) { heard = append(heard, [2]Point{p, q}) }
	w := test.NewTempWindow(t, a)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(400, 200))
	return a, &heard
}

// drag plays a drag as the desktop driver does: the press, move events
// with the pointer's position and the step since the last, the end.
func drag(a *Aligner, from, to fyne.Position) {
	a.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: from}, Button: desktop.MouseButtonPrimary})
	mid := fyne.NewPos((from.X+to.X)/2, (from.Y+to.Y)/2)
	a.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: mid}, Dragged: fyne.NewDelta(mid.X-from.X, mid.Y-from.Y)})
	a.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-mid.X, to.Y-mid.Y)})
	a.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: to}, Button: desktop.MouseButtonPrimary})
	a.DragEnd()
}

// TestAlignerClicksAndDrags: clicks put the first point, then the second,
// in image pixels whatever the preview's size; a drag from a ring moves
// that ring; a drag from elsewhere places the next point; OnPoints hears
// each change once both points are on.
func TestAlignerClicksAndDrags(t *testing.T) {
	a, heard := alignerAt(t)
	test.TapAt(a, fyne.NewPos(17.5, 17.5))
	if _, _, ok := a.Points(); ok || len(*heard) != 0 {
		t.Fatalf("one click: both points set (%v) or heard %v", ok, *heard)
	}
	test.TapAt(a, fyne.NewPos(52.5, 17.5))
	p, q, ok := a.Points()
	if !ok || p != (Point{35, 35}) || q != (Point{105, 35}) {
		t.Fatalf("two clicks: %v %v %v, want (35, 35) and (105, 35)", p, q, ok)
	}
	if pl, err := PlacementFromPoints(p, q, 1); err != nil || pl != (model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}) {
		t.Errorf("placement %+v %v", pl, err)
	}
	// the second ring dragged three squares on (6 units from its centre:
	// still grabbed)
	drag(a, fyne.NewPos(58, 20), fyne.NewPos(122.5, 17.5))
	if p, q, _ := a.Points(); p != (Point{35, 35}) || q != (Point{245, 35}) {
		t.Fatalf("drag of the second ring: %v %v, want (35, 35) and (245, 35)", p, q)
	}
	// a drag far from both rings places the next point: the first
	drag(a, fyne.NewPos(300, 150), fyne.NewPos(297.5, 157.5))
	if p, q, _ := a.Points(); p != (Point{595, 315}) || q != (Point{245, 35}) {
		t.Fatalf("drag away from the rings: %v %v, want the first point at (595, 315)", p, q)
	}
	if len(*heard) != 3 || (*heard)[2] != [2]Point{{595, 315}, {245, 35}} {
		t.Errorf("OnPoints heard %v", *heard)
	}
	// outside the image: clamped to its edge
	test.TapAt(a, fyne.NewPos(399, 199))
	if _, q, _ := a.Points(); q != (Point{798, 398}) {
		t.Errorf("click at the corner: %v", q)
	}
}

// TestNewFromImageByTwoPoints is File > New from map image… after the
// read: with no grid found, the GM clicks near two grid corners five
// squares apart (the clicks snap onto the lines), types 5, names the map and creates it: the store holds a 10 x 7
// map with the image placed 70 px a square from (35, 35).
func TestNewFromImageByTwoPoints(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	img.Grid = Detected{} // as for a map whose grid cannot be seen
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 900))
	st := memstore.New()
	var made string
	d := ShowNew(w, st, controls.NewEscapes(w), img, model.Starship, func(id string) { made = id })
	if d.PxPerSquare.Text != "24.5" || d.Name.Text != "cellar" || d.Ruleset.Selected == "" {
		t.Fatalf("starts at %q px, named %q, ruleset %q", d.PxPerSquare.Text, d.Name.Text, d.Ruleset.Selected)
	}
	// clicks a little off the corners (a screen pixel of the preview is
	// some 1.7 of the image's): they snap onto the drawn lines
	test.TapAt(d.Aligner, d.Aligner.fromImage(Point{177, 103.5}))
	test.TapAt(d.Aligner, d.Aligner.fromImage(Point{523.5, 106.5}))
	if p, q, _ := d.Aligner.Points(); p != (Point{175, 105}) || q != (Point{525, 105}) {
		t.Fatalf("the clicks landed at %v and %v, not on the grid corners (175, 105) and (525, 105)", p, q)
	}
	if d.PxPerSquare.Text != "350" { // one square until the GM says five
		t.Errorf("two points 350 px apart, 1 square: %q px", d.PxPerSquare.Text)
	}
	d.Squares.SetText("5")
	if d.PxPerSquare.Text != "70" || d.OffsetX.Text != "35" || d.OffsetY.Text != "35" {
		t.Fatalf("five squares: %q px from (%q, %q)", d.PxPerSquare.Text, d.OffsetX.Text, d.OffsetY.Text)
	}
	if !strings.Contains(d.info.Text, "10 x 7 squares") {
		t.Errorf("info: %q", d.info.Text)
	}
	d.Name.SetText("  ")
	if err := d.Submit(); err == nil || made != "" || !strings.Contains(d.info.Text, "name") {
		t.Fatalf("blank name: %v, made %q, info %q", err, made, d.info.Text)
	}
	d.Name.SetText("Cellar")
	d.OffsetY.SetText("40") // typing still works
	d.OffsetY.SetText("35")
	if err := d.Submit(); err != nil || made == "" {
		t.Fatalf("create: %v (made %q)", err, made)
	}
	e, err := st.Load(context.Background(), made)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Cellar" || e.Ruleset != model.Starship || e.Grid.W != 10 || e.Grid.H != 7 || e.Background != img.DataURL ||
		e.Placement == nil || *e.Placement != (model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}) {
		t.Errorf("stored %q %v %dx%d placement %+v", e.Name, e.Ruleset, e.Grid.W, e.Grid.H, e.Placement)
	}
}

// TestAlignEnterApplies: Enter in a field applies the dialog, as in the
// app's other forms, and closes it; a refused value keeps it open.
func TestAlignEnterApplies(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 900))
	var got []Aligned
	d := ShowAlign(w, controls.NewEscapes(w), img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0), Apply: func(a Aligned) error {
		got = append(got, a)
		return nil
	}})
	d.PxPerSquare.SetText("x")
	d.PxPerSquare.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(got) != 0 || w.Canvas().Overlays().Top() == nil {
		t.Fatalf("a bad number applied %v or closed the dialog", got)
	}
	d.PxPerSquare.SetText("70")
	d.OffsetY.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(got) != 1 || got[0].Placement != (model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}) {
		t.Fatalf("Enter applied %v", got)
	}
	if w.Canvas().Overlays().Top() != nil {
		t.Error("the dialog stayed open after Enter applied it")
	}
}

// TestAlignerGolden draws the aligner on the 70 px/square map: the first
// point's cyan ring on corner (105, 105), the second's yellow one five
// squares on, the line between them, and the grid they give (magenta,
// 70 px from (35, 35)) on the picture's own lines.
func TestAlignerGolden(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	d := NewAlign(controls.NewEscapes(nil), img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0)})
	w := test.NewTempWindow(t, d.Aligner)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(490, 350))
	d.Squares.SetText("5")
	d.Aligner.SetPoint(0, Point{105, 105})
	d.Aligner.SetPoint(1, Point{455, 105})
	test.AssertImageMatches(t, "aligner.png", w.Canvas().Capture())
}

// TestAlignerZoom: the wheel zooms around the pointer, the pixel under it
// staying put; clicks land on the zoomed image's pixels; zooming out
// stops at the whole image, zooming in at minViewSide pixels across.
func TestAlignerZoom(t *testing.T) {
	a, _ := alignerAt(t)
	asked := recordViews(a)
	a.Zoom(2, Point{200, 100})
	if v := a.View(); v != image.Rect(100, 50, 500, 250) {
		t.Fatalf("twice the detail around (200, 100): view %v, want (100,50)-(500,250)", v)
	}
	if len(*asked) != 1 || (*asked)[0] != a.View() {
		t.Errorf("Render asked for %v", *asked)
	}
	if got := a.fromImage(Point{200, 100}); got != fyne.NewPos(100, 50) {
		t.Errorf("the pixel under the pointer moved to %v, want (100, 50) as before", got)
	}
	test.TapAt(a, fyne.NewPos(100, 50))
	test.TapAt(a, fyne.NewPos(101, 50))
	if p, q, _ := a.Points(); p != (Point{200, 100}) || q != (Point{201, 100}) {
		t.Errorf("clicks at 1 image pixel a unit: %v %v", p, q)
	}
	a.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(100, 50)}, Scrolled: fyne.NewDelta(0, 1)})
	if v := a.View(); v.Dx() != 320 || v.Dy() != 160 {
		t.Errorf("a wheel notch up: view %v, want 320 x 160", v)
	}
	for range 40 {
		a.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, -1)})
	}
	if v := a.View(); v != image.Rect(0, 0, 800, 400) {
		t.Errorf("zoomed all the way out: view %v", v)
	}
	for range 40 {
		a.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(395, 195)}, Scrolled: fyne.NewDelta(0, 1)})
	}
	if v := a.View(); v.Dx() != minViewSide || v.Dy() != minViewSide/2 || !image.Pt(789, 389).In(v) {
		t.Errorf("zoomed all the way in at the corner: view %v, want 24 x 12 pixels around (790, 390)", v)
	}
}

// TestAlignerPans: a middle-button or Shift drag moves the zoomed view with
// the pointer, as far as the image goes, and places no point; a plain drag
// still places one.
func TestAlignerPans(t *testing.T) {
	a, _ := alignerAt(t)
	asked := recordViews(a)
	a.Zoom(2, Point{200, 100}) // (100,50)-(500,250): 1 image pixel a unit
	drag := func(button desktop.MouseButton, mod fyne.KeyModifier, dx, dy float32) {
		a.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(200, 100)}, Button: button, Modifier: mod})
		a.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(200+dx, 100+dy)}, Dragged: fyne.NewDelta(dx, dy)})
		a.DragEnd()
		a.MouseUp(&desktop.MouseEvent{Button: button})
	}
	drag(desktop.MouseButtonTertiary, 0, 30, -20)
	if v := a.View(); v != image.Rect(70, 70, 470, 270) {
		t.Fatalf("a middle drag of (30, -20): view %v, want (70,70)-(470,270)", v)
	}
	if (*asked)[len(*asked)-1] != a.View() {
		t.Errorf("the preview was not drawn for the moved view: %v", *asked)
	}
	drag(desktop.MouseButtonPrimary, fyne.KeyModifierShift, 500, 500)
	if v := a.View(); v != image.Rect(0, 0, 400, 200) {
		t.Errorf("a Shift drag past the corner: view %v, want it stopped at (0,0)-(400,200)", v)
	}
	if _, _, ok := a.Points(); ok || a.set[0] || a.set[1] {
		t.Errorf("panning placed a point: %v", a.pts)
	}
	drag(desktop.MouseButtonPrimary, 0, 10, 0)
	if !a.set[0] || a.View() != image.Rect(0, 0, 400, 200) {
		t.Errorf("a plain drag: point set %v, view %v; want a point and the view kept", a.set, a.View())
	}
}

// TestPreviewZoomed: a zoomed-in part of the picture keeps its pixels
// sharp (each a block), and the grid line drawn for a 1-pixel line of the
// picture runs through that line's block.
func TestPreviewZoomed(t *testing.T) {
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	p := model.BackgroundPlacement{X: 35, Y: 35, PxPerSquare: 70}
	got := Preview(img.Image, image.Rect(100, 100, 124, 112), p, 10, 7, 480)
	if b := got.Bounds(); b != image.Rect(0, 0, 480, 240) {
		t.Fatalf("preview %v, want 480 x 240 (20 a pixel)", b)
	}
	dark := func(x, y int) bool { c := got.RGBAAt(x, y); return c.R < 0x60 && c.G < 0x60 }
	magenta := func(x, y int) bool { return got.RGBAAt(x, y) == previewLine }
	// the picture's line at x 105 is the block 100..119, the grid's line
	// runs through its middle, x 110; its line at y 105, rows 100..119
	if !dark(101, 50) || !dark(118, 50) || dark(99, 50) || dark(120, 50) {
		t.Error("the picture's line at x 105 is not the sharp block 100..119")
	}
	if !magenta(110, 50) || magenta(109, 50) || magenta(111, 50) || !magenta(50, 110) || magenta(50, 109) {
		t.Error("the grid line for x 105 and y 105 is not at preview pixel 110")
	}
	whole := Preview(img.Image, img.Image.Bounds(), p, 10, 7, 480)
	if b := whole.Bounds(); b != image.Rect(0, 0, 480, 343) {
		t.Errorf("whole image preview %v, want 480 x 343", b)
	}
	if small := Preview(img.Image, img.Image.Bounds(), p, 10, 7, 2000); small.Bounds().Dx() != 735 {
		t.Errorf("the whole image is never scaled up: %v", small.Bounds())
	}
}

// recordViews makes a's Render list the views it is asked for, answering
// each with a small blank image.
func recordViews(a *Aligner) *[]image.Rectangle {
	var asked []image.Rectangle
	a.Render = func(v image.Rectangle) image.Image {
		asked = append(asked, v)
		return image.NewRGBA(image.Rect(0, 0, 4, 2))
	}
	return &asked
}

// TestAlignOpensReadyForKeys: the dialog opens with the field the GM
// types first focused, the name of a new encounter or the pixels a
// square of a map's alignment, its text selected, so Enter at once creates the encounter
// with the grid found, and Escape at once cancels: no field had the keys
// and Enter did nothing.
func TestAlignOpensReadyForKeys(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 900))
	var got []Aligned
	esc := controls.NewEscapes(w)
	d := ShowAlign(w, esc, img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0), NewEncounter: true, Name: "Cellar", Ruleset: model.SF2E,
		Apply: func(a Aligned) error { got = append(got, a); return nil }})
	if w.Canvas().Focused() != d.Name {
		t.Fatalf("focused %T, want the new encounter's name", w.Canvas().Focused())
	}
	test.Type(w.Canvas().Focused(), "Crypt") // replaces the name offered
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(got) != 1 || got[0].Name != "Crypt" || got[0].Placement.PxPerSquare != 70 {
		t.Fatalf("Enter gave %+v, want the encounter Crypt at 70 px a square", got)
	}

	d = ShowAlign(w, esc, img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0), Apply: func(a Aligned) error { got = append(got, a); return nil }})
	if w.Canvas().Focused() != d.PxPerSquare {
		t.Fatalf("aligning a map: focused %T, want pixels per square", w.Canvas().Focused())
	}
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(got) != 1 || w.Canvas().Overlays().Top() != nil {
		t.Errorf("Escape applied (%d) or left the dialog open (%v)", len(got)-1, w.Canvas().Overlays().Top())
	}
}

// TestAlignRulesetAnswersKeys: with the ruleset focused (Tab from the
// name), Escape cancels the new encounter and Enter creates it: a plain
// Select kept both keys to itself.
func TestAlignRulesetAnswersKeys(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 900))
	esc := controls.NewEscapes(w)
	var got []Aligned
	show := func() *AlignDialog {
		return ShowAlign(w, esc, img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0), NewEncounter: true, Name: "Cellar", Ruleset: model.SF2E,
			Apply: func(a Aligned) error { got = append(got, a); return nil }})
	}
	d := show()
	w.Canvas().Focus(d.Ruleset)
	d.Ruleset.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(got) != 0 || w.Canvas().Overlays().Top() != nil {
		t.Fatalf("Escape in the ruleset: applied %d, dialog open %v", len(got), w.Canvas().Overlays().Top() != nil)
	}
	d = show()
	w.Canvas().Focus(d.Ruleset)
	d.Ruleset.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(got) != 1 || got[0].Name != "Cellar" || w.Canvas().Overlays().Top() != nil {
		t.Fatalf("Enter in the ruleset: applied %+v, dialog open %v", got, w.Canvas().Overlays().Top() != nil)
	}
}
