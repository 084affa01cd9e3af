package ui

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// dialogWords is every label's text in the dialog on top of w.
func dialogWords(t *testing.T, w fyne.Window) string {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog open")
	}
	var b strings.Builder
	walkObjects(top, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
	})
	return b.String()
}

// withAreas is goblinsEncounter with a 10-ft burst and a 15-ft cone from
// the fighter, as A and Add area… place them.
func withAreas(t *testing.T) *model.Encounter {
	e := goblinsEncounter(t, model.SF2E)
	e.Areas = []model.Area{
		{Kind: model.Burst, X: 6, Y: 4, Radius: 10},
		{Kind: model.Cone, Token: "Fighter", Dir: model.SE, Length: 15, Label: "breath"},
	}
	return e
}

// TestSwitchToStarshipTakesAreasAlong: a placed burst made the switch to
// starship (50-ft squares) fail after the GM had confirmed it, with
// "areas[0].radius: must be a positive multiple of 50 feet", and the
// warning never named the areas. Now the warning says they go, the switch
// removes them, and one Ctrl+Z brings the ruleset and the areas back.
func TestSwitchToStarshipTakesAreasAlong(t *testing.T) {
	ed, _, p := newTestEditor(t, withAreas(t))
	settle(t, ed, p)
	before := append([]model.Area(nil), ed.enc.Areas...)
	ed.SwitchRuleset(model.Starship)
	words := dialogWords(t, ed.win)
	for _, want := range []string{"The 2 area templates go (areas are sf2e's)", "burst 10 ft (50-ft squares cannot measure it)", "breath (cone 15 ft from Fighter)", "Ctrl+Z"} {
		if !strings.Contains(words, want) {
			t.Errorf("the warning should say %q:\n%s", want, words)
		}
	}
	_, _, buttons := topDialog(t, ed.win)
	test.Tap(buttons["Switch"])
	settle(t, ed, p)
	if ed.enc.Ruleset != model.Starship || len(ed.enc.Areas) != 0 {
		t.Fatalf("after Switch: %s with areas %+v", ed.enc.Ruleset, ed.enc.Areas)
	}
	if top := ed.win.Canvas().Overlays().Top(); top != nil {
		t.Fatalf("a dialog is still open after Switch:\n%s", dialogWords(t, ed.win))
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "2 area templates removed") {
		t.Errorf("status %q should say the areas went", msg)
	}
	ed.Undo()
	settle(t, ed, p)
	if ed.enc.Ruleset != model.SF2E || !reflect.DeepEqual(ed.enc.Areas, before) {
		t.Errorf("one undo: %s with areas %+v, want sf2e with %+v", ed.enc.Ruleset, ed.enc.Areas, before)
	}
}

// TestSwitchToPF1EKeepsAreas: pf1e has 5-ft squares too, and the file
// keeps areas outside sf2e (encounter-format.md): they stay as they are,
// the status bar says they shade nothing now, and switching back shows
// them again unchanged.
func TestSwitchToPF1EKeepsAreas(t *testing.T) {
	ed, _, p := newTestEditor(t, withAreas(t))
	settle(t, ed, p)
	before := append([]model.Area(nil), ed.enc.Areas...)
	ed.SwitchRuleset(model.PF1E)
	if ed.enc.Ruleset != model.PF1E {
		t.Fatalf("nothing to ask, yet the switch to pf1e did not happen:\n%s", dialogWords(t, ed.win))
	}
	if !reflect.DeepEqual(ed.enc.Areas, before) {
		t.Errorf("pf1e areas %+v, want %+v", ed.enc.Areas, before)
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "2 area templates kept, shading nothing outside sf2e") {
		t.Errorf("status %q should say the areas stay but do nothing", msg)
	}
	ed.SwitchRuleset(model.SF2E)
	if ed.enc.Ruleset != model.SF2E || !reflect.DeepEqual(ed.enc.Areas, before) {
		t.Errorf("back in sf2e: %s with %+v, want %+v", ed.enc.Ruleset, ed.enc.Areas, before)
	}
}

