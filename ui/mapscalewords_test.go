package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestPointsMapDialogSpeaksInSquares: in points, Map size and scale asked
// "Feet per square" and a resize said "map is 5 x 5 squares of 5 ft",
// though points counts squares and points and no feet (rules-conventions.md,
// points; the map keeps its feet a square only for a switch back). The
// form says how points counts instead of asking for feet, keeps the feet,
// and the status bar says squares only. sf2e still asks for feet.
func TestPointsMapDialogSpeaksInSquares(t *testing.T) {
	e, err := library.NewEncounter("Pit", model.Points, 8, 6, 5)
	if err != nil {
		t.Fatal(err)
	}
	e.Areas = []model.Area{{Kind: model.Burst, X: 6, Y: 4, Radius: 10}} // kept from sf2e
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	ed.mapDialog()
	words := dialogWords(t, ed.win) + formItemWords(ed.win)
	if strings.Contains(words, "Feet per square") || !strings.Contains(words, "counted in squares and points") {
		t.Errorf("the points form should say how points counts, not ask for feet:\n%s", words)
	}
	ens, _, _ := topDialog(t, ed.win)
	ens[0].SetText("5")
	ens[1].SetText("5")
	enter(ed.win)
	if top := ed.win.Canvas().Overlays().Top(); top != nil {
		enter(ed.win) // the burst off the smaller map goes: confirmed
	}
	settle(t, ed, p)
	if g := ed.enc.Grid; g.W != 5 || g.H != 5 || ed.enc.Feet() != 5 {
		t.Fatalf("after Apply: %d x %d, %d ft a square kept for a switch back; want 5 x 5, 5", g.W, g.H, ed.enc.Feet())
	}
	if msg := ed.status.msgLabel.Text; !strings.HasPrefix(msg, "map is 5 x 5 squares") || strings.Contains(msg, "ft") {
		t.Errorf("the status bar says %q, want squares and no feet", msg)
	}

	sf, err := library.NewEncounter("Room", model.SF2E, 8, 6, 5)
	if err != nil {
		t.Fatal(err)
	}
	ed2, _, p2 := newTestEditor(t, sf)
	settle(t, ed2, p2)
	ed2.mapDialog()
	if words := formItemWords(ed2.win); !strings.Contains(words, "Feet per square") {
		t.Errorf("sf2e's form should ask for feet a square:\n%s", words)
	}
}

// formItemWords are the labels of the top dialog's form, a line each.
func formItemWords(w fyne.Window) string {
	var b strings.Builder
	walkObjects(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				b.WriteString(it.Text + "\n")
			}
		}
	})
	return b.String()
}
