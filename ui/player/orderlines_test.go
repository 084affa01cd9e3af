package player

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// TestTheOrderBreaksBetweenNamesInANarrowWindow: in a player window
// narrower than the fight's order (a small window beside the GM's, a
// projector at 1024 x 768 with a party of eight), the line goes on to as
// many lines as it needs, each whole and broken only between two
// creatures. Centred on one line, it lost "Rou" of its round and every
// name past the window's right edge, and its width was the least the
// window could be made.
func TestTheOrderBreaksBetweenNamesInANarrowWindow(t *testing.T) {
	test.NewTempApp(t)
	gm := test.NewTempWindow(t, widget.NewLabel("gm"))
	names := []string{"Iseph", "Goblin Warrior", "Dae", "Goblin Archer", "Navasi", "Ogre Brute", "Lurker Beast"}
	e := &model.Encounter{Name: "Den", Ruleset: model.SF2E, Grid: model.NewGrid(12, 8)}
	for i, n := range names {
		e.Tokens = append(e.Tokens, model.Token{Name: n, X: i, Y: i % 3})
	}
	e.Fight = &model.Fight{Round: 2, Order: names, Turn: "Dae"}
	p := Open(Source{
		Encounter: func() *model.Encounter { return e },
		Answer:    func() (*render.Overlays, *session.Result) { return nil, nil },
		Parent:    gm,
		Escapes:   controls.NewEscapes(gm),
		Say:       func(string) {},
	})
	t.Cleanup(p.Close)
	p.Window().Resize(fyne.NewSize(480, 360))
	want := "Round 2 · Iseph · Goblin Warrior · ▶ Dae · Goblin Archer · Navasi · Ogre Brute · Lurker Beast"
	if p.Order() != want {
		t.Fatalf("order %q, want %q", p.Order(), want)
	}
	if w := p.order.MinSize().Width; w > 480 {
		t.Errorf("the order asks for %.0f units in a window of 480", w)
	}
	room := 480 - 2*theme.InnerPadding()
	shown := p.order.Text
	if got := strings.ReplaceAll(shown, "\n", " · "); got != want {
		t.Errorf("the lines read %q, want the order %q", got, want)
	}
	for _, line := range strings.Split(shown, "\n") {
		if w := fyne.MeasureText(line, theme.TextSize(), fyne.TextStyle{Bold: true}).Width; w > room {
			t.Errorf("line %q is %.0f units wide, the window has %.0f", line, w, room)
		}
	}
	test.AssertRendersToImage(t, "order-narrow.png", p.Window().Canvas())
}
