package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestAClickOnATokensDotSelectsIt: with a 1000 x 1000 map fitted to the
// window a square is under a unit wide and a token shows as a dot 6 px
// wide, but only the square under its centre picked it: a click on the
// dot a square off selected nothing and panned. A click on a token's dot
// picks the token whose dot it is; at ordinary zooms only its squares do.
func TestAClickOnATokensDotSelectsIt(t *testing.T) {
	e, _ := library.NewEncounter("Huge", model.SF2E, 1000, 1000, 5)
	e.Tokens = []model.Token{
		{ID: uuid(1), Name: "Scout", X: 500, Y: 400, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 25}},
		{ID: uuid(2), Name: "Ogre", X: 520, Y: 400, Size: model.Large, Side: "enemy", Speeds: map[string]int{"land": 25}},
	}
	ed, _, _ := newTestEditor(t, e)
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.view.Fit()
	if z := ed.view.Zoom(); z >= 1 {
		t.Fatalf("the fitted map is %v units a square: the test proves nothing", z)
	}
	for _, c := range []struct {
		x, y int
		want string
	}{{502, 401, "Scout"}, {499, 399, "Scout"}, {523, 402, "Ogre"}, {510, 400, ""}} {
		ed.Select(-1)
		ed.pans(c.x, c.y)
		ed.press(c.x, c.y, false)
		ed.release(c.x, c.y, false)
		got := ""
		if ed.Selected() >= 0 {
			got = ed.enc.Tokens[ed.Selected()].Name
		}
		if got != c.want {
			t.Errorf("a click on (%d, %d) selects %q, want %q", c.x, c.y, got, c.want)
		}
	}

	// zoomed in, a square beside a token is open ground
	ed.view.SetView(32, 490, 390)
	ed.Select(-1)
	ed.pans(502, 401)
	ed.press(502, 401, false)
	if ed.Selected() >= 0 {
		t.Errorf("at 32 units a square a click two squares off selects %s", ed.enc.Tokens[ed.Selected()].Name)
	}
}
