package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestExportPDFSaysHowManyPages: the Export PDF dialog says how many
// pages the map prints on, and how they lie, as the paper and the trim
// change; it said nothing, and a 120 x 120 map printed on 192 pages of
// letter unannounced.
func TestExportPDFSaysHowManyPages(t *testing.T) {
	e := openEncounter(t, 120, 120)
	e.Grid.Set(3, 3, model.Wall)
	ed, _, _ := newTestEditor(t, e)
	ed.exportPDF()
	form := ed.win.Canvas().Overlays().Top()
	if form == nil {
		t.Fatal("Export PDF showed no dialog")
	}
	pages := func() string {
		var got string
		walkObjects(form, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "page") {
				got = l.Text
			}
		})
		return got
	}
	if got, want := pages(), "192 pages of letter, 16 across and 12 down, portrait"; got != want {
		t.Errorf("letter: the dialog says %q, want %q", got, want)
	}
	walkObjects(form, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *controls.EscCheck:
			if strings.HasPrefix(x.Text, "Trim to content") {
				x.SetChecked(true)
			}
		case *controls.EscSelect:
			x.SetSelected("a4")
		}
	})
	if got, want := pages(), "1 page of a4, portrait"; got != want {
		t.Errorf("a4, trimmed to the wall: the dialog says %q, want %q", got, want)
	}
}
