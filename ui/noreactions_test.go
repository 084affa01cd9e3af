package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

// overlayCheck finds the overlay panel's switch with the text.
func overlayCheck(t *testing.T, ed *Editor, text string) *controls.PaneCheck {
	t.Helper()
	var found *controls.PaneCheck
	walkObjects(ed.ovp.box, func(o fyne.CanvasObject) {
		if c, ok := o.(*controls.PaneCheck); ok && c.Text == text {
			found = c
		}
	})
	if found == nil {
		t.Fatalf("no overlay switch %q", text)
	}
	return found
}

// TestEnemyReachIsOffWhereNothingReacts: starship and points define no
// reactions to movement, so nothing is ever in an enemy's reach there;
// the Enemy reach switch stayed on, and a click did nothing (the panel's
// note owned up to it). It is greyed out and off there, as Cover and
// Flanking are, even when it was on before the ruleset changed; pf1e
// keeps it.
func TestEnemyReachIsOffWhereNothingReacts(t *testing.T) {
	for _, c := range []struct {
		rs     model.Ruleset
		speeds map[string]int
		works  bool
	}{
		{model.Starship, map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}, false},
		{model.Points, map[string]int{model.SpeedLand: 5}, false},
		{model.PF1E, map[string]int{model.SpeedLand: 30}, true},
	} {
		t.Run(string(c.rs), func(t *testing.T) {
			e, err := library.NewEncounter("Reactions", c.rs, 12, 8, c.rs.DefaultFeetPerSquare())
			if err != nil {
				t.Fatal(err)
			}
			e.Tokens = []model.Token{
				{ID: model.NewID(), Name: "A", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: c.speeds},
				{ID: model.NewID(), Name: "B", X: 6, Y: 1, Size: model.Medium, Side: "enemy", Speeds: c.speeds},
			}
			ed, _ := overlayEditor(t, e, session.Settings{Reach: true, Threat: true, Actions: 1}, 0)
			sw := overlayCheck(t, ed, "Enemy reach")
			if sw.Disabled() == c.works || sw.Checked != c.works || ed.ovp.settings.Threat != c.works {
				t.Errorf("%s: Enemy reach disabled %v, checked %v, setting %v; want it working: %v",
					c.rs, sw.Disabled(), sw.Checked, ed.ovp.settings.Threat, c.works)
			}
		})
	}
}

// TestTheGMsSwitchesComeBackAfterStarship: Enemy reach, on in sf2e, was
// turned off (and greyed) by a switch to starship, which has no
// reactions, and stayed off after the switch back to sf2e; Cover, which
// the GM had turned off in sf2e, came back on. Each of the switches a
// ruleset turns off (Cover, Both ways, Flanking, Enemy reach) comes back
// as the GM left it, by a switch back and by an undo.
func TestTheGMsSwitchesComeBackAfterStarship(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	test.Tap(overlayCheck(t, ed, "Enemy reach"))
	test.Tap(overlayCheck(t, ed, "Cover"))
	want := func(when string) {
		t.Helper()
		s := ed.ovp.settings
		if !s.Threat || s.Cover || !s.Flank || !overlayCheck(t, ed, "Enemy reach").Checked || overlayCheck(t, ed, "Cover").Checked {
			t.Errorf("%s: enemy reach %v, cover %v, flanking %v; want the GM's: on, off, on", when, s.Threat, s.Cover, s.Flank)
		}
	}
	want("before the switch")
	toStarship := func() {
		ed.SwitchRuleset(model.Starship) // the sample's tokens do not fit: it asks
		c.Unfocus()
		c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
		if ed.enc.Ruleset != model.Starship || ed.ovp.settings.Threat || ed.ovp.settings.Flank {
			t.Fatalf("after the switch to starship: %s, enemy reach %v, flanking %v", ed.enc.Ruleset, ed.ovp.settings.Threat, ed.ovp.settings.Flank)
		}
	}
	toStarship()
	ed.SwitchRuleset(model.SF2E)
	if c.Overlays().Top() != nil {
		c.Unfocus()
		c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	if ed.enc.Ruleset != model.SF2E {
		t.Fatalf("the switch back left %s", ed.enc.Ruleset)
	}
	want("switched back to sf2e")
	ed.Undo() // back to starship
	ed.Undo() // back to sf2e
	if ed.enc.Ruleset != model.SF2E {
		t.Fatalf("two undos left %s", ed.enc.Ruleset)
	}
	want("undone back to sf2e")
}
