package ui

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/ui/session"
)

// edgeKinds are the kinds the wall tool draws, in the order W cycles them.
var edgeKinds = []model.EdgeKind{model.EdgeWall, model.EdgeDoor, model.EdgeSecretDoor}

// doorClickTolerance is how near a grid line (in squares) a select-tool
// click must land to open or close the door edge on it.
const doorClickTolerance = 0.25

// edgeStroke is a wall-tool drag in progress.
type edgeStroke struct {
	on     bool
	before []model.Edge // the edges when the drag began
	x0, y0 int          // the start intersection
	erase  bool         // Shift at the press: the drag erases edges
}

// EdgeKind is the kind the wall tool draws now.
func (ed *Editor) EdgeKind() model.EdgeKind { return edgeKinds[ed.tools.edgeKind] }

// cycleEdgeKind is W pressed while the wall tool is on: wall, door, secret
// door, wall again.
func (ed *Editor) cycleEdgeKind() {
	ed.tools.edgeKind = (ed.tools.edgeKind + 1) % len(edgeKinds)
	ed.updateToolButtons()
	ed.message(fmt.Sprintf("Wall tool draws: %s (W again for the next kind, Shift-drag erases)", ed.EdgeKind()))
}

// edgePress starts a wall-tool drag at the intersection nearest the
// pointer; Shift erases instead.
func (ed *Editor) edgePress(shift bool) {
	fx, fy := ed.view.GesturePoint()
	g := &ed.enc.Grid
	x, y := session.SnapIntersection(fx, fy, g.W, g.H)
	ed.pushUndo("")
	ed.gest.edge = edgeStroke{on: true, before: append([]model.Edge(nil), ed.enc.Edges...), x0: x, y0: y, erase: shift}
}

// edgeDrag shows the wall from the start intersection to the one nearest
// the pointer.
func (ed *Editor) edgeDrag() {
	s := &ed.gest.edge
	if !s.on {
		return
	}
	fx, fy := ed.view.GesturePoint()
	g := &ed.enc.Grid
	x, y := session.SnapIntersection(fx, fy, g.W, g.H)
	k := ed.EdgeKind()
	if s.erase {
		k = model.EdgeNone
	}
	seg, ok := session.EdgeSegment(k, s.x0, s.y0, x, y)
	edges := s.before
	if ok {
		out, err := session.SetEdges(s.before, seg, g.W, g.H)
		if err != nil {
			ed.message("Wall: " + err.Error())
			return
		}
		edges = out
	}
	if edgesEqual(edges, ed.enc.Edges) {
		return
	}
	ed.enc.Edges = edges
	ed.changed()
}

// edgeRelease ends the drag: one undo step, or none when nothing changed.
func (ed *Editor) edgeRelease() {
	s := &ed.gest.edge
	if !s.on {
		return
	}
	ed.edgeDrag()
	if edgesEqual(s.before, ed.enc.Edges) {
		ed.hist.DropLast()
	}
	*s = edgeStroke{}
	ed.requestOverlays()
}

// cancelEdgeStroke takes a wall being drawn off the map; it reports
// whether the edges changed back.
func (ed *Editor) cancelEdgeStroke() bool {
	s := &ed.gest.edge
	if !s.on {
		return false
	}
	restored := !edgesEqual(s.before, ed.enc.Edges)
	ed.enc.Edges = s.before
	*s = edgeStroke{}
	return restored
}

// doorAt reports whether a select-tool click at the last press, on square
// (x, y), would open or close a door (toggleDoorAt).
func (ed *Editor) doorAt(x, y int) bool {
	fx, fy := ed.view.GesturePoint()
	if _, ok := session.ToggleDoorEdge(ed.enc.Edges, fx, fy, doorClickTolerance); ok {
		return true
	}
	g := &ed.enc.Grid
	return g.In(x, y) && g.At(x, y)&model.Door != 0
}

// toggleDoorAt opens or closes the door edge next to the last press, or
// the door square (x, y), as one undo step with what the party sees
// through it when reveal follows the party. It reports whether there was
// a door.
func (ed *Editor) toggleDoorAt(x, y int) bool {
	fx, fy := ed.view.GesturePoint()
	before := ed.sharedCopy() // a door on a grid line leaves the squares as they are
	var open bool
	if edges, ok := session.ToggleDoorEdge(ed.enc.Edges, fx, fy, doorClickTolerance); ok {
		for i := range edges {
			if edges[i] != ed.enc.Edges[i] {
				open = !edges[i].Kind.Blocking()
			}
		}
		ed.enc.Edges = edges
	} else if session.ToggleDoorSquare(&ed.enc.Grid, x, y) {
		open = ed.enc.Grid.At(x, y)&model.Open != 0
	} else {
		return false
	}
	ed.followPartyAll(ed.enc) // what the party sees through the doorway now
	ed.hist.Push(before, "")
	ed.changed()
	if open {
		ed.message("door opened (a click closes it, Ctrl+Z undoes it)")
	} else {
		ed.message("door closed")
	}
	return true
}

func edgesEqual(a, b []model.Edge) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
