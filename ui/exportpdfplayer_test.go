package ui

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
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

// TestExportPDFPlayerTrimOfAMapAllInFog: Export PDF with "Player version"
// and "Trim to content" of a map fogged from edge to edge printed the
// whole map as blank paper (24 x 16 squares: 8 pages), the trim silently
// dropped. Choose file… now shows an error that says why, naming the
// option, and no Save dialog opens; unchecking Player version (the GM's
// print) still goes on to the Save dialog.
func TestExportPDFPlayerTrimOfAMapAllInFog(t *testing.T) {
	e := model.Sample()
	e.Revealed = make([]bool, len(e.Grid.Cells))
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	choose := func(player, trim bool) fyne.CanvasObject { return choosePDF(t, ed, player, trim) }
	top := choose(true, true)
	txt := allText(top)
	for _, want := range []string{"Could not export PDF", "Trim to content: the players see nothing of the map yet (every square is fogged)", "Nothing was written"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the dialog says %q, want %q", txt, want)
		}
	}
	_, _, bs := topDialog(t, ed.win)
	if bs["OK"] == nil || bs["Save"] != nil {
		t.Errorf("want an error dialog with OK, got buttons %v", slices.Collect(maps.Keys(bs)))
	}
	top.Hide()
	top = choose(false, true)
	if txt := allText(top); strings.Contains(txt, "Could not") {
		t.Errorf("the GM's trimmed print was refused: %q", txt)
	}
	if _, _, bs := topDialog(t, ed.win); bs["Save"] == nil {
		t.Errorf("the GM's trimmed print opened no Save dialog: buttons %v", slices.Collect(maps.Keys(bs)))
	}
	top.Hide()
}

// choosePDF opens Export PDF, checks Player version and Trim to content
// as player and trim say, presses Choose file… and returns what it
// showed.
func choosePDF(t *testing.T, ed *Editor, player, trim bool) fyne.CanvasObject {
	t.Helper()
	ed.exportPDF()
	form := ed.win.Canvas().Overlays().Top()
	walkObjects(form, func(o fyne.CanvasObject) {
		if c, ok := o.(*controls.EscCheck); ok {
			switch {
			case strings.HasPrefix(c.Text, "Player version"):
				c.SetChecked(player)
			case strings.HasPrefix(c.Text, "Trim to content"):
				c.SetChecked(trim)
			}
		}
	})
	_, _, bs := topDialog(t, ed.win)
	if bs["Choose file…"] == nil {
		t.Fatal("the PDF dialog has no Choose file… button")
	}
	test.Tap(bs["Choose file…"])
	top := ed.win.Canvas().Overlays().Top()
	if top == nil || top == form {
		t.Fatal("Choose file… showed nothing")
	}
	return top
}

// TestExportPDFPlayerVersionOfAMapAllInFog: Export PDF with "Player
// version" alone, of a map fogged from edge to edge, opened the Save
// dialog and printed every page blank (the fog prints as blank paper);
// only "Trim to content" was refused. Choose file… now shows the same
// error, naming Player version and saying what to do, and no Save dialog
// opens; the GM's print still goes on to it.
func TestExportPDFPlayerVersionOfAMapAllInFog(t *testing.T) {
	e := model.Sample()
	e.Revealed = make([]bool, len(e.Grid.Cells))
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	top := choosePDF(t, ed, true, false)
	txt := allText(top)
	for _, want := range []string{"Could not export PDF", "Player version: the players see nothing of the map yet (every square is fogged), so every page would print blank",
		"Reveal the squares they have explored first, or uncheck Player version for the GM's print", "Nothing was written"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the dialog says %q, want %q", txt, want)
		}
	}
	if _, _, bs := topDialog(t, ed.win); bs["OK"] == nil || bs["Save"] != nil {
		t.Errorf("want an error dialog with OK, got buttons %v", slices.Collect(maps.Keys(bs)))
	}
	top.Hide()
	top = choosePDF(t, ed, false, false)
	if txt := allText(top); strings.Contains(txt, "Could not") {
		t.Errorf("the GM's print was refused: %q", txt)
	}
	if _, _, bs := topDialog(t, ed.win); bs["Save"] == nil {
		t.Errorf("the GM's print opened no Save dialog: buttons %v", slices.Collect(maps.Keys(bs)))
	}
	top.Hide()
}

// TestExportPNGPlayerVersionOfAMapAllInFog: Export PNG with "Player
// version" of a map fogged from edge to edge opened the Save dialog and
// wrote an image of dark fog, where Export PDF refuses the same map.
// Choose file… now shows the PDF's error, naming Player version and
// saying what to do, and no Save dialog opens; the GM's image still goes
// on to it.
func TestExportPNGPlayerVersionOfAMapAllInFog(t *testing.T) {
	e := model.Sample()
	e.Revealed = make([]bool, len(e.Grid.Cells))
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	top := choosePNG(t, ed, true)
	txt := allText(top)
	for _, want := range []string{"Could not export PNG", "Player version: the players see nothing of the map yet (every square is fogged), so the image would be all fog",
		"Reveal the squares they have explored first, or uncheck Player version for the GM's image", "Nothing was written"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the dialog says %q, want %q", txt, want)
		}
	}
	if _, _, bs := topDialog(t, ed.win); bs["OK"] == nil || bs["Save"] != nil {
		t.Errorf("want an error dialog with OK, got buttons %v", slices.Collect(maps.Keys(bs)))
	}
	top.Hide()
	top = choosePNG(t, ed, false)
	if txt := allText(top); strings.Contains(txt, "Could not") {
		t.Errorf("the GM's image was refused: %q", txt)
	}
	if _, _, bs := topDialog(t, ed.win); bs["Save"] == nil {
		t.Errorf("the GM's image opened no Save dialog: buttons %v", slices.Collect(maps.Keys(bs)))
	}
	top.Hide()
}

// choosePNG opens Export PNG, checks Player version as player says,
// presses Choose file… and returns what it showed.
func choosePNG(t *testing.T, ed *Editor, player bool) fyne.CanvasObject {
	t.Helper()
	ed.exportPNG()
	form := ed.win.Canvas().Overlays().Top()
	walkObjects(form, func(o fyne.CanvasObject) {
		if c, ok := o.(*controls.EscCheck); ok && strings.HasPrefix(c.Text, "Player version") {
			c.SetChecked(player)
		}
	})
	_, _, bs := topDialog(t, ed.win)
	if bs["Choose file…"] == nil {
		t.Fatal("the PNG dialog has no Choose file… button")
	}
	test.Tap(bs["Choose file…"])
	top := ed.win.Canvas().Overlays().Top()
	if top == nil || top == form {
		t.Fatal("Choose file… showed nothing")
	}
	return top
}
