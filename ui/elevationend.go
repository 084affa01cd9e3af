package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// The end elevation of a flight: where the selected token's fly reach and
// its path to the hovered square end in height. It is the overlays
// panel's "End elevation" field (empty: the token's own height) and
// Shift+PageUp / Shift+PageDown, one square's feet a press; it belongs to
// the token it was asked for, and selecting another goes back to its own
// height.

// endField is the overlays panel's End elevation entry (shown with Mode
// fly), in feet: empty is
// the selected token's own height (its placeholder says which); a height
// must be a multiple of one square's feet, not below the ground.
func (op *overlayPanel) endField(e *model.Encounter, sel int, set func(func(s *session.Settings)), say func(string)) *controls.PaneEntry {
	en := controls.NewPaneEntry()
	if op.settings.EndSet {
		en.SetText(strconv.Itoa(op.settings.End))
	}
	en.SetPlaceHolder(ownHeightHint(e, sel))
	feet := e.Feet()
	en.OnChanged = func(s string) {
		if op.endQuiet {
			return
		}
		s = strings.TrimSpace(s)
		if s == "" {
			set(func(st *session.Settings) { st.EndSet = false })
			return
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v%feet != 0 {
			say(fmt.Sprintf("end elevation: type a height in feet, a multiple of %d, like %d (empty: the token's own)", feet, 3*feet))
			return
		}
		set(func(st *session.Settings) { st.End, st.EndSet = v, true })
	}
	en.OnEscape = func() {
		if op.settings.EndSet {
			keepText(&en.Entry, strconv.Itoa(op.settings.End), say)
		} else {
			keepText(&en.Entry, "", say)
		}
	}
	op.end = en
	return en
}

// ownHeightHint is the End elevation field's placeholder: the selected
// token's own height, which an empty field means.
func ownHeightHint(e *model.Encounter, sel int) string {
	if sel < 0 || sel >= len(e.Tokens) {
		return "own height"
	}
	return fmt.Sprintf("own: %d", e.Tokens[sel].Elevation)
}

// setEndText shows the settings' end elevation in the field without
// taking it as typed.
func (op *overlayPanel) setEndText(s string) {
	if op.end == nil || op.end.Text == s {
		return
	}
	op.endQuiet = true
	op.end.SetText(s)
	op.endQuiet = false
}

// endOwner is the token an end elevation was asked for: its index and
// id (ids may be empty in a file made by hand).
type endOwner struct {
	set bool
	sel int
	id  string
}

// syncEndElevation keeps the end elevation with the token it was asked
// for: with another selection (or none) it goes back to the token's own
// height. The field's placeholder follows the selected token's height.
func (ed *Editor) syncEndElevation() {
	op := &ed.ovp
	now := endOwner{set: true, sel: ed.sel}
	if ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) {
		now.id = ed.enc.Tokens[ed.sel].ID
	}
	switch {
	case !op.settings.EndSet:
		op.endFor = endOwner{}
	case !op.endFor.set:
		if ed.sel >= 0 {
			op.endFor = now // typed before a token was selected: this one's
		}
	case op.endFor != now:
		op.settings.EndSet, op.endFor = false, endOwner{}
		op.setEndText("")
	}
	if op.end != nil {
		if h := ownHeightHint(ed.enc, ed.sel); op.end.PlaceHolder != h {
			op.end.SetPlaceHolder(h)
		}
	}
}

// RaisePathEnd moves the selected flyer's end elevation dir squares'
// feet up (dir > 0) or down, from its own height the first time, never
// below the ground, switching the overlays to its fly reach and path.
// Where the ruleset measures no height it says so (saidNoHeights). It
// reports whether a token is selected.
func (ed *Editor) RaisePathEnd(dir int) bool {
	if ed.saidNoHeights() {
		return true
	}
	if !rules.HasElevation(ed.enc.Ruleset) || ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
		return false
	}
	t := &ed.enc.Tokens[ed.sel]
	if _, ok := t.Speeds[rules.ModeFly]; !ok {
		ed.message(fmt.Sprintf("%s has no fly Speed: its paths keep its height (PageUp lifts the token itself)", t.Name))
		return true
	}
	s := &ed.ovp.settings
	z := t.Elevation
	if s.EndSet {
		z = s.End
	}
	z = max(0, z+dir*ed.enc.Feet())
	s.End, s.EndSet = z, true
	ed.ovp.endFor = endOwner{set: true, sel: ed.sel, id: t.ID}
	if s.Mode != rules.ModeFly || !s.Path {
		s.Mode, s.Path = rules.ModeFly, true
		ed.buildOverlayPanel() // shows the mode, Path and the field
	} else {
		ed.ovp.setEndText(strconv.Itoa(z))
	}
	ed.message(fmt.Sprintf("%s's flight ends %s (Shift+PageUp/PageDown)", t.Name, session.Height(z)))
	ed.requestOverlays()
	ed.rebuildOverlays()
	ed.updateCoverList()
	return true
}

// shiftHeld reports whether Shift is down (the desktop driver knows; a
// test driver does not, and says no).
func shiftHeld() bool {
	d, ok := fyne.CurrentApp().Driver().(desktop.Driver)
	return ok && d.CurrentKeyModifiers()&fyne.KeyModifierShift != 0
}
