package mapview

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// TestMapViewReportsAlt: an Alt pressed over the map is watched so that
// its release opens no menu (controls.AltKey); the player display's
// view, in a window without menus, leaves it alone.
func TestMapViewReportsAlt(t *testing.T) {
	test.NewTempApp(t)
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(20, 10)}
	for _, player := range []bool{true, false} {
		v := New(func() *model.Encounter { return e }, func() *render.Overlays { return nil }, &recorder{}, player)
		test.NewTempWindow(t, v).Resize(fyne.NewSize(400, 300))
		posted := make(chan func(), 4)
		v.Post = func(f func()) { posted <- f }
		alt := &fyne.KeyEvent{Name: desktop.KeyAltLeft}
		v.KeyDown(alt)
		select {
		case f := <-posted:
			if player {
				t.Error("the player display's view watches Alt")
			}
			v.KeyUp(alt) // the release came here
			f()
		case <-time.After(200 * time.Millisecond):
			if !player {
				t.Error("the editor's view does not watch Alt")
			}
		}
	}
}
