package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestFirstWindowFitsASmallScreen: the default 1200x780 window is made to
// fit an 800x600 screen, left as it is on a larger or unknown one; a size
// remembered or asked for is the GM's and is never fitted.
func TestFirstWindowFitsASmallScreen(t *testing.T) {
	fit := fitScreen(defaultWindowSize, fyne.NewSize(800, 600))
	if fit.Width > 800 || fit.Height > 600 || fit.Width < 700 || fit.Height < 500 {
		t.Errorf("on an 800x600 screen the first window is %v", fit)
	}
	if got := fitScreen(defaultWindowSize, fyne.NewSize(1600, 1000)); got != defaultWindowSize {
		t.Errorf("on a 1600x1000 screen the first window is %v, want the default", got)
	}
	if got := fitScreen(defaultWindowSize, fyne.Size{}); got != defaultWindowSize {
		t.Errorf("on an unknown screen the first window is %v, want the default", got)
	}
	a := test.NewTempApp(t)
	p := a.Preferences()
	if _, ok := chosenWindowSize(p, fyne.Size{}); ok {
		t.Error("a fresh start has a chosen size: the first window would not be fitted")
	}
	rememberWindowSize(p, fyne.NewSize(1000, 700))
	if size, ok := chosenWindowSize(p, fyne.Size{}); !ok || size != fyne.NewSize(1000, 700) {
		t.Errorf("remembered size: %v %v", size, ok)
	}
}
