package ui

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/session"
)

// fogMode is what the fog tool (G) does; G again picks the next one.
type fogMode int

const (
	fogBrush  fogMode = iota // reveal under the brush (Shift: hide)
	fogRect                  // reveal a dragged rectangle (Shift: hide)
	fogRoom                  // reveal the room clicked (Shift: hide it)
	fogGMOnly                // mark squares GM-only (Shift: unmark)
)

// fogModeNames are the fog tool's modes as the tool grid's free cell
// names them.
var fogModeNames = []string{"Brush", "Rect", "Room", "GM-only"}

var fogModeHelp = []string{
	"Fog brush: reveal squares (Shift hides; [ and ] change the size)",
	"Fog rectangle: drag to reveal (Shift hides)",
	"Reveal room: click a room (it stops at walls and closed doors; Shift hides it)",
	"GM-only: mark squares the players see as open ground (Shift unmarks)",
}

// fogStroke is a fog-tool drag in progress.
type fogStroke struct {
	on             bool
	hide           bool   // Shift at the press
	revealed, gm   []bool // the masks when a rectangle began
	hadFog, hadGM  bool
	startX, startY int
	lastX, lastY   int
}

// FogMode is the fog tool's mode now.
func (ed *Editor) FogMode() fogMode { return fogMode(ed.tools.fogMode) }

// cycleFogMode is G pressed while the fog tool is on.
func (ed *Editor) cycleFogMode() {
	ed.tools.fogMode = (ed.tools.fogMode + 1) % len(fogModeNames)
	ed.updateToolButtons()
	ed.message(fogModeHelp[ed.tools.fogMode] + " · G again for the next")
}

// fogPress starts a fog-tool gesture at square (x, y).
func (ed *Editor) fogPress(x, y int, shift bool) {
	e := ed.enc
	ed.pushUndo("")
	s := &ed.gest.fog
	*s = fogStroke{on: true, hide: shift, startX: x, startY: y, lastX: x, lastY: y, hadFog: e.Revealed != nil, hadGM: e.GMOnly != nil}
	if ed.FogMode() == fogGMOnly {
		s.gm = append([]bool(nil), session.GMOnlyMask(e)...)
	} else {
		session.FogOn(e)
		s.revealed = append([]bool(nil), e.Revealed...)
	}
	g := &e.Grid
	switch ed.FogMode() {
	case fogBrush:
		session.MarkBrush(e.Revealed, g.W, g.H, x, y, ed.tools.brush, !shift)
	case fogGMOnly:
		session.MarkBrush(e.GMOnly, g.W, g.H, x, y, ed.tools.brush, !shift)
	case fogRect:
		session.MarkRect(e.Revealed, g.W, g.H, x, y, x, y, !shift)
	case fogRoom:
		if g.In(x, y) {
			room := make([]bool, len(e.Revealed))
			if err := session.RevealRoom(&model.Encounter{Grid: e.Grid, Edges: e.Edges, Revealed: room}, x, y); err != nil {
				ed.message(err.Error())
			}
			for i, in := range room {
				if in {
					e.Revealed[i] = !shift
				}
			}
		}
	}
	ed.changed()
}

// fogDrag extends the brush or the rectangle to square (x, y).
func (ed *Editor) fogDrag(x, y int) {
	s := &ed.gest.fog
	if !s.on || x == s.lastX && y == s.lastY {
		return
	}
	e, g := ed.enc, &ed.enc.Grid
	switch ed.FogMode() {
	case fogBrush:
		session.MarkLine(e.Revealed, g.W, g.H, s.lastX, s.lastY, x, y, ed.tools.brush, !s.hide)
	case fogGMOnly:
		session.MarkLine(e.GMOnly, g.W, g.H, s.lastX, s.lastY, x, y, ed.tools.brush, !s.hide)
	case fogRect:
		copy(e.Revealed, s.revealed)
		session.MarkRect(e.Revealed, g.W, g.H, s.startX, s.startY, x, y, !s.hide)
	default:
		return
	}
	s.lastX, s.lastY = x, y
	ed.changed()
}

// fogRelease ends the gesture; the press already made its undo step,
// which a gesture that changed nothing takes back (as the wall tool does).
func (ed *Editor) fogRelease() {
	s := &ed.gest.fog
	if !s.on {
		return
	}
	if ed.FogMode() == fogGMOnly && !anySet(ed.enc.GMOnly) {
		ed.enc.GMOnly = nil // all unmarked is none
	}
	if before := ed.hist.Peek(); before != nil && sameMask(before.Revealed, ed.enc.Revealed) && sameMask(before.GMOnly, ed.enc.GMOnly) {
		ed.hist.DropLast()
	}
	*s = fogStroke{}
}

// sameMask reports whether two fog or GM-only masks are the same, nil
// (none) included.
func sameMask(a, b []bool) bool {
	return (a == nil) == (b == nil) && slices.Equal(a, b)
}

// cancelFogStroke puts the masks back as they were at the press; it
// reports whether there was a gesture.
func (ed *Editor) cancelFogStroke() bool {
	s := &ed.gest.fog
	if !s.on {
		return false
	}
	e := ed.enc
	if s.revealed != nil {
		copy(e.Revealed, s.revealed)
		if !s.hadFog {
			e.FogOff() // the press turned it on: off again, its reveals kept as they were
		}
	}
	if s.gm != nil {
		copy(e.GMOnly, s.gm)
		if !s.hadGM {
			e.GMOnly = nil
		}
	}
	*s = fogStroke{}
	return true
}

func anySet(m []bool) bool {
	for _, v := range m {
		if v {
			return true
		}
	}
	return false
}

