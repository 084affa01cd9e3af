package ui

import (
	"image"
	"image/draw"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// colorPickerOf is the inspector's colour row.
func colorPickerOf(t *testing.T, ed *Editor) *colorPicker {
	t.Helper()
	p, ok := formWidget(t, ed, "Colour").(*colorPicker)
	if !ok {
		t.Fatal("the Colour row is not a colour picker")
	}
	return p
}

// TestInspectorTokenColor: a swatch gives the selected token its colour and
// "Side default" takes it away, each one undo step; the row shows the
// token's colour again after undo.
func TestInspectorTokenColor(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	gesture(ed, 0, [2]int{8, 3})
	i, _ := tokenAt(t, ed, "Dae")
	if ed.Selected() != i {
		t.Fatalf("click on Dae selected %d", ed.Selected())
	}
	p := colorPickerOf(t, ed)
	if p.cur != "" || p.side.Importance != widget.HighImportance {
		t.Fatalf("a new token's colour: %q", p.cur)
	}
	green, yellow := tokenColors[2].hex, tokenColors[6].hex
	test.Tap(p.swatches[2])
	test.Tap(p.swatches[2]) // again: no step
	test.Tap(p.swatches[6])
	if got := ed.enc.Tokens[i].Color; got != yellow {
		t.Fatalf("after tapping yellow the colour is %q", got)
	}
	test.Tap(p.side)
	if got := ed.enc.Tokens[i].Color; got != "" {
		t.Fatalf("after Side default the colour is %q", got)
	}
	for _, want := range []string{yellow, green, ""} {
		ed.Undo()
		if got := ed.enc.Tokens[i].Color; got != want {
			t.Fatalf("undo: colour %q, want %q", got, want)
		}
		if p := colorPickerOf(t, ed); p.cur != want {
			t.Fatalf("undo: the picker shows %q, want %q", p.cur, want)
		}
	}
	ed.Redo()
	if got := ed.enc.Tokens[i].Color; got != green {
		t.Fatalf("redo: colour %q, want %q", got, green)
	}
}

// TestTokenColorsValid: every swatch is a colour the file can hold.
func TestTokenColorsValid(t *testing.T) {
	for _, c := range tokenColors {
		if !model.ValidColor(c.hex) {
			t.Errorf("%s: %q is not #rrggbb", c.name, c.hex)
		}
	}
}

// TestChosenColourRingFollowsALiveThemeSwitch: the ring around the
// chosen swatch was drawn in the foreground of the theme the inspector
// was built in: after the desktop switched from dark to light it stayed
// white, on the light panel. It takes the foreground of the theme now
// showing, as the palette's names do (TestTextFollowsALiveThemeSwitch).
func TestChosenColourRingFollowsALiveThemeSwitch(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	dark, light := variantTheme{theme.DefaultTheme(), theme.VariantDark}, variantTheme{theme.DefaultTheme(), theme.VariantLight}
	test.ApplyTheme(t, dark)
	gesture(ed, 0, [2]int{8, 3})
	p := colorPickerOf(t, ed)
	test.Tap(p.swatches[2])
	p = colorPickerOf(t, ed)
	test.ApplyTheme(t, light)
	want := light.Color(theme.ColorNameForeground, theme.VariantLight)
	if got := p.swatches[2].rect.StrokeColor; !sameColor(got, want) {
		t.Errorf("the ring is %v on the light theme, want its foreground %v", got, want)
	}
	// the picker as the GM sees it after the switch
	img := ed.win.Canvas().Capture()
	sc := ed.win.Canvas().Scale()
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(p)
	r := image.Rect(int(at.X*sc), int(at.Y*sc), int((at.X+p.Size().Width)*sc), int((at.Y+p.Size().Height)*sc))
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	test.AssertImageMatches(t, "colour-picker-after-switch-to-light.png", out)
}
