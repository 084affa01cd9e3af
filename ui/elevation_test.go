package ui

import (
	"slices"
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

// TestPageUpRaisesSelectedTokenAndWarnsOfTheFall lifts a walker with
// PageUp: its elevation goes up one square's feet a press, the inspector
// shows it, the status bar says the fall and its damage, and Ctrl+Z takes
// each press back.
func TestPageUpRaisesSelectedTokenAndWarnsOfTheFall(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, _, _ := newTestEditor(t, e)
	if ed.key(&fyne.KeyEvent{Name: fyne.KeyPageUp}) {
		t.Fatal("PageUp with no token selected was used")
	}
	ed.Select(0)
	for i := 0; i < 6; i++ {
		ed.key(&fyne.KeyEvent{Name: fyne.KeyPageUp})
	}
	if z := ed.enc.Tokens[0].Elevation; z != 30 {
		t.Fatalf("six PageUps: %d ft", z)
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "would fall 30 ft for 15 bludgeoning damage") {
		t.Errorf("status: %q", msg)
	}
	found := false
	for _, o := range ed.insp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Text == "Elevation ft" {
					found = entryOf(t, it.Widget).Text == "30"
				}
			}
		}
	}
	if !found {
		t.Error("the inspector does not show Elevation 30")
	}
	ed.key(&fyne.KeyEvent{Name: fyne.KeyPageDown})
	ed.Undo()
	ed.Undo()
	if z := ed.enc.Tokens[0].Elevation; z != 25 {
		t.Fatalf("PageDown then two undos: %d ft, want 25", z)
	}
}

// TestInspectorElevationField types an elevation; a bad one is refused in
// the GM's words.
func TestInspectorElevationField(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25, "fly": 30}}}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	var en *widget.Entry
	for _, o := range ed.insp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Text == "Elevation ft" {
					en = entryOf(t, it.Widget)
				}
			}
		}
	}
	if en == nil {
		t.Fatal("no Elevation field")
	}
	test.Type(en, "15")
	if z := ed.enc.Tokens[0].Elevation; z != 15 {
		t.Fatalf("typed 15: %d", z)
	}
	en.SetText("12")
	if z := ed.enc.Tokens[0].Elevation; z != 15 || !strings.Contains(ed.status.msgLabel.Text, "multiple of 5") {
		t.Fatalf("typed 12: %d ft, status %q", z, ed.status.msgLabel.Text)
	}
}

// airEncounter is an 8x6 room with Navasi (a flyer on the ground), Dae
// (who walks) and a cloud ray flying 10 ft up.
func airEncounter(t *testing.T) *model.Encounter {
	e := openEncounter(t, 8, 6)
	e.Tokens = []model.Token{
		{Name: "Navasi", Side: "party", X: 1, Y: 3, Size: model.Medium, Speeds: map[string]int{"land": 25, "fly": 30}},
		{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}},
		{Name: "Cloud ray", Side: "enemy", X: 6, Y: 1, Size: model.Medium, Elevation: 10, Speeds: map[string]int{"fly": 40}},
	}
	return e
}

// The path to the hovered square asked at another elevation (the overlays
// panel's End elevation): the flight climbs on its way, its last step is
// 15 ft up and the status bar says so; the reach is the one ending there.
func TestGoldenPathWithAnElevatedEnd(t *testing.T) {
	e := airEncounter(t)
	set := session.Settings{Reach: true, Mode: rules.ModeFly, Actions: 1, Path: true, End: 15, EndSet: true}
	ed, p := overlayEditor(t, e, set, 0)
	ed.hover(5, 3, true)
	settle(t, ed, p)
	o := ed.Overlays()
	if o.Path == nil || !o.Path.Reachable || o.Path.Steps[len(o.Path.Steps)-1].Z != 15 {
		t.Fatalf("no path ending 15 ft up at (5, 3): %+v", o.Path)
	}
	if got, want := ed.status.pathLabel.Text, "path 35 ft · 2 actions · ends 15 ft up"; got != want {
		t.Errorf("path status %q, want %q", got, want)
	}
	if ed.ovp.end == nil || ed.ovp.end.Text != "15" {
		t.Error("the overlays panel does not show End elevation 15")
	}
	test.AssertImageMatches(t, "overlay_path_elevated_end.png", editorShot(ed))
}

