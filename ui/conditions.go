package ui

import (
	"fmt"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// conditionItems are the condition picker in the inspector: a select of
// the ruleset's conditions (session.ConditionChoices, in the words of
// session.ConditionWords, as the fight pane shows them) with a value entry
// for the valued ones ("frightened 2") and Add, and a button per condition
// the token has that removes it. The free Conditions entry (noteItems)
// keeps any other label. Each add or removal is one undo step. With row
// (in a fight, where the form has the column's width) the picker, the
// value and Add share a row, the picker's placeholder naming it.
func conditionItems(e *model.Encounter, t *model.Token, edit tokenEdit, reshow func(), row bool) []*widget.FormItem {
	rs := e.Ruleset
	value := controls.NewPaneEntry()
	value.SetPlaceHolder("value")
	value.Disable()
	// the list in words ("Taken cover"); what is stored is the name
	// ("taken-cover"), as the file and the command line have it
	var words []string
	for _, c := range session.ConditionChoices(rs) {
		words = append(words, session.ConditionWords(c))
	}
	pick := controls.NewPaneSelect(words, func(s string) {
		if session.Valued(rs, session.ConditionLabel(s)) {
			value.Enable()
		} else {
			value.Disable()
		}
	})
	pick.PlaceHolder = "condition"
	change := func(f func(t *model.Token) error) {
		condEdits++        // each its own undo step
		probe := t.Clone() // a refused edit keeps the form and its message
		err := f(&probe)
		edit(fmt.Sprintf("conditions.pick%d", condEdits), f)
		if err == nil {
			reshow()
		}
	}
	add := controls.NewPaneButton("Add", func() {
		change(func(t *model.Token) error {
			cs, err := session.AddCondition(rs, t.Conditions, session.ConditionLabel(pick.Selected), value.Text)
			if err == nil {
				t.Conditions = cs
			}
			return err
		})
	})
	// Enter in the value adds the condition, as Add does: "frightened",
	// Tab, "2", Enter added nothing until a Tab to Add and Space
	value.OnSubmitted = func(string) { add.OnTapped() }
	items := []*widget.FormItem{
		widget.NewFormItem("Condition", pick),
		widget.NewFormItem("", container.NewBorder(nil, nil, nil, add, value)),
	}
	if row {
		// the picker asks less than its placeholder's width (a long
		// condition's name ends in an ellipsis): at its own, the row ran a
		// few pixels under the inspector's scroll bar
		items = []*widget.FormItem{widget.NewFormItem("", container.NewBorder(nil, nil, nil,
			container.NewHBox(controls.FixedWidth(value, conditionValueWidth), add), controls.FixedWidth(pick, conditionPickWidth)))}
	}
	for i, c := range t.Conditions {
		rm := controls.NewPaneButtonWithIcon(session.ConditionWords(c), theme.CancelIcon(), func() {
			change(func(t *model.Token) error { t.Conditions = session.RemoveCondition(t.Conditions, i); return nil })
		})
		rm.Importance = widget.LowImportance
		items = append(items, widget.NewFormItem("", rm))
	}
	return items
}

// conditionValueWidth is the width of the condition's value on the
// picker's row: a number or two.
const conditionValueWidth = 50

// conditionPickWidth is the least width of the condition picker on that
// row; it takes what the value and Add leave.
const conditionPickWidth = 80

// condEdits numbers the picker's edits so each is one undo step.
var condEdits int
