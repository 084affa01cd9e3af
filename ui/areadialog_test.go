package ui

import (
	"testing"

	"encounterplanner/model"
)

// TestAddAreaKeepsTheDialogAndRefusesHugeRadii: a bad radius closed Add
// area and the error only flashed in the status bar ("areas[0].radius:
// …"), and a 100000 ft burst was placed. The dialog now comes back as
// typed under an error dialog naming the field, and a radius past the
// map's diagonal is refused.
func TestAddAreaKeepsTheDialogAndRefusesHugeRadii(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample()) // 22 x 13 squares of 5 ft: a 130 ft diagonal
	ed.addAreaDialog()
	ens, _, _ := topDialog(t, ed.win)
	size := ens[0]
	for _, c := range []struct{ typed, want string }{
		{"abc", `Radius or length: "abc" is not a whole number of feet`},
		{"7", "Radius or length must be a positive multiple of 5 feet"},
		{"100000", "Radius or length must be at most 130 feet (the map's diagonal), not 100000"},
		{"135", "at most 130 feet"},
	} {
		size.SetText(c.typed)
		ens = submitRefused(t, ed, "radius "+c.typed, c.want)
		if ens[0].Text != c.typed {
			t.Errorf("radius %s: the dialog came back with %q", c.typed, ens[0].Text)
		}
		if focusedEntry(ed.win) != size {
			t.Errorf("radius %s: the cursor is not in the radius", c.typed)
		}
		if len(ed.enc.Areas) != 0 {
			t.Fatalf("radius %s placed an area", c.typed)
		}
	}
	size.SetText("130")
	enter(ed.win)
	if ed.win.Canvas().Overlays().Top() != nil || len(ed.enc.Areas) != 1 || ed.enc.Areas[0].Radius != 130 {
		t.Errorf("a 130 ft burst: dialog open %v, areas %v", ed.win.Canvas().Overlays().Top() != nil, ed.enc.Areas)
	}
}
