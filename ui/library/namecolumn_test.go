package library

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestNameColumnKeepsItsWidthFirst: in an 800 px window the library's
// Name column is wide enough for "Derelict cargo bay" while the other
// columns shrink to fit the row; in a wide window the name takes the room
// beyond the others' full widths.
func TestNameColumnKeepsItsWidthFirst(t *testing.T) {
	test.NewTempApp(t)
	need := fyne.MeasureText("Derelict cargo bay", theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	layout := func(total float32) []float32 {
		objs := []fyne.CanvasObject{widget.NewLabel("Derelict cargo bay"), widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel("")}
		(&colsLayout{}).Layout(objs, fyne.NewSize(total, 40))
		ws := make([]float32, len(objs))
		for i, o := range objs {
			ws[i] = o.Size().Width
		}
		return ws
	}
	for _, total := range []float32{780, 800, 900} {
		ws := layout(total)
		if ws[0] < need {
			t.Errorf("row %v wide: the name gets %v, needs %v for the sample's name", total, ws[0], need)
		}
		sum := float32(0)
		for _, w := range ws {
			sum += w
		}
		if sum > total+0.5 {
			t.Errorf("row %v wide: the columns take %v", total, sum)
		}
	}
	if ws := layout(1400); ws[0] != 1400-(290+colWidths[2]+200+150) || ws[1] != 290 || ws[4] != 150 {
		t.Errorf("1400 wide: %v", ws)
	}
	// the size column, however squeezed, holds a 1000 x 1000 map's size
	// (it showed "1000 × 1…")
	if need := fyne.MeasureText("1000 × 1000", theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding(); colLeast[2] < need {
		t.Errorf("the size column's least width %v is under the %v a 1000 x 1000 map's size needs", colLeast[2], need)
	}
}
