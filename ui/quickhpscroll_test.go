package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestQuickHPKeepsItsPlace: in a fight, with another creature's inspector
// scrolled into view under the order, a refused amount ("abc") put its
// error under the inspector, which hid half of Damage and Heal; and the
// damage then typed and applied threw the pane back to its top, the
// order, so the GM's next click landed on a creature's row. Damage and
// Heal stay in sight under the error, and the pane stays where it was.
func TestQuickHPKeepsItsPlace(t *testing.T) {
	e := model.Sample()
	scout := e.TokenIndex("Tashtari scout")
	e.Tokens[scout].HP = &model.HP{Current: 40, Max: 40}
	ed, _, p := newTestEditor(t, e)
	ed.win.Resize(fyne.NewSize(1200, 780))
	if err := ed.StartFight(func() int { return 10 }); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	ed.Select(scout)
	settle(t, ed, p)
	sc := ed.fight.scroll
	d := fyne.CurrentApp().Driver()
	inSight := func(what string) {
		t.Helper()
		top, h := d.AbsolutePositionForObject(sc).Y, sc.Size().Height
		for _, name := range []string{"Damage", "Heal"} {
			b := buttonIn(t, ed, name)
			y := d.AbsolutePositionForObject(b).Y
			if y < top || y+b.Size().Height > top+h+0.5 {
				t.Errorf("%s: %s at %v..%v, the pane shows %v..%v", what, name, y, y+b.Size().Height, top, top+h)
			}
		}
	}
	inSight("the scout selected")
	amount, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	ed.win.Canvas().Focus(amount)
	amount.SetText("abc")
	test.Tap(buttonIn(t, ed, "Damage"))
	settle(t, ed, p)
	if ed.insp.errorLine().Text == "" {
		t.Fatal("abc was not refused")
	}
	inSight("abc refused")
	off := sc.Offset.Y
	// the inspector rebuilt under its refusal (as Damage and Heal rebuild
	// it) kept its place: hiding the refusal laid the scroll out while the
	// form was gone, which took it to its top
	ed.showInspector()
	if sc.Offset.Y < off-1 {
		t.Errorf("the inspector rebuilt under a refusal moved the pane from %v to %v", off, sc.Offset.Y)
	}
	amount, _ = inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("100") // knocked out: its conditions change too
	at := d.AbsolutePositionForObject(buttonIn(t, ed, "Damage")).Y
	test.Tap(buttonIn(t, ed, "Damage"))
	settle(t, ed, p)
	if tk := ed.enc.Tokens[scout]; tk.HP.Current != 0 || !tk.Has(model.CondUnconscious) {
		t.Fatalf("after 100 damage the scout has %d HP, %v", tk.HP.Current, tk.Conditions)
	}
	// the pane once went back to its top, the order, and the GM's next
	// click landed on a creature's row: Damage stays under the pointer
	if sc.Offset.Y < off-1 {
		t.Errorf("the damage applied moved the pane from %v to %v", off, sc.Offset.Y)
	}
	if now := d.AbsolutePositionForObject(buttonIn(t, ed, "Damage")).Y; now < at-1 || now > at+1 {
		t.Errorf("the damage applied moved Damage from y=%v to %v", at, now)
	}
	inSight("100 damage applied")
}
