package ui

import (
	"fmt"
	"slices"

	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// modeFit is what fitMode last fitted the overlays' Mode to: the selected
// token as the Mode depends on it (modeKey), and, when its height chose the
// Mode (session.HeightMode: fly aloft, swim or burrow below the ground),
// that mode and the one the GM had before, which comes back once the
// height asks for it no longer.
type modeFit struct {
	key    string
	asked  string // the mode the height chose, "" when the Mode is the GM's
	before string // the Mode before the height chose asked
	// the edit (Editor.rev) at which fitMode last switched the Mode, and
	// what it said of it: an edit's words that follow the fit say it again
	switched int
	said     string
}

// modeKey is what the Mode of token i follows: which token it is, its
// height, its Speeds and whether it must fall (rules.MustFall: a flyer
// that can no longer act, unconscious say, cannot fly on).
func (ed *Editor) modeKey(i int) string {
	t := &ed.enc.Tokens[i]
	return fmt.Sprint(t.ID, t.Elevation, t.Speeds, rules.MustFall(ed.enc, i))
}

// refitMode fits the Mode again (fitMode) after an edit changed what it
// follows (modeKey): a flyer knocked unconscious in the air, or landed by
// a fall or a flight, showed fly until it was selected again.
func (ed *Editor) refitMode() {
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) || ed.modeKey(ed.sel) == ed.modeFit.key {
		return
	}
	ed.fitMode()
}

// fitMode switches the overlay's movement mode to one the selected token
// has a Speed for (a drone that only flies shows its fly reach rather than
// an error), and to the one its height asks (session.HeightMode): fly for
// a flyer above the ground that can act (a land Stride would leave it
// there), swim or burrow below the ground, where flight never goes. When
// the height asks for that mode no longer (the flyer landed, or cannot act
// and must fall), the GM's mode before it comes back. Points modes all
// spend land points, so they stay. The GM may switch back by hand; the
// next selection, or the next change to the token's height, Speeds or
// state, fits again.
func (ed *Editor) fitMode() {
	d := rules.Describe(ed.enc.Ruleset)
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) || d.OneSpeed {
		return
	}
	ed.modeFit.key = ed.modeKey(ed.sel)
	t := &ed.enc.Tokens[ed.sel]
	m := ed.ovp.settings.Mode
	if !slices.Contains(d.Modes, m) {
		// not a mode of this ruleset: the switch to it, whose edit
		// fits again here, sets its default next. Fitted here, forced
		// movement was taken for a Speed the token lacked ("Hero has
		// no forced Speed: showing land")
		return
	}
	fit := &ed.modeFit
	if m != fit.asked {
		fit.asked = "" // the GM picked m since
	}
	if hm, why := session.HeightMode(ed.enc, ed.sel, m); hm != m {
		if fit.asked == "" {
			fit.before = m
		}
		fit.asked = hm
		ed.switchMode(hm, why)
		return
	}
	if fit.asked != "" {
		if hm, _ := session.HeightMode(ed.enc, ed.sel, fit.before); hm == fit.before {
			// the height no longer asks for m: the GM's mode is back
			fit.asked = ""
			if back := session.FitMode(ed.enc, ed.sel, fit.before); back != m {
				ed.switchMode(back, session.ModeBack(ed.enc, ed.sel, back))
				return
			}
		}
	}
	if _, ok := t.Speeds[m]; ok {
		return
	}
	for _, mm := range d.Modes {
		if _, ok := t.Speeds[mm]; ok {
			ed.switchMode(mm, fmt.Sprintf("%s has no %s Speed: showing %s", t.Name, m, mm))
			return
		}
	}
}

// switchMode shows the overlays in mode m, and says why.
func (ed *Editor) switchMode(m, why string) {
	ed.ovp.settings.Mode = m
	ed.buildOverlayPanel()
	ed.message(why)
	ed.modeFit.switched, ed.modeFit.said = ed.rev, why
}

// modeSwitchedNow reports whether fitMode switched the Mode in the edit
// just made (the edit's refit, or a fit after it), and says its words
// again: they follow the edit's own.
func (ed *Editor) modeSwitchedNow() bool {
	if ed.modeFit.switched != ed.rev || ed.modeFit.said == "" {
		return false
	}
	ed.message(ed.modeFit.said)
	return true
}
