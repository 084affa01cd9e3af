package mapimport

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/testimages"
)

// TestAlignKeepsItsPictureLargeInAShortWindow: the alignment dialog (New
// from map image…, Import map image…) stacks the picture over the
// instructions and the fields, 690 units high for a new encounter. Over
// the editor at its least (1024 x 600, a netbook at the table; 570 under
// the menu) Fyne squeezed the picture the GM clicks grid corners on to
// 92 x 66 units while 400 units of the window's width stood empty. Where
// the window is too short for the stack, the picture goes left of the
// instructions and fields and keeps most of the height; every field
// stays inside the window.
func TestAlignKeepsItsPictureLargeInAShortWindow(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	for _, c := range []struct {
		name   string
		new    bool
		golden string
	}{{"new encounter", true, "align-short-new.png"}, {"open map", false, ""}} {
		w := test.NewTempWindow(t, nil)
		w.Resize(fyne.NewSize(1024, 570))
		d := ShowAlign(w, controls.NewEscapes(w), img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0), NewEncounter: c.new, Name: "Cellar", Ruleset: model.SF2E,
			MapW: 8, MapH: 6, Holds: "its walls and terrain, the fog of war and its 2 tokens",
			Apply: func(Aligned) error { return nil }})
		// the GM makes the window a little larger, and back
		w.Resize(fyne.NewSize(1040, 600))
		w.Resize(fyne.NewSize(1024, 570))
		if s := d.Aligner.Size(); s.Width < 400 || s.Height < 300 {
			t.Errorf("%s: the picture is %v units, want at least 400 x 300", c.name, s)
		}
		canvas := w.Canvas().Size()
		d2 := fyne.CurrentApp().Driver()
		for _, en := range []*controls.EscEntry{d.Squares, d.PxPerSquare, d.OffsetX, d.OffsetY} {
			p := d2.AbsolutePositionForObject(en)
			if p.Y+en.Size().Height > canvas.Height || p.X+en.Size().Width > canvas.Width || en.Size().Height < en.MinSize().Height {
				t.Errorf("%s: a field at %v, %v is out of the %v window or squeezed", c.name, p, en.Size(), canvas)
			}
		}
		// the instructions, what the grid found and the form, one under
		// the other, each as high as its text at its width, however
		// often laid out (Fyne lays a dialog out again as it pleases)
		for range 2 {
			d.body.Layout.Layout(d.body.Objects, d.body.Size())
		}
		rest := restOf(d.body.Objects[1]).(*fyne.Container)
		for i, o := range rest.Objects {
			if o.Size().Height < o.MinSize().Height-0.5 {
				t.Errorf("%s: part %d of the instructions and fields is %.0f units high, its text needs %.0f", c.name, i, o.Size().Height, o.MinSize().Height)
			}
			if i > 0 {
				if prev := rest.Objects[i-1]; prev.Position().Y+prev.Size().Height > o.Position().Y+0.5 {
					t.Errorf("%s: part %d of the instructions and fields runs over part %d", c.name, i-1, i)
				}
			}
		}
		if c.golden != "" {
			test.AssertRendersToImage(t, c.golden, w.Canvas())
		}
		d.dlg.Hide()
	}
}

// absIn is o's position in root's tree (a dialog's, which the driver's
// AbsolutePositionForObject does not search), and whether it is there.
func absIn(root, o fyne.CanvasObject) (fyne.Position, bool) {
	var at fyne.Position
	var walk func(n fyne.CanvasObject, p fyne.Position) bool
	walk = func(n fyne.CanvasObject, p fyne.Position) bool {
		p = p.Add(n.Position())
		if n == o {
			at = p
			return true
		}
		var kids []fyne.CanvasObject
		switch c := n.(type) {
		case *container.Scroll:
			kids = []fyne.CanvasObject{c.Content}
		case *fyne.Container:
			kids = c.Objects
		case fyne.Widget:
			kids = test.WidgetRenderer(c).Objects()
		}
		for _, k := range kids {
			if walk(k, p) {
				return true
			}
		}
		return false
	}
	ok := walk(root, fyne.Position{})
	return at, ok
}

// TestAlignFieldsReachableInTheLeastEditor: over the editor at its least
// (900 x 460 with its menu bar, 892 x 425 inside), the instructions and
// fields beside the picture ran past the dialog's foot: Offset y lay
// under the window's edge and Offset x under the Create button. They
// now end above the buttons and scroll, and scrolled to their end the
// last field is in sight.
func TestAlignFieldsReachableInTheLeastEditor(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(735, 525, 70, 35))
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(892, 425))
	d := ShowAlign(w, controls.NewEscapes(w), img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0), NewEncounter: true, Name: "Cellar", Ruleset: model.SF2E,
		Apply: func(Aligned) error { return nil }})
	top := w.Canvas().Overlays().Top()
	var create fyne.CanvasObject
	var find func(n fyne.CanvasObject)
	find = func(n fyne.CanvasObject) {
		switch c := n.(type) {
		case *widget.Button:
			if c.Text == "Create" {
				create = c
			}
		case *fyne.Container:
			for _, k := range c.Objects {
				find(k)
			}
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(c).Objects() {
				find(k)
			}
		}
	}
	find(top)
	if create == nil {
		t.Fatal("no Create button")
	}
	bp, _ := absIn(top, create)
	rest := d.body.Objects[1]
	rp, _ := absIn(top, rest)
	if end := rp.Y + rest.Size().Height; end > bp.Y+0.5 {
		t.Errorf("the instructions and fields end at y=%v, under the buttons' top %v", end, bp.Y)
	}
	if sc, ok := rest.(*container.Scroll); ok {
		sc.ScrollToBottom()
	}
	for _, en := range []*controls.EscEntry{d.Name, d.Squares, d.PxPerSquare, d.OffsetX, d.OffsetY} {
		p, _ := absIn(top, en)
		if sc, ok := rest.(*container.Scroll); ok {
			p.Y -= sc.Offset.Y
		}
		if en == d.OffsetY && (p.Y < rp.Y-0.5 || p.Y+en.Size().Height > min(bp.Y, rp.Y+rest.Size().Height)+0.5) {
			t.Errorf("Offset y at y=%v..%v, out of sight of the fields' %v..%v", p.Y, p.Y+en.Size().Height, rp.Y, min(bp.Y, rp.Y+rest.Size().Height))
		}
	}
	d.dlg.Hide()
}
