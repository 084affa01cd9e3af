package ui

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
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

// TestTextFollowsALiveThemeSwitch: Fyne follows the desktop's light or
// dark preference while the app runs (a laptop that turns dark at dusk).
// The palette's terrain names and the slash between current and max HP
// were drawn in the foreground colour of the theme the editor opened in:
// after dark gave way to light they were white on the light panel, and
// "Open", "Wall", "Obstacle"... and the "/" of "9 / 20" were gone. Every
// such text takes the foreground colour of the theme now showing.
func TestTextFollowsALiveThemeSwitch(t *testing.T) {
	ed, _, _ := newTestEditor(t, denExample(t))
	dark, light := variantTheme{theme.DefaultTheme(), theme.VariantDark}, variantTheme{theme.DefaultTheme(), theme.VariantLight}
	test.ApplyTheme(t, dark)
	ed.Select(ed.enc.TokenIndex("Dae"))
	test.ApplyTheme(t, light)
	want := light.Color(theme.ColorNameForeground, theme.VariantLight)
	words := map[string]bool{"/": true}
	for _, p := range palette {
		words[p.name] = true
	}
	found := map[string]bool{}
	walkObjects(ed.win.Content(), func(o fyne.CanvasObject) {
		tx, ok := o.(*canvas.Text)
		if !ok || !words[tx.Text] {
			return
		}
		found[tx.Text] = true
		if !sameColor(tx.Color, want) {
			t.Errorf("%q is drawn in %v on the light theme, want its foreground %v", tx.Text, tx.Color, want)
		}
	})
	for w := range words {
		if !found[w] {
			t.Errorf("%q is not in the editor", w)
		}
	}
	// the tool column as the GM sees it after the switch
	img := ed.win.Canvas().Capture()
	col := image.NewRGBA(image.Rect(0, 0, 160, img.Bounds().Dy()))
	for y := 0; y < col.Rect.Dy(); y++ {
		for x := 0; x < col.Rect.Dx(); x++ {
			col.Set(x, y, img.At(x, y))
		}
	}
	test.AssertImageMatches(t, "palette-after-switch-to-light.png", col)
}

func sameColor(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}
