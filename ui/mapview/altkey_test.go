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

// TestAltOpensNoMenu: the desktop driver opened the File menu when Alt
// came up with no key typed since it went down, a click included, so an
// Alt-click on the map or Alt alone left the menu open and the next tool
// key went into it. The view now closes what that release opened, and
// leaves the menu alone when Alt was typed with another key (its release
// then comes to the view) or was never pressed over it.
func TestAltOpensNoMenu(t *testing.T) {
	test.NewTempApp(t)
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(20, 10)}
	v := New(func() *model.Encounter { return e }, func() *render.Overlays { return nil }, &recorder{}, false)
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 300))
	posted := make(chan func(), 4)
	v.Post = func(f func()) { posted <- f }
	held := fyne.KeyModifierAlt
	dismissed := 0
	mods, dismiss := keyModifiers, dismissMenu
	keyModifiers = func() fyne.KeyModifier { return held }
	dismissMenu = func(c fyne.Canvas) bool {
		if c != w.Canvas() {
			t.Errorf("closed the menu of another canvas")
		}
		dismissed++
		return true
	}
	t.Cleanup(func() { keyModifiers, dismissMenu = mods, dismiss })
	next := func() {
		t.Helper()
		select {
		case f := <-posted:
			f()
		case <-time.After(time.Second):
			t.Fatal("the view stopped watching Alt while it was held")
		}
	}
	alt := &fyne.KeyEvent{Name: desktop.KeyAltLeft}

	// Alt alone (or over a click): held a while, then released into the menu
	v.KeyDown(alt)
	next()
	next()
	if dismissed != 0 {
		t.Fatalf("the menu was closed %d times while Alt was still down", dismissed)
	}
	held = 0
	next()
	if dismissed != 1 {
		t.Errorf("after Alt came up the menu was closed %d times, want once", dismissed)
	}
	select {
	case <-posted:
		t.Error("the view still watches Alt after its release")
	case <-time.After(5 * altPoll):
	}

	// Alt typed with another key: the release comes here, no menu opened
	held = fyne.KeyModifierAlt
	v.KeyDown(alt)
	v.KeyUp(alt)
	held = 0
	next()
	if dismissed != 1 {
		t.Errorf("Alt typed with a key: the menu was closed %d times, want none", dismissed)
	}

	// the player display's view has no menu to close
	p := New(func() *model.Encounter { return e }, func() *render.Overlays { return nil }, &recorder{}, true)
	p.Post = v.Post
	p.KeyDown(alt)
	select {
	case <-posted:
		t.Error("the player display's view watches Alt")
	case <-time.After(5 * altPoll):
	}
}
