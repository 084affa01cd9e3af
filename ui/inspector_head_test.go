package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestInspectorHeadlineFollowsEdits: making Dae large in the inspector
// left its first line saying "medium · party · 1×1 squares", and a new
// side kept the old one, until another token was selected.
func TestInspectorHeadlineFollowsEdits(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	gesture(ed, 0, [2]int{8, 3})
	if i, _ := tokenAt(t, ed, "Dae"); ed.Selected() != i {
		t.Fatalf("click on Dae selected %d", ed.Selected())
	}
	head := func() string {
		for _, o := range ed.insp.box.Objects {
			if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "squares at") {
				return l.Text
			}
		}
		t.Fatal("no headline in the inspector")
		return ""
	}
	if got := head(); got != "medium · party · 1×1 squares at (8, 3)" {
		t.Fatalf("headline %q", got)
	}
	selectOf(t, formWidget(t, ed, "Size")).SetSelected("large")
	if got := head(); got != "large · party · 2×2 squares at (8, 3)" {
		t.Errorf("after making Dae large the headline says %q", got)
	}
	formWidget(t, ed, "Side").(*controls.PaneSelectEntry).SetText("enemy")
	if got := head(); got != "large · enemy · 2×2 squares at (8, 3)" {
		t.Errorf("after changing the side the headline says %q", got)
	}
}
