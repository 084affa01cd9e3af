package ui

import (
	"fmt"
	"image"
	"image/draw"
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

// Golden images of the editor with each overlay, computed by the real
// rules engines. Every test waits for the overlay worker's answer (the pump
// runs it on the test goroutine) before it looks, so the pictures do not
// depend on timing. Masters live in testdata/; a failure writes the actual
// picture to testdata/failed/ — look at it before copying it over.

// overlayEditor opens e with only the overlays set switches on, selects
// token sel (-1: none) and waits for the answer.
func overlayEditor(t *testing.T, e *model.Encounter, set session.Settings, sel int) (*Editor, *pump) {
	t.Helper()
	ed, _, p := newTestEditor(t, e)
	ed.ovp.settings = set
	ed.buildOverlayPanel()
	ed.view.Fit()
	ed.Select(sel)
	ed.requestOverlays()
	p.until(t, "overlays", ed.overlaysIdle)
	return ed, p
}

// settle waits for the overlays and stops the autosave timer, so no
// "saved 12:04" clock reaches a picture.
func settle(t *testing.T, ed *Editor, p *pump) {
	t.Helper()
	p.until(t, "overlays", ed.overlaysIdle)
	if ed.saving.saveTimer != nil {
		ed.saving.saveTimer.Stop()
	}
}

// editorShot is the editor without its right-hand panels: the tools, the
// map and the status bar (path and hover text). The software test painter
// does not clip an Entry's placeholder inside the scrolled inspector, so
// the inspector of a selected token would smear over the overlay panel.
func editorShot(ed *Editor) *image.NRGBA {
	img := capture(ed)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.view)
	sc := ed.win.Canvas().Scale()
	r := image.Rect(0, int(pos.Y*sc), int((pos.X+ed.view.Size().Width)*sc), img.Bounds().Dy())
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	return out
}

// mapShot is the part of the window the map view covers.
func mapShot(ed *Editor) *image.NRGBA {
	img := capture(ed)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.view)
	sc := ed.win.Canvas().Scale()
	r := image.Rect(int(pos.X*sc), int(pos.Y*sc), int((pos.X+ed.view.Size().Width)*sc), int((pos.Y+ed.view.Size().Height)*sc))
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	return out
}

// capture is the editor's window as drawn once its map image is decoded:
// the first frame of a map image decodes it aside (mapview.View) and is
// drawn without it.
func capture(ed *Editor) image.Image {
	img := ed.win.Canvas().Capture()
	if ed.enc == nil || ed.enc.Background == "" {
		return img
	}
	for deadline := time.Now().Add(10 * time.Second); ed.view.DecodingImage() && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	ed.view.Refresh()
	return ed.win.Canvas().Capture()
}

func sameImage(a, b *image.NRGBA) bool {
	return a.Bounds() == b.Bounds() && reflect.DeepEqual(a.Pix, b.Pix)
}

func onlyReach(actions int) session.Settings {
	return session.Settings{Reach: true, Mode: rules.ModeLand, Actions: actions}
}

func TestGoldenReachBands(t *testing.T) {
	e := model.Sample()
	i := e.TokenIndex("Dae")
	ed, _ := overlayEditor(t, e, onlyReach(3), i)
	bands := map[int]int{}
	for _, q := range ed.Overlays().Reach {
		bands[q.Actions]++
	}
	if bands[1] == 0 || bands[2] == 0 || bands[3] == 0 {
		t.Fatalf("3-action reach should have squares in every band: %v", bands)
	}
	test.AssertImageMatches(t, "overlay_reach_3_actions.png", editorShot(ed))
}

func TestGoldenPathToHoveredSquare(t *testing.T) {
	e := model.Sample()
	i := e.TokenIndex("Iseph")
	set := session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1, Path: true}
	ed, p := overlayEditor(t, e, set, i)
	ed.hover(5, 9, true) // across the difficult squares at (5, 10)
	settle(t, ed, p)
	if ed.Overlays().Path == nil || !ed.Overlays().Path.Reachable {
		t.Fatal("no path to (5, 9)")
	}
	if got := ed.status.pathLabel.Text; !strings.HasPrefix(got, "path ") || !strings.Contains(got, " ft · ") || !strings.Contains(got, "action") {
		t.Errorf("path status %q should give the cost in feet and the actions", got)
	}
	test.AssertImageMatches(t, "overlay_path_hover.png", editorShot(ed))
}

