package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"encounterplanner/model"
)

// TestEscapeInAPanPutsTheViewBackAndKeepsTheSelection: Escape during a
// pan with the select tool (from empty floor, or from a door) let go of
// the creature selected (at the table: the one whose turn it is), and
// the map went on following the pointer until release. Escape now puts
// the view back where the pan began, ignores the rest of the press's
// motion, keeps the selection, and the release clicks no door.
func TestEscapeInAPanPutsTheViewBackAndKeepsTheSelection(t *testing.T) {
	for _, from := range []string{"floor", "door"} {
		t.Run(from, func(t *testing.T) {
			ed, _, _ := newTestEditor(t, doorRoom(t))
			ed.Select(0)
			ox, oy := ed.view.Origin()
			p := corner(ed, 6, 2, 0.5, 0.5)
			if from == "door" {
				p = corner(ed, 4, 1, 0.05, 0.5)
			}
			c := ed.win.Canvas()
			ed.view.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}, Button: desktop.MouseButtonPrimary})
			drag := func(to fyne.Position) {
				ed.view.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-p.X, to.Y-p.Y)})
				p = to
			}
			drag(p.Add(fyne.NewPos(50, 20)))
			if x, y := ed.view.Origin(); x == ox && y == oy {
				t.Fatal("the drag did not pan the map")
			}
			c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
			if x, y := ed.view.Origin(); x != ox || y != oy {
				t.Errorf("after Escape the origin is (%v, %v), want (%v, %v)", x, y, ox, oy)
			}
			drag(p.Add(fyne.NewPos(40, 30)))
			if x, y := ed.view.Origin(); x != ox || y != oy {
				t.Errorf("the map followed the pointer after Escape: origin (%v, %v)", x, y)
			}
			ed.view.DragEnd()
			ed.view.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}, Button: desktop.MouseButtonPrimary})
			if ed.Selected() != 0 {
				t.Errorf("Escape in the pan let go of Hero (selected %d)", ed.Selected())
			}
			if k := ed.enc.Edges[1].Kind; k != model.EdgeDoor {
				t.Errorf("the door is %v after the cancelled pan, want it closed", k)
			}
			if x, y := ed.view.Origin(); x != ox || y != oy {
				t.Errorf("after release the origin is (%v, %v)", x, y)
			}
			// the next press pans again
			edgeGesture(ed, corner(ed, 6, 2, 0.5, 0.5), corner(ed, 6, 2, 0.5, 0.5).Add(fyne.NewPos(60, 0)), 0)
			if x, _ := ed.view.Origin(); x == ox {
				t.Error("the next drag did not pan")
			}
		})
	}
}
