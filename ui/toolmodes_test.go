package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// TestToolModesKeepTheMapInPlace: G and W cycle the fog and wall tools'
// modes. The tool column kept the mode in its button ("G Fog rect"), so
// its width, and the map's left edge with it, changed with each mode's
// name, and the GM's next click landed a square off. The map stays put
// through every mode of both tools, and the tool grid's free cell names
// the mode, whole.
func TestToolModesKeepTheMapInPlace(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 16, 10))
	d := fyne.CurrentApp().Driver()
	// the driver lays a container out again when a child's MinSize
	// changes; the test window does not, so lay the window out each time
	relayout := func() { ed.content.Refresh() }
	relayout()
	pos, size := d.AbsolutePositionForObject(ed.view), ed.view.Size()
	check := func(key rune, want string) {
		t.Helper()
		ed.rune(key)
		relayout()
		if p, s := d.AbsolutePositionForObject(ed.view), ed.view.Size(); p != pos || s != size {
			t.Errorf("%c (%s): the map moved from %v %v to %v %v", key, want, pos, size, p, s)
		}
		l := ed.tools.modeLabel
		if l.Text != want {
			t.Errorf("%c: the mode cell says %q, want %q", key, l.Text, want)
		}
		if w := fyne.MeasureText(want, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding(); w > l.Size().Width {
			t.Errorf("%c: %q needs %v pixels, the cell has %v: it is cut", key, want, w, l.Size().Width)
		}
	}
	for _, want := range []string{"Brush", "Rect", "Room", "GM-only", "Brush"} {
		check('g', want)
	}
	for _, want := range []string{"Wall", "Door", "Secret", "Wall"} {
		check('w', want)
	}
	check('v', "")
}