func TestGoldenCoverLines(t *testing.T) {
	e := model.Sample()
	i := e.TokenIndex("Navasi")
	ed, p := overlayEditor(t, e, session.Settings{Mode: rules.ModeLand, Actions: 1, Cover: true}, i)
	// by default cover goes to the tokens not on Navasi's side: a GM
	// asks who Navasi can shoot, not how well she sees her friends
	foes := 0
	for j := range e.Tokens {
		if j != i && !model.Allies(e.Tokens[i].Side, e.Tokens[j].SideOrNeutral()) {
			foes++
		}
	}
	if n := len(ed.Overlays().Cover); n != foes || foes == len(e.Tokens)-1 {
		t.Fatalf("%d cover lines, want one to each of the %d tokens not Navasi's allies (of %d)", n, foes, len(e.Tokens)-1)
	}
	if !strings.Contains(ed.ovp.coverLabel.Text, "Cover from Navasi:") || strings.Contains(ed.ovp.coverLabel.Text, "Dae:") {
		t.Errorf("cover list %q: want Navasi's foes, not her ally Dae", ed.ovp.coverLabel.Text)
	}
	test.AssertImageMatches(t, "overlay_cover.png", editorShot(ed))
	// the "Allies too" switch draws them all
	var allies *controls.PaneCheck
	walkObjects(ed.ovp.box, func(o fyne.CanvasObject) {
		if c, ok := o.(*controls.PaneCheck); ok && c.Text == "Allies too" {
			allies = c
		}
	})
	if allies == nil {
		t.Fatal("no Allies too switch in the overlay panel")
	}
	allies.SetChecked(true)
	p.until(t, "overlays with allies", ed.overlaysIdle)
	if n := len(ed.Overlays().Cover); n != len(e.Tokens)-1 || !strings.Contains(ed.ovp.coverLabel.Text, "Dae:") {
		t.Errorf("with Allies too: %d cover lines, want %d; list %q", n, len(e.Tokens)-1, ed.ovp.coverLabel.Text)
	}
}

// flankRoom has Dae and Chk Chk on opposite sides of the large Tashtari.
func flankRoom() *model.Encounter {
	e := model.Sample()
	e.Tokens[e.TokenIndex("Dae")].X = 9
	return e
}

func TestGoldenFlanking(t *testing.T) {
	e := flankRoom()
	ed, _ := overlayEditor(t, e, session.Settings{Mode: rules.ModeLand, Actions: 1, Flank: true}, -1)
	fl := ed.Overlays().Flanks
	tash := e.TokenIndex("Tashtari")
	if len(fl) == 0 || fl[0].Target != tash {
		t.Fatalf("flanks %+v, want Tashtari flanked", fl)
	}
	if !strings.Contains(ed.ovp.coverLabel.Text, "Tashtari by ") {
		t.Errorf("the panel should list Tashtari as off-guard: %q", ed.ovp.coverLabel.Text)
	}
	test.AssertImageMatches(t, "overlay_flanking.png", editorShot(ed))
}

func TestGoldenEnemyReach(t *testing.T) {
	e := model.Sample()
	ed, _ := overlayEditor(t, e, session.Settings{Mode: rules.ModeLand, Actions: 1, Threat: true}, e.TokenIndex("Dae"))
	if len(ed.Overlays().Threat) == 0 {
		t.Fatal("no enemy reach squares")
	}
	// Tashtari (large, reach 10 ft) threatens two squares out from its space
	found := false
	for _, q := range ed.Overlays().Threat {
		if q.X == 9 && q.Y == 0 || q.X == 8 && q.Y == 2 {
			found = true
		}
	}
	if !found {
		t.Errorf("Tashtari's 10-ft reach should cover (8, 2)")
	}
	test.AssertImageMatches(t, "overlay_enemy_reach.png", editorShot(ed))
}

func TestGoldenFlankSpotsWhileDragging(t *testing.T) {
	e := model.Sample()
	ed, p := overlayEditor(t, e, session.Settings{Mode: rules.ModeLand, Actions: 1, Flank: true}, -1)
	mouseDown(ed, 8, 3, 0) // Dae
	dragTo(ed, 8, 4)
	settle(t, ed, p)
	spots := ed.Overlays().FlankSpots
	if len(spots) == 0 || ed.Overlays().Ghost == nil {
		t.Fatalf("dragging Dae near Tashtari should show flank spots and the ghost: %d spots", len(spots))
	}
	has := false
	for _, s := range spots {
		if s.X == 9 && s.Y == 3 {
			has = true
		}
	}
	if !has {
		t.Errorf("(9, 3), opposite Chk Chk, should be a flank spot: %v", spots)
	}
	test.AssertImageMatches(t, "overlay_flank_spots_drag.png", editorShot(ed))
	ed.view.DragEnd()
	mouseUp(ed, 8, 4)
	settle(t, ed, p)
	if ed.Overlays().FlankSpots != nil {
		t.Errorf("flank spots should go when the drag ends")
	}
}

