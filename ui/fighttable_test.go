package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestFightTargetShowsItsHP: in a fight of seven, the order filled the
// right pane's top at the default window size; a creature picked to take
// damage had its inspector, and its HP, out of sight under the order, and
// the form, wider than the column, cut Heal off. Picking another creature
// than the current one now shows its HP, Damage and Heal first, whole;
// picking the current one shows the order again.
func TestFightTargetShowsItsHP(t *testing.T) {
	e := model.Sample()
	scout := e.TokenIndex("Tashtari scout")
	e.Tokens[scout].HP = &model.HP{Current: 12, Max: 12}
	ed, _, p := newTestEditor(t, e)
	roll := 0
	if err := ed.StartFight(func() int { roll++; return roll }); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	sc := ed.fight.scroll
	if sc.Offset.Y != 0 {
		t.Errorf("the current creature selected: the pane is scrolled by %v, want the order at its top", sc.Offset.Y)
	}
	ed.Select(scout)
	settle(t, ed, p)
	d := fyne.CurrentApp().Driver()
	top, size := d.AbsolutePositionForObject(sc), sc.Size()
	for _, name := range []string{"Damage", "Heal"} {
		b := buttonIn(t, ed, name)
		at := d.AbsolutePositionForObject(b)
		if at.Y < top.Y || at.Y+b.Size().Height > top.Y+size.Height || at.X+b.Size().Width > top.X+size.Width {
			t.Errorf("%s at %v (%v) is not inside the pane's top part at %v (%v)", name, at, b.Size(), top, size)
		}
	}
	amount, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("12")
	buttonIn(t, ed, "Damage").OnTapped()
	if tk := ed.enc.Tokens[scout]; tk.HP.Current != 0 || !tk.Has(model.CondUnconscious) {
		t.Errorf("after 12 damage: %+v %v", tk.HP, tk.Conditions)
	}
	ed.Select(ed.enc.TokenIndex(ed.enc.Fight.Turn))
	if sc.Offset.Y != 0 {
		t.Errorf("the current creature picked again: scrolled by %v, want the order", sc.Offset.Y)
	}
}

// TestAreaCatchOutlastsTheTurnRefusal: on the turn of a creature with no
// actions left, each overlay answer said so again and at once replaced
// whom a burst just placed catches: the GM never saw the list.
func TestAreaCatchOutlastsTheTurnRefusal(t *testing.T) {
	e := goblinsEncounter(t, model.SF2E)
	e.Fight = &model.Fight{Round: 1, Order: []string{"Fighter", "Goblin A", "Goblin B"}, Turn: "Fighter",
		State: map[string]model.TurnState{"Fighter": {Actions: 3}}}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	if m := ed.status.msgLabel.Text; !strings.Contains(m, "no actions left") {
		t.Fatalf("status %q: want the turn's refusal", m)
	}
	ed.rune('a') // a 10-ft burst in the map's middle, on both goblins
	settle(t, ed, p)
	if m := ed.status.msgLabel.Text; !strings.Contains(m, "Goblin A — no cover, Goblin B — no cover") {
		t.Errorf("status %q after placing the burst: want whom it catches", m)
	}
}

// TestAreasListShowsWhomEachCatches: Encounter > Areas… put its list in a
// scroll inside a VBox, which shrank it to one line: the GM saw the
// burst's name and not the goblins it catches.
func TestAreasListShowsWhomEachCatches(t *testing.T) {
	ed, _, p := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	ed.rune('a') // a 10-ft burst in the map's middle, on both goblins
	settle(t, ed, p)
	ed.areasDialog()
	var list *widget.Label
	var scroll *container.Scroll
	walkObjects(ed.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *container.Scroll:
			scroll = x
		case *widget.Label:
			if strings.Contains(x.Text, "Goblin A") {
				list = x
			}
		}
	})
	if list == nil || scroll == nil {
		t.Fatal("no list of the areas in the dialog")
	}
	if got, want := scroll.Size().Height, list.MinSize().Height; got < want {
		t.Errorf("the list shows %v px of its %v: %q", got, want, list.Text)
	}
}

// TestRulerHidesTheMovePath: with the ruler on, the selected creature's
// path stayed drawn to the square hovered before M, beside the ruler's
// legs, with its own costs.
func TestRulerHidesTheMovePath(t *testing.T) {
	ed, _, p := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	ed.Select(0)
	hoverAt(ed, 4, 6)
	settle(t, ed, p)
	if ed.Overlays().Path == nil {
		t.Fatal("no path to the hovered square before the ruler")
	}
	ed.rune('m')
	clickAt(ed, 1, 1)
	hoverAt(ed, 6, 1)
	settle(t, ed, p)
	if o := ed.Overlays(); o.Path != nil || len(o.Ruler) != 1 {
		t.Errorf("with the ruler on: path %v, %d ruler legs; want no path, 1 leg", o.Path != nil, len(o.Ruler))
	}
}
