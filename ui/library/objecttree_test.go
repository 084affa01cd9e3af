package library

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// eachObject calls visit on o and on every object under it, a widget's
// through its renderer, a label's and a button's not (they hold no labels
// or buttons of their own). o may be nil.
func eachObject(t *testing.T, o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if o == nil {
		return
	}
	visit(o)
	switch v := o.(type) {
	case *widget.Label, *widget.Button:
	case *fyne.Container:
		for _, c := range v.Objects {
			eachObject(t, c, visit)
		}
	case fyne.Widget:
		for _, c := range test.TempWidgetRenderer(t, v).Objects() {
			eachObject(t, c, visit)
		}
	}
}

// labelsIn are the labels of o and what it holds.
func labelsIn(t *testing.T, o fyne.CanvasObject) []*widget.Label {
	var ls []*widget.Label
	eachObject(t, o, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			ls = append(ls, l)
		}
	})
	return ls
}

// labelsOf is the text of the labels under o, a line each.
func labelsOf(t *testing.T, o fyne.CanvasObject) string {
	s := ""
	for _, l := range labelsIn(t, o) {
		s += l.Text + "\n"
	}
	return s
}

// buttonIn is the button labelled text under o.
func buttonIn(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	var found *widget.Button
	eachObject(t, o, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no %q button", text)
	}
	return found
}
