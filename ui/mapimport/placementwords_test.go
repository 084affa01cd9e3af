package mapimport

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/testimages"
)

// TestAlignSaysWhatTheMapKeeps: at one pixel a square a 1200x900 image
// holds more squares than a map may have; the dialog says the map is
// capped at 1000 x 1000 squares and which pixels it keeps. A bad pixels
// per square is named by the field's label, not the format's path.
func TestAlignSaysWhatTheMapKeeps(t *testing.T) {
	test.NewTempApp(t)
	img := readImage(t, testimages.GridPNG(1200, 900, 70, 35))
	d := NewAlign(controls.NewEscapes(nil), img, AlignOptions{Start: Proposed(img.MapImage, img.Grid, 0)})
	d.OffsetX.SetText("0")
	d.OffsetY.SetText("0")
	d.PxPerSquare.SetText("1")
	said := d.info.Text
	for _, want := range []string{"1000 x 900 squares", "most a map can have (1000 x 1000 squares)", "1000 x 900 pixels from (0, 0)"} {
		if !strings.Contains(said, want) {
			t.Errorf("the dialog says %q, not %q", said, want)
		}
	}
	d.PxPerSquare.SetText("70")
	if strings.Contains(d.info.Text, "most a map") {
		t.Errorf("at 70 px a square the dialog still says %q", d.info.Text)
	}
	d.PxPerSquare.SetText("-5")
	if said := d.info.Text; !strings.Contains(said, "Pixels per square: must be more than 0") || strings.Contains(said, "backgroundPlacement") {
		t.Errorf("a negative pixels per square: the dialog says %q", said)
	}
}