// TestMapScaleRoundsAreas: Map size and scale to 10 ft a square with a
// 15-ft cone placed was refused with "Areas[1].length: must be a positive
// multiple of 10 feet". Now the dialog asks first, naming each area and
// its new size (15 ft rounds to 20, 10 stays), applies it as one undo
// step, and Ctrl+Z brings the 5-ft squares and the 15-ft cone back.
func TestMapScaleRoundsAreas(t *testing.T) {
	ed, _, p := newTestEditor(t, withAreas(t))
	settle(t, ed, p)
	before := append([]model.Area(nil), ed.enc.Areas...)
	ed.mapDialog()
	ens, _, _ := topDialog(t, ed.win)
	ens[2].SetText("10")
	enter(ed.win)
	words := dialogWords(t, ed.win)
	for _, want := range []string{"The area template is rounded to the nearest multiple of 10 ft (at least one square)", "breath (cone 15 ft from Fighter) becomes 20 ft", "Ctrl+Z"} {
		if !strings.Contains(words, want) {
			t.Errorf("the confirmation should say %q:\n%s", want, words)
		}
	}
	if strings.Contains(words, "burst") || strings.Contains(words, "areas[") {
		t.Errorf("the 10-ft burst fits 10-ft squares; the confirmation should not list it:\n%s", words)
	}
	_, _, buttons := topDialog(t, ed.win)
	if buttons["Apply"] == nil {
		t.Fatalf("no confirmation with Apply:\n%s", words)
	}
	test.Tap(buttons["Apply"])
	settle(t, ed, p)
	if ed.enc.Feet() != 10 || len(ed.enc.Areas) != 2 || ed.enc.Areas[0].Radius != 10 || ed.enc.Areas[1].Length != 20 {
		t.Fatalf("after Apply: %d ft a square, areas %+v", ed.enc.Feet(), ed.enc.Areas)
	}
	if top := ed.win.Canvas().Overlays().Top(); top != nil {
		t.Fatalf("a dialog is still open after Apply:\n%s", dialogWords(t, ed.win))
	}
	ed.Undo()
	if ed.enc.Feet() != 5 || !reflect.DeepEqual(ed.enc.Areas, before) {
		t.Errorf("one undo: %d ft a square, areas %+v, want 5 and %+v", ed.enc.Feet(), ed.enc.Areas, before)
	}
	// a 50-ft scale: nothing rounds to zero, the cone is one square
	if err := ed.ResizeMap(12, 8, 50); err != nil {
		t.Fatalf("50 ft a square: %v", err)
	}
	if a := ed.enc.Areas; a[0].Radius != 50 || a[1].Length != 50 {
		t.Errorf("at 50 ft a square: %+v, want both one square", a)
	}
}

// TestMapScaleRoundsHeights: a flyer 5 ft up refused a change to 10-ft
// squares with the model's words ("elevation: must be a multiple of 10
// feet"); the dialog now says where each height goes, and Apply puts it
// there in the same undo step.
func TestMapScaleRoundsHeights(t *testing.T) {
	e := model.Sample()
	i := e.TokenIndex("Dae")
	e.Tokens[i].Elevation = 5
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	ed.mapDialog()
	ens, _, _ := topDialog(t, ed.win)
	ens[2].SetText("10")
	enter(ed.win)
	words := dialogWords(t, ed.win)
	if !strings.Contains(words, "Dae 5 ft up becomes 10 ft up") {
		t.Fatalf("the confirmation should say where Dae's height goes:\n%s", words)
	}
	enter(ed.win)
	if ed.enc.Feet() != 10 || ed.enc.Tokens[i].Elevation != 10 {
		t.Fatalf("after Apply: %d ft a square, Dae %d ft up (status %q)", ed.enc.Feet(), ed.enc.Tokens[i].Elevation, ed.status.msgLabel.Text)
	}
	ed.Undo()
	if ed.enc.Feet() != 5 || ed.enc.Tokens[i].Elevation != 5 {
		t.Errorf("one undo: %d ft a square, Dae %d ft up", ed.enc.Feet(), ed.enc.Tokens[i].Elevation)
	}
}