// fogAction is a Fog menu item's edit: one undo step.
func (ed *Editor) fogAction(msg string, f func(c *model.Encounter) error) {
	if err := ed.apply("", f); err == nil {
		ed.message(msg)
	}
}

// SetFog turns fog of war on or off. Off keeps what it revealed, and on
// reveals it again (model.Encounter.FogOff): turning fog off to look at
// the whole map cost every reveal of the session. With reveal following
// the party, on also reveals what the party sees, in the same undo step.
func (ed *Editor) SetFog(on bool) {
	if on == (ed.enc.Revealed != nil) {
		return
	}
	kept := 0
	err := ed.apply("", func(c *model.Encounter) error {
		if on {
			kept = model.CountSet(c.RevealedKept)
			c.FogOn()
			ed.followPartyAll(c)
		} else {
			kept = c.FogOff()
		}
		return nil
	})
	if err != nil {
		return
	}
	switch {
	case on:
		msg := "Fog on"
		switch {
		case kept == 1:
			msg += " again, with the 1 square it had revealed"
		case kept > 0:
			msg += fmt.Sprintf(" again, with the %d squares it had revealed", kept)
		}
		if ed.tools.fogFollow {
			msg += " and what the party sees"
		}
		ed.message(msg + ": the player display shows only revealed squares")
	case kept == 1:
		ed.message("Fog off: the 1 revealed square is kept for when it is back on")
	case kept > 0:
		ed.message(fmt.Sprintf("Fog off: the %d revealed squares are kept for when it is back on", kept))
	default:
		ed.message("Fog off")
	}
}

// RevealAll reveals (v) or hides every square.
func (ed *Editor) RevealAll(v bool) {
	ed.fogAction(map[bool]string{true: "Every square revealed", false: "Every square hidden"}[v], func(c *model.Encounter) error {
		session.SetAll(c, v)
		return nil
	})
}

// RevealPartySight reveals what the party side sees now.
func (ed *Editor) RevealPartySight() {
	ed.fogAction(fmt.Sprintf("Revealed what the %s side sees", session.PartySide(ed.enc)), session.RevealParty)
}

// prefFogFollow keeps Fog > "Reveal follows the party" between runs. It
// is the GM's way of running fogged fights, not a property of one map, and
// acts only on an encounter with fog; encounter/1 has no view settings
// (and a strict reader elsewhere would refuse a field for it), so it is
// an app preference.
const prefFogFollow = "fogFollowsParty"

// fogFollowKept is the "Reveal follows the party" the GM last chose
// (false before any choice, or without an app).
func fogFollowKept() bool {
	a := fyne.CurrentApp()
	return a != nil && a.Preferences().Bool(prefFogFollow)
}

// SetFogFollow turns "Reveal follows the party" on or off, and keeps the
// choice for the next run. Turned on over fog, it reveals what the party
// sees at once, as its own undo step: the players saw nothing new until
// a party token next moved.
func (ed *Editor) SetFogFollow(on bool) {
	ed.tools.fogFollow = on
	if a := fyne.CurrentApp(); a != nil {
		a.Preferences().SetBool(prefFogFollow, on)
	}
	ed.win.SetMainMenu(ed.menu())
	switch {
	case !on:
		ed.message("Reveal follows the party: off")
	case ed.enc.Revealed == nil:
		ed.message("Reveal follows the party: on (it reveals nothing while fog of war is off)")
	default:
		c := ed.enc.Clone()
		revealed, _ := session.RevealSeenByParty(c) // a malformed map reveals nothing
		if !revealed {
			ed.message(fmt.Sprintf("Reveal follows the party: on; the %s side sees nothing new", session.PartySide(ed.enc)))
			return
		}
		ed.hist.Push(ed.enc, "")
		ed.enc = c
		ed.changed()
		ed.message(fmt.Sprintf("Reveal follows the party: on; revealed what the %s side sees", session.PartySide(ed.enc)))
	}
}

// followParty is called on the copy an edit of token tok makes (a move, a
// new elevation): with "reveal follows the party" on, a party token
// reveals what it now sees, in the same undo step as the edit.
func (ed *Editor) followParty(c *model.Encounter, tok int) {
	if ed.tools.fogFollow {
		_, _ = session.RevealSeenBy(c, tok) // a malformed map fails the edit's own validation
	}
}

// followPartyAll is followParty for every party token: a door opened (or
// closed) changes what each of them sees.
func (ed *Editor) followPartyAll(c *model.Encounter) {
	if ed.tools.fogFollow {
		_, _ = session.RevealSeenByParty(c)
	}
}

// fogMenu is the Fog menu.
func (ed *Editor) fogMenu(item func(string, func(), fyne.Shortcut) *fyne.MenuItem) *fyne.Menu {
	on := fyne.NewMenuItem("Fog of war", func() { ed.SetFog(ed.enc.Revealed == nil); ed.win.SetMainMenu(ed.menu()) })
	on.Checked = ed.enc.Revealed != nil
	follow := fyne.NewMenuItem("Reveal follows the party", func() { ed.SetFogFollow(!ed.tools.fogFollow) })
	follow.Checked = ed.tools.fogFollow
	return fyne.NewMenu("Fog",
		on,
		item("Fog and GM-only tool  (G)", func() { ed.SetTool(ToolFog) }, nil),
		fyne.NewMenuItemSeparator(),
		item("Reveal what the party sees", ed.RevealPartySight, nil),
		item("Reveal all", func() { ed.RevealAll(true) }, nil),
		item("Hide all", func() { ed.RevealAll(false) }, nil),
		follow,
	)
}
