package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// hpItems are the token's hit points in the inspector (GM only): current
// and max (both blank: not tracked) with a slash between them, quick
// Damage and Heal by an amount (Enter deals it, "+N" and Enter heals N),
// and, at 0 HP, what that means
// (rules.ApplyHP gave unconscious and prone, and takes unconscious away
// when the token is healed above 0; sf2e: dying is the GM's call). reshow
// rebuilds the inspector after a quick button changed several fields.
// With row (in a fight, where the HP's form has the column's width) the
// amount, Damage and Heal share a row; otherwise the amount is over the
// two buttons.
func hpItems(e *model.Encounter, t *model.Token, edit tokenEdit, reshow func(), row bool) []*widget.FormItem {
	cur, most := controls.NewPaneEntry(), controls.NewPaneEntry()
	cur.SetPlaceHolder("—")
	most.SetPlaceHolder("max")
	if t.HP != nil {
		cur.SetText(strconv.Itoa(t.HP.Current))
		most.SetText(strconv.Itoa(t.HP.Max))
	}
	amount := controls.NewPaneEntry()
	amount.SetPlaceHolder(amountHint)
	tap := func(sign int) {
		s := strings.TrimSpace(amount.Text)
		if sign < 0 { // "-6" is 6 damage
			s = strings.TrimPrefix(s, "-")
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			edit("hp.quick", func(*model.Token) error {
				return fmt.Errorf("HP: type the amount of damage or healing, a whole number")
			})
			return
		}
		quickTaps++ // each tap its own undo step
		edit(fmt.Sprintf("hp.quick%d", quickTaps), func(t *model.Token) error { session.ChangeHP(e.Ruleset, t, sign*n); return nil })
		reshow()
	}
	var quick func(sign int) // tap, after a lower max held (set below)
	dmg := controls.NewPaneButton("Damage", func() { quick(-1) })
	dmg.Importance = widget.DangerImportance
	heal := controls.NewPaneButton("Heal", func() { quick(1) })
	words := widget.NewLabel("")
	words.Wrapping = fyne.TextWrapWord
	words.Importance = widget.WarningImportance
	// the amount over its two buttons in the inspector's form: on one row
	// they were wider than its fields, and Heal was cut off at its right
	// edge
	extra := container.NewVBox(amount, container.NewGridWithColumns(2, dmg, heal), words)
	if row {
		extra = container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(dmg, heal), amount), words)
	}
	// "23 / 30": the two fields side by side read "23 | 30", and the GM
	// could not tell the current HP from the max
	slash := controls.NewCaption("/", theme.SizeNameText)
	box := container.New(hpLayout{}, cur, most, extra, slash)
	// show puts the quick controls and the 0 HP words as t's HP has them:
	// built only for a token that had HP, they were missing after the GM
	// first typed its HP, until the token was selected again
	show := func(t *model.Token) {
		if w := hpWords(e.Ruleset, t); w != words.Text || (w != "") != words.Visible() {
			words.SetText(w)
			words.Hidden = w == ""
		}
		if (t.HP != nil) != extra.Visible() {
			if t.HP != nil {
				extra.Show()
			} else {
				extra.Hide()
			}
		}
		box.Refresh()
	}
	show(t)
	// follows: the current HP field holds what max HP put there. Max
	// typed while current is empty (a creature given its HP for the
	// first time) fills current with it, so the form reads "30 / 30",
	// not "— / 30" over a token that had 30 / 30; until the GM types in
	// current, current goes on following max ("3", then "30"). A current
	// typed stays when max changes.
	follows, filling := false, false
	// lowering: max typed below the current HP (45 / 45, max "20").
	// Applied as typed, max passes through every prefix on its way ("2"
	// on the way to "20") and would take current down with it; so the
	// token keeps its HP, the line under the inspector says what is to
	// come (heldEdit), and current comes down to the new max when the GM
	// is done with the field (Enter, Tab or a click away, another token
	// selected, Damage or Heal): one edit, in the undo step of the max
	// typed. Escape puts the token's HP back in the fields.
	lowering := false
	set := func(field string, done bool) {
		if field == "max" && strings.TrimSpace(cur.Text) == "" {
			follows = true
		}
		var kept model.Token
		clamped := false
		err := edit("hp."+field, func(t *model.Token) error {
			c, okC, err := parseOptInt(cur.Text, "current HP")
			if err != nil {
				return err
			}
			m, okM, err := parseOptInt(most.Text, "max HP")
			if err != nil {
				return err
			}
			if follows && field == "max" {
				okC = false // current is max's, as when empty
			}
			switch {
			case !okC && !okM:
				t.HP = nil
				kept = t.Clone()
				return nil
			case !okM:
				return fmt.Errorf("HP: type the max HP too")
			case !okC:
				c = m
			}
			// in the form's words: model.Validate names "hp.current"
			if m < 1 {
				return fmt.Errorf("max HP must be at least 1, not %d", m)
			}
			switch {
			case c > m && field == "max" && done:
				c, clamped = m, true
			case c > m && field == "max":
				msg := fmt.Sprintf("current HP %d comes down to %d when you press Enter or leave the field", c, m)
				if h := t.HP; h != nil {
					msg += fmt.Sprintf("; Escape keeps %d / %d", h.Current, h.Max)
				}
				return heldEdit(msg)
			case c > m:
				return fmt.Errorf("current HP must be from 0 to the max HP (%d), not %d", m, c)
			}
			was := t.HP
			t.HP = &model.HP{Current: c, Max: m}
			rules.ApplyHP(e.Ruleset, t, was) // 0 HP knocks out, more than 0 from 0 wakes
			kept = t.Clone()
			return nil
		})
		lowering = field == "max" && isHeld(err)
		if err == nil {
			show(&kept)
		}
		if (follows || clamped) && field == "max" && err == nil {
			text := ""
			if kept.HP != nil {
				text = strconv.Itoa(kept.HP.Current)
			}
			filling = true // not the GM's typing: no edit of its own
			cur.SetText(text)
			filling = false
		}
	}
	// finish applies a lower max held while it was typed
	finish := func() {
		if lowering {
			set("max", true)
		}
	}
	cur.OnChanged = func(string) {
		if filling {
			return
		}
		follows = false
		set("current", false)
	}
	most.OnChanged = func(string) { set("max", false) }
	most.OnCommit = func(string) { finish() }
	quick = func(sign int) {
		finish() // Damage after max 20 typed over 45 / 45 counts from 20
		tap(sign)
	}
	// Enter in the amount field deals it, as Damage does; "+8" heals 8:
	// the GM typed "6" and Enter at the table, and nothing happened until
	// a Tab to Damage and Space (the keys then go back to the map, N)
	amount.OnSubmitted = func(s string) {
		if strings.HasPrefix(strings.TrimSpace(s), "+") {
			quick(1)
		} else {
			quick(-1)
		}
	}
	return []*widget.FormItem{widget.NewFormItem("HP", box)}
}

