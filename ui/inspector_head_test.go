package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

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
			if h, ok := o.(*tokenHead); ok {
				return strings.ReplaceAll(h.Text, "\n", " ")
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

// TestInspectorHeadlineKeepsTheCoordinatesWhole: at the least window
// size the headline of Dae at (8, 3) wrapped inside its coordinates,
// "(8," at the end of one line and "3)" under it. A headline that fits
// the column is one line; one that does not puts "at (8, 3)" on a line
// of its own, which fits: the label never breaks it.
func TestInspectorHeadlineKeepsTheCoordinatesWhole(t *testing.T) {
	e := openEncounter(t, 200, 200)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Dae", Side: "party", X: 8, Y: 3, Size: model.Medium},
		{ID: model.NewID(), Name: "Rat", Side: "enemy", X: 2, Y: 1, Size: model.Medium},
		{ID: model.NewID(), Name: "Wyrm", Side: "neutral", X: 123, Y: 156, Size: model.Gargantuan},
		{ID: model.NewID(), Name: "Imp", Side: "a", X: 1, Y: 9, Size: model.Tiny},
	}
	ed, _, p := newTestEditor(t, e)
	ed.win.Resize(editorLeast.Subtract(editorChrome()))
	for i, tk := range e.Tokens {
		ed.Select(i)
		settle(t, ed, p)
		var h *tokenHead
		walkObjects(ed.insp.box, func(o fyne.CanvasObject) {
			if x, ok := o.(*tokenHead); ok {
				h = x
			}
		})
		if h == nil {
			t.Fatalf("%s: no headline", tk.Name)
		}
		th := h.Theme()
		room := h.Size().Width - 2*th.Size(theme.SizeNameInnerPadding)
		width := func(s string) float32 { return fyne.MeasureText(s, th.Size(theme.SizeNameText), h.TextStyle).Width }
		whole := fmt.Sprintf("(%d, %d)", tk.X, tk.Y)
		lines := strings.Split(h.Text, "\n")
		for _, l := range lines {
			if strings.Contains(l, "(") && (!strings.Contains(l, whole) || width(l) > room) {
				t.Errorf("%s: the line %q of %q is %.0f wide, in %.0f: the label breaks it", tk.Name, l, h.Text, width(l), room)
			}
		}
		if one := strings.Join(lines, " "); len(lines) > 1 && width(one) <= room {
			t.Errorf("%s: %q fits one line", tk.Name, h.Text)
		}
		if h.MinSize().Width > room+2*th.Size(theme.SizeNameInnerPadding) {
			t.Errorf("%s: the headline asks %.0f, wider than the column", tk.Name, h.MinSize().Width)
		}
	}
}
