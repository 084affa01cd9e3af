package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// TestPageUpRaisesSelectedTokenAndWarnsOfTheFall lifts a walker with
// PageUp: its elevation goes up one square's feet a press, the inspector
// shows it, the status bar says the fall and its damage, and Ctrl+Z takes
// each press back.
func TestPageUpRaisesSelectedTokenAndWarnsOfTheFall(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, _, _ := newTestEditor(t, e)
	if ed.key(&fyne.KeyEvent{Name: fyne.KeyPageUp}) {
		t.Fatal("PageUp with no token selected was used")
	}
	ed.Select(0)
	for i := 0; i < 6; i++ {
		ed.key(&fyne.KeyEvent{Name: fyne.KeyPageUp})
	}
	if z := ed.enc.Tokens[0].Elevation; z != 30 {
		t.Fatalf("six PageUps: %d ft", z)
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "would fall 30 ft for 15 bludgeoning damage") {
		t.Errorf("status: %q", msg)
	}
	found := false
	for _, o := range ed.insp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Text == "Elevation ft" {
					found = it.Widget.(*widget.Entry).Text == "30"
				}
			}
		}
	}
	if !found {
		t.Error("the inspector does not show Elevation 30")
	}
	ed.key(&fyne.KeyEvent{Name: fyne.KeyPageDown})
	ed.Undo()
	ed.Undo()
	if z := ed.enc.Tokens[0].Elevation; z != 25 {
		t.Fatalf("PageDown then two undos: %d ft, want 25", z)
	}
}

// TestInspectorElevationField types an elevation; a bad one is refused in
// the GM's words.
func TestInspectorElevationField(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25, "fly": 30}}}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	var en *widget.Entry
	for _, o := range ed.insp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Text == "Elevation ft" {
					en = it.Widget.(*widget.Entry)
				}
			}
		}
	}
	if en == nil {
		t.Fatal("no Elevation field")
	}
	test.Type(en, "15")
	if z := ed.enc.Tokens[0].Elevation; z != 15 {
		t.Fatalf("typed 15: %d", z)
	}
	en.SetText("12")
	if z := ed.enc.Tokens[0].Elevation; z != 15 || !strings.Contains(ed.status.msgLabel.Text, "multiple of 5") {
		t.Fatalf("typed 12: %d ft, status %q", z, ed.status.msgLabel.Text)
	}
}
