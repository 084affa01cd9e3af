package ui

import (
	"encounterplanner/ui/controls"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// walkObjects calls f on o and everything drawn inside it.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkObjects(c, f)
		}
	}
}

// topDialog returns the entries and the buttons of the dialog on top of w.
func topDialog(t *testing.T, w fyne.Window) (entries []*widget.Entry, sel *widget.Select, buttons map[string]*widget.Button) {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog open")
	}
	buttons = map[string]*widget.Button{}
	walkObjects(top, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Entry:
			entries = append(entries, x)
		case *controls.EscEntry:
			entries = append(entries, &x.Entry)
		case *widget.Select:
			sel = x
		case *controls.EscSelect:
			sel = &x.Select
		case *widget.Button:
			buttons[x.Text] = x
		}
	})
	return entries, sel, buttons
}
