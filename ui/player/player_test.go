package player

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// TestDensities: a credit card's bar and a screen's diagonal both give
// pixels per inch; a missing measure gives 0 (not calibrated).
func TestDensities(t *testing.T) {
	for _, c := range []struct {
		name string
		got  float64
		want float64
	}{
		{"card bar of 337 px", CardPPI(337), 100},
		{"24-inch 1920x1080", PixelsPerInch(1920, 1080, 24), math.Hypot(1920, 1080) / 24},
		{"no diagonal", PixelsPerInch(1920, 1080, 0), 0},
		{"no resolution", PixelsPerInch(0, 1080, 24), 0},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestDisplayFollowsItsSource: the display shares nothing until asked,
// then the players' reach of the selected token from the answer, never a
// hidden token's; a mistyped diagonal is refused in words and changes
// nothing.
func TestDisplayFollowsItsSource(t *testing.T) {
	test.NewTempApp(t)
	gm := test.NewTempWindow(t, widget.NewLabel("gm"))
	gm.Resize(fyne.NewSize(800, 600))
	e := &model.Encounter{Name: "Bay", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10), Tokens: []model.Token{
		{Name: "A", X: 1, Y: 1}, {Name: "Scout", X: 5, Y: 5, Hidden: true},
	}}
	ov := render.NewOverlays()
	ov.Selected, ov.Reach = 0, []rules.Square{{X: 2, Y: 1}}
	res := &session.Result{Sel: 0, NTok: 2, PlayerReach: []rules.Square{{X: 2, Y: 1}, {X: 3, Y: 1}}}
	var said string
	p := Open(Source{
		Encounter: func() *model.Encounter { return e },
		Answer:    func() (*render.Overlays, *session.Result) { return ov, res },
		Grid:      true,
		Parent:    gm,
		Escapes:   controls.NewEscapes(gm),
		Say:       func(s string) { said = s },
	})
	t.Cleanup(p.Close)
	if p.Shared() != nil || p.View().Overlays() != nil {
		t.Fatalf("shared before the GM asked")
	}
	p.SetSharing(true)
	if o := p.View().Overlays(); o == nil || len(o.Reach) != 2 || o.Selected != 0 {
		t.Fatalf("shared overlays %+v, want the players' 2-square reach", o)
	}
	ov.Selected, res.Sel = 1, 1 // the hidden scout
	p.Refresh()
	if o := p.Shared(); o == nil || o.Reach != nil || o.Selected != -1 {
		t.Errorf("a hidden token's reach is shared: %+v", o)
	}
	p.ApplyDiagonal("huge", "1920x1080")
	if p.Diagonal() != 0 || gm.Canvas().Overlays().Top() == nil {
		t.Errorf("a mistyped diagonal: kept %v, error shown %v", p.Diagonal(), gm.Canvas().Overlays().Top() != nil)
	}
	p.ApplyDiagonal("", "")
	if said == "" || p.Diagonal() != 0 {
		t.Errorf("an empty diagonal should fit the map and say so: %q", said)
	}
}

// TestDiagonalCalibrationSurvivesARestart: the diagonal was kept but the
// resolution the GM typed was not; after a restart the windowed display
// took the window's size for the screen's, and a square came out about a
// third of an inch. Both are kept now, so the inch is the same in any
// window; full screen on a screen of another resolution, the inch follows
// it and the GM is told.
func TestDiagonalCalibrationSurvivesARestart(t *testing.T) {
	test.NewTempApp(t)
	gm := test.NewTempWindow(t, widget.NewLabel("gm"))
	e := &model.Encounter{Name: "Bay", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10)}
	var said string
	src := Source{
		Encounter: func() *model.Encounter { return e },
		Answer:    func() (*render.Overlays, *session.Result) { return nil, nil },
		Parent:    gm,
		Escapes:   controls.NewEscapes(gm),
		Say:       func(s string) { said = s },
	}
	p := Open(src)
	p.ApplyDiagonal("24", "1920x1080")
	want := PixelsPerInch(1920, 1080, 24) / float64(p.Window().Canvas().Scale())
	if z := float64(p.View().Zoom()); math.Abs(z-want) > 0.01 {
		t.Fatalf("after calibrating: %v units a square, want %v", z, want)
	}
	p.Close()

	p2 := Open(src) // the next run, in an 800x600 window again
	t.Cleanup(p2.Close)
	p2.Window().Resize(fyne.NewSize(640, 480))
	p2.Place()
	if z := float64(p2.View().Zoom()); math.Abs(z-want) > 0.01 {
		t.Errorf("after a restart, windowed: %v units a square, want the calibrated %v", z, want)
	}
	said = ""
	p2.ToggleFullScreen() // the test driver's "screen" is the window: 640x480
	w, h := p2.resolution()
	if z, fs := float64(p2.View().Zoom()), PixelsPerInch(w, h, 24)/float64(p2.Window().Canvas().Scale()); math.Abs(z-fs) > 0.01 {
		t.Errorf("full screen on a %dx%d screen: %v units a square, want %v", w, h, z, fs)
	}
	if !strings.Contains(said, "calibrated at 1920x1080") {
		t.Errorf("full screen on another resolution should say so, said %q", said)
	}
}

