package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
)

// TestFightControlsStayInSight: in a fight with the sample's seven
// creatures, Next, Delay and End are inside the right pane's top part
// whether it shows the order or is scrolled down to another creature's
// inspector.
func TestFightControlsStayInSight(t *testing.T) {
	e := model.Sample()
	ed, _, p := newTestEditor(t, e)
	ed.win.Resize(fyne.NewSize(1024, 700))
	roll := 0
	if err := ed.StartFight(func() int { roll++; return roll }); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(ed.right)
	bottom := top.Y + ed.right.Size().Height - ed.lowerNeed()
	check := func(when string) {
		for _, name := range []string{"Next (N)", "Delay", "End"} {
			b := fightButton(t, ed, name)
			at := d.AbsolutePositionForObject(b)
			if !b.Visible() || at.Y < top.Y || at.Y+b.Size().Height > bottom {
				t.Errorf("%s: %s at y %v..%v, outside the pane's top part %v..%v", when, name, at.Y, at.Y+b.Size().Height, top.Y, bottom)
			}
		}
	}
	check("the current creature selected")
	ed.Select(ed.enc.TokenIndex("Tashtari scout"))
	settle(t, ed, p)
	check("another creature selected")
}
