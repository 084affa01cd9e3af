package ui

import (
	"bytes"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// denFight is docs/examples/smugglers-den.encounter.json, as QA ran it:
// round 2, Dae's turn after one Stride (a diagonal counted), the order
// Iseph (19), Goblin Warrior (17), Dae (15), Goblin Archer (14), Navasi
// (12), Ogre Brute (8).
func denFight(t *testing.T) *model.Encounter {
	t.Helper()
	e := denExample(t)
	f := e.Fight
	if f == nil || f.Turn != "Dae" || f.Round != 2 || f.State["Dae"] != (model.TurnState{Actions: 1, Diagonals: 1}) ||
		!slices.Equal(f.Order, []string{"Iseph", "Goblin Warrior", "Dae", "Goblin Archer", "Navasi", "Ogre Brute"}) {
		t.Fatalf("the den's fight is %+v", f)
	}
	return e
}

// fightRowLabels are the fight panel's rows, top to bottom, as the GM
// reads them ("▶ Dae (15)"): the order scrolled to each in turn (only the
// rows in view are made), then back.
func fightRowLabels(t *testing.T, ed *Editor) []string {
	t.Helper()
	off := ed.fight.order.Offset
	defer ed.fight.order.ScrollToOffset(off)
	var out []string
	for i := range ed.fight.rows.Length() {
		var walk func(o fyne.CanvasObject)
		walk = func(o fyne.CanvasObject) {
			switch w := o.(type) {
			case *fyne.Container:
				for _, c := range w.Objects {
					walk(c)
				}
			default:
				if b := asButton(o); b != nil && b.Text != "" {
					out = append(out, b.Text)
				}
			}
		}
		walk(orderRowAt(t, ed, i).content)
	}
	return out
}

// orderRowAt is row i of the fight's order, the order scrolled to it.
func orderRowAt(t *testing.T, ed *Editor, i int) *orderRow {
	t.Helper()
	rows := ed.fight.rows
	if i >= rows.Length() {
		t.Fatalf("the order has no row %d", i)
	}
	ed.fight.order.ScrollToOffset(fyne.NewPos(0, float32(i)*ed.orderRowHeight()))
	o := rows.rowAt(i)
	if o == nil {
		t.Fatalf("row %d of the order is not made with the order scrolled to it", i)
	}
	if why := outOfSight(ed, o); why != "" {
		t.Fatalf("row %d of the order, scrolled to: %s", i, why)
	}
	return o.(*orderRow)
}

// TestNoDelayAfterActing: a creature that has already moved this turn
// cannot Delay (Player Core's Delay is triggered by "Your turn begins";
// Pathfinder 1e's "you take no action"): the Delay button is greyed, a tap
// on it or DelayTurn says why and changes nothing, so it keeps its spent
// Stride; QA's Dae came back from a Delay with "3 of 3 actions left".
func TestNoDelayAfterActing(t *testing.T) {
	for _, c := range []struct {
		ruleset model.Ruleset
		left    string
	}{{model.SF2E, "2 of 3 actions left"}, {model.PF1E, "1 of 2 actions left"}} {
		t.Run(string(c.ruleset), func(t *testing.T) {
			e := denFight(t)
			e.Ruleset = c.ruleset
			ed, _, p := newTestEditor(t, e)
			settle(t, ed, p)
			before := ed.enc.Fight.Clone()
			if !fightButton(t, ed, "Delay").Disabled() {
				t.Error("the Delay button is live for a creature that has moved")
			}
			test.Tap(fightButton(t, ed, "Delay"))
			f := ed.enc.Fight
			if f.Turn != "Dae" || !slices.Equal(f.Order, before.Order) || f.State["Dae"] != before.State["Dae"] || f.Round != 2 {
				t.Fatalf("a tap on Delay after moving changed the fight: %+v", f)
			}
			msg := ed.status.msgLabel.Text
			if !strings.Contains(msg, "Dae has already moved this turn") || !strings.Contains(msg, "Delay") {
				t.Errorf("the refusal says %q", msg)
			}
			ed.status.msgLabel.SetText("")
			ed.DelayTurn()
			if f := ed.enc.Fight; f.Turn != "Dae" || !slices.Equal(f.Order, before.Order) {
				t.Errorf("DelayTurn after moving changed the fight: %+v", f)
			}
			if !strings.Contains(ed.status.msgLabel.Text, "Dae has already moved this turn") {
				t.Errorf("DelayTurn's refusal says %q", ed.status.msgLabel.Text)
			}
			// Dae's turn goes on with what it has left
			if head := fightHeading(t, ed); !strings.Contains(head, c.left) {
				t.Errorf("heading %q", head)
			}
		})
	}
}

// TestDelayTakesTheNewPlace: a creature that has not acted Delays; when
// it comes back after the one it waited for, its turn is whole and its
// initiative is that creature's count (Player Core, Delay: "This
// permanently changes your initiative to the new position"; Pathfinder
// 1e: "Your initiative result becomes the count on which you took the
// delayed action"), so the panel reads Goblin Archer (14), Dae (14)
// instead of Dae (15) below Goblin Archer (14). Undo brings the 15 back.
func TestDelayTakesTheNewPlace(t *testing.T) {
	e := denFight(t)
	e.Fight.State = nil // Dae's turn has just begun
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	if fightButton(t, ed, "Delay").Disabled() {
		t.Fatal("Delay is greyed at the start of Dae's turn")
	}
	test.Tap(fightButton(t, ed, "Delay"))
	f := ed.enc.Fight
	want := []string{"Iseph", "Goblin Warrior", "Goblin Archer", "Dae", "Navasi", "Ogre Brute"}
	if f.Turn != "Goblin Archer" || !slices.Equal(f.Order, want) {
		t.Fatalf("after Delay: %+v, want the archer's turn in %v", f, want)
	}
	dae := &ed.enc.Tokens[ed.enc.TokenIndex("Dae")]
	if dae.Initiative == nil || *dae.Initiative != 14 {
		t.Errorf("Dae's initiative after the Delay: %s, want 14 (the archer's)", initText(dae.Initiative))
	}
	rows := fightRowLabels(t, ed)
	if i := slices.Index(rows, "Dae (14)"); i < 0 || i == 0 || rows[i-1] != "▶ Goblin Archer (14)" {
		t.Errorf("rows %q, want Dae (14) under ▶ Goblin Archer (14)", rows)
	}
	if got, want := ed.status.msgLabel.Text, "Dae delays, acting after Goblin Archer: Goblin Archer's turn"; got != want {
		t.Errorf("after Delay the status bar says %q, want %q", got, want)
	}
	ed.Redo() // nothing to redo: the status bar says so, and the next turn's words replace it
	ed.NextTurn()
	if got, want := ed.status.msgLabel.Text, "Dae's turn"; got != want {
		t.Errorf("after Next the status bar says %q, want %q", got, want)
	}
	if f := ed.enc.Fight; f.Turn != "Dae" || f.Round != 2 || f.State["Dae"] != (model.TurnState{}) {
		t.Errorf("Dae back: %+v", f)
	}
	if head := fightHeading(t, ed); !strings.Contains(head, "3 of 3 actions left") {
		t.Errorf("Dae's delayed turn: %q, want the whole turn", head)
	}
	ed.Undo()
	ed.Undo()
	if v := ed.enc.Tokens[ed.enc.TokenIndex("Dae")].Initiative; v == nil || *v != 15 || ed.enc.Fight.Turn != "Dae" {
		t.Errorf("undo: Dae's initiative %s, turn %s", initText(v), ed.enc.Fight.Turn)
	}
}

// asButton is o as a button, nil when it is none.
func asButton(o fyne.CanvasObject) *widget.Button {
	switch b := o.(type) {
	case *controls.PaneButton:
		return &b.Button
	case *whyButton:
		return &b.Button
	}
	return nil
}

func initText(v *int) string {
	if v == nil {
		return "none"
	}
	return strconv.Itoa(*v)
}

// denExample is the shipped example docs/examples/smugglers-den
// .encounter.json as a GM imports it: a fight in progress.
func denExample(t *testing.T) *model.Encounter {
	t.Helper()
	b, err := os.ReadFile("../docs/examples/smugglers-den.encounter.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := model.ReadEncounter(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return e
}
