package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"encounterplanner/model"
)

// TestADragFromADoorPansWithoutOpeningIt: with the select tool, the press
// on a door opened it, so a drag that began there panned the map and
// opened the door too, and with reveal following the party showed the
// players what was behind it. A drag now only pans; a click opens the
// door, even with a hand's jitter between press and release, and keeps
// the creature selected.
func TestADragFromADoorPansWithoutOpeningIt(t *testing.T) {
	ed, _, _ := newTestEditor(t, doorRoom(t))
	ed.tools.fogFollow = true
	ed.Select(0)
	ox, oy := ed.view.Origin()
	from := corner(ed, 4, 1, 0.05, 0.5) // on the door's line
	edgeGesture(ed, from, from.Add(fyne.NewPos(130, 85)), 0)
	if k := ed.enc.Edges[1].Kind; k != model.EdgeDoor {
		t.Fatalf("a drag from the door made it %v, want it still closed", k)
	}
	if n := revealedCount(ed.enc); n != 0 {
		t.Errorf("a drag from the door revealed %d squares", n)
	}
	if m := ed.status.msgLabel.Text; strings.Contains(m, "door") {
		t.Errorf("status %q after a pan", m)
	}
	if x, y := ed.view.Origin(); x == ox && y == oy {
		t.Error("the drag did not pan the map")
	}
	if ed.Selected() != 0 {
		t.Errorf("a pan from a door let go of Hero (selected %d)", ed.Selected())
	}
	if ed.hist.Peek() != nil {
		t.Error("a pan left an undo step")
	}

	click := corner(ed, 4, 1, 0.05, 0.5)
	edgeGesture(ed, click, click.Add(fyne.NewPos(2, -1)), 0) // a click, with jitter
	if k := ed.enc.Edges[1].Kind; k != model.EdgeOpenDoor {
		t.Fatalf("a click on the door made it %v, want it open", k)
	}
	if revealedCount(ed.enc) == 0 || ed.Selected() != 0 {
		t.Errorf("the click: %d revealed, selected %d; want the party's sight revealed and Hero kept", revealedCount(ed.enc), ed.Selected())
	}
	// a plain press and release, as the driver sends a click
	ed.view.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: click}, Button: desktop.MouseButtonPrimary})
	ed.view.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: click}, Button: desktop.MouseButtonPrimary})
	if k := ed.enc.Edges[1].Kind; k != model.EdgeDoor {
		t.Fatalf("a second click made the door %v, want it closed", k)
	}
}
