package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// coverBackOn switches cover and flanking back on when the ruleset goes
// from one without them (starship, points: the panel turned them off) to
// one where they mean something.
func (ed *Editor) coverBackOn(old, r model.Ruleset) {
	if o, n := rules.Describe(old), rules.Describe(r); !(o.Cover && o.Flanking) && n.Cover && n.Flanking {
		ed.ovp.settings.Cover, ed.ovp.settings.Flank = true, true
	}
}

// SwitchRuleset asks (listing the tokens that do not fit) and switches.
func (ed *Editor) SwitchRuleset(r model.Ruleset) {
	if r == ed.enc.Ruleset {
		return
	}
	probs := session.RulesetProblems(ed.enc, r)
	old := ed.enc.Ruleset
	do := func() {
		err := ed.apply("", func(c *model.Encounter) error {
			rules.Convert(c, r)
			return nil
		})
		if err != nil {
			controls.ShowError(ed.win, "Ruleset not changed", fmt.Errorf("cannot switch to %s: %w", r, err))
			return
		}
		ed.ovp.settings.Mode = rules.Describe(r).DefaultMode
		ed.coverBackOn(old, r)
		ed.win.SetMainMenu(ed.menu())
		ed.buildOverlayPanel()
		ed.showInspector()
		note := ""
		if rules.Describe(old).Points != rules.Describe(r).Points {
			note = "; land speeds converted at one movement point a square"
		}
		ed.message(fmt.Sprintf("ruleset is now %s (%d ft a square%s)", rules.Describe(r).Title, ed.enc.Feet(), note))
	}
	if len(probs) == 0 {
		do()
		return
	}
	title := rules.Describe(r).Title
	msg := fmt.Sprintf("These tokens do not fit %s as they are:\n\n• %s\n\nSizes outside %s become the nearest allowed size and tokens are moved back onto the map; land speeds convert between feet and movement points (one point a square); other speeds stay as they are. Switch anyway? (Ctrl+Z undoes it.)",
		title, strings.Join(probs, "\n• "), r)
	lbl := widget.NewLabel(msg)
	lbl.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Switch to "+title+"?", "Switch", "Cancel", lbl, func(ok bool) {
		if ok {
			do()
		}
	}, ed.win)
	d.Resize(fyne.NewSize(480, 320))
	d.Show()
	ed.esc.Confirms(d, d.Confirm) // Escape cancels, Enter switches (Ctrl+Z undoes it)
}
