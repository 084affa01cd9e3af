package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

// The golden images show whole windows at 1024x700, the smallest size the
// app is made for. The editor's has the rules overlays switched off, so it
// depends on the layout and on ui/render only; when the renderer changes
// on purpose, copy testdata/failed/*.png over the masters after a look.

func TestGoldenLibrary(t *testing.T) {
	test.NewTempApp(t)
	a, _ := library.NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := memstore.New(model.Sample(), a)
	st.Each(func(e *model.Encounter) { // a fixed clock, in the zone the list shows
		e.Updated = time.Date(2026, 11, 29, 12, 4, 0, 0, time.Local)
		if e.Name == "Alpha" {
			e.Updated = time.Date(2026, 11, 28, 21, 30, 0, 0, time.Local)
			return
		}
		// a party of level 3 against the Tashtari (4) and its scout (2):
		// the threat column reads "XP 90 · severe"
		e.Party = &model.Party{Side: "party", Level: 3, Size: 4}
		four, two := 4, 2
		e.Tokens[4].Level, e.Tokens[5].Level = &four, &two
	})
	w := test.NewTempWindow(t, widget.NewLabel(""))
	library.New(w, st, nil)
	w.Resize(fyne.NewSize(1024, 700))
	test.AssertRendersToImage(t, "library.png", w.Canvas())
}

func TestGoldenEditor(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.ovp.settings = session.Settings{Mode: "land", Actions: 1}
	ed.buildOverlayPanel()
	ed.view.Fit()
	// no selection: the software test painter does not clip an Entry's
	// placeholder inside a scrolled form, which would smear the inspector
	x, y := 5, 9
	ed.hover(x, y, true)
	p.until(t, "overlays", ed.overlaysIdle)
	test.AssertRendersToImage(t, "editor.png", ed.win.Canvas())
}
