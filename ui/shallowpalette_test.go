package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestPaletteShallowWater: shallow water was in the model, the rules and
// the map but not in the palette. Its swatch, "Shallow", is on the S key
// (W, its legend key in the file, draws walls), and the help says so.
func TestPaletteShallowWater(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.rune('s')
	if ed.tools.terrain != model.ShallowWater || ed.tools.tool != ToolBrush {
		t.Fatalf("s picked terrain %v with tool %v, want shallow water with the brush", ed.tools.terrain, ed.tools.tool)
	}
	found := false
	for i, p := range palette {
		if p.t == model.ShallowWater {
			found = true
			if p.name != "Shallow" || ed.tools.terrButtons[i].Text != "S" {
				t.Errorf("the swatch is %q on button %q", p.name, ed.tools.terrButtons[i].Text)
			}
		}
	}
	if !found {
		t.Fatal("no shallow water swatch in the palette")
	}
	if !strings.Contains(helpText, "**S** shallow water") {
		t.Error("the help does not name the S key")
	}
	ed.rune('1')
	if ed.tools.terrain != 0 {
		t.Errorf("1 after s picked %v", ed.tools.terrain)
	}
}
