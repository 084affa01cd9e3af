package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
)

// navasiAloft is an 8x6 room of open floor with Navasi (land 25, fly 30)
// flying 15 ft up with 7 of 20 HP, and Dae walking beside her.
func navasiAloft(t *testing.T) *model.Encounter {
	e := openEncounter(t, 8, 6)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Navasi", Side: "party", X: 3, Y: 2, Size: model.Medium, Elevation: 15, Speeds: map[string]int{"land": 25, "fly": 30}, HP: &model.HP{Current: 7, Max: 20}},
		{ID: model.NewID(), Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
	}
	return e
}

const navasiFalls = "Navasi is unconscious 15 ft up: it would fall 15 ft for 7 bludgeoning damage and land prone"

// TestDamageToZeroWarnsThatTheFlyerFalls: the Damage button taking a
// flyer 15 ft up to 0 HP (unconscious and prone) says in the status bar
// that it would fall, and how hard; so does typing 0 in its current HP.
func TestDamageToZeroWarnsThatTheFlyerFalls(t *testing.T) {
	ed, _, _ := newTestEditor(t, navasiAloft(t))
	ed.Select(0)
	amount, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "amount" })
	amount.SetText("7")
	test.Tap(buttonIn(t, ed, "Damage"))
	if tk := ed.enc.Tokens[0]; tk.HP.Current != 0 || !tk.Has(model.CondUnconscious) {
		t.Fatalf("after 7 damage: HP %+v, conditions %q", tk.HP, tk.Conditions)
	}
	if got := ed.status.msgLabel.Text; got != navasiFalls {
		t.Errorf("status after Damage: %q\nwant %q", got, navasiFalls)
	}

	ed2, _, _ := newTestEditor(t, navasiAloft(t))
	ed2.Select(0)
	hp := formWidget(t, ed2, "HP").(*fyne.Container)
	entryOf(t, hp.Objects[0]).SetText("0")
	if got := ed2.status.msgLabel.Text; got != navasiFalls {
		t.Errorf("status after typing 0 HP: %q\nwant %q", got, navasiFalls)
	}
	// selecting it again says it too
	ed2.Select(-1)
	ed2.Select(0)
	if got := ed2.status.msgLabel.Text; !strings.Contains(got, "would fall 15 ft") {
		t.Errorf("status on selecting the fallen flyer: %q", got)
	}
}

// TestFlyerAloftIsShownFlying: selecting Navasi 15 ft up (fly 30) shows
// her fly reach and says why, where the mode stayed "land" and a drag
// spent a land Stride while she stayed up; the GM may switch back to
// land by hand; Dae, on the ground, keeps land; an unconscious Navasi
// up there is told her fall instead and is not switched.
func TestFlyerAloftIsShownFlying(t *testing.T) {
	ed, _, _ := newTestEditor(t, navasiAloft(t))
	ed.Select(1)
	if m := ed.ovp.settings.Mode; m != "land" {
		t.Fatalf("Dae on the ground: mode %q", m)
	}
	ed.Select(0)
	if m := ed.ovp.settings.Mode; m != "fly" {
		t.Fatalf("Navasi 15 ft up: mode %q, want fly", m)
	}
	if got, want := ed.status.msgLabel.Text, "Navasi is 15 ft up: showing fly"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if ed.ovp.end == nil {
		t.Error("the overlays panel has no End elevation field for the flight")
	}
	// by hand back to land: kept while she stays selected
	ed.ovp.settings.Mode = "land"
	ed.requestOverlays()
	if m := ed.ovp.settings.Mode; m != "land" {
		t.Fatalf("switched to land by hand: mode %q", m)
	}
	ed.Select(1)
	ed.Select(0)
	if m := ed.ovp.settings.Mode; m != "fly" {
		t.Fatalf("selected again: mode %q, want fly", m)
	}
	// unconscious up there: it falls, it does not fly
	ed.Select(1)
	ed.ovp.settings.Mode = "land"
	ed.enc.Tokens[0].Conditions = []string{model.CondUnconscious, model.CondProne}
	ed.Select(0)
	if m := ed.ovp.settings.Mode; m != "land" {
		t.Errorf("unconscious 15 ft up: mode %q, want land kept", m)
	}
	if got := ed.status.msgLabel.Text; got != navasiFalls {
		t.Errorf("unconscious 15 ft up: status %q\nwant %q", got, navasiFalls)
	}
}

// TestFlyersTurnIsShownFlying: the turn passing to Navasi 15 ft up selects
// her in fly mode, so her turn's reach is her flight's.
func TestFlyersTurnIsShownFlying(t *testing.T) {
	e := navasiAloft(t)
	one, two := 20, 10
	e.Tokens[0].Initiative, e.Tokens[1].Initiative = &two, &one // Dae first
	ed, _, _ := newTestEditor(t, e)
	if err := ed.StartFight(nil); err != nil {
		t.Fatal(err)
	}
	if ed.enc.Fight.Turn != "Dae" || ed.ovp.settings.Mode != "land" {
		t.Fatalf("Dae's turn: turn %q, mode %q", ed.enc.Fight.Turn, ed.ovp.settings.Mode)
	}
	ed.NextTurn()
	if ed.enc.Fight.Turn != "Navasi" || ed.Selected() != 0 {
		t.Fatalf("after N: turn %q, selected %d", ed.enc.Fight.Turn, ed.Selected())
	}
	if m := ed.ovp.settings.Mode; m != "fly" {
		t.Errorf("Navasi's turn 15 ft up: mode %q, want fly", m)
	}
}

