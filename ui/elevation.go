package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// RaiseSelected changes the selected token's elevation by dir squares'
// feet (PageUp +1, PageDown -1), one undo step a press, and says in the
// status bar where it now is and whether it would fall. PageDown stops at
// the ground for a token that neither burrows nor dives (session.Raised
// says why). With Shift held it moves where the token's flight ends
// instead (RaisePathEnd). Where the ruleset measures no height it says
// so (saidNoHeights). It reports whether a token is selected.
func (ed *Editor) RaiseSelected(dir int) bool {
	if shiftHeld() {
		return ed.RaisePathEnd(dir)
	}
	if ed.saidNoHeights() {
		return true
	}
	z, refused, ok := session.Raised(ed.enc, ed.sel, dir)
	if !ok {
		return false
	}
	if refused != "" {
		ed.message(refused)
		return true
	}
	i := ed.sel
	if err := ed.apply("", func(c *model.Encounter) error {
		c.Tokens[i].Elevation = z
		ed.followParty(c, i)
		return nil
	}); err != nil {
		return true
	}
	ed.showInspector()
	ed.sayElevation(i)
	ed.fitMode()         // a flyer just lifted off the ground is shown flying
	ed.modeSwitchedNow() // and the status bar says so
	return true
}

// saidNoHeights says, for a token selected where the ruleset measures no
// height (starship, points), that PageUp and PageDown lift nothing there,
// and reports whether it said so. QA pressed PageUp on a ship: nothing
// moved and nothing was said. A height kept from sf2e for a switch back
// stays as it is.
func (ed *Editor) saidNoHeights() bool {
	if rules.HasElevation(ed.enc.Ruleset) || ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
		return false
	}
	ed.message(noHeightsWords(ed.enc.Ruleset))
	return true
}

// noHeightsWords says that ruleset r measures no height (its
// descriptor's NoHeightNote), and where PageUp and PageDown do lift
// tokens.
func noHeightsWords(r model.Ruleset) string {
	return rules.Describe(r).NoHeightNote + " (PageUp and PageDown lift tokens in sf2e and pf1e)"
}

// sayElevation puts token i's height in the status bar, with its fall
// when it is in the air without a fly Speed or unable to act.
func (ed *Editor) sayElevation(i int) {
	if w := session.FallWarning(ed.enc, i); w != "" {
		ed.message(w)
		return
	}
	t := &ed.enc.Tokens[i]
	ed.message(fmt.Sprintf("%s is %s", t.Name, session.Height(t.Elevation)))
}

// withFall adds to msg, said of token i, the fall it would take when it
// is left in the air (session.FallWarning).
func (ed *Editor) withFall(msg string, i int) string {
	if w := session.FallWarning(ed.enc, i); w != "" {
		return msg + " · " + w
	}
	return msg
}

// fitModeAfter fits the overlays' mode to the selected token after the
// inspector's field edited it (fitMode), when the field was a Speed or
// its elevation: a fly Speed cleared in mid-air leaves the Mode at fly no
// longer, a height typed shows a flyer flying as PageUp does. It reports
// whether the mode changed (fitMode then said so).
func (ed *Editor) fitModeAfter(field string) bool {
	if field != "elevation" && !strings.HasPrefix(field, "speed.") {
		return false
	}
	ed.fitMode() // the edit's own refit (Editor.changed) may have switched it already
	return ed.modeFit.switched == ed.rev
}

// elevationItems is the inspector's Elevation field (feet, a multiple of
// one square's; negative below the ground) for rulesets with elevation,
// and under it, in its row, the Fall button (fall.go), shown while the
// token is above the ground and on when it must fall (rules.MustFall). The field refuses what PageDown refuses (act.below: below
// the ground without a burrow Speed or water under the whole space),
// naming itself and keeping what the GM typed.
func elevationItems(e *model.Encounter, i int, edit tokenEdit, act inspectorActions) []*widget.FormItem {
	if !rules.HasElevation(e.Ruleset) {
		return nil
	}
	t := &e.Tokens[i]
	en := controls.NewPaneEntry()
	en.SetPlaceHolder("0 (PageUp/PageDown)")
	if t.Elevation != 0 {
		en.SetText(strconv.Itoa(t.Elevation))
	}
	en.OnChanged = func(s string) {
		edit("elevation", func(t *model.Token) error {
			s = strings.TrimSpace(s)
			if s == "" {
				t.Elevation = 0
				return nil
			}
			v, err := strconv.Atoi(s)
			if err != nil {
				return fmt.Errorf("%s: %q is not a whole number of feet", elevationLabel, s)
			}
			if act.below != nil {
				if why := act.below(t, v); why != "" {
					return fmt.Errorf("%s: %s (type 0 or more)", elevationLabel, why)
				}
			}
			t.Elevation = v
			return nil
		})
	}
	var row fyne.CanvasObject = en
	if b := fallButton(e, i, act.fall); b != nil {
		// under the field, in its row: shown while the token is off the
		// ground (syncFallButton), which a height typed changes without
		// the form being made again
		row = container.NewVBox(en, b)
	}
	return []*widget.FormItem{widget.NewFormItem(elevationLabel, row)}
}

// elevationLabel is the inspector's label of the Elevation field.
const elevationLabel = "Elevation ft"

// belowRefusal says why token t (as the inspector edits it) may not go
// to elevation z, "" when it may: session.DepthRefusal on the map as it
// is now.
func (ed *Editor) belowRefusal(t *model.Token, z int) string {
	return session.DepthRefusal(ed.enc, t, z)
}
