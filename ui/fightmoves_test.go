package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// denOnGoblinsTurn is docs/examples/smugglers-den.encounter.json (24x16)
// with the Goblin Warrior unhurt and able, at (11, 10), in a fight on its
// turn with turn state ts: the tester's table.
func denOnGoblinsTurn(t *testing.T, ts model.TurnState) *model.Encounter {
	t.Helper()
	e := denExample(t)
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
	gw, _ := tokenAt(t, ed, "Goblin Warrior")
	if ed.Selected() != gw || ed.ovp.settings.Mode != "land" {
		t.Fatalf("selected %d in mode %q, want the Goblin Warrior (%d), land", ed.Selected(), ed.ovp.settings.Mode, gw)
	}
	gesture(ed, 0, [2]int{11, 10}, [2]int{5, 5}, [2]int{0, 0})
	want := "Goblin Warrior not moved: (0, 0) is beyond its movement (3 of 3 actions left) (hold Shift to place anyway)"
	if tok := &ed.enc.Tokens[gw]; tok.X != 11 || tok.Y != 10 {
		t.Errorf("the Goblin Warrior went to (%d, %d) without Shift", tok.X, tok.Y)
	}
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if h := fightHeading(t, ed); !strings.HasSuffix(h, "3 of 3 actions left to move") || len(ed.enc.Fight.State) != 0 {
		t.Errorf("heading %q, state %+v after the refusal", h, ed.enc.Fight.State)
	}
	// the hovered square says so too, not "no path there"
	ed.hover(0, 0, true)
	p.until(t, "path overlay", ed.overlaysIdle)
	if got := ed.status.pathLabel.Text; got != "beyond its turn" {
		t.Errorf("hovering (0, 0): path status %q, want %q", got, "beyond its turn")
	}

	gesture(ed, fyne.KeyModifierShift, [2]int{11, 10}, [2]int{5, 5}, [2]int{0, 0})
	if tok := &ed.enc.Tokens[gw]; tok.X != 0 || tok.Y != 0 {
		t.Fatalf("with Shift the Goblin Warrior is at (%d, %d), want (0, 0)", tok.X, tok.Y)
	}
	if len(ed.enc.Fight.State) != 0 {
		t.Errorf("placed with Shift it spent %+v", ed.enc.Fight.State)
	}
	want = "Goblin Warrior placed anyway: (0, 0) is beyond its movement (3 of 3 actions left); nothing spent"
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	ed.Undo()

	// a legal 75-ft move still spends all three actions
	gesture(ed, 0, [2]int{11, 10}, [2]int{0, 10}, [2]int{0, 6})
	if tok := &ed.enc.Tokens[gw]; tok.X != 0 || tok.Y != 6 || ed.enc.Fight.State["Goblin Warrior"].Actions != 3 {
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

// TestAnUnconsciousCreatureCannotMove: on Dae's turn, 25 damage (0 HP:
// unconscious and prone) left a crawl's reach shaded and "3 of 3 actions
// left to move" in the heading, and 5 healing left Dae unconscious. Now
// Dae shows no reach, the status bar and heading say it cannot move, a
// drag is refused (Shift places the body, spending nothing), and healing
// wakes Dae, whose crawl shows again.
func TestAnUnconsciousCreatureCannotMove(t *testing.T) {
	e := model.Sample()
	dae := e.TokenIndex("Dae")
	e.Tokens[dae].HP = &model.HP{Current: 20, Max: 20}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Dae", "Iseph"}, Turn: "Dae"}
	ed, _, p := newTestEditor(t, e)
	ed.ovp.settings.Actions = 3
	ed.requestOverlays()
	settle(t, ed, p)
	if maxBand(ed) != 3 {
		t.Fatalf("Dae's fresh reach has %d bands, want 3", maxBand(ed))
	}
	quick := func(button, amount string) {
		t.Helper()
		a, ok := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
		if !ok {
			t.Fatal("no amount entry")
		}
		a.SetText(amount)
		buttonIn(t, ed, button).OnTapped()
		settle(t, ed, p)
	}
	quick("Damage", "25")
	if !ed.enc.Tokens[dae].Has(model.CondUnconscious) {
		t.Fatalf("25 damage: %v", ed.enc.Tokens[dae].Conditions)
	}
	if n := len(ed.Overlays().Reach); n != 0 {
		t.Errorf("unconscious Dae shows %d reach squares", n)
	}
	if m := ed.status.msgLabel.Text; m != "Dae is unconscious: it cannot move" {
		t.Errorf("status %q", m)
	}
	if h := fightHeading(t, ed); h != "Round 1 · unconscious: cannot move" {
		t.Errorf("heading %q", h)
	}

	gesture(ed, 0, [2]int{8, 3}, [2]int{8, 4})
	want := "Dae not moved: it is unconscious and cannot move (hold Shift to place anyway)"
	if tok := ed.enc.Tokens[dae]; tok.Y != 3 || ed.status.msgLabel.Text != want {
		t.Errorf("a drag: at (%d, %d), status %q; want (8, 3), %q", tok.X, tok.Y, ed.status.msgLabel.Text, want)
	}
	gesture(ed, fyne.KeyModifierShift, [2]int{8, 3}, [2]int{8, 4})
	if tok := ed.enc.Tokens[dae]; tok.Y != 4 || len(ed.enc.Fight.State) != 0 {
		t.Errorf("with Shift: at (%d, %d), spent %+v; want (8, 4), nothing", tok.X, tok.Y, ed.enc.Fight.State)
	}
	if m, w := ed.status.msgLabel.Text, "Dae placed anyway: it is unconscious and cannot move; nothing spent"; m != w {
		t.Errorf("status %q, want %q", m, w)
	}

	quick("Heal", "5")
	if tk := ed.enc.Tokens[dae]; tk.HP.Current != 5 || tk.Has(model.CondUnconscious) || !tk.Has(model.CondProne) {
		t.Fatalf("healed 5: %+v %v", tk.HP, tk.Conditions)
	}
	if maxBand(ed) == 0 {
		t.Error("Dae, awake and prone, shows no crawl")
	}
	if h := fightHeading(t, ed); h != "Round 1 · 3 of 3 actions left to move" {
		t.Errorf("heading after healing %q", h)
	}
}

// TestADroneThatCannotActShowsNoReach: the sample's Cargo drone
// (cannot-act) selected outside a fight shows no reach, and says why.
func TestADroneThatCannotActShowsNoReach(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	drone, _ := tokenAt(t, ed, "Cargo drone")
	ed.Select(drone)
	settle(t, ed, p)
	if n := len(ed.Overlays().Reach); n != 0 {
		t.Errorf("the drone shows %d reach squares", n)
	}
	if m := ed.status.msgLabel.Text; m != "Cargo drone cannot act or move" {
		t.Errorf("status %q", m)
	}
	// outside a fight the GM still sets it up where it belongs, no Shift
	d := ed.enc.Tokens[drone]
	for _, to := range [][2]int{{d.X - 1, d.Y}, {d.X + 1, d.Y}, {d.X, d.Y - 1}, {d.X, d.Y + 1}} {
		if session.EndRefusal(ed.enc, drone, to[0], to[1]) != "" {
			continue
		}
		if !ed.MoveToken(drone, to[0], to[1], false) {
			t.Errorf("outside a fight the drone was not moved to %v: %q", to, ed.status.msgLabel.Text)
		}
		return
	}
	t.Fatal("no free square beside the drone")
}
