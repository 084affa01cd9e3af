package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// TestEndFightSaysHowToGetItBack: End took the fight away without a
// word; now the status bar says so and how to undo it, and the undo says
// what it brought back.
func TestEndFightSaysHowToGetItBack(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	if err := ed.StartFight(nil); err != nil {
		t.Fatal(err)
	}
	test.Tap(fightButton(t, ed, "End"))
	if m := ed.status.msgLabel.Text; ed.enc.Fight != nil || m != "Fight ended (Ctrl+Z brings it back)" {
		t.Errorf("after End: fight %v, status %q", ed.enc.Fight != nil, m)
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	if m := ed.status.msgLabel.Text; ed.enc.Fight == nil || m != "Undone: fight ended" {
		t.Errorf("after Ctrl+Z: fight %v, status %q", ed.enc.Fight != nil, m)
	}
}

// TestStartFightAsksDuringAFight: Encounter > Start fight… in round 2
// restarted the fight without a warning. It asks first now, naming the
// round and whose turn it is: Escape keeps the fight, Enter goes on to the
// initiatives, and Start there begins a new fight in round 1 (one undo
// brings the old one back). Without a fight it asks nothing. (In a fight
// the menu offers End fight instead, TestTheMenuOffersEndFightDuringAFight;
// a Start fight… chosen from a menu opened before the fight began still
// asks.)
func TestStartFightAsksDuringAFight(t *testing.T) {
	e := model.Sample()
	e.Fight = &model.Fight{Round: 2, Order: []string{"Iseph", "Dae"}, Turn: "Dae", State: map[string]model.TurnState{"Dae": {Actions: 1}}}
	ed, _, _ := newTestEditor(t, e)
	c := ed.win.Canvas()
	start := ed.askStartFight
	start()
	if top := c.Overlays().Top(); top == nil || !strings.Contains(allText(top), "A fight is in progress (round 2, Dae's turn). Start a new one?") {
		t.Fatalf("no question over a fight in progress: %v", top)
	}
	if entries, _, _ := topDialog(t, ed.win); len(entries) != 0 {
		t.Fatalf("the initiatives are asked before the question: %d entries", len(entries))
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil || ed.enc.Fight.Round != 2 || ed.enc.Fight.Turn != "Dae" {
		t.Fatalf("Escape: dialog %v, fight %+v; want none and the fight as it was", c.Overlays().Top() != nil, ed.enc.Fight)
	}
	start()
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	entries, _, _ := topDialog(t, ed.win)
	if len(entries) != len(ed.enc.Tokens) {
		t.Fatalf("Enter: %d initiative entries, want %d", len(entries), len(ed.enc.Tokens))
	}
	test.Tap(dialogButton(t, ed.win, "Start"))
	if f := ed.enc.Fight; f.Round != 1 || len(f.Order) != len(ed.enc.Tokens) || len(f.State) != 0 {
		t.Errorf("the new fight %+v", f)
	}
	ed.Undo()
	if f := ed.enc.Fight; f.Round != 2 || f.Turn != "Dae" {
		t.Errorf("undo: %+v, want the fight in round 2", f)
	}
	ed.EndFight()
	start()
	if entries, _, _ := topDialog(t, ed.win); len(entries) != len(ed.enc.Tokens) {
		t.Errorf("without a fight Start fight… asks the initiatives at once: %d entries", len(entries))
	}
}

// TestTheMenuOffersEndFightDuringAFight: Encounter > Start fight… was
// offered in round 2 of a fight, though what a GM does from the menu
// then is end it (the fight pane's End). In a fight the item reads "End
// fight" and ends it at once (Ctrl+Z brings it back); without one it
// reads "Start fight…" again, in the same place, and an undo, a start or
// an end keeps it in step.
func TestTheMenuOffersEndFightDuringAFight(t *testing.T) {
	e := model.Sample()
	e.Fight = &model.Fight{Round: 2, Order: []string{"Iseph", "Dae"}, Turn: "Dae"}
	ed, _, _ := newTestEditor(t, e)
	items := func() []string {
		var out []string
		for _, m := range ed.win.(interface{ MainMenu() *fyne.MainMenu }).MainMenu().Items {
			if m.Label == "Encounter" {
				for _, it := range m.Items {
					out = append(out, it.Label)
				}
			}
		}
		return out
	}
	place := slices.Index(items(), "End fight")
	if place < 0 || slices.Contains(items(), "Start fight…") {
		t.Fatalf("in a fight the Encounter menu offers %q, want End fight and no Start fight…", items())
	}
	menuAction(t, ed.win, "Encounter", "End fight")()
	if ed.enc.Fight != nil || ed.status.msgLabel.Text != "Fight ended (Ctrl+Z brings it back)" {
		t.Fatalf("End fight: fight %v, status %q", ed.enc.Fight != nil, ed.status.msgLabel.Text)
	}
	if got := slices.Index(items(), "Start fight…"); got != place || slices.Contains(items(), "End fight") {
		t.Errorf("after the fight the Encounter menu offers %q, want Start fight… at %d", items(), place)
	}
	ed.Undo()
	if ed.enc.Fight == nil || slices.Index(items(), "End fight") != place {
		t.Errorf("undone: fight %v, menu %q", ed.enc.Fight != nil, items())
	}
}
