package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestUndoNamesTheActionNotASideEffect: Undo and Redo said what the two
// states differ by first, one side effect of the GM's action: a fall in
// a fight (height, HP and prone in one step) was undone as "Wing's HP
// changed", Start fight over a fight as "Pip's initiative changed", a
// Delay as "turn passed". They name the action.
func TestUndoNamesTheActionNotASideEffect(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Wing", Side: "enemy", X: 1, Y: 1, Size: model.Medium, Elevation: 30,
			Speeds: map[string]int{"land": 30}, HP: &model.HP{Current: 20, Max: 20}},
		{ID: model.NewID(), Name: "Pip", Side: "party", X: 4, Y: 4, Size: model.Medium,
			Speeds: map[string]int{"land": 30}, HP: &model.HP{Current: 20, Max: 20}},
	}
	ed, _, _ := newTestEditor(t, e)
	undoSays := func(what string) {
		t.Helper()
		ed.Undo()
		if got, want := ed.status.msgLabel.Text, "Undone: "+what; got != want {
			t.Errorf("status %q, want %q", got, want)
		}
		ed.Redo()
		if got, want := ed.status.msgLabel.Text, "Redone: "+what; got != want {
			t.Errorf("status %q, want %q", got, want)
		}
	}
	init := 20
	if err := ed.StartFight(func() int { init--; return init }); err != nil {
		t.Fatal(err)
	}
	undoSays("fight started")
	if err := ed.StartFight(func() int { init--; return init }); err != nil { // over the fight in progress
		t.Fatal(err)
	}
	undoSays("fight started")

	who := ed.enc.Fight.Turn
	ed.DelayTurn()
	if ed.enc.Fight.Turn == who {
		t.Fatalf("%s did not delay: %s", who, ed.status.msgLabel.Text)
	}
	undoSays(who + " delayed")

	wing, _ := tokenAt(t, ed, "Wing")
	ed.Select(wing)
	ed.FallSelected()
	if tk := ed.enc.Tokens[wing]; tk.Elevation != 0 || tk.HP.Current == 20 {
		t.Fatalf("Wing did not fall: %d ft, HP %+v (%s)", tk.Elevation, tk.HP, ed.status.msgLabel.Text)
	}
	undoSays("Wing fell 30 ft")

	// a step without a name still says what changed
	ed.NextTurn()
	undoSays("turn passed")
}
