package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
)

// panelControls is every check box and list of the overlay panel, by
// its text (a list by its selection's text, as it stands when called).
func panelControls(ed *Editor) map[string]fyne.CanvasObject {
	out := map[string]fyne.CanvasObject{}
	walkObjects(ed.ovp.box, func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *controls.PaneCheck:
			out[w.Text] = w
		case *controls.PaneSelect:
			out["select:"+strings.Join(w.Options, ",")] = w
		}
	})
	return out
}

// controlTops is where each of the panel's controls is in the window.
func controlTops(ed *Editor) map[string]fyne.Position {
	d := fyne.CurrentApp().Driver()
	out := map[string]fyne.Position{}
	for k, o := range panelControls(ed) {
		out[k] = d.AbsolutePositionForObject(o)
	}
	return out
}

// TestSwitchesStayUnderThePointer: the overlay panel sat at the foot of
// the column, as high as its switches and answers needed, so a switch
// that lengthened the answers ("Allies too": cover toward the allies as
// well) grew the panel upward and moved every switch under the pointer;
// the GM's next click landed on the control that had moved there. While
// the GM works the switches the panel keeps its height and the answers
// scroll; the pointer on the map, or the next selection, fits it again.
func TestSwitchesStayUnderThePointer(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(ed.enc.TokenIndex("Tashtari"))
	p.until(t, "overlays", ed.overlaysIdle)
	before := controlTops(ed)
	lines := strings.Count(ed.ovp.coverLabel.Text, "\n")
	allies, ok := panelControls(ed)["Allies too"].(*controls.PaneCheck)
	if !ok {
		t.Fatal("no Allies too switch")
	}
	test.Tap(allies)
	p.until(t, "overlays", ed.overlaysIdle)
	if n := strings.Count(ed.ovp.coverLabel.Text, "\n"); n <= lines {
		t.Fatalf("Allies too did not lengthen the answers (%d lines, then %d): the test proves nothing", lines, n)
	}
	for k, pos := range controlTops(ed) {
		if pos != before[k] {
			t.Errorf("%s moved from %v to %v when Allies too was switched on", k, before[k], pos)
		}
	}
	rightPaneLaidOut(t, ed, "Allies too on")
	fitted := func(when string) {
		t.Helper()
		h := ed.right.Size().Height
		if got, want := ed.right.Bottom.Size().Height, min(ed.lowerNeed(), h-controls.SplitHandleHeight-inspectorShare*h); got != want {
			t.Errorf("%s the panel is %v px high, want the %v its answers need", when, got, want)
		}
	}
	held := ed.right.Bottom.Size().Height

	// the pointer over the map: the panel shows the whole list
	ed.hover(3, 3, true)
	fitted("with the pointer on the map")
	if ed.right.Bottom.Size().Height <= held {
		t.Errorf("the panel stayed %v px high with the longer list", held)
	}

	// another token selected after a switch: fitted again
	test.Tap(allies)
	p.until(t, "overlays", ed.overlaysIdle)
	ed.Select(ed.enc.TokenIndex("Iseph"))
	p.until(t, "overlays", ed.overlaysIdle)
	fitted("after selecting Iseph")
}

