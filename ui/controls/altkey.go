package controls

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// The desktop driver opens the main menu when an Alt key comes up with no
// key typed since it went down, and a click does not count: Alt alone,
// or Alt held over a map gesture (an Alt-click in an area), opened the
// File menu, and the next tool key went into it. The driver offers no way
// to turn that off, and once the menu has the keyboard the release
// reaches nobody, so while an Alt key that went down in the app is held
// AltKey watches the driver's modifiers (every altPoll), and when Alt is
// up without its release having come back, it closes the menu that
// release opened. Over a dialog the release does come back, just after
// the menu opened (the dialog keeps the keyboard), and AltKey closes the
// menu then. Alt alone does nothing, as in most drawing programs; the
// menus open with a click or F10 (MenuKey). The map view, the windows
// with nothing focused and the fields of the panels and dialogs call it
// from their KeyDown and KeyUp.

// altPoll is how often a held Alt is looked at.
const altPoll = 10 * time.Millisecond

// altHeld is whether an Alt key went down in the app and its release has
// not come back (UI goroutine only: there is one keyboard).
var altHeld bool

// keyModifiers are the modifier keys the desktop driver has down (tests
// set their own).
var keyModifiers = func() fyne.KeyModifier {
	if d, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
		return d.CurrentKeyModifiers()
	}
	return 0
}

// dismissMenu closes c's main menu if it is open and reports whether it
// was (the desktop driver's canvas can; tests set their own).
var dismissMenu = func(c fyne.Canvas) bool {
	d, ok := c.(interface{ DismissMenu() bool })
	return ok && d.DismissMenu()
}

// AltKey notes k going down (down) or coming up in obj's window, if it is
// an Alt key, so that its release opens no menu. post runs a function on
// the UI goroutine after the event in hand (nil: fyne.Do).
func AltKey(obj fyne.CanvasObject, k *fyne.KeyEvent, down bool, post func(func())) {
	if k.Name != desktop.KeyAltLeft && k.Name != desktop.KeyAltRight {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(obj)
	if !down {
		// Its release came here. With no dialog up, that means no menu
		// opened (an open menu has the keyboard); over a dialog the
		// dialog keeps the keyboard, so the menu the release opened,
		// just before, is still to close, and closing it unfocuses the
		// dialog's field: the field gets the keyboard back.
		if altHeld && c != nil {
			f := c.Focused()
			if dismissMenu(c) && f != nil {
				c.Focus(f)
			}
		}
		altHeld = false
		return
	}
	if altHeld || c == nil {
		return
	}
	if post == nil {
		post = fyne.Do
	}
	altHeld = true
	watchAlt(c, post)
}

func watchAlt(c fyne.Canvas, post func(func())) {
	time.AfterFunc(altPoll, func() {
		post(func() {
			switch {
			case !altHeld:
			case keyModifiers()&fyne.KeyModifierAlt != 0:
				watchAlt(c, post)
			default:
				altHeld = false
				dismissMenu(c)
			}
		})
	})
}

// toggleMenu opens c's main menu, or closes it when open, and reports
// whether c has one to open (the desktop driver's canvas; tests set their
// own).
var toggleMenu = func(c fyne.Canvas) bool {
	t, ok := c.(interface{ ToggleMenu() })
	if ok {
		t.ToggleMenu()
	}
	return ok
}

// MenuKey opens the main menu of c, the window's canvas, when k is F10,
// or closes it if it is open, and reports whether k was F10. With Alt
// alone opening nothing (AltKey), F10, the menu bar's key in GTK and
// Windows programs, is how the menus open from the keyboard; the arrows,
// Enter and Escape then work the menu as they do after a click.
func MenuKey(c fyne.Canvas, k *fyne.KeyEvent) bool {
	if k.Name != fyne.KeyF10 || c == nil {
		return false
	}
	toggleMenu(c)
	return true
}
