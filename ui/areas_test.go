package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"encounterplanner/model"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

// goblinsEncounter is a 12x8 sf2e map with a fighter and two goblins
// either side of the intersection (6, 4), the map's middle.
func goblinsEncounter(t *testing.T, rs model.Ruleset) *model.Encounter {
	t.Helper()
	e, err := library.NewEncounter("Goblins", rs, 12, 8, rs.DefaultFeetPerSquare())
	if err != nil {
		t.Fatal(err)
	}
	sp := map[string]int{model.SpeedLand: 25}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Fighter", X: 1, Y: 1, Size: model.Medium, Side: "party", Speeds: sp},
		{ID: model.NewID(), Name: "Goblin A", X: 5, Y: 3, Size: model.Medium, Side: "enemy", Speeds: sp},
		{ID: model.NewID(), Name: "Goblin B", X: 6, Y: 4, Size: model.Medium, Side: "enemy", Speeds: sp},
	}
	return e
}

// TestAddBurstCatchesBothGoblins: Encounter > Add area… with a 10-ft burst
// (the pointer away from the map: its middle) shades the burst and lists
// both goblins; A places another with the same settings, Delete removes
// the picked one, and each is one undo step.
func TestAddBurstCatchesBothGoblins(t *testing.T) {
	ed, _, p := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	menuAction(t, ed.win, "Encounter", "Add area…  (A)")()
	entries, _, buttons := topDialog(t, ed.win)
	entries[0].SetText("10")
	entries[1].SetText("blast")
	test.Tap(buttons["Place"])
	settle(t, ed, p)
	if len(ed.enc.Areas) != 1 || ed.enc.Areas[0] != (model.Area{Kind: model.Burst, X: 6, Y: 4, Radius: 10, Label: "blast"}) {
		t.Fatalf("areas %+v, want a 10-ft burst at (6, 4)", ed.enc.Areas)
	}
	got := strings.Join(ed.AreaLines(), "\n")
	for _, want := range []string{"blast (burst 10 ft)", "Goblin A — no cover", "Goblin B — no cover"} {
		if !strings.Contains(got, want) {
			t.Errorf("area list %q lacks %q", got, want)
		}
	}
	if a := ed.Overlays().Areas; len(a) != 1 || len(a[0].Squares) != 12 {
		t.Errorf("overlay areas %+v, want one of 12 squares", a)
	}
	if m := ed.status.msgLabel.Text; !strings.Contains(m, "Goblin A — no cover, Goblin B — no cover") {
		t.Errorf("status after placing %q: want whom the burst catches", m)
	}
	ed.rune('a')
	if len(ed.enc.Areas) != 2 || ed.enc.Areas[1].Radius != 10 {
		t.Fatalf("A should place a second 10-ft burst: %+v", ed.enc.Areas)
	}
	ed.key(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if len(ed.enc.Areas) != 1 || len(ed.enc.Tokens) != 3 {
		t.Fatalf("Delete should remove the picked area, not a token: %d areas, %d tokens", len(ed.enc.Areas), len(ed.enc.Tokens))
	}
	ed.Undo()
	ed.Undo()
	if len(ed.enc.Areas) != 1 {
		t.Errorf("two undos should leave the first burst: %d areas", len(ed.enc.Areas))
	}
}

// TestConeFromTokenTurns: a cone comes from the selected token; R turns the
// picked cone instead of picking the Rect tool.
func TestConeFromTokenTurns(t *testing.T) {
	ed, _, p := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	ed.Select(0)
	if !ed.PlaceArea(model.Area{Kind: model.Cone, Length: 15, Dir: model.E}) {
		t.Fatal("cone not placed")
	}
	ed.rune('r')
	settle(t, ed, p)
	if a := ed.enc.Areas[0]; a.Token != "Fighter" || a.Dir != model.SE {
		t.Errorf("cone %+v, want from Fighter turned to SE", a)
	}
	if ed.Tool() == ToolRect {
		t.Error("R picked the Rect tool with a cone picked")
	}
	ed.Select(-1)
	ed.Select(1)
	ed.key(&fyne.KeyEvent{Name: fyne.KeyDelete}) // Goblin A goes; the fighter's cone stays
	if len(ed.enc.Tokens) != 2 || len(ed.enc.Areas) != 1 {
		t.Errorf("after deleting Goblin A: %d tokens, %d areas", len(ed.enc.Tokens), len(ed.enc.Areas))
	}
	ed.Select(0)
	ed.key(&fyne.KeyEvent{Name: fyne.KeyDelete}) // the fighter takes its cone with it
	if len(ed.enc.Tokens) != 1 || len(ed.enc.Areas) != 0 {
		t.Errorf("after deleting the fighter: %d tokens, %d areas", len(ed.enc.Tokens), len(ed.enc.Areas))
	}
}

// TestAreasOnlySF2E: in pf1e the area items are greyed out and A places
// nothing.
func TestAreasOnlySF2E(t *testing.T) {
	ed, _, _ := newTestEditor(t, goblinsEncounter(t, model.PF1E))
	for _, m := range ed.win.(interface{ MainMenu() *fyne.MainMenu }).MainMenu().Items {
		for _, it := range m.Items {
			if strings.HasPrefix(it.Label, "Add area") && !it.Disabled {
				t.Errorf("%q enabled in pf1e", it.Label)
			}
		}
	}
	ed.rune('a')
	if len(ed.enc.Areas) != 0 {
		t.Error("A placed an area in pf1e")
	}
}

// TestGoldenBurstOnEditor: a 10-ft burst over the two goblins, shaded with
// its label.
func TestGoldenBurstOnEditor(t *testing.T) {
	ed, _, p := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	ed.PlaceArea(model.Area{Kind: model.Burst, Radius: 10, Label: "fireball", Player: true})
	settle(t, ed, p)
	test.AssertImageMatches(t, "area_burst.png", mapShot(ed))
}

// TestCtrlDragMovesBurst: with the select tool, a Ctrl-press inside a burst
// picks it (not the goblin under it) and a drag moves it by whole squares,
// one undo step; Shift and the wheel turn a picked cone.
func TestCtrlDragMovesBurst(t *testing.T) {
	ed, _, p := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	ed.PlaceArea(model.Area{Kind: model.Burst, Radius: 10}) // at (6, 4)
	ed.tools.area.picked = 0
	settle(t, ed, p)
	mouseDown(ed, 5, 3, fyne.KeyModifierControl) // Goblin A's square
	dragTo(ed, 7, 4)
	ed.view.DragEnd()
	mouseUp(ed, 7, 4)
	if a := ed.enc.Areas[0]; a.X != 8 || a.Y != 5 {
		t.Errorf("burst at (%d, %d) after the drag, want (8, 5)", a.X, a.Y)
	}
	if ed.Selected() >= 0 || ed.enc.Tokens[1].X != 5 {
		t.Errorf("the Ctrl-press selected or moved a goblin")
	}
	ed.Undo()
	if a := ed.enc.Areas[0]; a.X != 6 || a.Y != 4 {
		t.Errorf("undo: burst at (%d, %d), want (6, 4)", a.X, a.Y)
	}
	ed.Select(0)
	ed.PlaceArea(model.Area{Kind: model.Cone, Length: 15, Dir: model.E})
	ed.view.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	ed.view.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, -10)})
	ed.view.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	if d := ed.enc.Areas[1].Dir; d != model.SE {
		t.Errorf("Shift+wheel down: cone %s, want SE", d)
	}
}

