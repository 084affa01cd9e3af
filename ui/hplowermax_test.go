package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestLoweringMaxHPBringsCurrentDownWhenDone: max HP typed below the
// current HP was refused ("current HP must be from 0 to the max HP"),
// where a GM expects current to come down to the new max, as Foundry
// does. Applied as typed, 20 over 45 passes through "2", so the field
// holds the lower max and the line under the inspector says what will
// happen, in no refusal's red; current comes down when the edit is done
// (Enter, the focus leaving the field, another token selected), in one
// undo step with the max, and what was typed is never lost. Escape puts
// the token's HP back in the fields. In a fight (the HP at the
// inspector's top) it is the same.
func TestLoweringMaxHPBringsCurrentDownWhenDone(t *testing.T) {
	commits := []struct {
		name string
		do   func(ed *Editor, most *controls.PaneEntry)
	}{
		{"Enter", func(_ *Editor, most *controls.PaneEntry) { most.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }},
		{"Tab", func(ed *Editor, _ *controls.PaneEntry) { ed.win.Canvas().FocusNext() }},
		{"another token selected", func(ed *Editor, _ *controls.PaneEntry) { ed.Select(0) }},
		{"nothing selected", func(ed *Editor, _ *controls.PaneEntry) { ed.Select(-1) }},
	}
	for _, fight := range []bool{false, true} {
		for _, c := range commits {
			e := openEncounter(t, 8, 6)
			e.Tokens = []model.Token{
				{ID: model.NewID(), Name: "Rat", Side: "enemy", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
				{ID: model.NewID(), Name: "Dae", Side: "party", X: 4, Y: 4, Size: model.Medium, Speeds: map[string]int{"land": 25}, HP: &model.HP{Current: 45, Max: 45}},
			}
			if fight {
				e.Fight = &model.Fight{Round: 1, Order: []string{"Rat", "Dae"}, Turn: "Rat"}
			}
			ed, _, _ := newTestEditor(t, e)
			ed.Select(1)
			hp := formWidget(t, ed, "HP").(*fyne.Container)
			cur, most := entryOf(t, hp.Objects[0]), hp.Objects[1].(*controls.PaneEntry)
			ed.win.Canvas().Focus(most)
			for _, typed := range []string{"2", "20"} {
				most.SetText(typed)
				if h := ed.enc.Tokens[1].HP; *h != (model.HP{Current: 45, Max: 45}) {
					t.Fatalf("fight %v, %s: max %q typed over 45 / 45 gave %+v before the edit was done", fight, c.name, typed, h)
				}
				l := ed.insp.errLabel
				if l == nil || !l.Visible() || l.Importance == widget.DangerImportance || !strings.Contains(l.Text, "comes down to "+typed) {
					t.Fatalf("fight %v, %s: max %q typed over 45 / 45: the line under the inspector %v", fight, c.name, typed, lineOf(l))
				}
			}
			c.do(ed, most)
			if h := ed.enc.Tokens[1].HP; *h != (model.HP{Current: 20, Max: 20}) {
				t.Errorf("fight %v, %s: max 20 over 45 / 45, done: HP %+v, want 20 / 20", fight, c.name, h)
			}
			if l := ed.insp.errLabel; l.Visible() {
				t.Errorf("fight %v, %s: the line stays after the edit was done: %q", fight, c.name, l.Text)
			}
			if ed.sel == 1 && (cur.Text != "20" || most.Text != "20") {
				t.Errorf("fight %v, %s: the form reads %q / %q, want 20 / 20", fight, c.name, cur.Text, most.Text)
			}
			ed.Undo()
			if h := ed.enc.Tokens[1].HP; *h != (model.HP{Current: 45, Max: 45}) {
				t.Errorf("fight %v, %s: one undo gives %+v, want 45 / 45", fight, c.name, h)
			}
		}
	}

	// Escape: the token keeps 45 / 45, and so do the fields
	ed, _, _ := newTestEditor(t, model.Sample())
	i := ed.enc.TokenIndex("Iseph")
	ed.apply("", func(c *model.Encounter) error { c.Tokens[i].HP = &model.HP{Current: 45, Max: 45}; return nil })
	ed.Select(i)
	most := formWidget(t, ed, "HP").(*fyne.Container).Objects[1].(*controls.PaneEntry)
	ed.win.Canvas().Focus(most)
	most.SetText("20")
	most.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	hp := formWidget(t, ed, "HP").(*fyne.Container)
	if h := ed.enc.Tokens[i].HP; *h != (model.HP{Current: 45, Max: 45}) {
		t.Errorf("Escape after max 20: HP %+v, want 45 / 45", h)
	}
	if c, m := entryOf(t, hp.Objects[0]).Text, entryOf(t, hp.Objects[1]).Text; c != "45" || m != "45" {
		t.Errorf("Escape after max 20: the form reads %q / %q, want 45 / 45", c, m)
	}
}

// TestDamageAfterALowerMaxCountsFromIt: Damage tapped while max HP 20
// waits over 45 / 45 lowers the max first, then takes the damage from
// 20: 15 / 20 for 5, not 20 / 20 (the damage taken from 45, then the
// max).
func TestDamageAfterALowerMaxCountsFromIt(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i := ed.enc.TokenIndex("Iseph")
	ed.apply("", func(c *model.Encounter) error { c.Tokens[i].HP = &model.HP{Current: 45, Max: 45}; return nil })
	ed.Select(i)
	most := formWidget(t, ed, "HP").(*fyne.Container).Objects[1].(*controls.PaneEntry)
	ed.win.Canvas().Focus(most)
	most.SetText("20")
	amount, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("5")
	test.Tap(buttonIn(t, ed, "Damage"))
	if h := ed.enc.Tokens[i].HP; *h != (model.HP{Current: 15, Max: 20}) {
		t.Errorf("max 20 over 45 / 45, then 5 damage: HP %+v, want 15 / 20", h)
	}
}

// lineOf describes the inspector's line under its scroll for a failure.
func lineOf(l *widget.Label) string {
	if l == nil || !l.Visible() {
		return "is hidden"
	}
	return "reads " + `"` + l.Text + `"` + map[bool]string{true: " in red", false: ""}[l.Importance == widget.DangerImportance]
}
