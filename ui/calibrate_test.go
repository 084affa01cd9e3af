package ui

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// hasFocus reads whether the test driver's window w is the focused one.
func hasFocus(w fyne.Window) bool {
	return reflect.ValueOf(w).Elem().FieldByName("focused").Bool()
}

// TestCalibrateShowsOverThePlayerWindow: View > Calibrate with no player
// display yet opened the player window on top of the editor and put the
// calibration dialog in the editor, under it: on one screen the GM saw
// the map and no dialog.
func TestCalibrateShowsOverThePlayerWindow(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.calibratePlayer()
	if ed.player == nil {
		t.Fatal("calibrating should open the player display")
	}
	t.Cleanup(ed.player.Close)
	if ed.win.Canvas().Overlays().Top() == nil {
		t.Fatal("the calibration dialog should show in the editor")
	}
	if !hasFocus(ed.win) || hasFocus(ed.player.Window()) {
		t.Errorf("the editor, with the calibration dialog, should be in front of the new player window")
	}
}
