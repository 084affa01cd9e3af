package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestCoverAnswersShowWithoutScrolling: the cover list ("Cover from X")
// and the flanking list sat below the fold of the overlays pane, so the GM
// scrolled to read them. With the sample's Large enemy selected, the whole
// list must lie inside the right-hand column at the default window size and
// at 1024x700 (less the menu bar the test window does not draw).
func TestCoverAnswersShowWithoutScrolling(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1200, Height: 780 - 30}, {Width: 1024, Height: 700 - 30}} {
		ed, _, p := newTestEditor(t, model.Sample())
		ed.win.Resize(size)
		ed.Select(ed.enc.TokenIndex("Tashtari"))
		ed.requestOverlays()
		p.until(t, "overlays", ed.overlaysIdle)
		if !strings.Contains(ed.ovp.coverLabel.Text, "Cover from Tashtari:") {
			t.Fatalf("no cover list: %q", ed.ovp.coverLabel.Text)
		}
		d := fyne.CurrentApp().Driver()
		lab := d.AbsolutePositionForObject(ed.ovp.coverLabel)
		col := d.AbsolutePositionForObject(ed.right)
		bottom := lab.Y + ed.ovp.coverLabel.MinSize().Height
		if end := col.Y + ed.right.Size().Height; bottom > end+1 {
			t.Errorf("at %v the cover list ends at y=%v, below the column's end %v: the GM has to scroll", size, bottom, end)
		}
	}
}

// TestInspectorGetsTheRoomTheAnswersLeave: at the default window size the
// inspector showed four fields while the answers below left hundreds of
// pixels empty, and the divider was a dash a few pixels wide. The lower
// part now takes what the switches and the answers need (no more than two
// lines left empty under the sample's longest list or a short one), the
// inspector the rest, and the handle is a bar across the whole column.
func TestInspectorGetsTheRoomTheAnswersLeave(t *testing.T) {
	for _, c := range []struct {
		size fyne.Size
		who  string
	}{{fyne.NewSize(1200, 780-30), "Tashtari"}, {fyne.NewSize(1440, 900-30), "Tashtari"}, {fyne.NewSize(1200, 780-30), "Iseph"}} {
		size := c.size
		ed, _, p := newTestEditor(t, model.Sample())
		ed.win.Resize(size)
		ed.Select(ed.enc.TokenIndex(c.who))
		ed.requestOverlays()
		p.until(t, "overlays", ed.overlaysIdle)
		d := fyne.CurrentApp().Driver()
		lab := d.AbsolutePositionForObject(ed.ovp.coverLabel)
		col := d.AbsolutePositionForObject(ed.right)
		line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
		empty := col.Y + ed.right.Size().Height - (lab.Y + ed.ovp.coverLabel.MinSize().Height)
		if empty > 2*line+2*theme.InnerPadding() {
			t.Errorf("at %v with %s the answers leave %v px empty below them that the inspector could use", size, c.who, empty)
		}
		inspH := ed.right.Size().Height - ed.right.BottomShown(ed.right.Size().Height) - controls.SplitHandleHeight
		if inspH < 5*line {
			t.Errorf("at %v the inspector gets %v px", size, inspH)
		}
		var handle fyne.CanvasObject
		for _, o := range childrenOf(ed.right) {
			if o != ed.right.Top && o != ed.right.Bottom {
				handle = o
			}
		}
		if handle == nil || handle.Size().Height < 8 || handle.Size().Width < ed.right.Size().Width-1 {
			t.Errorf("at %v the handle is %v: want a bar across the column", size, handle)
		}
	}
}

// TestDraggingTheHandleGivesTheInspectorRoom: the handle moves the split,
// and what the GM left is what the next editor opens with.
func TestDraggingTheHandleGivesTheInspectorRoom(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	h := ed.right.Size().Height
	before := ed.right.BottomShown(h)
	handle := rightPaneHandle(t, ed)
	handle.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, 30)})
	handle.DragEnd()
	if got := ed.right.BottomShown(h); got < before-31 || got > before-29 {
		t.Errorf("dragging the handle 30 px down left the lower part %v high, want %v", got, before-30)
	}
}

// TestPointsPanelLeavesTheInspectorRoom: the points overlay panel, with
// its teleport and forced-movement fields, took all but two lines of the
// column; the inspector keeps at least inspectorShare of it.
func TestPointsPanelLeavesTheInspectorRoom(t *testing.T) {
	ed, _, _ := newTestEditor(t, forcedRoom())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(0)
	h := ed.right.Size().Height
	if insp := h - ed.right.BottomShown(h) - controls.SplitHandleHeight; insp < inspectorShare*h-1 {
		t.Errorf("the inspector gets %v of %v px", insp, h)
	}
}

// rightPaneHandle is the splitter's handle between the inspector and the
// overlay panel.
func rightPaneHandle(t *testing.T, ed *Editor) fyne.Draggable {
	t.Helper()
	for _, o := range childrenOf(ed.right) {
		if dr, ok := o.(fyne.Draggable); ok {
			return dr
		}
	}
	t.Fatal("no handle to drag")
	return nil
}

// TestDraggingTheHandleUpKeepsTheInspectorInAFight: in a fight the turn
// controls are pinned above the inspector, and the column's top kept only
// the 80 px they take: a drag of the handle to the top hid the inspector
// entirely. Its fields keep TopMin under the controls.
func TestDraggingTheHandleUpKeepsTheInspectorInAFight(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	if err := ed.StartFight(func() int { return 10 }); err != nil {
		t.Fatal(err)
	}
	ed.Select(ed.enc.TokenIndex("Iseph"))
	handle := rightPaneHandle(t, ed)
	handle.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, -2000)})
	handle.DragEnd()
	ed.right.Refresh()
	bar := ed.fight.bar.Size().Height
	if bar < 40 {
		t.Fatalf("the turn controls are %v high: not in a fight?", bar)
	}
	top := ed.right.Top.Size().Height
	if got := top - bar; got < controls.TopMin {
		t.Errorf("with the handle at the top the inspector has %v px under the turn controls, want at least %v", got, float32(controls.TopMin))
	}
}
