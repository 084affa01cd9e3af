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
	"encounterplanner/ui/session"
)

// hpItems are the token's hit points in the inspector (GM only): current
// and max (both blank: not tracked), quick Damage and Heal by an amount,
// and, at 0 HP, what that means (rules.ApplyHP gave unconscious and
// prone; sf2e: dying is the GM's call). reshow rebuilds the inspector
// after a quick button changed several fields.
func hpItems(e *model.Encounter, t *model.Token, edit tokenEdit, reshow func()) []*widget.FormItem {
	cur, most := widget.NewEntry(), widget.NewEntry()
	cur.SetPlaceHolder("—")
	most.SetPlaceHolder("max")
	if t.HP != nil {
		cur.SetText(strconv.Itoa(t.HP.Current))
		most.SetText(strconv.Itoa(t.HP.Max))
	}
	set := func(field string) {
		edit("hp."+field, func(t *model.Token) error {
			c, okC, err := parseOptInt(cur.Text, "current HP")
			if err != nil {
				return err
			}
			m, okM, err := parseOptInt(most.Text, "max HP")
			if err != nil {
				return err
			}
			switch {
			case !okC && !okM:
				t.HP = nil
				return nil
			case !okM:
				return fmt.Errorf("HP: type the max HP too")
			case !okC:
				c = m
			}
			t.HP = &model.HP{Current: c, Max: m}
			rules.ApplyHP(t)
			return nil
		})
	}
	cur.OnChanged = func(string) { set("current") }
	most.OnChanged = func(string) { set("max") }
	items := []*widget.FormItem{widget.NewFormItem("HP", container.NewGridWithColumns(2, cur, most))}
	if t.HP == nil {
		return items
	}
	amount := widget.NewEntry()
	amount.SetPlaceHolder("amount")
	quick := func(sign int) {
		n, err := strconv.Atoi(strings.TrimSpace(amount.Text))
		if err != nil || n < 0 {
			edit("hp.quick", func(*model.Token) error {
				return fmt.Errorf("HP: type the amount of damage or healing, a whole number")
			})
			return
		}
		quickTaps++ // each tap its own undo step
		edit(fmt.Sprintf("hp.quick%d", quickTaps), func(t *model.Token) error { session.ChangeHP(t, sign*n); return nil })
		reshow()
	}
	dmg := widget.NewButton("Damage", func() { quick(-1) })
	dmg.Importance = widget.DangerImportance
	heal := widget.NewButton("Heal", func() { quick(1) })
	// the amount over its two buttons: on one row they were wider than
	// the inspector, and Heal was cut off at its right edge
	items = append(items, widget.NewFormItem("", amount), widget.NewFormItem("", container.NewGridWithColumns(2, dmg, heal)))
	if w := hpWords(e.Ruleset, t); w != "" {
		l := widget.NewLabel(w)
		l.Wrapping = fyne.TextWrapWord
		l.Importance = widget.WarningImportance
		items = append(items, widget.NewFormItem("", l))
	}
	return items
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
