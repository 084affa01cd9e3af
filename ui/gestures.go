package ui

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"

	"fyne.io/fyne/v2"
)

// mapGesture is the primary-button gesture in progress on the map.
type mapGesture struct {
	stroke         bool
	strokeBefore   model.Grid // the grid when a rectangle or line began
	startX, startY int
	lastX, lastY   int
	dragTok        int // token being dragged, -1 = none
	dragOffX       int
	dragOffY       int
	ghost          *render.Ghost
	dragMoved      bool
	cycleTok       bool // a click without a drag selects the next token sharing the square
	edge           edgeStroke
	fog            fogStroke
	ruler          session.Ruler // the ruler (rulertool.go): not a stroke, kept while tools change
	// the token selected and the area picked when a pan's press let go
	// of them (pans), for Escape to give back (cancelPan)
	panSel, panArea int
}

// hover implements mapInput.
func (ed *Editor) hover(x, y int, in bool) {
	ed.releaseOverlayPanel() // the pointer has left the switches for the map
	if !in {
		ed.hovered = nil
	} else {
		ed.hovered = &rules.Point{X: x, Y: y}
	}
	ed.updateHover()
	if ed.gest.ruler.On {
		ed.gest.ruler.Hover = ed.rulerHover()
		ed.rulerChanged()
		return
	}
	if ed.hovered == nil || ed.sel < 0 {
		ed.setStatus(ed.status.pathLabel, "")
	}
	if ed.ovp.settings.Path && ed.sel >= 0 {
		ed.requestOverlays()
	}
	ed.rebuildOverlays()
}

// brushHover makes the hover outline o has the block a click there paints
// or marks with the brush (brush, erase, line, fog brush) at sizes over 1,
// cut by the map's edge: it outlined one square while a click painted five
// by five over walls and hazards.
func (ed *Editor) brushHover(o *render.Overlays) {
	k := ed.tools.brush
	if o.Hover == nil || k <= 1 {
		return
	}
	switch ed.tools.tool {
	case ToolBrush, ToolErase, ToolLine:
	case ToolFog:
		if m := ed.FogMode(); m != fogBrush && m != fogGMOnly {
			return
		}
	default:
		return
	}
	g := &ed.enc.Grid
	if !g.In(o.Hover.X, o.Hover.Y) {
		return
	}
	lo := -(k - 1) / 2 // as session.PaintBrush and MarkBrush centre it
	x0, y0 := max(0, o.Hover.X+lo), max(0, o.Hover.Y+lo)
	x1, y1 := min(g.W, o.Hover.X+lo+k), min(g.H, o.Hover.Y+lo+k)
	o.Hover = &rules.Point{X: x0, Y: y0}
	o.HoverSize, o.HoverRows = x1-x0, y1-y0
}

// cancelGesture forgets the gesture in progress; a rectangle or line being
// dragged is taken off the map. It reports whether that changed the grid.
func (ed *Editor) cancelGesture() bool {
	restored := false
	if ed.gest.stroke && (ed.tools.tool == ToolRect || ed.tools.tool == ToolLine) && ed.gest.strokeBefore.Cells != nil {
		copy(ed.enc.Grid.Cells, ed.gest.strokeBefore.Cells)
		restored = true
	}
	if ed.cancelEdgeStroke() || ed.cancelFogStroke() {
		restored = true
	}
	ed.cancelAreaDrag()
	ed.gest.stroke = false
	ed.gest.strokeBefore = model.Grid{}
	ed.gest.dragTok = -1
	ed.gest.ghost = nil
	ed.gest.dragMoved = false
	return restored
}

// abandonGesture is Escape or a tool change in the middle of a gesture: the
// rectangle or line preview leaves the map (and the undo step its press
// recorded goes with it, or Ctrl+Z would seem to do nothing), a dragged
// token's ghost disappears, and the map is drawn again at once. It
// reports whether a gesture was in progress: Escape then only cancels it,
// and keeps the selection (at the table, the creature whose turn it is).
func (ed *Editor) abandonGesture() bool {
	ghost := ed.gest.ghost != nil
	was := ed.gestureOn()
	if ed.cancelGesture() {
		ed.hist.DropLast()
		ed.changed()
	} else if ghost {
		ed.message("")
		ed.requestOverlays()
		ed.rebuildOverlays()
	}
	return was
}