// TestDisplayShowsTheOrder: in a fight the players see the initiative
// order without the hidden scout, and whose turn it is; without one,
// nothing above the map.
func TestDisplayShowsTheOrder(t *testing.T) {
	test.NewTempApp(t)
	gm := test.NewTempWindow(t, widget.NewLabel("gm"))
	e := &model.Encounter{Name: "Bay", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10), Tokens: []model.Token{
		{Name: "A", X: 1, Y: 1}, {Name: "Scout", X: 5, Y: 5, Hidden: true}, {Name: "B", X: 3, Y: 3},
	}}
	p := Open(Source{
		Encounter: func() *model.Encounter { return e },
		Answer:    func() (*render.Overlays, *session.Result) { return nil, nil },
		Parent:    gm,
		Escapes:   controls.NewEscapes(gm),
		Say:       func(string) {},
	})
	t.Cleanup(p.Close)
	if p.Order() != "" {
		t.Fatalf("an order without a fight: %q", p.Order())
	}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Scout", "A", "B"}, Turn: "A"}
	p.Refresh()
	if got := p.Order(); got != "Round 1 · ▶ A · B" {
		t.Errorf("order %q", got)
	}
	e.Fight = nil
	p.Refresh()
	if p.Order() != "" {
		t.Errorf("the order stayed after the fight: %q", p.Order())
	}
}

// TestUnseenTurnsLeaveTheOrderAsItWas: while a creature the players
// cannot see (hidden, or wholly in fog) has its turn, the players' line
// looks exactly as it did before that turn began, round and marker
// included: QA's line lost its marker ("Round 1 · Iseph · Dae") during the
// hidden assassin's turn, telling the table that something unseen was
// acting. A fight that opens with an unseen creature marks the first
// creature the players can see; a creature that Delays behind an unseen
// one keeps the marker until the next creature they see begins its turn.
func TestUnseenTurnsLeaveTheOrderAsItWas(t *testing.T) {
	test.NewTempApp(t)
	gm := test.NewTempWindow(t, widget.NewLabel("gm"))
	e := &model.Encounter{Name: "Den", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10), Tokens: []model.Token{
		{Name: "Iseph", X: 1, Y: 1}, {Name: "Assassin", X: 5, Y: 5, Hidden: true}, {Name: "Ghoul", X: 8, Y: 8},
		{Name: "Dae", X: 3, Y: 3}, {Name: "Ogre", X: 4, Y: 1},
	}}
	e.Revealed = make([]bool, len(e.Grid.Cells))
	for i := range e.Revealed {
		e.Revealed[i] = true
	}
	e.Revealed[8*10+8] = false // the ghoul's square
	p := Open(Source{
		Encounter: func() *model.Encounter { return e },
		Answer:    func() (*render.Overlays, *session.Result) { return nil, nil },
		Parent:    gm,
		Escapes:   controls.NewEscapes(gm),
		Say:       func(string) {},
	})
	t.Cleanup(p.Close)
	step := func(what, want string) {
		t.Helper()
		p.Refresh()
		if got := p.Order(); got != want {
			t.Errorf("%s: the players see %q, want %q", what, got, want)
		}
	}
	e.Fight = &model.Fight{Round: 1, Order: []string{"Iseph", "Assassin", "Ghoul", "Dae", "Ogre"}, Turn: "Iseph"}
	step("Iseph's turn", "Round 1 · ▶ Iseph · Dae · Ogre")
	e.Fight.NextTurn()
	step("the hidden assassin's turn", "Round 1 · ▶ Iseph · Dae · Ogre")
	e.Fight.NextTurn()
	step("the ghoul's turn, in fog", "Round 1 · ▶ Iseph · Dae · Ogre")
	e.Fight.NextTurn()
	step("Dae's turn", "Round 1 · Iseph · ▶ Dae · Ogre")
	e.Fight.NextTurn()
	step("the ogre's turn", "Round 1 · Iseph · Dae · ▶ Ogre")

	// an unseen creature opens the round: the players still see round 1
	e.Fight = &model.Fight{Round: 1, Order: []string{"Assassin", "Iseph", "Dae"}, Turn: "Dae"}
	step("Dae's turn, last in round 1", "Round 1 · Iseph · ▶ Dae")
	e.Fight.NextTurn()
	step("the assassin opens round 2", "Round 1 · Iseph · ▶ Dae")
	e.Fight.NextTurn()
	step("Iseph's turn in round 2", "Round 2 · ▶ Iseph · Dae")

	// Iseph Delays until after the assassin: the players saw Iseph's
	// turn, and still do while the assassin acts
	e.Fight = &model.Fight{Round: 3, Order: []string{"Iseph", "Assassin", "Dae"}, Turn: "Iseph"}
	step("Iseph's turn in round 3", "Round 3 · ▶ Iseph · Dae")
	e.Fight.Order, e.Fight.Turn = []string{"Assassin", "Iseph", "Dae"}, "Assassin"
	step("Iseph delayed, the assassin's turn", "Round 3 · ▶ Iseph · Dae")
	e.Fight = nil
	step("the fight over", "")

	// a fight that opens with unseen creatures: the first the players see
	e.Fight = &model.Fight{Round: 1, Order: []string{"Assassin", "Ghoul", "Dae", "Iseph"}, Turn: "Assassin"}
	step("a fight opened by the assassin", "Round 1 · ▶ Dae · Iseph")
	e.Fight.NextTurn()
	step("then the ghoul", "Round 1 · ▶ Dae · Iseph")
	e.Fight.NextTurn()
	step("then Dae", "Round 1 · ▶ Dae · Iseph")
}

