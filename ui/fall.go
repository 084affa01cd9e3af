package ui

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// Falling in the app: a token left in the air (rules.MustFall: no fly
// Speed, or one it cannot use) is warned of its fall, shows no reach, may
// not be dragged on its turn without Shift (session.PlanMove says it must
// fall first), and falls when the GM says so: Encounter > Selected token
// falls, or the Fall button beside the inspector's Elevation field. The
// fall is session.FallPlan's: down to the ground (or the water's
// surface), the damage off its HP in a fight (pf1e: the total the GM
// rolled, asked in a small dialog, empty to let the app roll), prone when
// the fall says so; one undo step, and the status bar says what happened.

// fallItemLabel is the Encounter menu's item that makes the selected
// token fall (session.FallCommand names it to the GM).
const fallItemLabel = "Selected token falls"

// canFall reports whether the selected token must fall (rules.MustFall):
// the menu item and the inspector's button are on only then.
func (ed *Editor) canFall() bool {
	return ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) && rules.MustFall(ed.enc, ed.sel)
}

// fallItem is the Encounter menu's "Selected token falls", greyed unless
// the selected token must fall, and "Selected token falls…" when it asks
// the damage rolled first, "… (sf2e and pf1e only)" where nothing falls
// (fallLabel).
func (ed *Editor) fallItem(item func(string, func(), fyne.Shortcut) *fyne.MenuItem) *fyne.MenuItem {
	it := item(ed.fallLabel(), ed.FallSelected, nil)
	it.Disabled = !ed.canFall()
	return it
}

// fallLabel is the fall item's label: with "…" when the fall asks the
// total the GM rolled before it happens (pf1e, in a fight, the token's
// HP tracked), as every item that asks for more before acting has; where
// nothing falls (starship, points), saying so, as "Add area… (sf2e only)"
// does: a Fyne menu item has no tooltip, and the item was greyed there
// with nothing to say why.
func (ed *Editor) fallLabel() string {
	if !rules.HasElevation(ed.enc.Ruleset) {
		return fallItemLabel + " (sf2e and pf1e only)"
	}
	if ed.canFall() {
		if p, err := session.PlanFall(ed.enc, ed.sel); err == nil && p.Roll != "" {
			return fallItemLabel + "…"
		}
	}
	return fallItemLabel
}

// syncFallItem greys or ungreys the menu's "Selected token falls" when the
// selection, or what it is, changed (the menu is set again only then),
// and the inspector's Fall button with it; its label says whether it asks.
func (ed *Editor) syncFallItem() {
	ed.syncFallButton()
	m := ed.win.MainMenu()
	if m == nil {
		return
	}
	want, label := !ed.canFall(), ed.fallLabel()
	for _, menu := range m.Items {
		for _, it := range menu.Items {
			if !strings.HasPrefix(it.Label, fallItemLabel) {
				continue
			}
			if it.Disabled != want || it.Label != label {
				it.Disabled, it.Label = want, label
				ed.win.SetMainMenu(m)
			}
			return
		}
	}
}

// FallSelected makes the selected token fall (session.PlanFall), asking
// the GM for the damage rolled first where the ruleset rolls it (pf1e, in
// a fight, the token's HP tracked). A token that need not fall is left
// where it is, and the status bar says why.
func (ed *Editor) FallSelected() {
	p, err := session.PlanFall(ed.enc, ed.sel)
	if err != nil {
		ed.message(err.Error())
		return
	}
	if p.Roll != "" {
		ed.askFallDamage(p)
		return
	}
	ed.applyFall(p, 0)
}

// applyFall makes fall p with the damage rolled (pf1e), as one undo step.
func (ed *Editor) applyFall(p session.FallPlan, rolled int) {
	var said string
	name := ed.enc.Tokens[p.Token].Name
	if err := ed.apply("", func(c *model.Encounter) error {
		said = p.Apply(c, rolled)
		ed.followParty(c, p.Token) // what it sees from the ground
		return nil
	}); err != nil {
		return // apply said why
	}
	// Undo names the fall, not the height, HP or prone it changed
	verb := "fell"
	if strings.HasPrefix(said, name+" dropped") {
		verb = "dropped" // as the status bar said: no damage
	}
	ed.hist.Name(fmt.Sprintf("%s %s %d ft", name, verb, p.Fall.Feet))
	ed.showInspector()
	ed.fitMode()
	ed.syncFallItem()
	ed.message(said)
	// The overlays' next answer repeats why it cannot move now that it is
	// down ("Navasi is unconscious: it cannot move"): as a new refusal it
	// replaced the fall's words at once, and the GM never read the damage.
	// Taken as the refusal already said, it waits for them to go.
	if why := session.CannotMove(ed.enc, p.Token); why != "" && p.Token == ed.sel {
		ed.live.said = why
	}
}

