package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestConditionPicker: pick Frightened with value 2, raise it to 3,
// add Prone (the rules act on it), remove it again; a value is asked for.
// The list and the buttons say the conditions' words; the token keeps
// their names.
func TestConditionPicker(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i, _ := tokenAt(t, ed, "Dae")
	ed.Select(i)
	pickAdd := func(name, value string) {
		t.Helper()
		sel, ok := inspectorFind(ed, func(s *controls.PaneSelect) bool { return s.PlaceHolder == "condition" })
		if !ok {
			t.Fatal("no condition select")
		}
		sel.SetSelected(name)
		val, _ := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.PlaceHolder == "value" })
		if name == "Frightened" == val.Disabled() {
			t.Errorf("value entry disabled %v for %s", val.Disabled(), name)
		}
		val.SetText(value)
		test.Tap(buttonIn(t, ed, "Add"))
	}
	pickAdd("Frightened", "2")
	pickAdd("Frightened", "3")
	pickAdd("Prone", "")
	if got := ed.enc.Tokens[i].Conditions; !slices.Equal(got, []string{"frightened 3", "prone"}) {
		t.Fatalf("conditions %v", got)
	}
	test.Tap(buttonIn(t, ed, "Prone"))
	if got := ed.enc.Tokens[i].Conditions; !slices.Equal(got, []string{"frightened 3"}) {
		t.Errorf("after removing prone: %v", got)
	}
	pickAdd("Frightened", "")
	if ed.insp.errLabel == nil || !ed.insp.errLabel.Visible() {
		t.Error("no message when the value is missing")
	}
	ed.Undo()
	if got := ed.enc.Tokens[i].Conditions; !slices.Equal(got, []string{"frightened 3", "prone"}) {
		t.Errorf("undo removal: %v", got)
	}
}