// amountHint is the placeholder of the Damage and Heal amount field, by
// which FocusHP finds it.
const amountHint = "amount"

// FocusHP (key H) puts the cursor in the selected token's Damage and
// Heal amount, or in its current HP when its HP is not tracked yet: the
// field was 40 Tabs from the map in a fight of six, and a GM with the
// hands on the keys typed the blow nowhere. In a fight the inspector goes
// back to its top, where the field is. Then "6", Enter deals it and the
// keys go back to the map.
func (ed *Editor) FocusHP() {
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
		ed.message("select a creature first: its HP takes the damage (in a fight, N selects whose turn it is)")
		return
	}
	var amount, current *controls.PaneEntry
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *controls.PaneEntry:
			if w.PlaceHolder == amountHint && amount == nil {
				amount = w
			} else if w.PlaceHolder == "—" && current == nil {
				current = w
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
	walk(ed.insp.box)
	f := current
	if ed.enc.Tokens[ed.sel].HP != nil && amount != nil {
		f = amount
	}
	if f == nil || f.Disabled() {
		return
	}
	ed.scrollToSelection()
	ed.win.Canvas().Focus(f)
}

// hpLayout puts current and max HP side by side with the slash (its
// fourth object) between them and, under them when shown, the quick Damage
// and Heal controls and the 0 HP words.
type hpLayout struct{}

// slashWidth is the room of the slash between current and max HP.
func slashWidth(slash fyne.CanvasObject) float32 { return slash.MinSize().Width + 2*theme.Padding() }

func (hpLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	cur, most, extra := objs[0].MinSize(), objs[1].MinSize(), objs[2]
	s := fyne.NewSize(2*max(cur.Width, most.Width)+slashWidth(objs[3]), max(cur.Height, most.Height))
	if extra.Visible() {
		m := extra.MinSize()
		s = fyne.NewSize(max(s.Width, m.Width), s.Height+theme.Padding()+m.Height)
	}
	return s
}

func (hpLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	cur, most, extra, slash := objs[0], objs[1], objs[2], objs[3]
	row := max(cur.MinSize().Height, most.MinSize().Height)
	sw := slashWidth(slash)
	half := (size.Width - sw) / 2
	cur.Move(fyne.NewPos(0, 0))
	cur.Resize(fyne.NewSize(half, row))
	s := slash.MinSize()
	slash.Move(fyne.NewPos(half+(sw-s.Width)/2, (row-s.Height)/2))
	slash.Resize(s)
	most.Move(fyne.NewPos(half+sw, 0))
	most.Resize(fyne.NewSize(half, row))
	extra.Move(fyne.NewPos(0, row+theme.Padding()))
	extra.Resize(fyne.NewSize(size.Width, extra.MinSize().Height))
}

// quickTaps numbers the Damage and Heal taps: each is one undo step, even
// when they follow each other within the History's merge time.
var quickTaps int

// hpWords says what 0 HP means for the token, "" above 0.
func hpWords(r model.Ruleset, t *model.Token) string {
	if t.HP == nil || t.HP.Current > 0 {
		return ""
	}
	if t.Has(model.CondDead) {
		return "dead"
	}
	if note := rules.Describe(r).DyingNote; note != "" {
		return "unconscious (0 HP): " + note
	}
	return "unconscious (0 HP)"
}