func TestGoldenStarshipReachFacings(t *testing.T) {
	e, _ := library.NewEncounter("Dogfight", model.Starship, 24, 16, 50)
	e.Grid.Set(12, 6, model.Obstacle)
	e.Grid.Set(12, 7, model.Obstacle)
	e.Tokens = []model.Token{
		{ID: uuid(1), Name: "Sunrise Maiden", X: 8, Y: 7, Size: model.Small, Side: "party", Facing: model.E, Speeds: map[string]int{"fly": 200, "turn": 100}},
		{ID: uuid(2), Name: "Raider", X: 18, Y: 4, Size: model.Small, Side: "enemy", Facing: model.W, Speeds: map[string]int{"fly": 250, "turn": 100}},
	}
	ed, _ := overlayEditor(t, e, session.Settings{Reach: true, Mode: rules.ModeFly, Actions: 1}, 0)
	arrows := 0
	for _, q := range ed.Overlays().Reach {
		if q.Facings != 0 {
			arrows++
		}
	}
	if arrows == 0 {
		t.Fatal("a ship's reach should carry facings")
	}
	test.AssertImageMatches(t, "overlay_starship_reach.png", editorShot(ed))
}

func TestGoldenPointsReach(t *testing.T) {
	e, _ := library.NewEncounter("Arena", model.Points, 16, 12, 5)
	for y := 2; y < 9; y++ {
		e.Grid.Set(7, y, model.Wall)
	}
	e.Grid.Set(4, 4, model.Difficult)
	e.Grid.Set(4, 5, model.Difficult)
	e.Tokens = []model.Token{
		{ID: uuid(3), Name: "Hero", X: 4, Y: 6, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 5, "mobility": 2}},
		{ID: uuid(4), Name: "Brute", X: 10, Y: 6, Size: model.Medium, Side: "enemy", Speeds: map[string]int{"land": 4}},
	}
	ed, _ := overlayEditor(t, e, session.Settings{Reach: true, Mode: rules.ModeLand, Actions: 1}, 0)
	eng, _ := rules.For(model.Points)
	want, err := eng.Reach(nil, ed.enc, rules.MoveQuery{Token: 0, Mode: rules.ModeLand, Actions: 1})
	if err != nil || !reflect.DeepEqual(ed.Overlays().Reach, want) || len(want) == 0 {
		t.Fatalf("points reach overlay differs from rules.Reach (%v)", err)
	}
	test.AssertImageMatches(t, "overlay_points_reach.png", editorShot(ed))
}

func TestGoldenPlayerDisplayHidesHiddenTokens(t *testing.T) {
	e := model.Sample()
	scout := e.TokenIndex("Tashtari scout")
	if !e.Tokens[scout].Hidden {
		t.Fatal("the sample's scout should be hidden")
	}
	ed, p := overlayEditor(t, e, session.Settings{Mode: rules.ModeLand, Actions: 1}, -1)
	ed.openPlayer()
	pl := ed.player
	pl.Window().Resize(fyne.NewSize(800, 600))
	pl.Place()
	settle(t, ed, p)
	// the GM sees the scout (faded); the players do not
	test.AssertImageMatches(t, "player_gm_view.png", editorShot(ed))
	test.AssertRendersToImage(t, "player_hidden_absent.png", pl.Window().Canvas())
	// the square where the scout stands changes on the player display only
	// once it is revealed
	sc := pl.Window().Canvas().Scale()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(pl.View()).Add(pl.View().PosOf(16, 8))
	px := func() [4]uint8 {
		img := pl.Window().Canvas().Capture()
		r, g, b, a := img.At(int(pos.X*sc), int(pos.Y*sc)+int(pl.View().Zoom()*sc/4)).RGBA()
		return [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	}
	hidden := px()
	if err := ed.apply("", func(c *model.Encounter) error { c.Tokens[scout].Hidden = false; return nil }); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	if shown := px(); shown == hidden {
		t.Errorf("revealing the scout should draw it on the player display (pixel %v both times)", shown)
	}
}

// uuid is a fixed token id for test encounters.
func uuid(n int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", n) }
