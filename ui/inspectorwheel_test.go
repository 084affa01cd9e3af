package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// wheelTarget is the object the desktop driver gives a wheel event at pos:
// the last visible fyne.Scrollable under it in a walk of the tree that
// visits parents before their children, as the driver's
// FindObjectAtPositionMatching does.
func wheelTarget(root fyne.CanvasObject, pos fyne.Position) fyne.Scrollable {
	var found fyne.Scrollable
	var walk func(o fyne.CanvasObject, at fyne.Position)
	walk = func(o fyne.CanvasObject, at fyne.Position) {
		if !o.Visible() {
			return
		}
		p := at.Add(o.Position())
		s := o.Size()
		if pos.X < p.X || pos.Y < p.Y || pos.X >= p.X+s.Width || pos.Y >= p.Y+s.Height {
			return
		}
		if sc, ok := o.(fyne.Scrollable); ok {
			found = sc
		}
		for _, k := range childrenOf(o) {
			walk(k, p)
		}
	}
	walk(root, fyne.Position{})
	return found
}

// TestTheWheelScrollsTheInspectorOverItsFields: every text field has a
// scroller of its own, which took the wheel with nothing to scroll, so
// over the fields the inspector did not scroll; only over the labels.
func TestTheWheelScrollsTheInspectorOverItsFields(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(ed.enc.TokenIndex("Iseph"))
	relayout(ed.win.Content())
	d := fyne.CurrentApp().Driver()
	for _, label := range []string{"Name", "Land", "Side"} {
		f := formWidget(t, ed, label)
		pos := d.AbsolutePositionForObject(f).Add(fyne.NewPos(f.Size().Width/2, f.Size().Height/2))
		sc := ed.fight.scroll
		sc.ScrollToTop()
		target := wheelTarget(ed.win.Canvas().Content(), pos)
		if target == nil {
			t.Fatalf("nothing takes the wheel over %s", label)
		}
		target.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, -60)})
		if sc.Offset.Y < 1 {
			t.Errorf("the wheel over %s went to %T and left the inspector at the top", label, target)
		}
	}
	// clicks and typing still reach the field under it
	name := formWidget(t, ed, "Name").(*controls.PaneEntry)
	test.Type(name, "a")
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // a name applies on Enter
	if got := ed.enc.Tokens[ed.Selected()].Name; got != "Isepha" && got != "aIseph" {
		t.Errorf("typing into Name gave %q", got)
	}
	// the notes, under the wheel too, grow with their lines rather than
	// scroll inside two
	notes := entryOf(t, formWidget(t, ed, "Notes"))
	two := notes.MinSize().Height
	notes.SetText("one\ntwo\nthree\nfour")
	if four := notes.MinSize().Height; four < two*1.5 {
		t.Errorf("four lines of notes are %v px high, two were %v", four, two)
	}
}
