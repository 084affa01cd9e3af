package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"encounterplanner/model"
)

// TestPaletteNamesItsSwatches: the terrain palette showed numbers only,
// the names in tooltips the GM hovered one by one. Every swatch now has
// its name beside it, inside the tool column's width.
func TestPaletteNamesItsSwatches(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	shown := map[string]fyne.CanvasObject{}
	walkObjects(ed.content, func(o fyne.CanvasObject) {
		if tx, ok := o.(*canvas.Text); ok {
			shown[tx.Text] = tx
		}
	})
	for _, p := range palette {
		tx, ok := shown[p.name]
		if !ok {
			t.Errorf("the palette does not show the name %q of key %c", p.name, p.key)
			continue
		}
		if w := tx.MinSize().Width; w > 72 {
			t.Errorf("%q is %v px wide: it would not fit under its swatch", p.name, w)
		}
	}
}
