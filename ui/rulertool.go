package ui

import (
	"fmt"

	"encounterplanner/rules"
)

// The ruler (key M, View > Ruler): clicks add waypoints, the hovered
// square previews the next leg, Backspace takes the last waypoint back,
// Escape or M clears it and leaves. Its state is session.Ruler, kept with
// the map gestures; it is not an edit (no undo step, no save).

// ToggleRuler turns the ruler on, or clears it and leaves.
func (ed *Editor) ToggleRuler() {
	ed.gest.ruler.Toggle()
	if ed.gest.ruler.On {
		ed.abandonGesture()
		ed.gest.ruler.Hover = ed.rulerHover()
	}
	ed.rulerChanged()
	ed.win.SetMainMenu(ed.menu())
}

// RulerOn reports whether the ruler is measuring.
func (ed *Editor) RulerOn() bool { return ed.gest.ruler.On }

// ShareRuler shows the ruler on the player display too (opening it), or
// stops.
func (ed *Editor) ShareRuler(on bool) {
	ed.gest.ruler.Share = on
	if on && ed.player == nil {
		ed.openPlayer()
	}
	ed.rulerChanged()
	if ed.player != nil {
		ed.player.Refresh() // a ruler no longer shared leaves the players' map
	}
	ed.win.SetMainMenu(ed.menu())
}

// rulerHover is the hovered square when it is on the map, else nil.
func (ed *Editor) rulerHover() *rules.Point {
	if h := ed.hovered; h != nil && ed.enc.Grid.In(h.X, h.Y) {
		p := *h
		return &p
	}
	return nil
}

// rulerPress adds the pressed square as a waypoint.
func (ed *Editor) rulerPress(x, y int) {
	if !ed.enc.Grid.In(x, y) {
		return
	}
	ed.gest.ruler.Add(rules.Point{X: x, Y: y})
	ed.rulerChanged()
}

// rulerBack is Backspace while the ruler is on: the last waypoint goes.
func (ed *Editor) rulerBack() {
	ed.gest.ruler.Back()
	ed.rulerChanged()
}

// rulerChanged shows the ruler's words in the status bar and its legs on
// the map (and the player display when shared).
func (ed *Editor) rulerChanged() {
	s := ed.gest.ruler.Status(ed.enc)
	ed.setStatus(ed.status.pathLabel, s)
	if statusLog != nil && s != "" {
		// the ruler's words are what the GM reads off it: the end-to-end
		// scenario checks them there (statusbar.go: StatusLogEnv)
		fmt.Fprintln(statusLog, "status:", s)
	}
	ed.rebuildOverlays()
	if ed.player != nil && ed.gest.ruler.Share {
		ed.player.Refresh()
	}
}
