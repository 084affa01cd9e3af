package ui

import (
	"bytes"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/export"
)

// TestExportPDFPlayerVersionPrintsWhatPlayersSee: the editor's Export PDF
// with "Player version", "Trim to content" and "Add token standees" prints
// what the players see, with or without the current overlays: a GM-only
// trap and a creature wholly in fog in the far corner no longer stretch
// the print from one page to eight, and the creature gets no standee.
func TestExportPDFPlayerVersionPrintsWhatPlayersSee(t *testing.T) {
	e := model.Sample()
	e.Grid = model.NewGrid(30, 20)
	e.Edges, e.Notes, e.Areas, e.Background, e.Placement = nil, nil, nil, "", nil
	e.Grid.Set(28, 18, model.DefaultLegend['h'])
	e.GMOnly = make([]bool, 30*20)
	e.GMOnly[18*30+28] = true
	e.Revealed = make([]bool, 30*20)
	for i := range e.Revealed {
		e.Revealed[i] = i%30 < 10
	}
	e.Tokens = []model.Token{
		{ID: uuid(1), Name: "Iseph", X: 1, Y: 1, Size: model.Medium, Side: "party"},
		{ID: uuid(2), Name: "Dae", X: 3, Y: 2, Size: model.Medium, Side: "party"},
		{ID: uuid(3), Name: "FogBeast", X: 27, Y: 17, Size: model.Medium, Side: "enemy"},
	}
	ed, _, p := newTestEditor(t, e)
	ed.Select(0)
	settle(t, ed, p)
	for _, overlays := range []bool{false, true} {
		pe, o := ed.pdfExport(pdfChoices{paper: "letter", player: true, sheet: true, trim: true, overlays: overlays})
		o.NoCompress = true
		var buf bytes.Buffer
		pages, err := export.WritePDF(&buf, pe, o)
		if err != nil {
			t.Fatal(err)
		}
		if pages != 2 {
			t.Errorf("overlays %v: %d pages, want the trimmed map on one and the standees on another", overlays, pages)
		}
		if strings.Contains(buf.String(), "(FogBeast)") {
			t.Errorf("overlays %v: the players' PDF names the creature in the fog", overlays)
		}
	}
}
