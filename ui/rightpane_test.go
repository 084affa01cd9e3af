package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// TestCoverAnswersShowWithoutScrolling: the cover list ("Cover from X")
// and the flanking list sat below the fold of the overlays pane, so the GM
// scrolled to read them. With the sample's Large enemy selected, the whole
// list must lie inside the right-hand column at the default window size and
// at 1024x700 (less the menu bar the test window does not draw).
func TestCoverAnswersShowWithoutScrolling(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1200, Height: 780 - 30}, {Width: 1024, Height: 700 - 30}} {
		ed, _, p := newTestEditor(t, model.Sample())
		ed.win.Resize(size)
		ed.Select(ed.enc.TokenIndex("Tashtari"))
		ed.requestOverlays()
		p.until(t, "overlays", ed.overlaysIdle)
		if !strings.Contains(ed.ovp.coverLabel.Text, "Cover from Tashtari:") {
			t.Fatalf("no cover list: %q", ed.ovp.coverLabel.Text)
		}
		d := fyne.CurrentApp().Driver()
		lab := d.AbsolutePositionForObject(ed.ovp.coverLabel)
		col := d.AbsolutePositionForObject(ed.rightSplit)
		bottom := lab.Y + ed.ovp.coverLabel.MinSize().Height
		if end := col.Y + ed.rightSplit.Size().Height; bottom > end+1 {
			t.Errorf("at %v the cover list ends at y=%v, below the column's end %v: the GM has to scroll", size, bottom, end)
		}
	}
}
