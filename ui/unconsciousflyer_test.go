package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
)

// TestAnUnconsciousFlyerOnItsTurnIsToldItsFall: QA knocked Navasi (fly
// 30) out 15 ft up on her turn: the status bar said only "Navasi is
// unconscious: it cannot move", a drag "it is unconscious and cannot
// move", neither her fall, and the Mode stayed fly until she was selected
// again. Now both say she must fall and how to make her, the Mode goes
// to land at once, and the fall leaves it there.
func TestAnUnconsciousFlyerOnItsTurnIsToldItsFall(t *testing.T) {
	e := navasiAloft(t)
	e.Fight = &model.Fight{Round: 1, Order: []string{"Navasi", "Dae"}, Turn: "Navasi"}
	ed, _, p := newTestEditor(t, e)
	ed.Select(0)
	if m := ed.ovp.settings.Mode; m != rules.ModeFly {
		t.Fatalf("Navasi 15 ft up: mode %q, want fly", m)
	}
	amount, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("7")
	test.Tap(buttonIn(t, ed, "Damage"))
	if tk := ed.enc.Tokens[0]; !tk.Has(model.CondUnconscious) {
		t.Fatalf("after 7 damage: conditions %q", tk.Conditions)
	}
	if m := ed.ovp.settings.Mode; m != rules.ModeLand {
		t.Errorf("unconscious 15 ft up: mode %q, want land at once", m)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	want := navasiFalls + "; it cannot move, and falls with Encounter > Selected token falls"
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	// while dragged, her ghost is refused already: it looked fine until
	// the drop refused it
	mouseDown(ed, 3, 2, 0)
	dragTo(ed, 4, 2)
	if g := ed.gest.ghost; g == nil || g.OK {
		t.Errorf("dragging the unconscious Navasi: ghost %+v, want one refused", g)
	}
	ed.view.DragEnd()
	mouseUp(ed, 4, 2)
	gesture(ed, 0, [2]int{3, 2}, [2]int{4, 2}, [2]int{5, 2})
	want = "Navasi not moved: it is unconscious 15 ft up and must fall first (Encounter > Selected token falls) (hold Shift to place anyway)"
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("drag: status %q\nwant %q", got, want)
	}
	menuItem(t, ed, "Encounter", fallItemLabel).Action()
	if tk := ed.enc.Tokens[0]; tk.Elevation != 0 {
		t.Fatalf("after the fall Navasi is %d ft up", tk.Elevation)
	}
	// the fall's words stay for the GM to read: the overlays' answer
	// that she cannot move replaced them at once
	fell := ed.status.msgLabel.Text
	if !strings.Contains(fell, "fell 15 ft") {
		t.Fatalf("after the fall: status %q, want the fall's words", fell)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	if got := ed.status.msgLabel.Text; got != fell {
		t.Errorf("the overlays' answer replaced the fall's words %q with %q", fell, got)
	}
	if m := ed.ovp.settings.Mode; m != rules.ModeLand {
		t.Errorf("fallen: mode %q, want land", m)
	}
}

// TestAFlyerLandedIsShownWalking: the Mode a flyer's height chose (fly,
// 15 ft up) stayed fly once PageDown had brought it to the ground, where
// opening the encounter again showed land. Now it goes back to the GM's
// mode as it lands; a mode the GM picks by hand on the ground is the GM's.
func TestAFlyerLandedIsShownWalking(t *testing.T) {
	ed, _, _ := newTestEditor(t, navasiAloft(t))
	ed.Select(0)
	if m := ed.ovp.settings.Mode; m != rules.ModeFly {
		t.Fatalf("Navasi 15 ft up: mode %q, want fly", m)
	}
	for ed.enc.Tokens[0].Elevation > 0 {
		if !ed.RaiseSelected(-1) {
			t.Fatal("PageDown did nothing")
		}
	}
	if m := ed.ovp.settings.Mode; m != rules.ModeLand {
		t.Errorf("landed: mode %q, want land", m)
	}
	if got, want := ed.status.msgLabel.Text, "Navasi is on the ground: showing land"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	ed.ovp.settings.Mode = rules.ModeFly // the GM, by hand
	ed.Select(-1)
	ed.Select(0)
	if m := ed.ovp.settings.Mode; m != rules.ModeFly {
		t.Errorf("fly picked by hand on the ground: mode %q on selecting her again", m)
	}
}
