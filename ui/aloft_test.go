package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// navasiAloft is an 8x6 room of open floor with Navasi (land 25, fly 30)
// flying 15 ft up with 7 of 20 HP, and Dae walking beside her.
func navasiAloft(t *testing.T) *model.Encounter {
	e := openEncounter(t, 8, 6)
	e.Tokens = []model.Token{
		{Name: "Navasi", Side: "party", X: 3, Y: 2, Size: model.Medium, Elevation: 15, Speeds: map[string]int{"land": 25, "fly": 30}, HP: &model.HP{Current: 7, Max: 20}},
		{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
	}
	return e
}

const navasiFalls = "Navasi is unconscious 15 ft up: it would fall 15 ft for 7 bludgeoning damage and land prone"

// TestDamageToZeroWarnsThatTheFlyerFalls: the Damage button taking a
// flyer 15 ft up to 0 HP (unconscious and prone) says in the status bar
// that it would fall, and how hard; so does typing 0 in its current HP.
func TestDamageToZeroWarnsThatTheFlyerFalls(t *testing.T) {
	ed, _, _ := newTestEditor(t, navasiAloft(t))
	ed.Select(0)
	amount, _ := inspectorFind(ed, func(e *widget.Entry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("7")
	test.Tap(buttonIn(t, ed, "Damage"))
	if tk := ed.enc.Tokens[0]; tk.HP.Current != 0 || !tk.Has(model.CondUnconscious) {
		t.Fatalf("after 7 damage: HP %+v, conditions %q", tk.HP, tk.Conditions)
	}
	if got := ed.status.msgLabel.Text; got != navasiFalls {
		t.Errorf("status after Damage: %q\nwant %q", got, navasiFalls)
	}

	ed2, _, _ := newTestEditor(t, navasiAloft(t))
	ed2.Select(0)
	hp := formWidget(t, ed2, "HP").(*fyne.Container)
	hp.Objects[0].(*widget.Entry).SetText("0")
	if got := ed2.status.msgLabel.Text; got != navasiFalls {
		t.Errorf("status after typing 0 HP: %q\nwant %q", got, navasiFalls)
	}
	// selecting it again says it too
	ed2.Select(-1)
	ed2.Select(0)
	if got := ed2.status.msgLabel.Text; !strings.Contains(got, "would fall 15 ft") {
		t.Errorf("status on selecting the fallen flyer: %q", got)
	}
}
