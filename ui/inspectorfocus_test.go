package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestDamageLeavesTheKeysToTheMap: at the table the GM typed 10 in the
// amount, clicked Damage and pressed N for the next turn, and nothing
// happened. A click on a button leaves the keyboard where it was (the
// desktop driver unfocuses only for a click on nothing focusable), the
// button rebuilt the inspector, and the amount field, no longer in the
// window, kept the keyboard: every key went into it, unseen, until the GM
// clicked the map. The rebuilt inspector gives the keys back to the map.
func TestDamageLeavesTheKeysToTheMap(t *testing.T) {
	e := model.Sample()
	dae := e.TokenIndex("Dae")
	e.Tokens[dae].HP = &model.HP{Current: 20, Max: 20}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Dae", "Iseph"}, Turn: "Dae"}
	ed, _, _ := newTestEditor(t, e)
	c := ed.win.Canvas()
	amount, ok := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	if !ok {
		t.Fatal("no amount field")
	}
	c.Focus(amount)
	typeKey(c, fyne.Key1, '1')
	typeKey(c, fyne.Key0, '0')
	// as the desktop driver taps a button: the focus stays where it was
	buttonIn(t, ed, "Damage").Tapped(&fyne.PointEvent{})
	if h := ed.enc.Tokens[dae].HP; h.Current != 10 {
		t.Fatalf("Damage 10 left %+v", h)
	}
	if f := c.Focused(); f != nil {
		t.Errorf("after Damage the keyboard is still with %T, which the inspector no longer shows", f)
	}
	typeKey(c, fyne.KeyN, 'n')
	if got := ed.enc.Fight.Turn; got != "Iseph" {
		t.Errorf("N after Damage: the turn is %s's, want Iseph's", got)
	}
}

// TestSelectingAnotherTokenCommitsTheFieldTyped: the GM typed a name into
// the inspector and picked another creature without leaving the field
// (the fight order's row is a button, which leaves the keyboard alone).
// The field left the window with the keyboard and what was typed in it:
// the name went in only when the GM next clicked the map, and the keys
// typed before that were lost. Leaving the form leaves its field and
// keeps what was typed, as Tab or a click elsewhere does.
func TestSelectingAnotherTokenCommitsTheFieldTyped(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	dae := ed.enc.TokenIndex("Dae")
	ed.Select(dae)
	c := ed.win.Canvas()
	name := formWidget(t, ed, "Name").(*controls.PaneEntry)
	c.Focus(name)
	for _, r := range "x" {
		typeKey(c, fyne.KeyName(string(r)), r)
	}
	ed.Select(ed.enc.TokenIndex("Iseph"))
	if got := ed.enc.Tokens[dae].Name; got != "Daex" && got != "xDae" {
		t.Errorf("Dae's name after picking Iseph: %q, want the x typed in it", got)
	}
	if f := c.Focused(); f != nil {
		t.Errorf("the keyboard is still with %T, which the inspector no longer shows", f)
	}
}
