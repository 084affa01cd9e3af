package controls

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// variantTheme is the default theme held to one variant, as the desktop's
// light or dark preference gives it.
type variantTheme struct {
	fyne.Theme
	v fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.v)
}

// TestTheSplitGripShowsInBothThemes: the grip on the bar between the
// fight's order and the overlay switches, which says the bar can be
// dragged, was drawn in the theme's disabled colour on its separator
// colour, and Fyne's light theme has the same grey for both: in light
// the bar was a plain grey band. The grip stands out from its bar in
// both variants, as it did in dark.
func TestTheSplitGripShowsInBothThemes(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		name string
		v    fyne.ThemeVariant
	}{{"dark", theme.VariantDark}, {"light", theme.VariantLight}} {
		test.ApplyTheme(t, variantTheme{theme.DefaultTheme(), c.v})
		s := NewSplitter(widget.NewLabel("top"), widget.NewLabel("bottom"), func() float32 { return 40 })
		w := test.NewTempWindow(t, s)
		w.Resize(fyne.NewSize(160, 120))
		r := test.TempWidgetRenderer(t, s.handle).(*handleRenderer)
		if k := contrast(r.bar.FillColor, r.grip[0].FillColor); k < 1.5 {
			t.Errorf("%s: the grip %v on its bar %v has a contrast of %.2f:1", c.name, r.grip[0].FillColor, r.bar.FillColor, k)
		}
		test.AssertRendersToImage(t, "split-grip-"+c.name+".png", w.Canvas())
	}
}
