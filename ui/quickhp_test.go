package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestDamageAndHealShowOnceHPIsSet: the quick Damage and Heal controls
// were built only when the inspector opened for a token that had HP, so
// after the GM first typed a token's HP they were missing until it was
// selected again. They show as soon as HP is set and go when it is
// cleared, without rebuilding the form under the GM's typing.
func TestDamageAndHealShowOnceHPIsSet(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i, _ := tokenAt(t, ed, "Dae")
	ed.Select(i)
	shown := func() bool {
		b, ok := inspectorFind(ed, func(b *controls.PaneButton) bool { return b.Text == "Damage" })
		return ok && b.Visible() && fyne.CurrentApp().Driver().AbsolutePositionForObject(b) != (fyne.Position{}) && visibleUp(ed, b)
	}
	if shown() {
		t.Fatal("Damage shows for a token without HP")
	}
	hp := formWidget(t, ed, "HP").(*fyne.Container)
	most := entryOf(t, hp.Objects[1])
	most.SetText("30")
	if formWidget(t, ed, "HP") != hp {
		t.Fatal("the form was rebuilt while the GM typed")
	}
	if !shown() {
		t.Fatal("no Damage once max HP is set")
	}
	amount, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("30")
	test.Tap(buttonIn(t, ed, "Damage"))
	if h := ed.enc.Tokens[i].HP; h == nil || h.Current != 0 {
		t.Fatalf("HP after 30 damage: %+v", h)
	}
	// cleared: the quick controls go
	hp = formWidget(t, ed, "HP").(*fyne.Container)
	cur, most := entryOf(t, hp.Objects[0]), entryOf(t, hp.Objects[1])
	cur.SetText("")
	most.SetText("")
	if ed.enc.Tokens[i].HP != nil {
		t.Fatalf("HP %+v after clearing both", ed.enc.Tokens[i].HP)
	}
	if shown() {
		t.Error("Damage still shows after HP was cleared")
	}
}

// visibleUp says whether o and every container above it in the inspector
// are visible.
func visibleUp(ed *Editor, o fyne.CanvasObject) bool {
	var path []fyne.CanvasObject
	var find func(c fyne.CanvasObject) bool
	find = func(c fyne.CanvasObject) bool {
		if c == o {
			return true
		}
		var kids []fyne.CanvasObject
		switch x := c.(type) {
		case *fyne.Container:
			kids = x.Objects
		case *widget.Form:
			for _, it := range x.Items {
				kids = append(kids, it.Widget)
			}
		}
		for _, k := range kids {
			if find(k) {
				path = append(path, k)
				return true
			}
		}
		return false
	}
	if !find(ed.insp.box) {
		return false
	}
	for _, p := range path {
		if !p.Visible() {
			return false
		}
	}
	return true
}