// TestExportsCarryAreas: a PDF or PNG without the current overlays still
// prints the areas; the players' version leaves out an area from a hidden
// token (its squares would give the token away).
func TestExportsCarryAreas(t *testing.T) {
	e := goblinsEncounter(t, model.SF2E)
	e.Tokens[2].Hidden = true
	ed, _, p := newTestEditor(t, e)
	ed.PlaceArea(model.Area{Kind: model.Burst, Radius: 10, Player: true})
	ed.Select(2)
	ed.PlaceArea(model.Area{Kind: model.Emanation, Radius: 5, Player: true})
	settle(t, ed, p)
	for _, c := range []struct {
		player bool
		shaded int
	}{{false, 2}, {true, 1}} {
		_, o := ed.pdfExport(pdfChoices{paper: "letter", player: c.player})
		if o.Overlays == nil || len(o.Overlays.Areas) != 2 {
			t.Fatalf("player %v: overlays %+v, want the 2 areas", c.player, o.Overlays)
		}
		n := 0
		for _, a := range o.Overlays.Areas {
			if len(a.Squares) > 0 {
				n++
			}
		}
		if n != c.shaded {
			t.Errorf("player %v: %d areas shaded, want %d", c.player, n, c.shaded)
		}
	}
}

// TestRenameTokenKeepsItsArea: renaming a token an area comes from was
// refused by model.Validate (no token so named); the area follows it.
func TestRenameTokenKeepsItsArea(t *testing.T) {
	ed, _, _ := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	ed.Select(0)
	ed.PlaceArea(model.Area{Kind: model.Emanation, Radius: 10})
	if err := ed.apply("", func(c *model.Encounter) error { c.Tokens[0].Name = "Hero"; return nil }); err != nil {
		t.Fatal(err)
	}
	if a := ed.enc.Areas[0]; a.Token != "Hero" {
		t.Errorf("emanation from %q, want Hero", a.Token)
	}
}

