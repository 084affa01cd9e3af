package ui

import "fyne.io/fyne/v2"

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
var defaultWindowSize = fyne.NewSize(1200, 780)

// initialWindowSize is the size to open with: the caller's, else the one
// remembered when the app last stopped, else the default. A remembered
// size too small to use (a window minimised by the system as it stopped)
// or absurdly large is ignored.
func initialWindowSize(p fyne.Preferences, asked fyne.Size) fyne.Size {
	if asked.Width > 0 && asked.Height > 0 {
		return asked
	}
	if p != nil {
		w, h := float32(p.Float(prefWinW)), float32(p.Float(prefWinH))
		if w >= 480 && h >= 360 && w <= 16384 && h <= 16384 {
			return fyne.NewSize(w, h)
		}
	}
	return defaultWindowSize
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
