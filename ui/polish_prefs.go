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
