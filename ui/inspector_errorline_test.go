package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
)

// relayout lays out o and everything in it again, top down, as a frame of
// the real driver does after a MinSize changed.
func relayout(o fyne.CanvasObject) {
	switch c := o.(type) {
	case *fyne.Container:
		if c.Layout != nil {
			c.Layout.Layout(c.Objects, c.Size())
		}
		for _, x := range c.Objects {
			relayout(x)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(c)
		r.Layout(c.Size())
		for _, x := range r.Objects() {
			relayout(x)
		}
	}
}

// TestARefusalMovesNoField: the inspector's error line was at the top of
// the form and came and went with each keystroke, moving every field down
// by its lines: the GM's next click, aimed at max HP, landed in Level. The
// refusal shows where no field moves, inside the column.
func TestARefusalMovesNoField(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(ed.enc.TokenIndex("Iseph"))
	hp := formWidget(t, ed, "HP").(*fyne.Container)
	entryOf(t, hp.Objects[1]).SetText("30")
	relayout(ed.win.Content())
	d := fyne.CurrentApp().Driver()
	level := formWidget(t, ed, "Level")
	notes := formWidget(t, ed, "Notes")
	before := []fyne.Position{d.AbsolutePositionForObject(level), d.AbsolutePositionForObject(notes)}
	entryOf(t, hp.Objects[0]).SetText("50")
	if !ed.insp.errLabel.Visible() || ed.insp.errLabel.Text == "" {
		t.Fatal("no refusal shown")
	}
	relayout(ed.win.Content())
	after := []fyne.Position{d.AbsolutePositionForObject(level), d.AbsolutePositionForObject(notes)}
	if before[0] != after[0] || before[1] != after[1] {
		t.Errorf("the refusal moved Level and Notes from %v to %v", before, after)
	}
	col := d.AbsolutePositionForObject(ed.right)
	at := d.AbsolutePositionForObject(ed.insp.errLabel)
	if at.Y < col.Y || at.Y+ed.insp.errLabel.Size().Height > col.Y+ed.right.Size().Height-ed.right.Bottom.Size().Height {
		t.Errorf("the refusal at y=%v (%v high) is not in the inspector's part of the column (%v, %v high)", at.Y, ed.insp.errLabel.Size().Height, col.Y, ed.right.Size().Height)
	}
	// a kept edit hides the line and gives its room back to the form (a
	// frame does not lay out again for a hidden object)
	entryOf(t, hp.Objects[0]).SetText("20")
	if ed.insp.errLabel.Visible() {
		t.Error("the refusal stays after a kept edit")
	}
	if sc, h := ed.fight.scroll.Size().Height, ed.insp.errHolder.Size().Height; sc < h-1 {
		t.Errorf("the inspector's scroll is %v of its %v px after the refusal went", sc, h)
	}
}

// TestARefusalKeepsTheFieldTypedInInSight: the error line shortens the
// inspector's view from below; a field at the foot of the view, being
// typed in, was hidden under it and the next keys went in unseen. The view
// now scrolls just enough to keep the focused field in sight.
func TestARefusalKeepsTheFieldTypedInInSight(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(ed.enc.TokenIndex("Iseph"))
	relayout(ed.win.Content())
	d := fyne.CurrentApp().Driver()
	sc := ed.fight.scroll
	land := entryOf(t, formWidget(t, ed, "Land"))
	// the field's bottom at the view's bottom
	off := sc.Offset
	off.Y += d.AbsolutePositionForObject(land).Y + land.Size().Height - (d.AbsolutePositionForObject(sc).Y + sc.Size().Height)
	sc.ScrollToOffset(off)
	ed.win.Canvas().Focus(land)
	land.SetText("abc")
	if !ed.insp.errLabel.Visible() {
		t.Fatal("no refusal shown")
	}
	relayout(ed.win.Content())
	bottom, view := d.AbsolutePositionForObject(land).Y+land.Size().Height, d.AbsolutePositionForObject(sc).Y+sc.Size().Height
	if bottom > view+1 {
		t.Errorf("the field typed in ends at y=%v, under the view's end at %v: hidden by the refusal", bottom, view)
	}
}

// TestALongTokenLineKeepsTheColumnsWidth: a token's line in the list
// (a long name, "hidden" first) is cut at the column's edge; it widened
// the inspector's scroll, which the fight panel shares, and pushed the
// turn rows' arrows out of sight.
func TestALongTokenLineKeepsTheColumnsWidth(t *testing.T) {
	e := model.Sample()
	e.Tokens[5].Name = "Tashtari scout with a very long name that a GM typed for the table"
	ed, _, _ := newTestEditor(t, e)
	ed.Select(-1)
	relayout(ed.win.Content())
	if got, room := ed.insp.box.MinSize().Width, ed.fight.scroll.Size().Width; got > room {
		t.Errorf("the token list asks %v px of the column's %v", got, room)
	}
}
