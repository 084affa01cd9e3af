package controls

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestF10OpensTheMenus: with Alt alone opening nothing, no key opened the
// menus any more, so a GM at the keyboard could not reach File or
// Encounter without the mouse. F10, the menu bar's key in GTK and Windows
// programs, toggles the window's main menu; other keys are left alone.
func TestF10OpensTheMenus(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	toggled := 0
	was := toggleMenu
	toggleMenu = func(c fyne.Canvas) bool {
		if c != w.Canvas() {
			t.Errorf("toggled the menu of another canvas")
		}
		toggled++
		return true
	}
	t.Cleanup(func() { toggleMenu = was })

	for _, k := range []fyne.KeyName{fyne.KeyF11, fyne.KeyEscape, fyne.KeyReturn, fyne.KeyF} {
		if MenuKey(w.Canvas(), &fyne.KeyEvent{Name: k}) {
			t.Errorf("MenuKey took %s", k)
		}
	}
	if toggled != 0 {
		t.Fatalf("other keys toggled the menu %d times", toggled)
	}
	if !MenuKey(w.Canvas(), &fyne.KeyEvent{Name: fyne.KeyF10}) || toggled != 1 {
		t.Errorf("F10: toggled the menu %d times, want 1", toggled)
	}
}