// askFallDamage asks the total the GM rolled for fall p's dice ("Total
// rolled (3d6)"; empty: the app rolls them), as the Start fight dialog
// asks initiative. A total the dice cannot make brings the form back as
// typed, under an error that names the field.
func (ed *Editor) askFallDamage(p session.FallPlan) {
	least, most, ok := session.DiceRange(p.Roll)
	if !ok {
		ed.applyFall(p, 0)
		return
	}
	t := ed.enc.Tokens[p.Token]
	en := ed.esc.Entry()
	en.SetPlaceHolder("empty: roll " + p.Roll)
	label := fmt.Sprintf("Total rolled (%s)", p.Roll)
	note := widget.NewLabel(fmt.Sprintf("%s falls %d ft: %s falling damage, then prone.", t.Name, p.Fall.Feet, p.Roll))
	note.Wrapping = fyne.TextWrapWord
	var d *dialog.FormDialog
	d = dialog.NewForm(t.Name+" falls", "Fall", "Cancel", []*widget.FormItem{
		widget.NewFormItem("", note),
		widget.NewFormItem(label, en),
	}, func(ok bool) {
		if !ok {
			return
		}
		s := strings.TrimSpace(en.Text)
		if s == "" {
			ed.applyFall(p, rollDice(least, most))
			return
		}
		n, err := strconv.Atoi(s)
		switch {
		case err != nil:
			err = fmt.Errorf("%s: %q is not a whole number (type the total, like %d, or leave it empty to roll)", label, s, (least+most)/2)
		case n < least || n > most:
			err = fmt.Errorf("%s must be %d to %d, not %d", label, least, most, n)
		}
		if err != nil {
			ed.esc.Refuse(d, d.Submit, en, t.Name+" did not fall", err)
			return
		}
		ed.applyFall(p, n)
	}, ed.win)
	d.Resize(fyne.NewSize(380, 0))
	ed.esc.ShowNameDialog(d, en)
}

// rollDice is a roll of dice that total least to most, each a d6 (pf1e's
// falling damage: least is the number of dice).
func rollDice(least, most int) int {
	sides := most / least
	n := 0
	for range least {
		n += rand.IntN(sides) + 1
	}
	return n
}

// fallButtonText is the inspector's Fall button's label.
const fallButtonText = "Fall"

// fallButton is the inspector's Fall button under the Elevation field of
// token i (nil without a fall action), hidden while the token is not
// above the ground and greyed unless it must fall (rules.MustFall): a
// flyer that can act stays up. It is made for a token on the ground too,
// hidden: a height typed in the field shows it (syncFallButton), where
// the form, not made again while the GM types, had none.
func fallButton(e *model.Encounter, i int, fall func()) *controls.PaneButton {
	if fall == nil {
		return nil
	}
	b := controls.NewPaneButton(fallButtonText, fall)
	b.Importance = widget.WarningImportance
	if !rules.MustFall(e, i) {
		b.Disable()
	}
	if e.Tokens[i].Elevation <= 0 {
		b.Hide()
	}
	return b
}

// syncFallButton shows the inspector's Fall button while the selected
// token is above the ground, and greys or ungreys it as the token must
// fall or not: the form is not rebuilt while the GM types in it (a height
// typed, a fly Speed cleared mid-air makes it fall).
func (ed *Editor) syncFallButton() {
	aloft := ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) && ed.enc.Tokens[ed.sel].Elevation > 0
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *controls.PaneButton:
			if w.Text != fallButtonText {
				return
			}
			if ed.canFall() {
				w.Enable()
			} else {
				w.Disable()
			}
			if w.Visible() != aloft {
				if aloft {
					w.Show()
				} else {
					w.Hide()
				}
				ed.insp.box.Refresh() // the row grows or shrinks
			}
		case *widget.Form:
			for _, it := range w.Items {
				walk(it.Widget)
			}
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		}
	}
	if ed.insp.box != nil {
		walk(ed.insp.box)
	}
}