// Shift+PageUp (RaisePathEnd) asks the selected flyer's path 5 ft higher
// a press, from its own height, switching the overlays to its flight; the
// field shows it; selecting another token goes back to its own height; a
// walker has no flight to raise.
func TestRaisePathEndFollowsTheSelectedFlyer(t *testing.T) {
	e := airEncounter(t)
	ed, _, p := newTestEditor(t, e)
	ed.ovp.settings.Mode = rules.ModeLand
	ed.buildOverlayPanel()
	ed.Select(0)
	for i := 0; i < 3; i++ {
		ed.RaisePathEnd(+1)
	}
	s := ed.ovp.settings
	if !s.EndSet || s.End != 15 || s.Mode != rules.ModeFly || !s.Path {
		t.Fatalf("three presses: %+v", s)
	}
	if ed.ovp.end == nil || ed.ovp.end.Text != "15" {
		t.Fatal("the End elevation field does not say 15")
	}
	if z := ed.enc.Tokens[0].Elevation; z != 0 {
		t.Errorf("the token itself moved to %d ft", z)
	}
	ed.hover(4, 3, true)
	p.until(t, "overlays", ed.overlaysIdle)
	if got := ed.status.pathLabel.Text; !strings.HasSuffix(got, "ends 15 ft up") {
		t.Errorf("path status %q", got)
	}
	for i := 0; i < 5; i++ {
		ed.RaisePathEnd(-1)
	}
	if s := ed.ovp.settings; s.End != 0 {
		t.Errorf("below the ground: %d ft", s.End)
	}
	ed.RaisePathEnd(+1)
	ed.Select(2) // the cloud ray: its own height again
	ed.requestOverlays()
	if s := ed.ovp.settings; s.EndSet || ed.ovp.end.Text != "" || ed.ovp.end.PlaceHolder != "own: 10" {
		t.Errorf("another token selected: %+v, field %q (%q)", s, ed.ovp.end.Text, ed.ovp.end.PlaceHolder)
	}
	ed.Select(1)
	ed.RaisePathEnd(+1)
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "Dae has no fly Speed") {
		t.Errorf("a walker's flight raised: %q", msg)
	}
	// typed in the field: a multiple of 5 from the ground up
	ed.Select(0)
	ed.ovp.settings.Mode = rules.ModeFly
	ed.buildOverlayPanel()
	test.Type(ed.ovp.end, "20")
	if s := ed.ovp.settings; !s.EndSet || s.End != 20 {
		t.Errorf("typed 20: %+v", s)
	}
	ed.ovp.end.SetText("7")
	if s := ed.ovp.settings; s.End != 20 || !strings.Contains(ed.status.msgLabel.Text, "multiple of 5") {
		t.Errorf("typed 7: %+v, status %q", s, ed.status.msgLabel.Text)
	}
	ed.ovp.end.SetText("")
	if ed.ovp.settings.EndSet {
		t.Error("an empty field is not the token's own height")
	}
}

// A walker moved while it is in the air is told its fall, with damage.
func TestMovingAWalkerInTheAirSaysItsFall(t *testing.T) {
	e := airEncounter(t)
	e.Tokens[1].Elevation = 20
	ed, _, _ := newTestEditor(t, e)
	if !ed.MoveToken(1, 3, 1, false) {
		t.Fatal("not moved")
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "Dae moved to (3, 1)") || !strings.Contains(msg, "would fall 20 ft for 10 bludgeoning damage") {
		t.Errorf("status %q", msg)
	}
}

// Lifting the token under the pointer: the hover outline of its own square
// (the token itself, which its ring marks) is left out, so its "+15 ft"
// tag has room; another square keeps its outline.
func TestHoverOnTheSelectedTokenLeavesRoomForItsElevationTag(t *testing.T) {
	e := airEncounter(t)
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	ed.hover(1, 3, true)
	ed.RaiseSelected(+1)
	if h := ed.Overlays().Hover; h != nil {
		t.Errorf("the selected token's own square is outlined: %v", *h)
	}
	ed.hover(2, 3, true)
	if h := ed.Overlays().Hover; h == nil || *h != (rules.Point{X: 2, Y: 3}) {
		t.Errorf("hovering (2, 3): outline %v", h)
	}
}