// TestPlayerDisplayShowsPlayerAreas: the player display draws the areas
// ticked for it, even unshared, and neither a GM-only area nor one sent out
// by a hidden token.
func TestPlayerDisplayShowsPlayerAreas(t *testing.T) {
	e := goblinsEncounter(t, model.SF2E)
	e.Tokens[2].Hidden = true
	ed, _, p := newTestEditor(t, e)
	ed.PlaceArea(model.Area{Kind: model.Burst, Radius: 10, Label: "seen", Player: true})
	ed.PlaceArea(model.Area{Kind: model.Burst, Radius: 5, Label: "gm"})
	ed.Select(2)
	ed.PlaceArea(model.Area{Kind: model.Emanation, Radius: 5, Label: "lurker", Player: true})
	ed.openPlayer()
	settle(t, ed, p)
	sh := ed.player.Shared()
	if sh == nil || len(sh.Areas) != 1 || sh.Areas[0].Label != "seen" {
		t.Fatalf("player display areas %+v, want only the burst ticked for it", sh)
	}
	ed.sharePlayer(true)
	settle(t, ed, p)
	if sh := ed.player.Shared(); sh == nil || len(sh.Areas) != 1 || sh.Areas[0].Label != "seen" {
		t.Errorf("shared player display areas %+v, want only the burst ticked for it", sh)
	}
}

// TestTurningAConeSaysWhomItCatchesNow: R turned the picked cone over a
// creature while the status bar still said "no creature caught" from where
// it pointed before. Each turn (and each move of a burst) says again whom
// the area catches.
func TestTurningAConeSaysWhomItCatchesNow(t *testing.T) {
	ed, _, _ := newTestEditor(t, goblinsEncounter(t, model.SF2E))
	ed.Select(0)
	if !ed.PlaceArea(model.Area{Kind: model.Cone, Length: 30, Dir: model.E}) {
		t.Fatal("cone not placed")
	}
	caught, empty := false, false
	for turn := range 8 {
		ed.rune('r')
		who, err := session.AreaCaught(ed.enc, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := "no creature caught"
		if len(who) > 0 {
			want, caught = strings.Join(who, ", "), true
		} else {
			empty = true
		}
		if m := ed.status.msgLabel.Text; !strings.Contains(m, ": "+want+" (") {
			t.Errorf("turn %d (%v): status %q, want it to say %q", turn+1, ed.enc.Areas[0].Dir, m, want)
		}
	}
	if !caught || !empty {
		t.Fatalf("the cone should catch someone in some direction and no one in another (caught %v, empty %v)", caught, empty)
	}
}
