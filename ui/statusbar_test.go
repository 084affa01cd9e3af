package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"encounterplanner/model"
)

// TestStatusBarShowsTheWholePath: the status bar gave its three fields a
// third each, so beside a short "(3, 8) narrow" the path was cut to
// "path 55 ft · 2 actions · 2 hazards · 4 narrow · pr..." and the
// reactions it provokes, what the GM hovers to learn, were lost.
func TestStatusBarShowsTheWholePath(t *testing.T) {
	t.Run("no threat", func(t *testing.T) { statusBarShowsTheWholePath(t, sampleUnrated()) })
	// With a party level the bar also shows the threat ("XP 80 ·
	// moderate"): at 1024 px the message beside the path left it 438 of
	// the 481 px its text needs. The message gives way first.
	t.Run("threat shown", func(t *testing.T) {
		ed := statusBarShowsTheWholePath(t, model.Sample()) // the sample rates its threat
		if !ed.status.threatBox.Visible() || ed.status.threatLabel.Text == "" {
			t.Fatalf("the threat is not shown (%q)", ed.status.threatLabel.Text)
		}
	})
}

func statusBarShowsTheWholePath(t *testing.T, e *model.Encounter) *Editor {
	ed, _, _ := newTestEditor(t, e)
	fits := func(what string, l interface {
		Size() fyne.Size
	}, text string) {
		t.Helper()
		need := fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
		if got := l.Size().Width; got < need {
			t.Errorf("%s gets %.0f px of the %.0f its text needs", what, got, need)
		}
	}
	hover := "(3, 8) narrow"
	path := "path 55 ft · 2 actions · 2 hazards · 4 narrow · provokes Tashtari, Chk Chk"
	msg := "Tashtari 2 added at (8, 4)"
	ed.setStatus(ed.status.hoverLabel, hover)
	ed.setStatus(ed.status.pathLabel, path)
	ed.setStatus(ed.status.msgLabel, "")
	fits("the path", ed.status.pathLabel, path)
	fits("the square", ed.status.hoverLabel, hover)
	// the path starts at the same place whatever short square is hovered
	x := ed.status.pathLabel.Position().X
	ed.setStatus(ed.status.hoverLabel, "(12, 7) open")
	if got := ed.status.pathLabel.Position().X; got != x {
		t.Errorf("the path moved from x %.0f to %.0f when the hovered square changed", x, got)
	}
	ed.setStatus(ed.status.msgLabel, msg)
	fits("the path beside a message", ed.status.pathLabel, path)
	fits("the square beside a message", ed.status.hoverLabel, "(12, 7) open")
	if x0, x1 := ed.status.hoverLabel.Position().X, ed.status.pathLabel.Position().X; x1 < x0+ed.status.hoverLabel.Size().Width {
		t.Errorf("the path (x %.0f) overlaps the square (x %.0f)", x1, x0)
	}
	if x1, x2 := ed.status.pathLabel.Position().X+ed.status.pathLabel.Size().Width, ed.status.msgLabel.Position().X; x2 < x1 {
		t.Errorf("the message (x %.0f) overlaps the path (ends at x %.0f)", x2, x1)
	}
	if w := ed.status.msgLabel.Size().Width; w < statusMessageFloor {
		t.Errorf("the message gets %.0f px, under its %.0f", w, float32(statusMessageFloor))
	}
	return ed
}

// TestARefusalShowsWholeBesideTheHoveredSquare: a drag beyond a
// creature's turn is refused in the message field, and the square under
// the pointer (where the drag ended) kept its share of the bar: at 1200 px
// in a fight the refusal was cut before "hold Shift to place anyway", the
// words that say how to get past it. The hovered square gives way to a
// message, down to its first words; the path still comes first.
func TestARefusalShowsWholeBesideTheHoveredSquare(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample()) // the sample shows its threat
	ed.win.Resize(fyne.NewSize(1200, 750))
	hover := "(0, 0) open · 65 ft from Goblin Warrior · note: the old well, its rope cut, a lantern"
	msg := "Goblin Warrior not moved: (0, 0) is beyond its movement (3 of 3 actions left) (hold Shift to place anyway)"
	ed.setStatus(ed.status.hoverLabel, hover)
	ed.setStatus(ed.status.pathLabel, "")
	ed.setStatus(ed.status.msgLabel, msg)
	need := func(s string) float32 {
		return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	}
	if got := ed.status.msgLabel.Size().Width; got < need(msg) {
		t.Errorf("the refusal gets %.0f px of the %.0f its text needs", got, need(msg))
	}
	if got := ed.status.hoverLabel.Size().Width; got < need("(0, 0) open ·") {
		t.Errorf("the hovered square gets %.0f px: not even its square", got)
	}
	// while a path is dragged, the path keeps its room before the message
	path := "path 55 ft · 2 actions · 2 hazards · 4 narrow · provokes Tashtari"
	ed.setStatus(ed.status.pathLabel, path)
	if got := ed.status.pathLabel.Size().Width; got < need(path) {
		t.Errorf("beside the refusal the path gets %.0f px of the %.0f its text needs", got, need(path))
	}
}

