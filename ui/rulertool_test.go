package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"encounterplanner/model"
)

func hoverAt(ed *Editor, x, y int) {
	ed.view.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(ed, x, y)}})
}

func clickAt(ed *Editor, x, y int) {
	mouseDown(ed, x, y, 0)
	mouseUp(ed, x, y)
}

// TestRulerKeysAndClicks: M, clicks and the hovered square measure legs
// by the ruleset's diagonal rule into the status bar and onto the map;
// Backspace takes the last waypoint back, Escape leaves; nothing of it is
// an edit.
func TestRulerKeysAndClicks(t *testing.T) {
	ed, _, p := newTestEditor(t, openEncounter(t, 20, 12))
	rev, undo := ed.rev, ed.hist.Peek()
	typeRune := ed.win.Canvas().OnTypedRune()
	typeKey := ed.win.Canvas().OnTypedKey()
	typeRune('m')
	if !ed.RulerOn() {
		t.Fatal("M did not turn the ruler on")
	}
	clickAt(ed, 1, 1)
	clickAt(ed, 4, 1)
	hoverAt(ed, 4, 3)
	p.until(t, "overlays", ed.overlaysIdle)
	if got, want := ed.status.pathLabel.Text, "ruler 25 ft (5 squares) · 2 legs"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if n := len(ed.Overlays().Ruler); n != 2 {
		t.Errorf("%d legs on the map, want 2", n)
	}
	typeKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if got, want := ed.status.pathLabel.Text, "ruler 20 ft (4 squares) · 1 leg"; got != want {
		t.Errorf("after Backspace: status %q, want %q", got, want)
	}
	typeKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if ed.RulerOn() || ed.status.pathLabel.Text != "" || ed.Overlays().Ruler != nil {
		t.Errorf("Escape left the ruler: on %v, status %q, %d legs", ed.RulerOn(), ed.status.pathLabel.Text, len(ed.Overlays().Ruler))
	}
	if ed.rev != rev || ed.hist.Peek() != undo {
		t.Error("the ruler made an edit")
	}
	typeRune('M')
	clickAt(ed, 0, 0)
	typeRune('m')
	if ed.RulerOn() || len(ed.gest.ruler.Points) != 0 {
		t.Error("M again did not clear and leave the ruler")
	}
	typeRune('m')
	typeRune('b')
	if ed.RulerOn() || ed.Tool() != ToolBrush {
		t.Errorf("B with the ruler on: ruler %v, tool %v; want the brush and no ruler", ed.RulerOn(), ed.Tool())
	}
}

// TestHoverTokenDistance: with a token selected, hovering another puts
// its distance in the status bar.
func TestHoverTokenDistance(t *testing.T) {
	e := openEncounter(t, 20, 12)
	e.Tokens = []model.Token{{Name: "Iseph", X: 1, Y: 1, Size: model.Medium, Side: "party"}, {Name: "Goblin", X: 4, Y: 2, Size: model.Medium, Side: "enemy"}}
	ed, _, p := newTestEditor(t, e)
	hoverAt(ed, 4, 2)
	if s := ed.status.hoverLabel.Text; strings.Contains(s, "ft") {
		t.Errorf("nothing selected, yet the status bar says %q", s)
	}
	ed.Select(0)
	hoverAt(ed, 4, 2)
	p.until(t, "overlays", ed.overlaysIdle)
	if s := ed.status.hoverLabel.Text; !strings.Contains(s, "Goblin: 15 ft") {
		t.Errorf("status %q, want Goblin: 15 ft", s)
	}
}

// TestShareRulerOnPlayerDisplay: View > Share ruler shows the ruler's legs
// on the player display, and only while shared.
func TestShareRulerOnPlayerDisplay(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 20, 12))
	ed.ToggleRuler()
	clickAt(ed, 1, 1)
	clickAt(ed, 4, 1)
	ed.openPlayer()
	if o := ed.player.Shared(); o != nil && len(o.Ruler) > 0 {
		t.Fatal("the ruler is on the player display before it was shared")
	}
	ed.ShareRuler(true)
	if o := ed.player.Shared(); o == nil || len(o.Ruler) != 1 || o.Ruler[0].Label != "15 ft" {
		t.Fatalf("shared: %+v", o)
	}
	ed.ShareRuler(false)
	if o := ed.player.Shared(); o != nil && len(o.Ruler) > 0 {
		t.Errorf("the ruler stayed on the player display: %+v", o.Ruler)
	}
}

// TestRulerWordsInTheStatusLog: with ENCOUNTER_PLANNER_STATUS_LOG the
// ruler's words go to the log with the messages, so the end-to-end
// scenario reads the total the GM saw.
func TestRulerWordsInTheStatusLog(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 20, 12))
	var log strings.Builder
	statusLog = &log
	t.Cleanup(func() { statusLog = nil })
	ed.win.Canvas().OnTypedRune()('m')
	clickAt(ed, 1, 1)
	clickAt(ed, 4, 4)
	if !strings.Contains(log.String(), "status: ruler 20 ft (4 squares) · 1 leg\n") {
		t.Errorf("status log %q lacks the ruler's words", log.String())
	}
}