// gestureOn reports whether a primary-button gesture is in progress on
// the map: a stroke, a wall or fog drag, a token or area dragged.
func (ed *Editor) gestureOn() bool {
	g := &ed.gest
	return g.stroke || g.edge.on || g.fog.on || g.dragTok >= 0 && g.dragMoved || ed.tools.area.dragging
}

func (ed *Editor) paintTerrain() model.Terrain {
	if ed.tools.tool == ToolErase {
		return 0
	}
	return ed.tools.terrain
}

// pans implements mapInput: with the select tool, a drag that starts on
// empty ground or a door pans the map. The press lets go of the token and
// the area picked, except on a door: a click there opens or closes it
// (panClick) and keeps the selection (at the table: the creature whose
// turn it is). The press opened the door itself, so a drag that began on
// one panned the map and opened the door too (and, with reveal following
// the party, revealed what was behind it to the players).
func (ed *Editor) pans(x, y int) bool {
	if ed.gest.ruler.On {
		return false
	}
	if ed.pressArea(x, y) { // Ctrl: an area template (areas.go)
		return false
	}
	if ed.tools.tool != ToolSelect || ed.tokenPick(x, y) >= 0 {
		return false
	}
	ed.gest.panSel, ed.gest.panArea = ed.sel, ed.pickedArea()
	if !ed.doorAt(x, y) {
		ed.Select(-1)
	}
	ed.unpickArea()
	return true
}

// cancelPan is Escape during a pan (any: the select tool's, the middle
// button's, Space's): the view goes back where the pan began, the rest of
// the press's motion is ignored until release (mapview.CancelPan), and the
// token and area the press let go of are selected again, so Escape
// cancels the pan and nothing else. It reports whether a pan was in
// progress.
func (ed *Editor) cancelPan() bool {
	cancelled, asked := ed.view.CancelPan()
	if !cancelled {
		return false
	}
	if asked {
		ed.Select(ed.gest.panSel)
		if ed.gest.panArea >= 0 {
			ed.pickArea(ed.gest.panArea)
		}
	}
	return true
}

// panClick implements mapInput: a press pans took, let go of without
// panning. On a door it opens or closes it.
func (ed *Editor) panClick(x, y int) {
	if ed.tools.tool == ToolSelect {
		ed.toggleDoorAt(x, y)
	}
}

// press implements mapInput: the start of a primary-button gesture.
func (ed *Editor) press(x, y int, shift bool) {
	ed.gest.startX, ed.gest.startY, ed.gest.lastX, ed.gest.lastY = x, y, x, y
	if ed.gest.ruler.On {
		ed.rulerPress(x, y)
		return
	}
	if ed.tools.area.dragging {
		return
	}
	switch ed.tools.tool {
	case ToolSelect:
		i := ed.tokenPick(x, y)
		// tokens may share a square (a tiny creature with anyone, ships
		// apart in size): pressing the selected one keeps it, for a drag,
		// and a click without one goes on to the next token there
		ed.gest.cycleTok = false
		if at := ed.tokensAt(x, y); len(at) > 1 {
			for _, j := range at {
				if j == ed.sel {
					i, ed.gest.cycleTok = j, true
				}
			}
		}
		ed.Select(i)
		if i >= 0 {
			t := &ed.enc.Tokens[i]
			ed.gest.dragTok, ed.gest.dragOffX, ed.gest.dragOffY, ed.gest.dragMoved = i, x-t.X, y-t.Y, false
		}
	case ToolBrush, ToolErase:
		ed.pushUndo("")
		ed.gest.stroke = true
		session.PaintBrush(&ed.enc.Grid, x, y, ed.tools.brush, ed.paintTerrain())
		ed.changed()
	case ToolRect, ToolLine:
		ed.pushUndo("")
		ed.gest.stroke = true
		ed.gest.strokeBefore = ed.enc.Grid.Clone()
		ed.previewShape(x, y)
	case ToolFill:
		before := ed.sharedCopy()
		if session.FloodFill(&ed.enc.Grid, x, y, ed.tools.terrain) > 0 {
			ed.hist.Push(before, "")
			ed.changed()
		}
	case ToolToken:
		if ed.enc.Grid.In(x, y) {
			ed.addTokenDialog(x, y)
		}
	case ToolWall:
		ed.edgePress(shift)
	case ToolFog:
		ed.fogPress(x, y, shift)
	}
}

