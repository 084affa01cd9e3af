package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestTheHelpFitsTheWindowItIsOpenedFrom: the help opened at 820 x 680
// whatever the screen: on a netbook at the table (the editor at its
// least, 1024 x 600) its bottom, and the end of the text it scrolls, lay
// under the screen's edge. It opens no larger than the window it is
// opened from, and at 820 x 680 beside a larger one.
func TestTheHelpFitsTheWindowItIsOpenedFrom(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct{ parent, want fyne.Size }{
		{fyne.NewSize(1024, 600), fyne.NewSize(820, 600)},
		{fyne.NewSize(700, 500), fyne.NewSize(700, 500)},
		{fyne.NewSize(1200, 780), fyne.NewSize(820, 680)},
	} {
		w := test.NewTempWindow(t, nil)
		w.Resize(c.parent)
		showHelp(w)
		hs := helpWindows()
		if len(hs) != 1 {
			t.Fatalf("%d help windows", len(hs))
		}
		if got := hs[0].Canvas().Size(); got != c.want {
			t.Errorf("beside a window of %v the help is %v, want %v", c.parent, got, c.want)
		}
		hs[0].Close()
	}
}
