package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"encounterplanner/model"
)

// TestHoverFollowsTheViewUnderARestingPointer: with the pointer resting
// on the map, an arrow key, + or Ctrl+0 moved the map under it, but the
// status bar (and the hovered path) kept naming the square that used to
// be there until the mouse moved.
func TestHoverFollowsTheViewUnderARestingPointer(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	pos := at(ed, 5, 5)
	ed.view.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}})
	if ed.hovered == nil || ed.hovered.X != 5 || ed.hovered.Y != 5 {
		t.Fatalf("hovering (5, 5): %v", ed.hovered)
	}
	check := func(what string) {
		t.Helper()
		x, y := ed.view.SquareAt(pos)
		if ed.hovered == nil || ed.hovered.X != x || ed.hovered.Y != y {
			t.Errorf("after %s the pointer is over (%d, %d) but the hovered square is %v", what, x, y, ed.hovered)
		}
		if want := fmt.Sprintf("(%d, %d)", x, y); len(ed.status.hoverLabel.Text) < len(want) || ed.status.hoverLabel.Text[:len(want)] != want {
			t.Errorf("after %s the status bar says %q, want %s", what, ed.status.hoverLabel.Text, want)
		}
	}
	ox, _ := ed.view.Origin()
	ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyRight})
	if nx, _ := ed.view.Origin(); nx == ox {
		t.Fatalf("the arrow key did not pan")
	}
	check("an arrow key")
	ed.view.ZoomCentre(1.25)
	check("zooming in")
	ed.view.Fit()
	check("fitting the map")
}
