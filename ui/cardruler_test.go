package ui

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/player"
)

// inDialog returns the objects of the dialog on top of w, laid out.
func inDialog(t *testing.T, w fyne.Window) []fyne.CanvasObject {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	return test.LaidOutObjects(top)
}

func dialogButton(t *testing.T, w fyne.Window, label string) *widget.Button {
	t.Helper()
	for _, o := range inDialog(t, w) {
		if b, ok := o.(*widget.Button); ok && b.Text == label {
			return b
		}
	}
	t.Fatalf("no %q button in the dialog", label)
	return nil
}

// TestCreditCardRulerSetsTheInch: the GM widens the bar until it matches a
// credit card (3.370 in) and applies: the bar's pixels over 3.370 are the
// player screen's pixels per inch, the player view zooms to one square per
// inch, the bar shows on the player display only while calibrating, and
// the density is kept for the next player window.
func TestCreditCardRulerSetsTheInch(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.calibratePlayer()
	p := ed.player
	t.Cleanup(func() {
		if ed.player != nil {
			ed.player.Close()
		}
	})
	if !p.RulerShown() {
		t.Fatal("the ruler should show on the player display while calibrating")
	}
	var slider *widget.Slider
	for _, o := range inDialog(t, ed.win) {
		if s, ok := o.(*widget.Slider); ok {
			slider = s
		}
	}
	if slider == nil {
		t.Fatal("no slider in the calibration dialog")
	}
	slider.SetValue(336) // the card's length, roughly
	test.Tap(dialogButton(t, ed.win, "+"))
	test.Tap(dialogButton(t, ed.win, "+"))
	test.Tap(dialogButton(t, ed.win, "−"))
	test.Tap(dialogButton(t, ed.win, "Apply")) // 337 pixels

	want := 337 / player.CardInches // 100 pixels per inch
	if math.Abs(p.PPI()-want) > 1e-9 {
		t.Fatalf("ppi %v, want %v", p.PPI(), want)
	}
	if p.RulerShown() {
		t.Errorf("the ruler should leave the player display once applied")
	}
	sc := p.Window().Canvas().Scale()
	if got := p.View().Zoom(); math.Abs(float64(got)-want/float64(sc)) > 1e-3 {
		t.Errorf("player zoom %v units per square, want %v (one inch)", got, want/float64(sc))
	}
	prefs := fyne.CurrentApp().Preferences()
	if v := prefs.Float(player.PrefPPI); math.Abs(v-want) > 1e-9 {
		t.Errorf("kept ppi %v, want %v", v, want)
	}
	if prefs.Float(player.PrefDiagonal) != 0 {
		t.Errorf("the card replaces a diagonal: kept %v", prefs.Float(player.PrefDiagonal))
	}

	// the next player window starts calibrated, and follows a resize
	p.Close()
	ed.openPlayer()
	p2 := ed.player
	p2.Window().Resize(fyne.NewSize(900, 500))
	p2.Place()
	if got := p2.View().Zoom(); math.Abs(float64(got)-want/float64(sc)) > 1e-3 {
		t.Errorf("reopened player zoom %v, want %v", got, want/float64(sc))
	}

	// the diagonal stays the alternative, and replaces the card
	p2.ApplyDiagonal("27", "1920x1080")
	if p2.PPI() != 0 || p2.Diagonal() != 27 || prefs.Float(player.PrefPPI) != 0 {
		t.Errorf("after a diagonal: ppi %v diag %v kept ppi %v", p2.PPI(), p2.Diagonal(), prefs.Float(player.PrefPPI))
	}
	if got, w := float64(p2.View().Zoom()), player.PixelsPerInch(1920, 1080, 27)/float64(sc); math.Abs(got-w) > 1e-3 {
		t.Errorf("zoom from the diagonal %v, want %v", got, w)
	}
}

// TestCalibrateCancelLeavesItAlone: Cancel keeps the old density and takes
// the ruler off the player display.
func TestCalibrateCancelLeavesItAlone(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.calibratePlayer()
	p := ed.player
	t.Cleanup(p.Close)
	test.Tap(dialogButton(t, ed.win, "+"))
	test.Tap(dialogButton(t, ed.win, "Cancel"))
	if p.PPI() != 0 || p.RulerShown() || p.Window().Content() != p.Content() {
		t.Errorf("after Cancel: ppi %v, ruler still shown %v", p.PPI(), p.RulerShown())
	}
}
