package mapimport

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

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
		rest := d.body.Objects[1].(*fyne.Container)
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
