package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// inspectorFind finds the first widget in the inspector that match says.
func inspectorFind[W fyne.CanvasObject](ed *Editor, match func(W) bool) (found W, ok bool) {
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if ok {
			return
		}
		if w, is := o.(W); is && match(w) {
			found, ok = w, true
			return
		}
		switch c := o.(type) {
		case *fyne.Container:
			for _, x := range c.Objects {
				walk(x)
			}
		case *widget.Form:
			for _, it := range c.Items {
				walk(it.Widget)
			}
		}
	}
	walk(ed.insp.box)
	return found, ok
}

func buttonIn(t *testing.T, ed *Editor, text string) *controls.PaneButton {
	t.Helper()
	b, ok := inspectorFind(ed, func(b *controls.PaneButton) bool { return b.Text == text })
	if !ok {
		t.Fatalf("no inspector button %q", text)
	}
	return b
}

// TestInspectorHP: max and current HP typed, damage to 0 makes the token
// unconscious and prone with sf2e's note, heal, one undo step each.
func TestInspectorHP(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i, _ := tokenAt(t, ed, "Dae")
	ed.Select(i)
	hp := formWidget(t, ed, "HP").(*fyne.Container)
	cur, most := entryOf(t, hp.Objects[0]), entryOf(t, hp.Objects[1])
	most.SetText("20")
	if h := ed.enc.Tokens[i].HP; h == nil || *h != (model.HP{Current: 20, Max: 20}) {
		t.Fatalf("HP %+v after max 20", h)
	}
	cur.SetText("12")
	if h := ed.enc.Tokens[i].HP; h.Current != 12 {
		t.Fatalf("HP %+v after current 12", h)
	}
	ed.showInspector() // as selecting it again would: the quick buttons appear
	amount, ok := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	if !ok {
		t.Fatal("no amount entry")
	}
	amount.SetText("15")
	test.Tap(buttonIn(t, ed, "Damage"))
	tk := ed.enc.Tokens[i]
	if tk.HP.Current != 0 || !tk.Has(model.CondUnconscious) || !tk.Has(model.CondProne) {
		t.Fatalf("after 15 damage: %+v %v", tk.HP, tk.Conditions)
	}
	if _, ok := inspectorFind(ed, func(l *widget.Label) bool { return strings.Contains(l.Text, "dying is the GM's call") }); !ok {
		t.Error("no note that dying is the GM's call")
	}
	amount, _ = inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("5")
	test.Tap(buttonIn(t, ed, "Heal"))
	if h := ed.enc.Tokens[i].HP; h.Current != 5 {
		t.Errorf("after healing 5: %+v", h)
	}
	ed.Undo()
	if h := ed.enc.Tokens[i].HP; h.Current != 0 {
		t.Errorf("undo heal: %+v", h)
	}
}

// TestInspectorFitsItsColumn: with HP, quick buttons and conditions, the
// token form is no wider than the right-hand column (wider, the column
// cut off the fight panel's up and down buttons).
func TestInspectorFitsItsColumn(t *testing.T) {
	e := model.Sample()
	e.Tokens[1].HP = &model.HP{Current: 0, Max: 20}
	e.Tokens[1].Conditions = []string{"unconscious", "prone", "frightened 2"}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(1)
	if w := ed.insp.box.MinSize().Width; w > 270 {
		t.Errorf("the inspector needs %v px, the column has 270", w)
	}
}

// TestHealingFromZeroWakesTheToken: on Dae's turn, 25 damage takes Dae
// to 0 HP (unconscious and prone); 5 healing brings 5 HP and takes
// unconscious away, from the token and its inspector, while prone stays
// (standing up is Dae's action). Typing a current HP above 0 over 0 wakes
// the token the same way.
func TestHealingFromZeroWakesTheToken(t *testing.T) {
	e := model.Sample()
	dae := e.TokenIndex("Dae")
	e.Tokens[dae].HP = &model.HP{Current: 20, Max: 20}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Dae", "Iseph"}, Turn: "Dae"}
	ed, _, _ := newTestEditor(t, e)
	if ed.Selected() != dae {
		t.Fatalf("selected %d, not Dae whose turn it is", ed.Selected())
	}
	quick := func(button, amount string) {
		t.Helper()
		a, ok := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
		if !ok {
			t.Fatal("no amount entry")
		}
		a.SetText(amount)
		test.Tap(buttonIn(t, ed, button))
	}
	shows := func(cond string) bool {
		_, ok := inspectorFind(ed, func(b *controls.PaneButton) bool { return b.Text == session.ConditionWords(cond) })
		return ok
	}
	quick("Damage", "25")
	if tk := ed.enc.Tokens[dae]; tk.HP.Current != 0 || !tk.Has(model.CondUnconscious) || !tk.Has(model.CondProne) {
		t.Fatalf("after 25 damage: %+v %v", tk.HP, tk.Conditions)
	}
	quick("Heal", "5")
	tk := ed.enc.Tokens[dae]
	if tk.HP.Current != 5 || tk.Has(model.CondUnconscious) || !tk.Has(model.CondProne) {
		t.Errorf("after healing 5: %+v %v, want 5 HP, prone, not unconscious", tk.HP, tk.Conditions)
	}
	if shows(model.CondUnconscious) || !shows(model.CondProne) {
		t.Errorf("the inspector's conditions after healing: unconscious %v, prone %v", shows(model.CondUnconscious), shows(model.CondProne))
	}
	ed.Undo()
	if tk := ed.enc.Tokens[dae]; tk.HP.Current != 0 || !tk.Has(model.CondUnconscious) {
		t.Errorf("undoing the heal: %+v %v", tk.HP, tk.Conditions)
	}
	ed.showInspector()
	hp := formWidget(t, ed, "HP").(*fyne.Container)
	entryOf(t, hp.Objects[0]).SetText("7")
	if tk := ed.enc.Tokens[dae]; tk.HP.Current != 7 || tk.Has(model.CondUnconscious) || !tk.Has(model.CondProne) {
		t.Errorf("current HP typed 7 over 0: %+v %v, want awake and prone", tk.HP, tk.Conditions)
	}
}
