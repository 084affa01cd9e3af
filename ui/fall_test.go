package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/library"
)

// TestAFlyerWhoseFlySpeedIsClearedMustFall: QA cleared Navasi's fly Speed
// 15 ft up on her turn: the Mode still said fly, and a drag moved her and
// spent a Stride while she stayed 15 ft up, the app only warning "would
// fall". Now the Mode goes to land, the drag is refused (she must fall
// first, and the message says how), Encounter > Selected token falls and
// the inspector's Fall button come on, and the fall takes her to the
// ground with 7 damage off her HP and prone, in one undo step.
func TestAFlyerWhoseFlySpeedIsClearedMustFall(t *testing.T) {
	e := denOnNavasisTurn(t)
	n := e.TokenIndex("Navasi")
	e.Tokens[n].HP = &model.HP{Current: 20, Max: 20}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	if ed.Selected() != n || ed.ovp.settings.Mode != rules.ModeFly {
		t.Fatalf("selected %d in mode %q, want Navasi flying", ed.Selected(), ed.ovp.settings.Mode)
	}
	if menuItem(t, ed, "Encounter", fallItemLabel).Disabled == false {
		t.Error("Selected token falls is on for a flyer that stays up")
	}
	if b := buttonIn(t, ed, fallButtonText); !b.Disabled() {
		t.Error("the inspector's Fall button is on for a flyer that stays up")
	}
	entryOf(t, formWidget(t, ed, "Fly")).SetText("")
	if _, fly := ed.enc.Tokens[n].Speeds["fly"]; fly {
		t.Fatal("the fly Speed was not cleared")
	}
	if m := ed.ovp.settings.Mode; m != rules.ModeLand {
		t.Errorf("fly Speed cleared: mode %q, want land", m)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	if got, want := ed.status.msgLabel.Text, "Navasi is 15 ft up without a fly Speed: it would fall 15 ft for 7 bludgeoning damage and land prone; it must fall before it moves (Encounter > Selected token falls)"; got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	if o := ed.Overlays(); len(o.Reach) != 0 || o.Path != nil {
		t.Errorf("a token that must fall shows %d reach squares, path %v", len(o.Reach), o.Path)
	}
	if menuItem(t, ed, "Encounter", fallItemLabel).Disabled {
		t.Error("Selected token falls is greyed for a token that must fall")
	}
	if ed.win.MainMenu() != nil && findMenuItem(ed.win.MainMenu(), fallItemLabel).Disabled {
		t.Error("the window's menu still greys Selected token falls")
	}
	if b := buttonIn(t, ed, fallButtonText); b.Disabled() {
		t.Error("the inspector's Fall button is greyed for a token that must fall")
	}
	// no walking on air
	gesture(ed, 0, [2]int{12, 8}, [2]int{13, 8}, [2]int{14, 8})
	want := "Navasi not moved: it is 15 ft up without a fly Speed and must fall first (Encounter > Selected token falls) (hold Shift to place anyway)"
	if tk := ed.enc.Tokens[n]; tk.X != 12 || ed.status.msgLabel.Text != want {
		t.Errorf("drag: Navasi at (%d, %d), status %q\nwant %q", tk.X, tk.Y, ed.status.msgLabel.Text, want)
	}
	if len(ed.enc.Fight.State) != 0 {
		t.Errorf("the refused drag spent %+v", ed.enc.Fight.State)
	}
	menuItem(t, ed, "Encounter", fallItemLabel).Action()
	tk := ed.enc.Tokens[n]
	if tk.Elevation != 0 || tk.HP.Current != 13 || !tk.Has(model.CondProne) {
		t.Errorf("after the fall: %d ft, HP %+v, conditions %q", tk.Elevation, tk.HP, tk.Conditions)
	}
	if got, want := ed.status.msgLabel.Text, "Navasi fell 15 ft: 7 bludgeoning damage (HP 20 → 13), prone"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if !findMenuItem(ed.win.MainMenu(), fallItemLabel).Disabled {
		t.Error("Selected token falls is still on once she has fallen")
	}
	ed.Undo()
	if tk := ed.enc.Tokens[n]; tk.Elevation != 15 || tk.HP.Current != 20 || tk.Has(model.CondProne) {
		t.Errorf("one undo: %d ft, HP %+v, conditions %q", tk.Elevation, tk.HP, tk.Conditions)
	}
}

// findMenuItem is the item labelled label in m, nil when none is.
func findMenuItem(m *fyne.MainMenu, label string) *fyne.MenuItem {
	for _, menu := range m.Items {
		for _, it := range menu.Items {
			if it.Label == label {
				return it
			}
		}
	}
	return nil
}

// The inspector's Fall button makes the token fall too; a token placed
// aloft without a fly Speed (Low, 5 ft up) drops without harm.
func TestTheInspectorsFallButton(t *testing.T) {
	ed, _, _ := newTestEditor(t, fallEncounter(t))
	low, _ := tokenAt(t, ed, "Low")
	ed.Select(low)
	if got, want := ed.status.msgLabel.Text, "Low is 5 ft up without a fly Speed: it would drop 5 ft, no damage"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	test.Tap(buttonIn(t, ed, fallButtonText))
	if tk := ed.enc.Tokens[low]; tk.Elevation != 0 || len(tk.Conditions) != 0 {
		t.Errorf("after the drop: %d ft, conditions %q", tk.Elevation, tk.Conditions)
	}
	if got, want := ed.status.msgLabel.Text, "Low dropped 5 ft, no damage"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}

// pf1e rolls falling damage: in a fight, the GM types the total rolled
// (empty: the app rolls); a total the dice cannot make is refused with
// the form kept.
func TestAPF1EFallAsksTheTotalRolled(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Ruleset = model.PF1E
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Elevation: 30,
		Speeds: map[string]int{"land": 30}, HP: &model.HP{Current: 20, Max: 20}}}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Dae"}, Turn: "Dae"}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	ed.FallSelected()
	entries, _, buttons := topDialog(t, ed.win)
	if len(entries) != 1 || entries[0].PlaceHolder != "empty: roll 3d6" {
		t.Fatalf("the dialog asks %d fields (%+v)", len(entries), entries)
	}
	entries[0].SetText("40")
	test.Tap(buttons["Fall"])
	if tk := ed.enc.Tokens[0]; tk.Elevation != 30 || tk.HP.Current != 20 {
		t.Fatalf("a total of 40 for 3d6 was taken: %d ft, HP %+v", tk.Elevation, tk.HP)
	}
	if !dialogSays(ed.win, "Total rolled (3d6) must be 3 to 18, not 40") {
		t.Error("no error naming the field")
	}
	c := ed.win.Canvas()
	c.Unfocus()
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) // closes the error: the form, as typed
	entries, _, buttons = topDialog(t, ed.win)
	if len(entries) != 1 || entries[0].Text != "40" {
		t.Fatalf("the form came back with %+v", entries)
	}
	entries[0].SetText("11")
	test.Tap(buttons["Fall"])
	tk := ed.enc.Tokens[0]
	if tk.Elevation != 0 || tk.HP.Current != 9 || !tk.Has(model.CondProne) {
		t.Errorf("after 11 damage: %d ft, HP %+v, conditions %q", tk.Elevation, tk.HP, tk.Conditions)
	}
	if got, want := ed.status.msgLabel.Text, "Dae fell 30 ft: 11 damage (3d6) (HP 20 → 9), prone"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	// empty: the app rolls 3d6
	ed.Undo()
	ed.FallSelected()
	_, _, buttons = topDialog(t, ed.win)
	test.Tap(buttons["Fall"])
	if hp := ed.enc.Tokens[0].HP.Current; hp < 2 || hp > 17 {
		t.Errorf("rolled 3d6 off 20 HP: %d left", hp)
	}
}

