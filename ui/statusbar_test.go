package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

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

// TestARefusalAtTheLeastWidthReadsWholeOnHover: at the 1024-px least
// window width, in a fight, a drag beyond the creature's movement to a
// square with a note was refused in words that did not fit beside the
// hovered square, the path ("beyond its turn") and the threat, save state
// and ruleset. The right-hand side stepped aside and the hovered square
// went for the message's 8 s; now they stay, the refusal is cut with an
// ellipsis in the room left, and reads whole above the bar while the
// pointer rests on it. The bar keeps its height (the map does not move
// under the pointer), and nothing lies over anything else.
func TestARefusalAtTheLeastWidthReadsWholeOnHover(t *testing.T) {
	e := denOnGoblinsTurn(t, model.TurnState{})
	e.Notes = append(e.Notes, model.Note{X: 0, Y: 0, Text: "The old well, its rope cut, a lantern hanging over the water"})
	e.Party = &model.Party{Side: "party", Level: 1, Size: 4} // the threat shows too
	ed, _, p := newTestEditor(t, e)
	ed.win.Resize(fyne.NewSize(1024, 700))
	settle(t, ed, p)
	sb := &ed.status
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
	if why := rightHandSideWhole(sb); why != "" {
		t.Error(why)
	}
	if got := sb.pathLabel.Size().Width; got < need(sb.pathLabel.Text) {
		t.Errorf("beside the refusal the path gets %.0f px of the %.0f its text needs", got, need(sb.pathLabel.Text))
	}
	if !sb.hoverLabel.Visible() || sb.hoverLabel.Size().Width < need("(0, 0) open") {
		t.Errorf("the hovered square shows as a %.0f-px stub (shown %v)", sb.hoverLabel.Size().Width, sb.hoverLabel.Visible())
	}
	if end := sb.msgLabel.Position().X + sb.msgLabel.Size().Width; end > sb.right.Position().X {
		t.Errorf("the refusal (ends at x %.0f) runs under the right-hand side (x %.0f)", end, sb.right.Position().X)
	}
	if h := sb.row.Size().Height; h != h0 {
		t.Errorf("the bar is %.0f px high with the refusal, %.0f without: the map moved", h, h0)
	}
	if got := sb.msgLabel.Size().Width; got >= need(msg) {
		t.Fatalf("the refusal gets the %.0f px it needs: not the case to check", got)
	}
	if why := messageReadsWholeOnHover(ed, msg); why != "" {
		t.Error(why)
	}
	// the message clears itself: the square has its room back
	sb.message("", ed.post)
	if got := sb.hoverLabel.Size().Width; got < need("(0, 0) open ·") {
		t.Errorf("with no message the hovered square gets %.0f px", got)
	}
}

