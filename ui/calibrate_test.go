package ui

import (
	"image/color"
	"math"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"encounterplanner/model"
)

// hasFocus reads whether the test driver's window w is the focused one.
func hasFocus(w fyne.Window) bool {
	return reflect.ValueOf(w).Elem().FieldByName("focused").Bool()
}

// TestCalibrateShowsOverThePlayerWindow: View > Calibrate with no player
// display yet opened the player window on top of the editor and put the
// calibration dialog in the editor, under it: on one screen the GM saw
// the map and no dialog.
func TestCalibrateShowsOverThePlayerWindow(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.calibratePlayer()
	if ed.player == nil {
		t.Fatal("calibrating should open the player display")
	}
	t.Cleanup(ed.player.Close)
	if ed.win.Canvas().Overlays().Top() == nil {
		t.Fatal("the calibration dialog should show in the editor")
	}
	if !hasFocus(ed.win) || hasFocus(ed.player.Window()) {
		t.Errorf("the editor, with the calibration dialog, should be in front of the new player window")
	}
}

// contrastRatio is the WCAG contrast ratio of a over b.
func contrastRatio(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, b, _ := c.RGBA()
		ch := func(v uint32) float64 {
			s := float64(v) / 0xffff
			if s <= 0.03928 {
				return s / 12.92
			}
			return math.Pow((s+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(b)
	}
	x, y := lum(a), lum(b)
	return (max(x, y) + 0.05) / (min(x, y) + 0.05)
}

// textsIn calls f with each shown text in root's tree and its position
// in root (a dialog's, which the driver's AbsolutePositionForObject does
// not search).
func textsIn(root fyne.CanvasObject, f func(*canvas.Text, fyne.Position)) {
	var walk func(n fyne.CanvasObject, p fyne.Position)
	walk = func(n fyne.CanvasObject, p fyne.Position) {
		if !n.Visible() {
			return
		}
		p = p.Add(n.Position())
		if c, ok := n.(*canvas.Text); ok {
			f(c, p)
		}
		for _, k := range childrenOf(n) {
			walk(k, p)
		}
	}
	walk(root, fyne.Position{})
}

// TestCalibrateCaptionReadsAndLinesUp: the card's length under the bar in
// the Calibrate dialog was the bar's blue (#0072b2) on the dark dialog,
// about 3.3:1 at 13 px, and began 8 px left of the paragraph above it.
// In either theme it reads at 4.5:1 at least on the dialog and begins
// where the paragraph's text does.
func TestCalibrateCaptionReadsAndLinesUp(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		ed, _, _ := newTestEditor(t, model.Sample())
		th := variantTheme{theme.DefaultTheme(), v}
		test.ApplyTheme(t, th)
		ed.calibratePlayer()
		t.Cleanup(func() {
			if ed.player != nil {
				ed.player.Close()
			}
		})
		top := ed.win.Canvas().Overlays().Top()
		var caption, para *canvas.Text
		var capAt, paraAt fyne.Position
		textsIn(top, func(tx *canvas.Text, at fyne.Position) {
			switch {
			case strings.HasPrefix(tx.Text, "credit card, long side"):
				caption, capAt = tx, at
			case strings.HasPrefix(tx.Text, "Hold a credit card's long side"):
				para, paraAt = tx, at
			}
		})
		if caption == nil || para == nil {
			t.Fatalf("variant %d: the caption %v, the paragraph %v", v, caption, para)
		}
		bg := th.Color(theme.ColorNameOverlayBackground, v)
		if c := contrastRatio(caption.Color, bg); c < 4.5 {
			t.Errorf("variant %d: the caption is %v on %v, %.1f:1, want 4.5:1 at least", v, caption.Color, bg, c)
		}
		if cx, px := capAt.X, paraAt.X; math.Abs(float64(cx-px)) > 0.5 {
			t.Errorf("variant %d: the caption begins at x=%v, the paragraph at %v", v, cx, px)
		}
	}
}
