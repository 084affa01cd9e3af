package ui

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// denOnGoblinsTurn is docs/examples/smugglers-den.encounter.json (24x16)
// with the Goblin Warrior unhurt and able, at (11, 10), in a fight on its
// turn with turn state ts: the tester's table.
func denOnGoblinsTurn(t *testing.T, ts model.TurnState) *model.Encounter {
	t.Helper()
	b, err := os.ReadFile("../docs/examples/smugglers-den.encounter.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := model.ReadEncounter(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	gw := &e.Tokens[e.TokenIndex("Goblin Warrior")]
	gw.HP, gw.Conditions = &model.HP{Current: 6, Max: 6}, nil
	if gw.X != 11 || gw.Y != 10 {
		t.Fatalf("the Goblin Warrior is at (%d, %d), not (11, 10)", gw.X, gw.Y)
	}
	e.Fight.Turn, e.Fight.Round, e.Fight.State = "Goblin Warrior", 1, nil
	if ts != (model.TurnState{}) {
		e.Fight.State = map[string]model.TurnState{"Goblin Warrior": ts}
	}
	return e
}

// fightHeading is the fight panel's first line: the round and what the
// current creature has left.
func fightHeading(t *testing.T, ed *Editor) string {
	t.Helper()
	l, ok := ed.fight.bar.Objects[0].(*widget.Label)
	if !ok {
		t.Fatalf("the fight bar starts with %T", ed.fight.bar.Objects[0])
	}
	return l.Text
}

// TestDragBeyondTheTurnIsRefused: on the Goblin Warrior's turn (3 of 3
// actions), a drag from (11, 10) to (0, 0), beyond 75 ft, moved it and
// spent nothing. It is refused now, saying why and what to do; with
// Shift it is placed and spends nothing, as the status bar says.
func TestDragBeyondTheTurnIsRefused(t *testing.T) {
	ed, _, p := newTestEditor(t, denOnGoblinsTurn(t, model.TurnState{}))
	settle(t, ed, p)
	gw, tok := tokenAt(t, ed, "Goblin Warrior")
	if ed.Selected() != gw || ed.ovp.settings.Mode != "land" {
		t.Fatalf("selected %d in mode %q, want the Goblin Warrior (%d), land", ed.Selected(), ed.ovp.settings.Mode, gw)
	}
	gesture(ed, 0, [2]int{11, 10}, [2]int{5, 5}, [2]int{0, 0})
	want := "Goblin Warrior not moved: (0, 0) is beyond its movement this turn (3 of 3 actions left) (hold Shift to place anyway)"
	if tok = &ed.enc.Tokens[gw]; tok.X != 11 || tok.Y != 10 {
		t.Errorf("the Goblin Warrior went to (%d, %d) without Shift", tok.X, tok.Y)
	}
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if h := fightHeading(t, ed); !strings.HasSuffix(h, "3 of 3 actions left to move") || len(ed.enc.Fight.State) != 0 {
		t.Errorf("heading %q, state %+v after the refusal", h, ed.enc.Fight.State)
	}

	gesture(ed, fyne.KeyModifierShift, [2]int{11, 10}, [2]int{5, 5}, [2]int{0, 0})
	if tok = &ed.enc.Tokens[gw]; tok.X != 0 || tok.Y != 0 {
		t.Fatalf("with Shift the Goblin Warrior is at (%d, %d), want (0, 0)", tok.X, tok.Y)
	}
	if len(ed.enc.Fight.State) != 0 {
		t.Errorf("placed with Shift it spent %+v", ed.enc.Fight.State)
	}
	want = "Goblin Warrior placed anyway: (0, 0) is beyond its movement this turn (3 of 3 actions left); nothing spent"
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	ed.Undo()

	// a legal 75-ft move still spends all three actions
	gesture(ed, 0, [2]int{11, 10}, [2]int{0, 10}, [2]int{0, 6})
	if tok = &ed.enc.Tokens[gw]; tok.X != 0 || tok.Y != 6 || ed.enc.Fight.State["Goblin Warrior"].Actions != 3 {
		t.Errorf("a 75-ft move: at (%d, %d), spent %+v; want (0, 6), 3 actions", tok.X, tok.Y, ed.enc.Fight.State)
	}

	// off its turn the GM moves a creature as far as they like
	dae, _ := tokenAt(t, ed, "Dae")
	from := ed.enc.Tokens[dae]
	gesture(ed, 0, [2]int{from.X, from.Y}, [2]int{23, 15})
	if got := ed.enc.Tokens[dae]; got.X != 23 || got.Y != 15 {
		t.Errorf("Dae, off its turn, at (%d, %d) after a drag to (23, 15)", got.X, got.Y)
	}
}

// TestDragWithNoActionsLeftIsRefused: with every action spent, a drag
// moved the creature freely; it is refused now, and Shift places it.
func TestDragWithNoActionsLeftIsRefused(t *testing.T) {
	ed, _, p := newTestEditor(t, denOnGoblinsTurn(t, model.TurnState{Actions: 3}))
	settle(t, ed, p)
	gw, _ := tokenAt(t, ed, "Goblin Warrior")
	gesture(ed, 0, [2]int{11, 10}, [2]int{12, 10})
	want := "Goblin Warrior not moved: it has no actions left for movement this turn (hold Shift to place anyway)"
	if tok := ed.enc.Tokens[gw]; tok.X != 11 || ed.status.msgLabel.Text != want {
		t.Errorf("at (%d, %d), status %q; want (11, 10), %q", tok.X, tok.Y, ed.status.msgLabel.Text, want)
	}
	gesture(ed, fyne.KeyModifierShift, [2]int{11, 10}, [2]int{12, 10})
	if tok := ed.enc.Tokens[gw]; tok.X != 12 || ed.enc.Fight.State["Goblin Warrior"].Actions != 3 {
		t.Errorf("with Shift: at (%d, %d), state %+v", tok.X, tok.Y, ed.enc.Fight.State)
	}
	if m := ed.status.msgLabel.Text; !strings.Contains(m, "placed anyway: it has no actions left") || !strings.HasSuffix(m, "; nothing spent") {
		t.Errorf("status %q", m)
	}
}
