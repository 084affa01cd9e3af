package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// TestCurrentHPFollowsAFirstMax: max HP 30 typed for a creature with no
// HP gave it 30 / 30, and the form read "— / 30", the current HP field
// empty. Max typed while current is empty fills current, keystroke by
// keystroke, in the same undo step; a current the GM typed stays when
// max changes, and so does one the token had. In a fight (the HP at the
// inspector's top) it is the same.
func TestCurrentHPFollowsAFirstMax(t *testing.T) {
	for _, fight := range []bool{false, true} {
		e := openEncounter(t, 8, 6)
		e.Tokens = []model.Token{
			{ID: model.NewID(), Name: "Rat", Side: "enemy", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
			{ID: model.NewID(), Name: "Dae", Side: "party", X: 4, Y: 4, Size: model.Medium, Speeds: map[string]int{"land": 25}, HP: &model.HP{Current: 12, Max: 20}},
		}
		if fight {
			e.Fight = &model.Fight{Round: 1, Order: []string{"Rat", "Dae"}, Turn: "Rat"}
		}
		ed, _, _ := newTestEditor(t, e)
		fields := func(i int) *fyne.Container {
			t.Helper()
			ed.Select(i)
			return formWidget(t, ed, "HP").(*fyne.Container)
		}
		hp := fields(0)
		cur, most := entryOf(t, hp.Objects[0]), entryOf(t, hp.Objects[1])
		test.Type(most, "30")
		if h := ed.enc.Tokens[0].HP; h == nil || *h != (model.HP{Current: 30, Max: 30}) || cur.Text != "30" {
			t.Fatalf("fight %v: max 30 typed: HP %+v, the form reads %q / %q", fight, h, cur.Text, most.Text)
		}
		most.SetText("25") // corrected before current was typed
		if h := ed.enc.Tokens[0].HP; *h != (model.HP{Current: 25, Max: 25}) || cur.Text != "25" {
			t.Errorf("fight %v: max corrected to 25: HP %+v, the form reads %q / %q", fight, h, cur.Text, most.Text)
		}
		cur.SetText("7")
		most.SetText("28")
		if h := ed.enc.Tokens[0].HP; *h != (model.HP{Current: 7, Max: 28}) || cur.Text != "7" {
			t.Errorf("fight %v: current 7 typed, then max 28: HP %+v, the form reads %q / %q", fight, h, cur.Text, most.Text)
		}
		ed.Undo() // max 28, current 7, then the first max and its corrections: three steps
		ed.Undo()
		ed.Undo()
		if h := ed.enc.Tokens[0].HP; h != nil {
			t.Errorf("fight %v: three undos leave HP %+v, want none", fight, h)
		}

		hp = fields(1)
		cur, most = entryOf(t, hp.Objects[0]), entryOf(t, hp.Objects[1])
		most.SetText("24")
		if h := ed.enc.Tokens[1].HP; *h != (model.HP{Current: 12, Max: 24}) || cur.Text != "12" {
			t.Errorf("fight %v: Dae's max 24: HP %+v, the form reads %q / %q", fight, h, cur.Text, most.Text)
		}
	}
}
