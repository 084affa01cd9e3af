package ui

import (
	"context"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// maxBand is the most actions any reach square of the last answer takes.
func maxBand(ed *Editor) int {
	m := 0
	if ed.live.res != nil {
		for _, q := range ed.live.res.Reach {
			m = max(m, q.Actions)
		}
	}
	return m
}

// fightButton finds a button of the fight panel by its text: the widget
// in the panel, as the pointer taps it (a greyed Delay answers with why).
func fightButton(t *testing.T, ed *Editor, text string) fightControl {
	t.Helper()
	var found fightControl
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *controls.PaneButton:
			if w.Text == text {
				found = w
			}
		case *whyButton:
			if w.Text == text {
				found = w
			}
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		}
	}
	walk(ed.fight.bar)
	walk(ed.fight.box)
	if found == nil {
		t.Fatalf("no fight button %q", text)
	}
	return found
}

// fightControl is a button of the fight panel.
type fightControl interface {
	fyne.Widget
	fyne.Tappable
	fyne.Disableable
}

// TestFightRound plays a round at the table: start (Dae typed 25, the rest
// rolled), the current token selected, a Stride spends one of its actions
// and its reach shrinks at once, N passes the turn, Delay and reorder,
// undo steps, End, and the fight survives a save and reload.
func TestFightRound(t *testing.T) {
	e := model.Sample()
	v := 25
	e.Tokens[e.TokenIndex("Dae")].Initiative = &v
	ed, st, p := newTestEditor(t, e)
	if ed.fight.box.Visible() {
		t.Error("the fight panel shows without a fight")
	}
	ed.ovp.settings.Actions = 3
	roll := 0
	if err := ed.StartFight(func() int { roll++; return roll }); err != nil {
		t.Fatal(err)
	}
	f := ed.enc.Fight
	if f == nil || f.Order[0] != "Dae" || f.Turn != "Dae" || f.Round != 1 || len(f.Order) != len(ed.enc.Tokens) {
		t.Fatalf("fight %+v", f)
	}
	if !ed.fight.box.Visible() {
		t.Error("the fight panel is hidden in a fight")
	}
	dae, _ := tokenAt(t, ed, "Dae")
	if ed.Selected() != dae {
		t.Errorf("selected %d, want Dae %d", ed.Selected(), dae)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	if maxBand(ed) != 3 {
		t.Fatalf("fresh turn reach bands %d, want 3", maxBand(ed))
	}
	gesture(ed, 0, [2]int{8, 3}, [2]int{8, 4}, [2]int{8, 5})
	if got := ed.enc.Fight.State["Dae"]; got.Actions != 1 {
		t.Fatalf("after one Stride: %+v", got)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	if maxBand(ed) != 2 {
		t.Errorf("reach after one Stride has %d bands, want 2", maxBand(ed))
	}
	ed.Undo()
	if _, ok := ed.enc.Fight.State["Dae"]; ok {
		t.Error("undo kept the spent Stride")
	}
	ed.Redo()

	ed.win.Canvas().OnTypedRune()('n')
	second := ed.enc.Fight.Order[1]
	if ed.enc.Fight.Turn != second || len(ed.enc.Fight.State) != 0 {
		t.Fatalf("N: %+v", ed.enc.Fight)
	}
	if ed.Selected() != ed.enc.TokenIndex(second) {
		t.Error("the new current token is not selected")
	}
	test.Tap(fightButton(t, ed, "Delay"))
	if ed.enc.Fight.Order[2] != second || ed.enc.Fight.Turn == second {
		t.Errorf("delay: %+v", ed.enc.Fight)
	}
	order := slices.Clone(ed.enc.Fight.Order)
	ed.MoveInOrder(0, 1)
	if ed.enc.Fight.Order[1] != order[0] {
		t.Errorf("down: %v", ed.enc.Fight.Order)
	}
	ed.Undo()
	if !slices.Equal(ed.enc.Fight.Order, order) {
		t.Errorf("undo reorder: %v", ed.enc.Fight.Order)
	}
	ed.SaveNow()
	got, err := st.Load(context.Background(), ed.enc.ID)
	if err != nil || got.Fight == nil || !slices.Equal(got.Fight.Order, order) || got.Fight.Turn != ed.enc.Fight.Turn {
		t.Fatalf("saved fight %+v %v", got.Fight, err)
	}
	test.Tap(fightButton(t, ed, "End"))
	if ed.enc.Fight != nil || ed.fight.box.Visible() {
		t.Error("End left the fight")
	}
	ed.Undo()
	if ed.enc.Fight == nil {
		t.Error("undo did not bring the fight back")
	}
	// a deleted token leaves the order
	ed.Select(ed.enc.TokenIndex("Navasi"))
	ed.DeleteToken()
	if slices.Contains(ed.enc.Fight.Order, "Navasi") {
		t.Error("the deleted token stayed in the order")
	}
}

// TestStartFightDialog: a typed initiative is kept, a blank one rolled, a
// word refused; the fight starts from the Encounter menu's dialog.
func TestStartFightDialog(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.startFightDialog()
	entries, _, _ := topDialog(t, ed.win)
	if len(entries) != len(ed.enc.Tokens) {
		t.Fatalf("%d entries for %d tokens", len(entries), len(ed.enc.Tokens))
	}
	entries[1].SetText("99")
	test.Tap(dialogButton(t, ed.win, "Start"))
	f := ed.enc.Fight
	if f == nil || f.Order[0] != ed.enc.Tokens[1].Name {
		t.Fatalf("fight %+v, want %s first", f, ed.enc.Tokens[1].Name)
	}
	for _, tk := range ed.enc.Tokens {
		if tk.Initiative == nil || *tk.Initiative < 1 || *tk.Initiative > 99 {
			t.Errorf("%s initiative %v", tk.Name, tk.Initiative)
		}
	}
	ed.Undo()
	if ed.enc.Fight != nil || ed.enc.Tokens[1].Initiative != nil {
		t.Error("one undo should take the fight and the initiatives back")
	}
}

// TestStartFightPutsTheTiedFoeFirst: Dae (the party) and Tashtari (an
// enemy) both typed 15 in Start fight: the adversary goes first, then Dae,
// whatever their names' order.
func TestStartFightPutsTheTiedFoeFirst(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.startFightDialog()
	entries, _, _ := topDialog(t, ed.win)
	for i, tk := range ed.enc.Tokens {
		switch tk.Name {
		case "Dae", "Tashtari":
			entries[i].SetText("15")
		default:
			entries[i].SetText("3")
		}
	}
	test.Tap(dialogButton(t, ed.win, "Start"))
	f := ed.enc.Fight
	if f == nil || len(f.Order) < 2 || f.Order[0] != "Tashtari" || f.Order[1] != "Dae" || f.Turn != "Tashtari" {
		t.Fatalf("fight %+v: want Tashtari, then Dae, Tashtari's turn", f)
	}
	if ed.Selected() != ed.enc.TokenIndex("Tashtari") {
		t.Errorf("selected %d, not Tashtari whose turn it is", ed.Selected())
	}
}

// TestFightSurvivesARestart: an encounter saved mid-fight opens with the
// panel showing its round and the current creature selected.
func TestFightSurvivesARestart(t *testing.T) {
	e := model.Sample()
	e.Fight = &model.Fight{Round: 3, Order: []string{"Dae", "Iseph"}, Turn: "Iseph", State: map[string]model.TurnState{"Iseph": {Actions: 1}}}
	ed, _, p := newTestEditor(t, e)
	if !ed.fight.box.Visible() {
		t.Fatal("no fight panel")
	}
	if l, ok := ed.fight.bar.Objects[0].(*widget.Label); !ok || !strings.HasPrefix(l.Text, "Round 3") {
		t.Errorf("heading %v", ed.fight.bar.Objects[0])
	}
	if ed.Selected() != ed.enc.TokenIndex("Iseph") {
		t.Errorf("selected %d, not Iseph whose turn it is", ed.Selected())
	}
	ed.ovp.settings.Actions = 3
	ed.requestOverlays()
	p.until(t, "overlays", ed.overlaysIdle)
	if maxBand(ed) != 2 {
		t.Errorf("Iseph's reach has %d bands after 1 of 3 actions", maxBand(ed))
	}
}

// TestDragReordersTheOrder: dragging a row two rows down moves it two
// places in the order, one undo step.
func TestDragReordersTheOrder(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	if err := ed.StartFight(nil); err != nil {
		t.Fatal(err)
	}
	order := slices.Clone(ed.enc.Fight.Order)
	if n := ed.fight.rows.Length(); n != len(order) {
		t.Fatalf("%d rows for %d creatures", n, len(order))
	}
	rows := []*orderRow{orderRowAt(t, ed, 0)}
	h := rows[0].Size().Height
	rows[0].Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, h)})
	rows[0].Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, h*1.2)})
	rows[0].DragEnd()
	if got := ed.enc.Fight.Order; got[2] != order[0] || got[0] != order[1] {
		t.Errorf("after dragging %s two rows down: %v", order[0], got)
	}
	ed.Undo()
	if !slices.Equal(ed.enc.Fight.Order, order) {
		t.Errorf("undo: %v", ed.enc.Fight.Order)
	}
}
