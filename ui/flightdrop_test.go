package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// fallFile is QA's /tmp/qa3/fall.json: S flies 20 ft up at (4, 0), Big
// (Large) stands on the ground at (7, 2), Top is 30 ft over Big, Low a
// walker 5 ft up; the water is `~`, shallow water `w`.
const fallFile = `{"format":"encounter/1","name":"fall","ruleset":"sf2e","map":{"rows":[
"..~~ww....",
"..~~ww....",
"..........",
".........."]},
"tokens":[
{"name":"W","x":2,"y":0,"side":"party","speeds":{"land":25,"fly":30},"elevation":20},
{"name":"S","x":4,"y":0,"side":"party","speeds":{"land":25,"fly":30},"elevation":20},
{"name":"L","x":1,"y":0,"size":"large","side":"party","speeds":{"land":25},"elevation":40},
{"name":"Hi","x":3,"y":1,"side":"party","speeds":{"land":25},"elevation":2000},
{"name":"Big","x":7,"y":2,"size":"large","side":"enemy","speeds":{"land":25}},
{"name":"Top","x":7,"y":2,"side":"party","speeds":{"land":25},"elevation":30},
{"name":"Low","x":0,"y":3,"side":"party","speeds":{"land":25},"elevation":5}
]}`

func fallEncounter(t *testing.T) *model.Encounter {
	t.Helper()
	e, err := model.ReadEncounter(strings.NewReader(fallFile))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// denOnNavasisTurn is docs/examples/smugglers-den.encounter.json in a
// fight on Navasi's turn (fly 30, 15 ft up at (12, 8)), nothing spent.
func denOnNavasisTurn(t *testing.T) *model.Encounter {
	t.Helper()
	e := denExample(t)
	n := &e.Tokens[e.TokenIndex("Navasi")]
	if n.X != 12 || n.Y != 8 || n.Elevation != 15 {
		t.Fatalf("Navasi is at (%d, %d), %d ft up, not (12, 8), 15 ft up", n.X, n.Y, n.Elevation)
	}
	e.Fight.Turn, e.Fight.State = "Navasi", nil
	return e
}

// TestAFlyerIsDroppedAboveACreature: QA dragged S (20 ft up) onto Big's
// squares, where the path said "ends 20 ft up", and the drop said "S not
// moved: occupied by Big". Boxes above one another do not overlap
// (rules-conventions.md "Elevation"): S lands there, still 20 ft up, and
// is not marked misplaced.
func TestAFlyerIsDroppedAboveACreature(t *testing.T) {
	ed, _, p := newTestEditor(t, fallEncounter(t))
	s, _ := tokenAt(t, ed, "S")
	ed.Select(s)
	settle(t, ed, p)
	gesture(ed, 0, [2]int{4, 0}, [2]int{6, 1}, [2]int{7, 2})
	if tk := ed.enc.Tokens[s]; tk.X != 7 || tk.Y != 2 || tk.Elevation != 20 {
		t.Fatalf("S at (%d, %d), %d ft up; status %q", tk.X, tk.Y, tk.Elevation, ed.status.msgLabel.Text)
	}
	if got := ed.status.msgLabel.Text; got != "S moved to (7, 2)" {
		t.Errorf("status %q", got)
	}
	p.until(t, "overlays", ed.overlaysIdle)
	for _, w := range ed.Overlays().Warn {
		if w == s {
			t.Error("S, 20 ft over Big, is marked misplaced")
		}
	}
	// on the ground it is Big's space
	gesture(ed, 0, [2]int{7, 2}, [2]int{5, 2})
	ed.enc.Tokens[s].Elevation = 0
	gesture(ed, 0, [2]int{5, 2}, [2]int{7, 2})
	if tk := ed.enc.Tokens[s]; tk.X != 5 || !strings.Contains(ed.status.msgLabel.Text, "occupied by Big") {
		t.Errorf("S on the ground dropped into Big: at (%d, %d), status %q", tk.X, tk.Y, ed.status.msgLabel.Text)
	}
}

// TestAFlyerEndsItsTurnsMoveOverAnObstacle: in the den on Navasi's turn,
// her flight 15 ft up to the obstacle at (14, 10) was refused "(14, 10)
// is an obstacle"; a box above layer 0 may end over one. It moves and
// spends the flight's one action.
func TestAFlyerEndsItsTurnsMoveOverAnObstacle(t *testing.T) {
	ed, _, p := newTestEditor(t, denOnNavasisTurn(t))
	settle(t, ed, p)
	n, _ := tokenAt(t, ed, "Navasi")
	if ed.Selected() != n || ed.ovp.settings.Mode != rules.ModeFly {
		t.Fatalf("selected %d in mode %q, want Navasi (%d) flying", ed.Selected(), ed.ovp.settings.Mode, n)
	}
	gesture(ed, 0, [2]int{12, 8}, [2]int{13, 9}, [2]int{14, 10})
	if tk := ed.enc.Tokens[n]; tk.X != 14 || tk.Y != 10 || tk.Elevation != 15 {
		t.Fatalf("Navasi at (%d, %d), %d ft up; status %q", tk.X, tk.Y, tk.Elevation, ed.status.msgLabel.Text)
	}
	if ts := ed.enc.Fight.State["Navasi"]; ts.Actions != 1 {
		t.Errorf("the flight spent %+v, want 1 action", ts)
	}
}

// TestDraggingAFlyerEndsAtTheEndElevation: QA set the End elevation to
// 25 ft (Shift+PageUp twice) on Navasi's turn and dragged her two squares
// east: the path said "ends 25 ft up", the drop left her 15 ft up and
// charged the action. She now ends 25 ft up, the action is the path's
// (20 ft: 1 action), the status bar says the height, and one Ctrl+Z
// takes back both the place and the height.
func TestDraggingAFlyerEndsAtTheEndElevation(t *testing.T) {
	ed, _, p := newTestEditor(t, denOnNavasisTurn(t))
	settle(t, ed, p)
	n, _ := tokenAt(t, ed, "Navasi")
	ed.RaisePathEnd(+1)
	ed.RaisePathEnd(+1)
	if s := ed.ovp.settings; !s.EndSet || s.End != 25 {
		t.Fatalf("two Shift+PageUps: %+v", s)
	}
	ed.hover(14, 8, true)
	p.until(t, "path", ed.overlaysIdle)
	if got := ed.status.pathLabel.Text; !strings.HasSuffix(got, "ends 25 ft up") {
		t.Fatalf("path status %q", got)
	}
	gesture(ed, 0, [2]int{12, 8}, [2]int{13, 8}, [2]int{14, 8})
	if tk := ed.enc.Tokens[n]; tk.X != 14 || tk.Y != 8 || tk.Elevation != 25 {
		t.Fatalf("Navasi at (%d, %d), %d ft up, want (14, 8), 25 ft up; status %q", tk.X, tk.Y, tk.Elevation, ed.status.msgLabel.Text)
	}
	if ts := ed.enc.Fight.State["Navasi"]; ts.Actions != 1 {
		t.Errorf("spent %+v, want the path's 1 action", ts)
	}
	if got, want := ed.status.msgLabel.Text, "Navasi moved to (14, 8), 25 ft up"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	if tk := ed.enc.Tokens[n]; tk.X != 12 || tk.Y != 8 || tk.Elevation != 15 || len(ed.enc.Fight.State) != 0 {
		t.Errorf("one undo: Navasi at (%d, %d), %d ft up, state %+v", tk.X, tk.Y, tk.Elevation, ed.enc.Fight.State)
	}
}

// A drag's ghost is judged at the height the drag ends: with the End
// elevation 25 ft over the Goblin Archer's square, the ghost is fine.
func TestTheDragGhostIsJudgedAtTheEndElevation(t *testing.T) {
	ed, _, p := newTestEditor(t, denOnNavasisTurn(t))
	settle(t, ed, p)
	n, _ := tokenAt(t, ed, "Navasi")
	ed.enc.Tokens[n].Elevation = 0 // on the ground
	ed.RaisePathEnd(+1)
	if got := ed.DropRefusal(n, 13, 9); got != "" {
		t.Errorf("a flight ending 5 ft over the Goblin Archer is refused: %q", got)
	}
	ed.ovp.settings.EndSet = false
	if got := ed.DropRefusal(n, 13, 9); got != "occupied by Goblin Archer" {
		t.Errorf("on the ground in the Archer's square: %q", got)
	}
}
