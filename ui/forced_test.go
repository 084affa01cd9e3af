package ui

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

// crossInk is the vermillion of ui/render's collision cross.
var crossInk = color.RGBA{0xD5, 0x5E, 0x00, 0xff}

// overlayField finds the overlay panel's form widget with the label.
func overlayField(t *testing.T, ed *Editor, label string) fyne.CanvasObject {
	t.Helper()
	for _, o := range ed.ovp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Text == label {
					return it.Widget
				}
			}
		}
	}
	t.Fatalf("no overlay field %q", label)
	return nil
}

// forcedRoom: the Brute stands west of the Hero; a wall three squares east
// of the Hero and an ally to the south-east stop some pushes.
func forcedRoom() *model.Encounter {
	e, _ := library.NewEncounter("Pit edge", model.Points, 14, 10, 5)
	for y := 2; y <= 5; y++ {
		e.Grid.Set(9, y, model.Wall)
	}
	e.Tokens = []model.Token{
		{ID: uuid(1), Name: "Hero", X: 6, Y: 4, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 5}},
		{ID: uuid(2), Name: "Brute", X: 5, Y: 4, Size: model.Medium, Side: "enemy", Speeds: map[string]int{"land": 4}},
		{ID: uuid(3), Name: "Ally", X: 7, Y: 6, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 5}},
		{ID: uuid(4), Name: "Bystander", X: 1, Y: 8, Size: model.Medium, Speeds: map[string]int{"land": 5}},
	}
	return e
}

func TestForcedMovementOverlay(t *testing.T) {
	e := forcedRoom()
	ed, p := overlayEditor(t, e, session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1}, 0)
	// the GM picks forced movement in the mode list, then push by the
	// Brute for 3 squares
	selectOf(t, overlayField(t, ed, "Mode")).SetSelected(rules.ModeForced)
	if got := selectOf(t, overlayField(t, ed, "Forced by")).Selected; got != "Brute" {
		t.Errorf("the source should default to the nearest foe, Brute; got %q", got)
	}
	selectOf(t, overlayField(t, ed, "Forced")).SetSelected(rules.ForcedPush)
	entryOf(t, overlayField(t, ed, "Forced sq")).SetText("3")
	settle(t, ed, p)

	eng, _ := rules.For(model.Points)
	want, err := eng.(rules.Mover).Forced(nil, ed.enc, 0, rules.ForcedPush, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	got := ed.Overlays().Reach
	if len(got) != len(want) || len(want) == 0 {
		t.Fatalf("forced overlay: %d squares, rules.Forced gives %d", len(got), len(want))
	}
	var collisions []rules.Point
	for i, q := range want {
		g := got[i]
		if g.X != q.X || g.Y != q.Y {
			t.Fatalf("square %d: (%d, %d), want (%d, %d)", i, g.X, g.Y, q.X, q.Y)
		}
		if q.Facings == 1 {
			collisions = append(collisions, rules.Point{X: q.X, Y: q.Y})
			if g.Actions != 2 || g.Facings != 0 {
				t.Errorf("collision (%d, %d) should be in the second band with no facing arrow: %+v", q.X, q.Y, g)
			}
		} else if g.Actions != 1 {
			t.Errorf("(%d, %d) should be in the first band: %+v", q.X, q.Y, g)
		}
	}
	if len(collisions) == 0 {
		t.Fatalf("pushing the Hero into the wall should collide somewhere: %+v", want)
	}
	if len(ed.live.ov.Collide) != len(collisions) {
		t.Errorf("%d crosses, want %d", len(ed.live.ov.Collide), len(collisions))
	}
	if !strings.Contains(ed.ovp.coverLabel.Text, "Push Hero by Brute, up to 3 squares") || !strings.Contains(ed.ovp.coverLabel.Text, "collision") {
		t.Errorf("the panel should sum up the forced movement: %q", ed.ovp.coverLabel.Text)
	}
	// each collision square shows a cross: its centre is the cross's ink
	img := ed.win.Canvas().Capture()
	sc := ed.win.Canvas().Scale()
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.view)
	for _, c := range collisions {
		pos := abs.Add(ed.view.PosOf(c.X, c.Y))
		r, g, b, _ := img.At(int(pos.X*sc), int(pos.Y*sc)).RGBA()
		if uint8(r>>8) != crossInk.R || uint8(g>>8) != crossInk.G || uint8(b>>8) != crossInk.B {
			t.Errorf("collision (%d, %d): centre pixel %02x%02x%02x, want the cross", c.X, c.Y, r>>8, g>>8, b>>8)
		}
	}
	test.AssertImageMatches(t, "overlay_points_forced_push.png", editorShot(ed))

	// pull by the Ally: other squares, no stale crosses
	selectOf(t, overlayField(t, ed, "Forced")).SetSelected(rules.ForcedPull)
	selectOf(t, overlayField(t, ed, "Forced by")).SetSelected("Ally")
	settle(t, ed, p)
	want2, _ := eng.(rules.Mover).Forced(nil, ed.enc, 0, rules.ForcedPull, 2, 3)
	if len(ed.Overlays().Reach) != len(want2) {
		t.Errorf("pull by Ally: %d squares, want %d", len(ed.Overlays().Reach), len(want2))
	}
	// a bad distance is refused with what to type
	entryOf(t, overlayField(t, ed, "Forced sq")).SetText("far")
	if !strings.Contains(ed.status.msgLabel.Text, "forced distance") || !strings.Contains(ed.status.msgLabel.Text, "number of squares") {
		t.Errorf("status %q should say what to type", ed.status.msgLabel.Text)
	}
	// no path for forced movement, and another mode drops the crosses
	if ed.Overlays().Path != nil {
		t.Errorf("forced movement has no path")
	}
	selectOf(t, overlayField(t, ed, "Mode")).SetSelected(rules.ModeLand)
	settle(t, ed, p)
	if len(ed.live.ov.Collide) != 0 {
		t.Errorf("land reach should have no collision crosses")
	}
}

// TestSwitchingFromPointsInForcedMovementSaysNoSpeed: the GM switched the
// ruleset from points to sf2e with forced movement showing; the edit
// fitted the Mode before the switch set sf2e's own, and the status bar
// said "Hero has no forced Speed: showing land", as if forced movement
// were a Speed the Hero lacked. The switch says the ruleset and shows land.
func TestSwitchingFromPointsInForcedMovementSaysNoSpeed(t *testing.T) {
	ed, p := overlayEditor(t, forcedRoom(), session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1}, 0)
	selectOf(t, overlayField(t, ed, "Mode")).SetSelected(rules.ModeForced)
	settle(t, ed, p)
	var log strings.Builder
	statusLog = &log
	t.Cleanup(func() { statusLog = nil })
	ed.SwitchRuleset(model.SF2E)
	settle(t, ed, p)
	if m := ed.ovp.settings.Mode; m != rules.ModeLand {
		t.Errorf("after the switch: mode %q, want land", m)
	}
	if said := log.String(); strings.Contains(said, "forced Speed") || !strings.Contains(said, "status: ruleset is now") {
		t.Errorf("the GM was told:\n%s", said)
	}
}
