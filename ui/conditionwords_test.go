package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestConditionsShowInWords: the inspector's and the fight pane's
// condition lists and remove buttons said "cannot-act", "no-melee",
// "taken-cover", "ignores-difficult-terrain", the file's names, and the
// round's line "cannot-act: cannot move" on its turn. Nothing
// in the window says them now, in a fight or out of one: the GM reads
// "Cannot act", "Taken cover". Picked or typed in words, a condition is
// kept by its name, as the file and the command line have it.
func TestConditionsShowInWords(t *testing.T) {
	internal := []string{model.CondCannotAct, model.CondNoMelee, model.CondTakenCover, model.CondIgnoresDifficult}
	for _, fight := range []bool{true, false} {
		e := denOnNavasisTurn(t)
		dae := e.TokenIndex("Dae")
		e.Tokens[dae].Conditions = []string{model.CondCannotAct, model.CondTakenCover, model.CondIgnoresDifficult, "frightened 1", "hasted"}
		if fight {
			e.Fight.Turn = "Dae" // the round's line says why Dae cannot move
		} else {
			e.Fight = nil
		}
		ed, _, p := newTestEditor(t, e)
		ed.Select(dae)
		settle(t, ed, p)
		var seen []string
		walkObjects(ed.win.Canvas().Content(), func(o fyne.CanvasObject) {
			switch x := o.(type) {
			case *canvas.Text:
				seen = append(seen, x.Text)
			case *controls.PaneSelect:
				seen = append(seen, x.Options...)
			case *controls.PaneEntry:
				seen = append(seen, x.Text, x.PlaceHolder)
			}
		})
		for _, s := range seen {
			for _, n := range internal {
				if strings.Contains(s, n) {
					t.Errorf("fight %v: the window says %q", fight, s)
				}
			}
		}
		for _, w := range []string{"Cannot act", "Taken cover", "Ignores difficult terrain", "Frightened 1", "hasted"} {
			buttonIn(t, ed, w) // its remove button
		}
		sel, ok := inspectorFind(ed, func(s *controls.PaneSelect) bool { return s.PlaceHolder == "condition" })
		if !ok {
			t.Fatalf("fight %v: no condition list", fight)
		}
		for _, w := range []string{"Cannot act", "No melee", "Taken cover", "Ignores difficult terrain", "Prone", "Frightened", "Off-guard"} {
			if !slices.Contains(sel.Options, w) {
				t.Errorf("fight %v: the list has no %q: %q", fight, w, sel.Options)
			}
		}
		sel.SetSelected("No melee")
		test.Tap(buttonIn(t, ed, "Add"))
		if got := ed.enc.Tokens[dae].Conditions; !slices.Contains(got, model.CondNoMelee) {
			t.Errorf("fight %v: No melee picked: %q", fight, got)
		}
		if fight {
			continue
		}
		free := entryOf(t, formWidget(t, ed, "Conditions"))
		if want := "Cannot act, Taken cover, Ignores difficult terrain, Frightened 1, hasted, No melee"; free.Text != want {
			t.Errorf("the Conditions field reads %q, want %q", free.Text, want)
		}
		free.SetText("Taken cover, prone, Frightened 2, hasted")
		if got, want := ed.enc.Tokens[dae].Conditions, []string{model.CondTakenCover, model.CondProne, "frightened 2", "hasted"}; !slices.Equal(got, want) {
			t.Errorf("typed in words: %q, want %q", got, want)
		}
	}
}
