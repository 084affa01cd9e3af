package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// TestWindowGeometryRoundTrip: the app opened at 1200x780 every time,
// larger than a 1024x700 screen, and forgot the divider the GM moved. The
// size and the divider are kept in the preferences when the app stops and
// come back at the next start (and in the next editor).
func TestWindowGeometryRoundTrip(t *testing.T) {
	ed, st, _ := newTestEditor(t, model.Sample())
	prefs := fyne.CurrentApp().Preferences()
	if got := initialWindowSize(prefs, fyne.Size{}); got != defaultWindowSize {
		t.Fatalf("first start: %v, want the default %v", got, defaultWindowSize)
	}
	if ed.right.BottomHeight != 0 {
		t.Fatalf("first editor's lower part %v high, want 0 (what it needs)", ed.right.BottomHeight)
	}
	ed.win.Resize(fyne.NewSize(1000, 660))
	ed.right.BottomHeight = 300 // as the GM dragging the handle leaves it
	s := &Shell{win: ed.win, ed: ed}
	s.rememberGeometry() // what the app does when it stops

	if got, want := initialWindowSize(prefs, fyne.Size{}), ed.win.Canvas().Size(); got != want {
		t.Errorf("next start: %v, want the remembered %v", got, want)
	}
	if got := initialWindowSize(prefs, fyne.NewSize(800, 600)); got != fyne.NewSize(800, 600) {
		t.Errorf("a size asked for (Options.WindowSize) should win over the remembered one: %v", got)
	}
	w2 := test.NewTempWindow(t, widget.NewLabel(""))
	e2, err := st.Load(t.Context(), ed.enc.ID)
	if err != nil {
		t.Fatal(err)
	}
	ed2 := newEditor(w2, st, e2, func(func()) {})
	t.Cleanup(ed2.Close)
	if ed2.right.BottomHeight != 300 {
		t.Errorf("next editor's lower part %v high, want the remembered 300", ed2.right.BottomHeight)
	}

	// a window the system shrank to nothing as the app stopped is not
	// remembered
	rememberWindowSize(prefs, fyne.NewSize(100, 40))
	prefs.SetFloat(prefWinW, 90)
	if got := initialWindowSize(prefs, fyne.Size{}); got != defaultWindowSize {
		t.Errorf("an unusable remembered size: %v, want the default", got)
	}
}