// dialogSays reports whether a label on top of w's canvas holds text.
func dialogSays(w fyne.Window, text string) bool {
	found := false
	walkObjects(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, text) {
			found = true
		}
	})
	return found
}

// The help says how to make a token fall.
func TestHelpTellsHowToMakeATokenFall(t *testing.T) {
	if !strings.Contains(helpText, "**Encounter > "+fallItemLabel+"**") {
		t.Error("the help does not name Encounter > Selected token falls")
	}
}

// TestTheFallItemSaysWhereItApplies: in starship combat QA found
// Encounter > Selected token falls greyed with nothing to say why, where
// Add area… reads "Add area… (sf2e only)". Falling is sf2e's and pf1e's:
// the item says so there, greyed, and after a switch to sf2e it is the
// plain item again (a Fyne menu item has no tooltip).
func TestTheFallItemSaysWhereItApplies(t *testing.T) {
	e, err := library.NewEncounter("Flat", model.Points, 8, 6, model.Points.DefaultFeetPerSquare())
	if err != nil {
		t.Fatal(err)
	}
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Pip", X: 2, Y: 2, Size: model.Medium, Side: "party", Speeds: map[string]int{model.SpeedLand: 5}, Elevation: 10}}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	const only = fallItemLabel + " (sf2e and pf1e only)"
	if it := menuItem(t, ed, "Encounter", only); !it.Disabled {
		t.Errorf("%q is on in points", only)
	}
	if it := findMenuItem(ed.win.MainMenu(), only); it == nil || !it.Disabled {
		t.Errorf("the window's menu has %v for %q", it, only)
	}
	ed.SwitchRuleset(model.SF2E)
	if ed.enc.Ruleset != model.SF2E {
		t.Fatalf("the switch left %s", ed.enc.Ruleset)
	}
	// Pip, 10 ft up without a fly Speed, must fall in sf2e
	if it := findMenuItem(ed.win.MainMenu(), fallItemLabel); it == nil || it.Disabled {
		t.Errorf("after the switch to sf2e the window's menu has %v for %q", it, fallItemLabel)
	}
}