// The help names the keys and the field that ask a path at another height.
func TestHelpTellsHowToAskAPathAtAnotherHeight(t *testing.T) {
	for _, w := range []string{"**Shift+PageUp** / **Shift+PageDown**", "**End elevation**", "ends 15 ft up"} {
		if !strings.Contains(helpText, w) {
			t.Errorf("the help does not say %q", w)
		}
	}
	// a press moves the end one square's feet, 10 ft on 10-ft squares:
	// the help said "5 ft a press"
	if strings.Contains(helpText, "5 ft a press") || !strings.Contains(helpText, "another height, one square's feet a press") {
		t.Error("the help does not say Shift+PageUp moves the end one square's feet a press")
	}
}

// TestTheElevationFieldRefusesBelowTheGround: QA typed -10 into a
// land-only token's Elevation on dry ground and it went underground,
// where PageDown refuses. The field refuses it with the same rule, its
// error naming the field, and keeps what was typed; a burrower may.
func TestTheElevationFieldRefusesBelowTheGround(t *testing.T) {
	ed, _, _ := newTestEditor(t, fallEncounter(t))
	low, _ := tokenAt(t, ed, "Low")
	ed.Select(low)
	en := entryOf(t, formWidget(t, ed, "Elevation ft"))
	en.SetText("-10")
	if z := ed.enc.Tokens[low].Elevation; z != 5 {
		t.Fatalf("typed -10: Low is at %d ft", z)
	}
	want := "Low: Elevation ft: -10 ft is below the ground, where Low cannot go: it has no burrow Speed, and no water is under it (type 0 or more)"
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("status %q\nwant %q", got, want)
	}
	if !ed.insp.errLabel.Visible() || ed.insp.errLabel.Text != want {
		t.Errorf("the inspector's error line: %q (shown %v)", ed.insp.errLabel.Text, ed.insp.errLabel.Visible())
	}
	if en.Text != "-10" {
		t.Errorf("the field shows %q, not what the GM typed", en.Text)
	}
	en.SetText("0")
	if z := ed.enc.Tokens[low].Elevation; z != 0 || ed.insp.errLabel.Visible() {
		t.Errorf("typed 0: %d ft, error line shown %v", z, ed.insp.errLabel.Visible())
	}
	// with a burrow Speed it may
	entryOf(t, formWidget(t, ed, "Burrow")).SetText("10")
	en.SetText("-10")
	if z := ed.enc.Tokens[low].Elevation; z != -10 {
		t.Errorf("a burrower typed -10: %d ft", z)
	}
}

