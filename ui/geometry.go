package ui

import "fyne.io/fyne/v2"

// Preference keys for the window's geometry, kept between runs.
const (
	prefWinW        = "windowWidth"
	prefWinH        = "windowHeight"
	prefRightOffset = "rightSplitOffset"
)

// savedRightOffset is the right-hand divider the GM left last time, or the
// default.
func savedRightOffset() float64 {
	if a := fyne.CurrentApp(); a != nil {
		if v := a.Preferences().Float(prefRightOffset); v > 0.05 && v < 0.95 {
			return v
		}
	}
	return defaultRightOffset
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

// rememberRightOffset keeps where the GM left the right-hand divider, for
// the next editor and the next start.
func (ed *Editor) rememberRightOffset() {
	a := fyne.CurrentApp()
	if ed == nil || ed.rightSplit == nil || a == nil {
		return
	}
	p := a.Preferences()
	old := p.Float(prefRightOffset)
	if old == 0 && ed.rightSplit.Offset == defaultRightOffset {
		return // never moved: a better default later still applies
	}
	if v := ed.rightSplit.Offset; v > 0.05 && v < 0.95 && v != old {
		p.SetFloat(prefRightOffset, v)
	}
}

// rememberGeometry keeps the window's size and the editor's divider.
func (s *Shell) rememberGeometry() {
	a := fyne.CurrentApp()
	if a == nil || s.win == nil {
		return
	}
	rememberWindowSize(a.Preferences(), s.win.Canvas().Size())
	s.ed.rememberRightOffset()
}