// TestALongMessageKeepsTheRightHandSide: a fall's message ("Top is 30 ft
// up without a fly Speed: it would fall 30 ft for 15 bludgeoning damage
// and land prone; it must fall before it moves (Encounter > …)") took the
// whole bar for its 8 s, and the threat (XP budget), the save state and
// the ruleset left it. At every window size down to the least they keep
// their place and their whole text; the message is cut in the room left
// and reads whole above the bar while the pointer rests on it, and waits
// for the pointer to leave before it clears itself.
func TestALongMessageKeepsTheRightHandSide(t *testing.T) {
	msg := "Top is 30 ft up without a fly Speed: it would fall 30 ft for 15 bludgeoning damage and land prone; it must fall before it moves " +
		"(Encounter > Selected token falls, or the inspector's Fall)"
	for _, win := range []fyne.Size{editorLeast, fyne.NewSize(1200, 780), fyne.NewSize(1600, 1000)} {
		t.Run(fmt.Sprintf("%vx%v", win.Width, win.Height), func(t *testing.T) {
			ed, _, p := newTestEditor(t, model.Sample()) // the sample shows its threat
			ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
			settle(t, ed, p)
			sb := &ed.status
			if !sb.threatBox.Visible() || sb.saveLabel.Text == "" {
				t.Fatalf("threat shown %v, save state %q: the test proves less", sb.threatBox.Visible(), sb.saveLabel.Text)
			}
			x0 := sb.right.Position().X
			ed.setStatus(sb.hoverLabel, "(12, 7) open · Top")
			sb.message(msg, ed.post)
			if why := rightHandSideWhole(sb); why != "" {
				t.Error(why)
			}
			if x := sb.right.Position().X; x != x0 {
				t.Errorf("the right-hand side moved from x %.0f to %.0f", x0, x)
			}
			if end := sb.msgLabel.Position().X + sb.msgLabel.Size().Width; end > sb.right.Position().X {
				t.Errorf("the message (ends at x %.0f) runs under the right-hand side (x %.0f)", end, sb.right.Position().X)
			}
			if why := messageReadsWholeOnHover(ed, msg); why != "" {
				t.Error(why)
			}
			// its time runs out while the GM reads it: it stays until the
			// pointer leaves
			c := ed.win.Canvas()
			test.MoveMouse(c, absCentre(sb.msgLabel))
			sb.expire(sb.msgAt)
			if sb.msgLabel.Text != msg || (sb.tip.cut() && sb.tip.Showing() != msg) {
				t.Errorf("the message cleared itself under the pointer: %q, shown whole %q", sb.msgLabel.Text, sb.tip.Showing())
			}
			test.MoveMouse(c, fyne.NewPos(c.Size().Width/2, c.Size().Height/2))
			if sb.msgLabel.Text != "" || sb.tip.Showing() != "" {
				t.Errorf("the pointer left a message whose time ran out: %q, shown whole %q", sb.msgLabel.Text, sb.tip.Showing())
			}
		})
	}
}

// rightHandSideWhole says how the threat, the save state and the ruleset
// are not wholly shown at the status bar's right ("" when they are).
func rightHandSideWhole(sb *statusBar) string {
	if !sb.right.Visible() {
		return "the right-hand side is hidden"
	}
	if end := sb.right.Position().X + sb.right.Size().Width; end > sb.row.Size().Width+0.5 {
		return fmt.Sprintf("the right-hand side ends at x %.0f, past the bar's %.0f", end, sb.row.Size().Width)
	}
	for _, l := range []*widget.Label{sb.threatLabel, sb.saveLabel, sb.rulesLabel} {
		need := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
		if l.Visible() && l.Size().Width < need-0.5 {
			return fmt.Sprintf("%q gets %.0f px of the %.0f its text needs", l.Text, l.Size().Width, need)
		}
	}
	return ""
}

// messageReadsWholeOnHover says how the status bar's message, msg, does
// not read whole above the bar while the pointer rests on it, inside the
// window, or stays once it leaves ("" when all is well).
func messageReadsWholeOnHover(ed *Editor, msg string) string {
	sb := &ed.status
	c := ed.win.Canvas()
	if sb.tip.Showing() != "" {
		return "the whole message shows before the pointer is on it"
	}
	test.MoveMouse(c, absCentre(sb.msgLabel))
	if got := sb.tip.Showing(); got != msg {
		return fmt.Sprintf("with the pointer on the message, %q shows whole, want %q", got, msg)
	}
	d := fyne.CurrentApp().Driver()
	at, bar := d.AbsolutePositionForObject(sb.tip.bg), d.AbsolutePositionForObject(sb.row)
	size := sb.tip.bg.Size()
	if at.X < 0 || at.Y < 0 || at.X+size.Width > c.Size().Width+0.5 || at.Y+size.Height > bar.Y+0.5 {
		return fmt.Sprintf("the whole message lies at (%.0f, %.0f) %.0fx%.0f: outside the window, or over the bar at y %.0f", at.X, at.Y, size.Width, size.Height, bar.Y)
	}
	for _, l := range sb.tip.lines {
		if l.Visible() && l.Position().X+l.Size().Width > at.X+size.Width+0.5 {
			return fmt.Sprintf("the line %q runs out of its box", l.Text)
		}
	}
	test.MoveMouse(c, fyne.NewPos(c.Size().Width/2, c.Size().Height/2))
	if got := sb.tip.Showing(); got != "" {
		return fmt.Sprintf("the pointer left the message, and %q still shows", got)
	}
	return ""
}

// absCentre is the centre of o in its window.
func absCentre(o fyne.CanvasObject) fyne.Position {
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	return at.Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
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