// TestADiverDraggedOntoDryGroundIsRefused: QA dove the Eel (swim 30) 10
// ft into its pool with PageDown and dragged it out onto dry ground: it
// was placed there 10 ft down, inside the earth, "Eel moved to (6, 3)",
// with no mark. Below the ground takes a burrow Speed or water under the
// whole space (rules.MayGoBelow, as PageDown and the Elevation field
// ask): the drop is refused, saying why; placed with Shift, the Eel is
// marked misplaced. A burrower goes there.
func TestADiverDraggedOntoDryGroundIsRefused(t *testing.T) {
	e := openEncounter(t, 8, 6)
	for _, p := range [][2]int{{1, 1}, {2, 1}, {1, 2}, {2, 2}} {
		e.Grid.Set(p[0], p[1], model.Water)
	}
	e.Tokens = []model.Token{
		{Name: "Eel", Side: "enemy", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 5, "swim": 30}, Elevation: -10},
		{Name: "Mole", Side: "enemy", X: 5, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 20, "burrow": 15}, Elevation: -10},
	}
	ed, _, p := newTestEditor(t, e)
	settle(t, ed, p)
	gesture(ed, 0, [2]int{1, 1}, [2]int{3, 2}, [2]int{6, 3})
	if tk := ed.enc.Tokens[0]; tk.X != 1 || tk.Y != 1 || tk.Elevation != -10 {
		t.Errorf("the Eel dragged out of its pool is at (%d, %d), %d ft; status %q", tk.X, tk.Y, tk.Elevation, ed.status.msgLabel.Text)
	}
	want := "Eel not moved: 10 ft below the ground, with no burrow Speed and no water under it (hold Shift to place anyway)"
	if got := ed.status.msgLabel.Text; got != want {
		t.Errorf("status %q\nwant   %q", got, want)
	}
	gesture(ed, fyne.KeyModifierShift, [2]int{1, 1}, [2]int{3, 2}, [2]int{6, 3})
	if tk := ed.enc.Tokens[0]; tk.X != 6 || tk.Y != 3 {
		t.Fatalf("placed with Shift, the Eel is at (%d, %d); status %q", tk.X, tk.Y, ed.status.msgLabel.Text)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	if !slices.Contains(ed.Overlays().Warn, 0) {
		t.Error("the Eel placed 10 ft under dry ground is not marked misplaced")
	}
	gesture(ed, 0, [2]int{5, 1}, [2]int{5, 3})
	if tk := ed.enc.Tokens[1]; tk.X != 5 || tk.Y != 3 || tk.Elevation != -10 {
		t.Errorf("the Mole burrowing 10 ft down is at (%d, %d), %d ft; status %q", tk.X, tk.Y, tk.Elevation, ed.status.msgLabel.Text)
	}
}

// TestPageUpSaysWhereHeightsMeanNothing: in starship combat (and the
// movement-points rules) QA selected a ship and pressed PageUp, then
// Shift+PageUp, to lift it: nothing happened and nothing was said.
// Neither ruleset measures a height; the status bar says so, and the
// ship keeps the height it was given in sf2e (for a switch back).
func TestPageUpSaysWhereHeightsMeanNothing(t *testing.T) {
	for _, c := range []struct {
		rs     model.Ruleset
		speeds map[string]int
		want   string
	}{
		{model.Starship, map[string]int{model.SpeedFly: 250, model.SpeedTurn: 100}, "Starship combat measures no height: ships fly on the flat map (PageUp and PageDown lift tokens in sf2e and pf1e)"},
		{model.Points, map[string]int{model.SpeedLand: 5}, "The movement-points rules measure no height: tokens move on the flat map (PageUp and PageDown lift tokens in sf2e and pf1e)"},
	} {
		t.Run(string(c.rs), func(t *testing.T) {
			e, err := library.NewEncounter("Flat", c.rs, 8, 6, c.rs.DefaultFeetPerSquare())
			if err != nil {
				t.Fatal(err)
			}
			e.Tokens = []model.Token{{ID: model.NewID(), Name: "Sunrise", X: 2, Y: 2, Size: model.Tiny, Side: "party", Speeds: c.speeds, Elevation: 100}}
			ed, _, _ := newTestEditor(t, e)
			ed.Select(0)
			for _, k := range []fyne.KeyName{fyne.KeyPageUp, fyne.KeyPageDown} {
				ed.status.msgLabel.SetText("")
				if !ed.key(&fyne.KeyEvent{Name: k}) {
					t.Errorf("%s with a token selected was not used", k)
				}
				if got := ed.status.msgLabel.Text; got != c.want {
					t.Errorf("%s: status %q\nwant %q", k, got, c.want)
				}
			}
			ed.status.msgLabel.SetText("")
			if !ed.RaisePathEnd(+1) || ed.status.msgLabel.Text != c.want {
				t.Errorf("Shift+PageUp: status %q", ed.status.msgLabel.Text)
			}
			if z := ed.enc.Tokens[0].Elevation; z != 100 {
				t.Errorf("the kept height is %d ft, want 100", z)
			}
			ed.Select(-1)
			if ed.key(&fyne.KeyEvent{Name: fyne.KeyPageUp}) {
				t.Error("PageUp with nothing selected was used")
			}
		})
	}
}