// TestARefusalShowsWholeAtTheLeastWidth: at the 1024-px least window
// width, in a fight, a drag beyond the creature's movement to a square
// with a note was refused in words that did not fit beside the hovered
// square, the path ("beyond its turn") and the threat, save state and
// ruleset: the bar showed "...(3 of 3 acti…" and hid how to get past it.
// Now the hovered square goes and the right-hand side steps aside while
// the message needs the room, the bar keeps its height (the map does not
// move under the pointer), and all of it comes back once the message
// clears itself.
func TestARefusalShowsWholeAtTheLeastWidth(t *testing.T) {
	e := denOnGoblinsTurn(t, model.TurnState{})
	e.Notes = append(e.Notes, model.Note{X: 0, Y: 0, Text: "The old well, its rope cut, a lantern hanging over the water"})
	e.Party = &model.Party{Side: "party", Level: 1, Size: 4} // the threat shows too
	ed, _, p := newTestEditor(t, e)
	ed.win.Resize(fyne.NewSize(1024, 700))
	settle(t, ed, p)
	sb := ed.status
	if !sb.threatBox.Visible() {
		t.Fatal("no threat shown: the test proves less")
	}
	h0 := sb.row.Size().Height
	gesture(ed, 0, [2]int{11, 10}, [2]int{5, 5}, [2]int{0, 0})
	ed.hover(0, 0, true)
	p.until(t, "path overlay", ed.overlaysIdle)
	msg := "Goblin Warrior not moved: (0, 0) is beyond its movement (3 of 3 actions left) (hold Shift to place anyway)"
	if sb.msgLabel.Text != msg || sb.pathLabel.Text == "" || !strings.Contains(sb.hoverLabel.Text, "note: The old well") {
		t.Fatalf("message %q, path %q, square %q: not the case to check", sb.msgLabel.Text, sb.pathLabel.Text, sb.hoverLabel.Text)
	}
	need := func(s string) float32 {
		return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	}
	shown := func(o fyne.CanvasObject) bool { return o.Visible() && o.Size().Width > 0 }
	if got := sb.msgLabel.Size().Width; got < need(msg) {
		t.Errorf("the refusal gets %.0f px of the %.0f its text needs", got, need(msg))
	}
	if got := sb.pathLabel.Size().Width; got < need(sb.pathLabel.Text) {
		t.Errorf("beside the refusal the path gets %.0f px of the %.0f its text needs", got, need(sb.pathLabel.Text))
	}
	// nothing drawn over the message: what is shown of the square ends
	// before it, and the right-hand side is out of the way
	msgX := sb.msgLabel.Position().X
	if shown(sb.hoverLabel) && sb.hoverLabel.Size().Width < need("(0, 0) open") {
		t.Errorf("the hovered square shows as a %.0f-px stub", sb.hoverLabel.Size().Width)
	}
	if end := msgX + sb.msgLabel.Size().Width; shown(sb.right) && sb.right.Position().X < end {
		t.Errorf("the threat, save state and ruleset (x %.0f) lie over the message (ends at x %.0f)", sb.right.Position().X, end)
	}
	if end := sb.fields.Position().X + sb.fields.Size().Width; end > sb.row.Size().Width+0.5 {
		t.Errorf("the fields end at x %.0f, past the bar's %.0f", end, sb.row.Size().Width)
	}
	if h := sb.row.Size().Height; h != h0 {
		t.Errorf("the bar is %.0f px high with the refusal, %.0f without: the map moved", h, h0)
	}
	// the message clears itself: everything is back
	sb.message("", ed.post)
	if !shown(sb.right) || !shown(sb.hoverLabel) {
		t.Errorf("with no message: right-hand side shown %v, hovered square shown %v", shown(sb.right), shown(sb.hoverLabel))
	}
	if got := sb.hoverLabel.Size().Width; got < need("(0, 0) open ·") {
		t.Errorf("with no message the hovered square gets %.0f px", got)
	}
}

// TestNotSavedStaysInTheBar: a failed save's message ("not saved: …the
// disk is full…") filled the bar and the right-hand side stepped aside for
// it, taking "NOT SAVED" with it, just when the GM needed to see it. While
// the edits are not kept the save state stays; the message is cut.
func TestNotSavedStaysInTheBar(t *testing.T) {
	ed, st, _ := newTestEditor(t, openEncounter(t, 12, 12))
	ed.win.Resize(fyne.NewSize(1024, 700))
	st.Fail = fmt.Errorf("save encounter \"Room\": %w: free some disk space on the drive that holds the library and save again", model.ErrDiskFull)
	test.TypeOnCanvas(ed.win.Canvas(), "b")
	gesture(ed, 0, [2]int{2, 2})
	ed.SaveNow()
	sb := ed.status
	if sb.saveLabel.Text != "NOT SAVED" || !strings.HasPrefix(sb.msgLabel.Text, "not saved: ") {
		t.Fatalf("save state %q, message %q: not the case to check", sb.saveLabel.Text, sb.msgLabel.Text)
	}
	sb.row.Refresh()
	if !sb.right.Visible() || sb.saveLabel.Size().Width == 0 || sb.right.Position().X+sb.right.Size().Width > sb.row.Size().Width+0.5 {
		t.Errorf("with the failed save's message the save state is hidden (right shown %v, at x %.0f, %.0f wide, bar %.0f)",
			sb.right.Visible(), sb.right.Position().X, sb.right.Size().Width, sb.row.Size().Width)
	}
	if end := sb.fields.Position().X + sb.fields.Size().Width; end > sb.right.Position().X {
		t.Errorf("the message (ends at x %.0f) runs under the save state (x %.0f)", end, sb.right.Position().X)
	}
}