// TestTheRoundLineSaysAWalkerInTheAirMustFallFirst: QA's nofly.json, on
// Navasi's turn 15 ft up without a fly Speed: the round line read "Round
// 2 · 3 of 3 actions left to move" while the drag was refused ("it must
// fall first") and no reach was shown. It says she must fall first, and
// once she has fallen, what her turn has left.
func TestTheRoundLineSaysAWalkerInTheAirMustFallFirst(t *testing.T) {
	e := denOnNavasisTurn(t)
	n := e.TokenIndex("Navasi")
	delete(e.Tokens[n].Speeds, "fly")
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	if h, want := fightHeading(t, ed), "Round 2 · 15 ft up: must fall first"; h != want {
		t.Errorf("the round line reads %q, want %q", h, want)
	}
	ed.Select(n)
	ed.FallSelected()
	settle(t, ed, p)
	if h, want := fightHeading(t, ed), "Round 2 · 3 of 3 actions left to move"; h != want {
		t.Errorf("fallen: the round line reads %q, want %q", h, want)
	}
}

// TestAHeightTypedBringsTheFallButton: QA typed 15 in a walker's
// Elevation field: the status bar said its fall, but the Fall button the
// help promises under the field was not there until the token was
// selected again (the form is not rebuilt while the GM types in it). It
// comes as the height is typed, on, and goes at 0.
func TestAHeightTypedBringsTheFallButton(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	shown := func() (visible, on bool) {
		b, ok := inspectorFind(ed, func(b *controls.PaneButton) bool { return b.Text == fallButtonText })
		return ok && b.Visible(), ok && !b.Disabled()
	}
	if v, _ := shown(); v {
		t.Fatal("a Fall button shows for a walker on the ground")
	}
	en := entryOf(t, formWidget(t, ed, elevationLabel))
	en.SetText("1")
	en.SetText("15")
	if z := ed.enc.Tokens[0].Elevation; z != 15 {
		t.Fatalf("typed 15: %d ft", z)
	}
	if v, on := shown(); !v || !on {
		t.Errorf("15 ft up without a fly Speed: Fall button shown %v, on %v", v, on)
	}
	test.Tap(buttonIn(t, ed, fallButtonText))
	if z := ed.enc.Tokens[0].Elevation; z != 0 {
		t.Errorf("the Fall button left Dae %d ft up", z)
	}
	if v, _ := shown(); v {
		t.Error("a Fall button still shows once Dae has fallen")
	}
}