// TestPageDownStopsAtTheGroundOnSolidFloor: Navasi (land and fly) on open
// floor comes down to the ground with PageDown and no further, the status
// bar says why and no undo step is made of the refusal; given a burrow
// Speed she goes on below.
func TestPageDownStopsAtTheGroundOnSolidFloor(t *testing.T) {
	e := navasiAloft(t)
	e.Tokens[0].Elevation = 5
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	pageDown := func() { ed.key(&fyne.KeyEvent{Name: fyne.KeyPageDown}) }
	pageDown()
	if z := ed.enc.Tokens[0].Elevation; z != 0 {
		t.Fatalf("PageDown from 5 ft: %d ft, want 0", z)
	}
	pageDown()
	if z := ed.enc.Tokens[0].Elevation; z != 0 {
		t.Fatalf("PageDown on the ground: %d ft, want 0", z)
	}
	if got, want := ed.status.msgLabel.Text, "Navasi cannot go below the ground: it has no burrow Speed, and no water is under it"; got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	ed.Undo()
	if z := ed.enc.Tokens[0].Elevation; z != 5 {
		t.Errorf("one undo after the refusal: %d ft, want 5 (the refusal is no step)", z)
	}
	ed.Redo()
	ed.enc.Tokens[0].Speeds["burrow"] = 10
	pageDown()
	if z := ed.enc.Tokens[0].Elevation; z != -5 {
		t.Errorf("a burrower's PageDown on the ground: %d ft, want -5", z)
	}
}

// TestLiftingAFlyerShowsItFlying: PageUp on a selected flyer standing in
// land mode raised it but kept showing land reach, whose Strides keep its
// height, until another token was selected and it was selected again. It
// now switches to fly as it leaves the ground, and says so.
func TestLiftingAFlyerShowsItFlying(t *testing.T) {
	e := navasiAloft(t)
	e.Tokens[0].Elevation = 0
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	if m := ed.ovp.settings.Mode; m != "land" {
		t.Fatalf("Navasi on the ground: mode %q", m)
	}
	if !ed.RaiseSelected(1) || ed.enc.Tokens[0].Elevation != 5 {
		t.Fatalf("PageUp: elevation %d", ed.enc.Tokens[0].Elevation)
	}
	if m := ed.ovp.settings.Mode; m != "fly" {
		t.Errorf("lifted 5 ft: mode %q, want fly", m)
	}
	if got, want := ed.status.msgLabel.Text, "Navasi is 5 ft up: showing fly"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	// a walker lifted by the GM keeps its mode and hears that it would
	// drop, harmlessly from 5 ft
	ed.Select(1)
	ed.RaiseSelected(1)
	if m, msg := ed.ovp.settings.Mode, ed.status.msgLabel.Text; m != "land" || !strings.Contains(msg, "it would drop 5 ft, no damage") {
		t.Errorf("Dae lifted: mode %q, status %q; want land and the fall", m, msg)
	}
}

// TestAFlyerLoweredIntoWaterSwims: QA lowered a flyer (W, fly 30) with
// PageDown into water below 0: the Mode stayed fly and the status bar said
// "flight never goes below 0" over an empty reach. The Mode follows: swim
// for a swimmer, and for one without a swim Speed the ruleset's land (the
// rules' answer there), the status bar saying why.
func TestAFlyerLoweredIntoWaterSwims(t *testing.T) {
	e := fallEncounter(t)
	w := e.TokenIndex("W")
	e.Tokens[w].Elevation = 0 // on the water (2, 0)
	e.Tokens[w].Speeds["swim"] = 20
	ed, _, p := newTestEditor(t, e)
	ed.ovp.settings.Mode = rules.ModeFly
	ed.buildOverlayPanel()
	ed.Select(w)
	for range 4 {
		ed.RaiseSelected(-1)
	}
	if z := ed.enc.Tokens[w].Elevation; z != -20 {
		t.Fatalf("four PageDowns over water: %d ft", z)
	}
	if m := ed.ovp.settings.Mode; m != rules.ModeSwim {
		t.Errorf("20 ft down in water: mode %q, want swim", m)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	if o := ed.Overlays(); len(o.Reach) == 0 {
		t.Error("no swim reach 20 ft down")
	}
	// without a swim Speed: land, which says it cannot move there
	ed.Select(-1)
	delete(ed.enc.Tokens[w].Speeds, "swim")
	ed.ovp.settings.Mode = rules.ModeFly
	ed.buildOverlayPanel()
	ed.Select(w)
	if m := ed.ovp.settings.Mode; m != rules.ModeLand {
		t.Errorf("no swim Speed, 20 ft down: mode %q, want land", m)
	}
	if got, want := ed.status.msgLabel.Text, "W is 20 ft down in water without a swim Speed: showing land"; got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	// back above the ground it flies
	for range 5 {
		ed.RaiseSelected(+1)
	}
	if m := ed.ovp.settings.Mode; m != rules.ModeFly {
		t.Errorf("5 ft up again: mode %q, want fly", m)
	}
}