// TestFoggedCreaturesReachIsNotShared: on the turn of a creature wholly
// in fog the GM's editor selects it, and with Show players on its reach
// went to the players' screen, drawn on the squares they see.
func TestFoggedCreaturesReachIsNotShared(t *testing.T) {
	test.NewTempApp(t)
	gm := test.NewTempWindow(t, widget.NewLabel("gm"))
	e := &model.Encounter{Name: "Den", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10), Tokens: []model.Token{
		{Name: "Iseph", X: 1, Y: 1}, {Name: "Ghoul", X: 8, Y: 8},
	}}
	e.Revealed = make([]bool, len(e.Grid.Cells))
	for i := range e.Revealed {
		e.Revealed[i] = i != 8*10+8
	}
	ov := render.NewOverlays()
	ov.Selected, ov.Reach = 1, []rules.Square{{X: 7, Y: 8}}
	res := &session.Result{Sel: 1, NTok: 2, PlayerReach: []rules.Square{{X: 7, Y: 8}, {X: 6, Y: 8}}}
	p := Open(Source{
		Encounter: func() *model.Encounter { return e },
		Answer:    func() (*render.Overlays, *session.Result) { return ov, res },
		Parent:    gm,
		Escapes:   controls.NewEscapes(gm),
		Say:       func(string) {},
	})
	t.Cleanup(p.Close)
	p.SetSharing(true)
	if o := p.Shared(); o == nil || o.Reach != nil || o.Selected != -1 {
		t.Errorf("the fogged ghoul's reach is shared: %+v", o)
	}
	e.Revealed[8*10+8] = true // the GM reveals its square
	p.Refresh()
	if o := p.Shared(); o == nil || len(o.Reach) != 2 || o.Selected != 1 {
		t.Errorf("the revealed ghoul's reach is not shared: %+v", o)
	}
}

// TestF10OpensNoMenuFromThePlayers: the players' window has no menu; F10
// typed there does not reach the editor (whose menu would open in the
// other window while the arrows still went here), while N does.
func TestF10OpensNoMenuFromThePlayers(t *testing.T) {
	test.NewTempApp(t)
	gm := test.NewTempWindow(t, widget.NewLabel("gm"))
	e := &model.Encounter{Name: "Bay", Ruleset: model.SF2E, Grid: model.NewGrid(10, 10)}
	var got []fyne.KeyName
	p := Open(Source{
		Encounter: func() *model.Encounter { return e },
		Answer:    func() (*render.Overlays, *session.Result) { return nil, nil },
		Parent:    gm,
		Escapes:   controls.NewEscapes(gm),
		Say:       func(string) {},
		Keys:      Keys{TypedKey: func(ev *fyne.KeyEvent) { got = append(got, ev.Name) }},
	})
	t.Cleanup(p.Close)
	on := p.Window().Canvas().OnTypedKey()
	on(&fyne.KeyEvent{Name: fyne.KeyF10})
	on(&fyne.KeyEvent{Name: fyne.KeyN})
	if len(got) != 1 || got[0] != fyne.KeyN {
		t.Errorf("keys passed to the editor %v, want N alone", got)
	}
}
