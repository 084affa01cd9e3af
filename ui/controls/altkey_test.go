package controls

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestAltOpensNoMenu: the desktop driver opened the File menu when Alt
// came up with no key typed since it went down, a click included, so an
// Alt-click on the map or Alt alone left the menu open and the next tool
// key went into it. What that release opened is closed again; Alt typed
// with another key (its release then comes back) is left alone. Over a
// dialog, which keeps the keyboard, the release comes back after opening
// the menu, and the menu stayed open: it is closed then. The map view and
// the fields of the panels and dialogs all report Alt.
func TestAltOpensNoMenu(t *testing.T) {
	test.NewTempApp(t)
	field := NewPaneEntry()
	w := test.NewTempWindow(t, field)
	posted := make(chan func(), 4)
	post := func(f func()) { posted <- f }
	held := fyne.KeyModifierAlt
	open := false // the window's main menu
	dismissed := 0
	mods, dismiss := keyModifiers, dismissMenu
	keyModifiers = func() fyne.KeyModifier { return held }
	dismissMenu = func(c fyne.Canvas) bool {
		if c != w.Canvas() {
			t.Errorf("closed the menu of another canvas")
		}
		if !open {
			return false
		}
		open = false
		dismissed++
		c.Unfocus() // as the driver's menu does
		return true
	}
	t.Cleanup(func() { keyModifiers, dismissMenu, altHeld = mods, dismiss, false })
	next := func() {
		t.Helper()
		select {
		case f := <-posted:
			f()
		case <-time.After(time.Second):
			t.Fatal("Alt was no longer watched while it was held")
		}
	}
	alt := &fyne.KeyEvent{Name: desktop.KeyAltLeft}

	// Alt alone (or over a click): held a while, then released into the menu
	AltKey(field, alt, true, post)
	next()
	next()
	if dismissed != 0 {
		t.Fatalf("the menu was closed %d times while Alt was still down", dismissed)
	}
	held, open = 0, true
	next()
	if dismissed != 1 {
		t.Errorf("after Alt came up the menu was closed %d times, want once", dismissed)
	}
	select {
	case <-posted:
		t.Error("Alt is still watched after its release")
	case <-time.After(5 * altPoll):
	}

	// Alt typed with another key: the release comes back, no menu opened
	held = fyne.KeyModifierAlt
	AltKey(field, alt, true, post)
	AltKey(field, alt, false, post)
	held = 0
	next()
	if dismissed != 1 {
		t.Errorf("Alt typed with a key: the menu was closed %d times, want none", dismissed)
	}

	// Alt alone over a dialog, which keeps the keyboard: the release
	// opens the menu and then comes back
	held = fyne.KeyModifierAlt
	w.Canvas().Focus(field)
	AltKey(field, alt, true, post)
	held, open = 0, true
	AltKey(field, alt, false, post)
	if dismissed != 2 || open {
		t.Errorf("Alt alone over a dialog: the menu is open %v, closed %d times in all, want 2", open, dismissed)
	}
	if w.Canvas().Focused() != field {
		t.Errorf("Alt alone over a dialog: the field lost the keyboard to %v", w.Canvas().Focused())
	}
	next() // the watch ends

	// other keys are not watched
	AltKey(field, &fyne.KeyEvent{Name: desktop.KeyShiftLeft}, true, post)
	select {
	case <-posted:
		t.Error("Shift is watched")
	case <-time.After(5 * altPoll):
	}

	// the fields pass Alt on: a panel's text field
	var _ desktop.Keyable = field
	var _ desktop.Keyable = NewPaneSelectEntry(nil)
	var _ desktop.Keyable = NewPaneCheck("", nil)
	var _ desktop.Keyable = NewPaneSelect(nil, nil)
	var _ desktop.Keyable = NewEscapes(w).Entry()
}

// TestDialogFieldsWatchAlt: a click gives a dialog's drop-down list or
// check box the keyboard, and those kept the Alt key's going down from
// the window, so its release opened the menu over the dialog. Every field
// an Escapes makes reports Alt, through the window's Post.
func TestDialogFieldsWatchAlt(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	x := NewEscapes(w)
	posted := make(chan func(), 4)
	x.Post = func(f func()) { posted <- f }
	t.Cleanup(func() { altHeld = false })
	alt := &fyne.KeyEvent{Name: desktop.KeyAltLeft}
	for _, f := range []struct {
		name  string
		field desktop.Keyable
	}{
		{"a text field", x.Entry()},
		{"a text field of several lines", x.MultiLineEntry()},
		{"a text field with a list", x.SelectEntry([]string{"a", "b"})},
		{"a drop-down list", x.Select([]string{"a", "b"}, nil)},
		{"a check box", x.Check("fog", nil)},
	} {
		w.SetContent(f.field.(fyne.CanvasObject))
		f.field.KeyDown(alt)
		select {
		case run := <-posted:
			f.field.KeyUp(alt) // its release came here
			run()
		case <-time.After(time.Second):
			t.Errorf("%s: Alt is not watched", f.name)
			f.field.KeyUp(alt)
		}
	}
}
