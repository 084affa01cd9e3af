package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestBrushHoverOutlinesWhatAClickPaints: at brush 5 the hover outline is
// the 5x5 block a click paints, cut by the map's edge at a corner; at
// brush 1 and with the select tool it is the hovered square.
func TestBrushHoverOutlinesWhatAClickPaints(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	outline := func() (x, y, w, h int) {
		o := ed.Overlays()
		if o.Hover == nil {
			t.Fatal("no hover outline")
		}
		w, h = max(1, o.HoverSize), o.HoverRows
		if h <= 0 {
			h = w
		}
		return o.Hover.X, o.Hover.Y, w, h
	}
	ed.SetTool(ToolBrush)
	ed.SetBrush(5)
	ed.hover(6, 6, true)
	if x, y, w, h := outline(); x != 4 || y != 4 || w != 5 || h != 5 {
		t.Errorf("brush 5 at (6, 6): outline (%d, %d) %dx%d, want (4, 4) 5x5", x, y, w, h)
	}
	// what a click paints is that block
	before := ed.enc.Grid.Clone()
	mouseDown(ed, 6, 6, 0)
	mouseUp(ed, 6, 6)
	for y := 0; y < ed.enc.Grid.H; y++ {
		for x := 0; x < ed.enc.Grid.W; x++ {
			in := x >= 4 && x < 9 && y >= 4 && y < 9
			if changed := ed.enc.Grid.At(x, y) != before.At(x, y); changed && !in {
				t.Errorf("the click painted (%d, %d), outside the outline", x, y)
			}
		}
	}
	ed.hover(0, 1, true)
	if x, y, w, h := outline(); x != 0 || y != 0 || w != 3 || h != 4 {
		t.Errorf("brush 5 at (0, 1): outline (%d, %d) %dx%d, want (0, 0) 3x4", x, y, w, h)
	}
	ed.SetBrush(1)
	ed.hover(6, 6, true)
	if x, y, w, h := outline(); x != 6 || y != 6 || w != 1 || h != 1 {
		t.Errorf("brush 1: outline (%d, %d) %dx%d, want (6, 6) 1x1", x, y, w, h)
	}
	ed.SetBrush(4)
	ed.SetTool(ToolSelect)
	ed.Select(-1)
	ed.hover(6, 6, true)
	if x, y, w, h := outline(); x != 6 || y != 6 || w != 1 || h != 1 {
		t.Errorf("select tool: outline (%d, %d) %dx%d, want (6, 6) 1x1", x, y, w, h)
	}
}
