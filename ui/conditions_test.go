package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestConditionPicker: pick "frightened" with value 2, raise it to 3,
// add prone (the rules act on it), remove it again; a value is asked for.
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
		if name == "frightened" == val.Disabled() {
			t.Errorf("value entry disabled %v for %s", val.Disabled(), name)
		}
		val.SetText(value)
		test.Tap(buttonIn(t, ed, "Add"))
	}
	pickAdd("frightened", "2")
	pickAdd("frightened", "3")
	pickAdd("prone", "")
	if got := ed.enc.Tokens[i].Conditions; !slices.Equal(got, []string{"frightened 3", "prone"}) {
		t.Fatalf("conditions %v", got)
	}
	test.Tap(buttonIn(t, ed, "prone"))
	if got := ed.enc.Tokens[i].Conditions; !slices.Equal(got, []string{"frightened 3"}) {
		t.Errorf("after removing prone: %v", got)
	}
	pickAdd("frightened", "")
	if ed.insp.errLabel == nil || !ed.insp.errLabel.Visible() {
		t.Error("no message when the value is missing")
	}
	ed.Undo()
	if got := ed.enc.Tokens[i].Conditions; !slices.Equal(got, []string{"frightened 3", "prone"}) {
		t.Errorf("undo removal: %v", got)
	}
}