func (ed *Editor) previewShape(x, y int) {
	copy(ed.enc.Grid.Cells, ed.gest.strokeBefore.Cells)
	if ed.tools.tool == ToolRect {
		session.PaintRect(&ed.enc.Grid, ed.gest.startX, ed.gest.startY, x, y, ed.tools.terrain)
	} else {
		session.PaintLine(&ed.enc.Grid, ed.gest.startX, ed.gest.startY, x, y, ed.tools.brush, ed.tools.terrain)
	}
	ed.changed()
}

// drag implements mapInput.
func (ed *Editor) drag(x, y int, shift bool) {
	if ed.dragArea(x, y) {
		return
	}
	switch {
	case ed.tools.tool == ToolSelect && ed.gest.dragTok >= 0:
		nx, ny := x-ed.gest.dragOffX, y-ed.gest.dragOffY
		t := &ed.enc.Tokens[ed.gest.dragTok]
		if nx == t.X && ny == t.Y && !ed.gest.dragMoved {
			return
		}
		ed.gest.dragMoved = true
		reason := ed.DropRefusal(ed.gest.dragTok, nx, ny)
		ed.gest.ghost = &render.Ghost{Token: ed.gest.dragTok, X: nx, Y: ny, OK: reason == ""}
		if reason != "" {
			ed.message(fmt.Sprintf("%s: %s", t.Name, reason))
		} else {
			ed.message("")
		}
		ed.requestOverlays() // the path to the drop, and flank spots on the first move
		ed.rebuildOverlays()
	case ed.gest.stroke && (ed.tools.tool == ToolBrush || ed.tools.tool == ToolErase):
		if x == ed.gest.lastX && y == ed.gest.lastY {
			return
		}
		session.PaintLine(&ed.enc.Grid, ed.gest.lastX, ed.gest.lastY, x, y, ed.tools.brush, ed.paintTerrain())
		ed.gest.lastX, ed.gest.lastY = x, y
		ed.changed()
	case ed.gest.stroke && (ed.tools.tool == ToolRect || ed.tools.tool == ToolLine):
		if x == ed.gest.lastX && y == ed.gest.lastY {
			return
		}
		ed.gest.lastX, ed.gest.lastY = x, y
		ed.previewShape(x, y)
	case ed.gest.edge.on:
		ed.edgeDrag()
	case ed.gest.fog.on:
		ed.fogDrag(x, y)
	}
}

// release implements mapInput: the end of a gesture.
func (ed *Editor) release(x, y int, shift bool) {
	if ed.releaseArea(x, y) {
		return
	}
	switch {
	case ed.tools.tool == ToolSelect && ed.gest.dragTok >= 0:
		i := ed.gest.dragTok
		moved := ed.gest.dragMoved
		ed.gest.dragTok, ed.gest.ghost, ed.gest.dragMoved = -1, nil, false
		if !moved {
			if ed.gest.cycleTok {
				ed.gest.cycleTok = false
				at := ed.tokensAt(x, y)
				for n, j := range at {
					if j == i {
						ed.Select(at[(n+1)%len(at)])
						ed.message(fmt.Sprintf("%s selected: %d tokens share this square, click again for the next", ed.enc.Tokens[ed.sel].Name, len(at)))
						break
					}
				}
			}
			ed.rebuildOverlays()
			return
		}
		nx, ny := x-ed.gest.dragOffX, y-ed.gest.dragOffY
		ed.MoveToken(i, nx, ny, shift)
	case ed.gest.edge.on:
		ed.edgeRelease()
	case ed.gest.fog.on:
		ed.fogRelease()
	case ed.gest.stroke:
		ed.gest.stroke = false
		ed.gest.strokeBefore = model.Grid{}
		ed.requestOverlays()
	}
}

// mapInput passes the map view's gestures to the editor.
type mapInput struct{ ed *Editor }

func (in mapInput) Hover(x, y int, inside bool)         { in.ed.hover(x, y, inside) }
func (in mapInput) Press(x, y int, shift bool)          { in.ed.press(x, y, shift) }
func (in mapInput) Drag(x, y int, shift bool)           { in.ed.drag(x, y, shift) }
func (in mapInput) Release(x, y int, shift bool)        { in.ed.release(x, y, shift) }
func (in mapInput) Key(ev *fyne.KeyEvent) bool          { return in.ed.key(ev) }
func (in mapInput) Rune(r rune)                         { in.ed.rune(r) }
func (in mapInput) Context(x, y int, abs fyne.Position) { in.ed.context(x, y, abs) }
func (in mapInput) Pans(x, y int) bool                  { return in.ed.pans(x, y) }
func (in mapInput) PanClick(x, y int)                   { in.ed.panClick(x, y) }
