package ui

import (
	"encounterplanner/ui/controls"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// childrenOf is what o draws directly inside it: a container's objects,
// a widget's renderer's; nil for anything else. Every walk over the
// widget tree in these tests steps down through it.
func childrenOf(o fyne.CanvasObject) []fyne.CanvasObject {
	switch x := o.(type) {
	case *fyne.Container:
		return x.Objects
	case fyne.Widget:
		return test.WidgetRenderer(x).Objects()
	}
	return nil
}

// walkObjects calls f on o and everything drawn inside it.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	for _, c := range childrenOf(o) {
		walkObjects(c, f)
	}
}

// walkShown is walkObjects over what shows: a hidden object and
// everything inside it are passed over.
func walkShown(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	if !o.Visible() {
		return
	}
	f(o)
	for _, c := range childrenOf(o) {
		walkShown(c, f)
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
