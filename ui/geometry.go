package ui

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Preference keys for the window's geometry, kept between runs.
const (
	prefWinW        = "windowWidth"
	prefWinH        = "windowHeight"
	prefLowerHeight = "rightLowerHeight"
)

// savedLowerHeight is the height the GM dragged the right-hand column's
// lower part (overlays and answers) to last time, or 0 for what it needs.
func savedLowerHeight() float32 {
	if a := fyne.CurrentApp(); a != nil {
		if v := a.Preferences().Float(prefLowerHeight); v >= 1 && v < 16384 {
			return float32(v)
		}
	}
	return 0
}

// defaultWindowSize is the first window's size before any is remembered.
// A size that fits 1024x700 screens would squeeze the map and the answers
// under the overlay switches on the usual larger screens, so the default
// stays and a smaller screen's size is remembered after the first run.
// On a screen smaller than the default, the first window is fitted to the
// screen once the driver has started (fitFirstWindow): Fyne has no screen
// size, GLFW's primary monitor does.
var defaultWindowSize = fyne.NewSize(1200, 780)

// initialWindowSize is the size to open with: the caller's, else the one
// remembered when the app last stopped, else the default.
func initialWindowSize(p fyne.Preferences, asked fyne.Size) fyne.Size {
	if size, ok := chosenWindowSize(p, asked); ok {
		return size
	}
	return defaultWindowSize
}

// chosenWindowSize is the caller's size, else the one remembered when the
// app last stopped; ok is false when there is neither. A remembered size
// too small to use (a window minimised by the system as it stopped) or
// absurdly large is ignored.
func chosenWindowSize(p fyne.Preferences, asked fyne.Size) (fyne.Size, bool) {
	if asked.Width > 0 && asked.Height > 0 {
		return asked, true
	}
	if p != nil {
		w, h := float32(p.Float(prefWinW)), float32(p.Float(prefWinH))
		if w >= 480 && h >= 360 && w <= 16384 && h <= 16384 {
			return fyne.NewSize(w, h), true
		}
	}
	return fyne.Size{}, false
}

// fitFirstWindow fits w, opened at the default size because no size was
// asked or remembered, to the primary screen when that is smaller: on an
// 800x600 screen the 1200x780 window hid the library's last columns and
// the editor's right pane. It must run on the main thread once GLFW is
// initialised (the app's OnStarted).
func fitFirstWindow(w fyne.Window, p fyne.Preferences, asked fyne.Size) {
	if _, ok := chosenWindowSize(p, asked); ok {
		return
	}
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return
	}
	mode := m.GetVideoMode()
	if mode == nil {
		return
	}
	scale := w.Canvas().Scale()
	if scale <= 0 {
		scale = 1
	}
	screen := fyne.NewSize(float32(mode.Width)/scale, float32(mode.Height)/scale)
	if fit := fitScreen(defaultWindowSize, screen); fit != defaultWindowSize {
		w.Resize(fit)
	}
}

// fitScreen is size, made no larger than most of screen (room left for
// the window's frame and a panel); an unknown screen leaves it.
func fitScreen(size, screen fyne.Size) fyne.Size {
	if screen.Width <= 0 || screen.Height <= 0 {
		return size
	}
	return fyne.NewSize(min(size.Width, screen.Width*0.95), min(size.Height, screen.Height*0.92))
}

// rememberWindowSize keeps size for the next start.
func rememberWindowSize(p fyne.Preferences, size fyne.Size) {
	if p == nil || size.Width < 480 || size.Height < 360 {
		return
	}
	p.SetFloat(prefWinW, float64(size.Width))
	p.SetFloat(prefWinH, float64(size.Height))
}

// rememberRightPane keeps where the GM left the right-hand handle, for
// the next editor and the next start; a handle never dragged keeps
// nothing, so the lower part goes on taking what it needs.
func (ed *Editor) rememberRightPane() {
	a := fyne.CurrentApp()
	if ed == nil || ed.right == nil || a == nil {
		return
	}
	p := a.Preferences()
	if v := float64(ed.right.BottomHeight); v >= 1 && v != p.Float(prefLowerHeight) {
		p.SetFloat(prefLowerHeight, v)
	}
}

// rememberGeometry keeps the window's size and the editor's divider.
func (s *Shell) rememberGeometry() {
	a := fyne.CurrentApp()
	if a == nil || s.win == nil {
		return
	}
	rememberWindowSize(a.Preferences(), s.win.Canvas().Size())
	s.ed.rememberRightPane()
}