// TestFlyModeMovesNoSwitch: choosing fly in the Mode list added the End
// elevation field under it, which moved every switch below down a row,
// and its label widened the form's, which moved the lists right. The
// field now comes after the switches, and nothing the GM clicks moves.
func TestFlyModeMovesNoSwitch(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.win.Resize(fyne.NewSize(1200, 750))
	ed.Select(ed.enc.TokenIndex("Navasi"))
	p.until(t, "overlays", ed.overlaysIdle)
	if ed.ovp.settings.Mode == rules.ModeFly {
		t.Fatal("Navasi starts in fly mode: the test proves nothing")
	}
	d := fyne.CurrentApp().Driver()
	before := map[string]fyne.Position{}
	var mode *controls.PaneSelect
	for k, o := range panelControls(ed) {
		if s, ok := o.(*controls.PaneSelect); ok && s.Selected == ed.ovp.settings.Mode {
			mode, k = s, "Mode"
		}
		before[k] = d.AbsolutePositionForObject(o)
	}
	if mode == nil {
		t.Fatal("no Mode list")
	}
	mode.SetSelected(rules.ModeFly)
	p.until(t, "overlays", ed.overlaysIdle)
	if ed.ovp.end == nil {
		t.Fatal("fly mode shows no End elevation field")
	}
	for k, o := range panelControls(ed) {
		if s, ok := o.(*controls.PaneSelect); ok && s.Selected == rules.ModeFly {
			k = "Mode"
		}
		if now := d.AbsolutePositionForObject(o); now != before[k] {
			t.Errorf("%s moved from %v to %v when fly was chosen", k, before[k], now)
		}
	}
	if end := d.AbsolutePositionForObject(ed.ovp.end); end.Y+ed.ovp.end.Size().Height > d.AbsolutePositionForObject(ed.ovp.coverLabel).Y+1 {
		t.Errorf("the End elevation field (y %v) lies over the answers", end.Y)
	}
	rightPaneLaidOut(t, ed, "fly chosen")
}

// TestAModeWithoutItsSpeedSaysSo: choosing swim for Navasi, who has land
// and fly Speeds only, showed her land reach under "swim", without a
// word. The list goes back to the mode shown and the status bar says why.
func TestAModeWithoutItsSpeedSaysSo(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	navasi := ed.enc.TokenIndex("Navasi")
	ed.Select(navasi)
	p.until(t, "overlays", ed.overlaysIdle)
	shown := ed.ovp.settings.Mode
	for _, o := range panelControls(ed) {
		if s, ok := o.(*controls.PaneSelect); ok && s.Selected == shown {
			s.SetSelected("swim")
		}
	}
	p.until(t, "overlays", ed.overlaysIdle)
	if ed.ovp.settings.Mode != shown {
		t.Errorf("the mode is %q, want %q (Navasi has no swim Speed)", ed.ovp.settings.Mode, shown)
	}
	var listed string
	for _, o := range panelControls(ed) {
		if s, ok := o.(*controls.PaneSelect); ok && slices.Contains(s.Options, "swim") {
			listed = s.Selected
		}
	}
	if listed != shown {
		t.Errorf("the Mode list shows %q while the map shows %q", listed, shown)
	}
	if msg := ed.status.msgLabel.Text; !strings.Contains(msg, "Navasi has no swim Speed") {
		t.Errorf("the status bar says %q", msg)
	}
}

// TestCoverPartsFollowCover: Both ways and Allies too say how cover is
// shown, and took clicks that did nothing while Cover was off. They are
// greyed with it, and come back with it.
func TestCoverPartsFollowCover(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.Select(ed.enc.TokenIndex("Tashtari"))
	p.until(t, "overlays", ed.overlaysIdle)
	c := panelControls(ed)
	cover, back, allies := c["Cover"].(*controls.PaneCheck), c["Both ways"].(*controls.PaneCheck), c["Allies too"].(*controls.PaneCheck)
	for _, on := range []bool{!cover.Checked, cover.Checked} {
		test.Tap(cover)
		if cover.Checked != on || back.Disabled() == on || allies.Disabled() == on {
			t.Errorf("Cover %v: Both ways disabled %v, Allies too disabled %v", cover.Checked, back.Disabled(), allies.Disabled())
		}
	}
	// a panel built with Cover off starts them greyed
	ed.ovp.settings.Cover = false
	ed.buildOverlayPanel()
	c = panelControls(ed)
	if !c["Both ways"].(*controls.PaneCheck).Disabled() || !c["Allies too"].(*controls.PaneCheck).Disabled() {
		t.Error("built with Cover off, Both ways and Allies too take clicks")
	}
}
