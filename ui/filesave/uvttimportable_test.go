package filesave

import (
	"bytes"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/export"
)

// TestExportUVTTOfALargeMapImportsBack: Export Universal VTT… of a map
// too large for 70 px a square writes an image the import reads back.
// FittingPX, the PNG export's 16384 pixels a side, let a 120 x 120 map
// be written at 70 px, 8400 x 8400 pixels, and Import Universal VTT…
// refused the app's own file (at most 64 million pixels).
func TestExportUVTTOfALargeMapImportsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a 64-million-pixel image")
	}
	e := &model.Encounter{Name: "Hall", Ruleset: model.SF2E, Grid: model.NewGrid(120, 120)}
	var buf bytes.Buffer
	if err := writeUVTT(&buf, e); err != nil {
		t.Fatal(err)
	}
	if _, _, err := export.ImportUVTT(&buf, "Hall"); err != nil {
		t.Errorf("the app's file does not import back: %v", err)
	}
}
