package ui

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/internal/memstore"
	"encounterplanner/ui/library"
	"encounterplanner/ui/player"
	"encounterplanner/ui/session"
)

const testZoom = 20 // units per square in the tests' map view

// newTestEditor opens e (stored first in a fresh memStore) in a 1024x700
// test window with the map at testZoom units per square from (0, 0).
func newTestEditor(t *testing.T, e *model.Encounter) (*Editor, *memstore.Store, *pump) {
	t.Helper()
	test.NewTempApp(t)
	st := memstore.New(e)
	ed, p := editorOf(t, st, e.ID)
	return ed, st, p
}

// editorOf opens the encounter stored in st under id in a new editor, as
// newTestEditor does, in the app the test has.
func editorOf(t *testing.T, st *memstore.Store, id string) (*Editor, *pump) {
	t.Helper()
	loaded, err := st.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	p := newPump()
	// the editor's content first laid out at the least window size the
	// goldens were drawn after (the status bar keeps what it hid then)
	w.Resize(fyne.NewSize(1032, 608))
	ed := newEditor(w, st, loaded, p.post)
	w.Resize(fyne.NewSize(1024, 700))
	t.Cleanup(ed.Close)
	ed.view.SetView(testZoom, 0, 0)
	p.until(t, "first overlays", ed.overlaysIdle)
	return ed, p
}

func openEncounter(t *testing.T, w, h int) *model.Encounter {
	t.Helper()
	e, err := library.NewEncounter("Test room", model.SF2E, w, h, 5)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func at(ed *Editor, x, y int) fyne.Position { return ed.view.PosOf(x, y) }

func mouseDown(ed *Editor, x, y int, mods fyne.KeyModifier) {
	ed.view.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(ed, x, y)}, Button: desktop.MouseButtonPrimary, Modifier: mods})
}

func mouseUp(ed *Editor, x, y int) {
	ed.view.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(ed, x, y)}, Button: desktop.MouseButtonPrimary})
}

// dragTo moves a pressed pointer to square (x, y), as the driver reports it.
func dragTo(ed *Editor, x, y int) {
	ed.view.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(ed, x, y)}, Dragged: fyne.NewDelta(1, 1)})
}

// gesture presses at (x0, y0), drags through the squares of path and
// releases at the last one, as a real mouse does.
func gesture(ed *Editor, mods fyne.KeyModifier, pts ...[2]int) {
	mouseDown(ed, pts[0][0], pts[0][1], mods)
	for _, p := range pts[1:] {
		dragTo(ed, p[0], p[1])
	}
	last := pts[len(pts)-1]
	if len(pts) > 1 {
		ed.view.DragEnd()
	}
	mouseUp(ed, last[0], last[1])
}

// typeShortcut sends a shortcut as the desktop driver does: Ctrl+Z and
// Ctrl+Y arrive as fyne.ShortcutUndo and fyne.ShortcutRedo.
func typeShortcut(ed *Editor, k fyne.KeyName, m fyne.KeyModifier) {
	var sc fyne.Shortcut = &desktop.CustomShortcut{KeyName: k, Modifier: m}
	switch {
	case k == fyne.KeyZ && m == fyne.KeyModifierShortcutDefault:
		sc = &fyne.ShortcutUndo{}
	case k == fyne.KeyY && m == fyne.KeyModifierShortcutDefault:
		sc = &fyne.ShortcutRedo{}
	}
	ed.win.Canvas().(fyne.Shortcutable).TypedShortcut(sc)
}

func countTerrain(g *model.Grid, t model.Terrain) int {
	n := 0
	for _, c := range g.Cells {
		if c == t {
			n++
		}
	}
	return n
}

func TestBrushStrokeUndoRedo(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	c := ed.win.Canvas()
	test.TypeOnCanvas(c, "b2")
	if ed.Tool() != ToolBrush || ed.tools.terrain != model.Wall {
		t.Fatalf("after typing b2: tool %d terrain %v, want brush and wall", ed.Tool(), ed.tools.terrain)
	}
	before := ed.enc.Grid.Clone()
	gesture(ed, 0, [2]int{5, 5}, [2]int{6, 5}, [2]int{8, 5})
	for x := 5; x <= 8; x++ {
		if got := ed.enc.Grid.At(x, 5); got != model.Wall {
			t.Errorf("(%d, 5) = %v after the stroke, want wall", x, got)
		}
	}
	if !ed.dirty() || !strings.HasSuffix(ed.win.Title(), "*") {
		t.Errorf("title %q: an edit should mark the window unsaved", ed.win.Title())
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	if !reflect.DeepEqual(ed.enc.Grid, before) {
		t.Errorf("Ctrl+Z should undo the whole stroke at once")
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift)
	if got := ed.enc.Grid.At(7, 5); got != model.Wall {
		t.Errorf("Ctrl+Shift+Z: (7, 5) = %v, want wall again", got)
	}
	typeShortcut(ed, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	typeShortcut(ed, fyne.KeyY, fyne.KeyModifierShortcutDefault)
	if got := ed.enc.Grid.At(7, 5); got != model.Wall {
		t.Errorf("Ctrl+Y: (7, 5) = %v, want wall again", got)
	}
}

func TestBrushSizeKeys(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 12, 12))
	c := ed.win.Canvas()
	test.TypeOnCanvas(c, "]]]]]]]")
	if ed.tools.brush != 5 {
		t.Errorf("brush after many ]: %d, want 5", ed.tools.brush)
	}
	test.TypeOnCanvas(c, "[[[[")
	if ed.tools.brush != 1 {
		t.Errorf("brush after [[[[: %d, want 1", ed.tools.brush)
	}
	test.TypeOnCanvas(c, "]]b4")
	gesture(ed, 0, [2]int{5, 5})
	if n := countTerrain(&ed.enc.Grid, model.Difficult); n != 9 {
		t.Errorf("a size-3 dab painted %d difficult squares, want 9", n)
	}
	test.TypeOnCanvas(c, "e")
	gesture(ed, 0, [2]int{5, 5})
	if n := countTerrain(&ed.enc.Grid, model.Difficult); n != 0 {
		t.Errorf("the size-3 eraser left %d difficult squares, want 0", n)
	}
}

func TestRectLineFill(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 10, 10))
	c := ed.win.Canvas()
	test.TypeOnCanvas(c, "r4")
	gesture(ed, 0, [2]int{1, 1}, [2]int{5, 5}, [2]int{3, 2}) // the preview follows the pointer
	if n := countTerrain(&ed.enc.Grid, model.Difficult); n != 6 {
		t.Errorf("rectangle (1,1)-(3,2): %d difficult squares, want 6", n)
	}
	test.TypeOnCanvas(c, "l2")
	gesture(ed, 0, [2]int{0, 5}, [2]int{9, 5})
	if n := countTerrain(&ed.enc.Grid, model.Wall); n != 10 {
		t.Errorf("line across row 5: %d walls, want 10", n)
	}
	test.TypeOnCanvas(c, "f9")
	if ed.Tool() != ToolFill {
		t.Fatalf("9 while filling should keep the fill tool, got %d", ed.Tool())
	}
	gesture(ed, 0, [2]int{0, 0})
	if n := countTerrain(&ed.enc.Grid, model.Water); n != 50-6 {
		t.Errorf("fill above the wall: %d water, want 44", n)
	}
	if got := ed.enc.Grid.At(0, 9); got != 0 {
		t.Errorf("fill leaked through the wall to (0, 9): %v", got)
	}
	for i := 0; i < 3; i++ {
		ed.Undo()
	}
	if n := countTerrain(&ed.enc.Grid, 0); n != 100 {
		t.Errorf("after three undos %d open squares, want 100", n)
	}
}

func TestPaletteDifficultHazardous(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 6, 6))
	test.TypeOnCanvas(ed.win.Canvas(), "0")
	gesture(ed, 0, [2]int{2, 2})
	if got := ed.enc.Grid.At(2, 2); got != model.Difficult|model.Hazardous {
		t.Errorf("key 0 painted %v, want difficult+hazardous", got)
	}
}

func tokenAt(t *testing.T, ed *Editor, name string) (int, *model.Token) {
	t.Helper()
	i := ed.enc.TokenIndex(name)
	if i < 0 {
		t.Fatalf("no token %q", name)
	}
	return i, &ed.enc.Tokens[i]
}

func TestTokenDragRules(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	i, dae := tokenAt(t, ed, "Dae")
	if dae.X != 8 || dae.Y != 3 {
		t.Fatalf("sample changed: Dae at (%d, %d)", dae.X, dae.Y)
	}
	// a legal move, with a real drag through the canvas
	mouseDown(ed, 8, 3, 0)
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.view)
	test.Drag(ed.win.Canvas(), abs.Add(at(ed, 8, 5)), 0, 2*testZoom)
	mouseUp(ed, 8, 5)
	if _, d := tokenAt(t, ed, "Dae"); d.X != 8 || d.Y != 5 {
		t.Fatalf("Dae at (%d, %d) after dragging to (8, 5)", d.X, d.Y)
	}
	if ed.Selected() != i {
		t.Errorf("the dragged token should be selected")
	}
	// onto a wall: refused with the reason
	gesture(ed, 0, [2]int{8, 5}, [2]int{8, 6})
	if _, d := tokenAt(t, ed, "Dae"); d.Y != 5 {
		t.Errorf("Dae moved onto the wall at (8, 6)")
	}
	if !strings.Contains(ed.status.msgLabel.Text, "wall") || !strings.Contains(ed.status.msgLabel.Text, "Shift") {
		t.Errorf("status %q should say the wall refused the drop and mention Shift", ed.status.msgLabel.Text)
	}
	// onto another creature: refused
	gesture(ed, 0, [2]int{8, 5}, [2]int{9, 4}, [2]int{10, 3})
	if _, d := tokenAt(t, ed, "Dae"); d.X != 8 || d.Y != 5 {
		t.Errorf("Dae dropped onto Tashtari")
	}
	if !strings.Contains(ed.status.msgLabel.Text, "Tashtari") {
		t.Errorf("status %q should name the creature in the way", ed.status.msgLabel.Text)
	}
	// off the map: refused even with Shift
	gesture(ed, fyne.KeyModifierShift, [2]int{8, 5}, [2]int{8, 20})
	if _, d := tokenAt(t, ed, "Dae"); d.Y != 5 {
		t.Errorf("Dae dropped off the map")
	}
	// Shift places on the wall and marks the token
	gesture(ed, fyne.KeyModifierShift, [2]int{8, 5}, [2]int{8, 6})
	if _, d := tokenAt(t, ed, "Dae"); d.Y != 6 {
		t.Fatalf("Shift-drop on the wall refused")
	}
	p.drain()
	if !reflect.DeepEqual(ed.Overlays().Warn, []int{i}) {
		t.Errorf("Overlays.Warn = %v, want [%d]", ed.Overlays().Warn, i)
	}
	ed.Undo()
	if _, d := tokenAt(t, ed, "Dae"); d.Y != 5 {
		t.Errorf("undo should move Dae back to (8, 5), at (%d, %d)", d.X, d.Y)
	}
}

func TestDragGhost(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	i, _ := tokenAt(t, ed, "Dae")
	mouseDown(ed, 8, 3, 0)
	dragTo(ed, 8, 6) // a wall
	g := ed.Overlays().Ghost
	if g == nil || g.Token != i || g.X != 8 || g.Y != 6 || g.OK {
		t.Fatalf("ghost over the wall = %+v, want token %d at (8, 6) not OK", g, i)
	}
	dragTo(ed, 8, 5)
	if g := ed.Overlays().Ghost; g == nil || !g.OK {
		t.Fatalf("ghost over open ground = %+v, want OK", g)
	}
	ed.view.DragEnd()
	mouseUp(ed, 8, 5)
	if ed.Overlays().Ghost != nil {
		t.Errorf("the ghost should go when the drag ends")
	}
}

func TestAddDuplicateDeleteToken(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 8, 8))
	if err := ed.AddToken(model.Token{Name: "Goblin", X: 2, Y: 2, Size: model.Medium, Side: "enemy", Speeds: map[string]int{"land": 25}}); err != nil {
		t.Fatal(err)
	}
	ed.DuplicateToken()
	if len(ed.enc.Tokens) != 2 {
		t.Fatalf("%d tokens after duplicating, want 2", len(ed.enc.Tokens))
	}
	a, b := ed.enc.Tokens[0], ed.enc.Tokens[1]
	if b.Name != "Goblin 2" || b.ID == a.ID || (b.X == a.X && b.Y == a.Y) {
		t.Errorf("duplicate = %q at (%d, %d) id %q; want Goblin 2 elsewhere with a new id", b.Name, b.X, b.Y, b.ID)
	}
	if ed.Selected() != 1 {
		t.Errorf("the duplicate should be selected")
	}
	ed.key(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if len(ed.enc.Tokens) != 1 || ed.Selected() != -1 {
		t.Errorf("Delete: %d tokens, selected %d", len(ed.enc.Tokens), ed.Selected())
	}
	ed.Undo()
	if len(ed.enc.Tokens) != 2 {
		t.Errorf("undo after delete: %d tokens, want 2", len(ed.enc.Tokens))
	}
}

// formEntry finds the inspector widget of the form item with the label.
func formWidget(t *testing.T, ed *Editor, label string) fyne.CanvasObject {
	t.Helper()
	for _, o := range ed.insp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Text == label {
					return it.Widget
				}
			}
		}
	}
	t.Fatalf("no inspector field %q", label)
	return nil
}

// entryOf is the text field o: a plain Entry or one of the app's, or
// the first of a row that holds one (the Elevation field over its Fall
// button).
func entryOf(t *testing.T, o fyne.CanvasObject) *widget.Entry {
	t.Helper()
	switch x := o.(type) {
	case *widget.Entry:
		return x
	case *controls.PaneEntry:
		return &x.Entry
	case *controls.EscEntry:
		return &x.Entry
	case *fyne.Container:
		for _, c := range x.Objects {
			switch c.(type) {
			case *widget.Entry, *controls.PaneEntry, *controls.EscEntry:
				return entryOf(t, c)
			}
		}
	}
	t.Fatalf("%T is not a text field", o)
	return nil
}

// selectOf is the drop-down list o is, a panel's PaneSelect or a plain one.
func selectOf(t *testing.T, o fyne.CanvasObject) *widget.Select {
	t.Helper()
	switch x := o.(type) {
	case *widget.Select:
		return x
	case *controls.PaneSelect:
		return &x.Select
	}
	t.Fatalf("%T is not a drop-down list", o)
	return nil
}

func TestInspectorEdits(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	gesture(ed, 0, [2]int{8, 3})
	i, _ := tokenAt(t, ed, "Dae")
	if ed.Selected() != i {
		t.Fatalf("click on Dae selected %d", ed.Selected())
	}
	name := formWidget(t, ed, "Name").(*controls.PaneEntry)
	name.SetText("Daeva")
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if ed.enc.Tokens[i].Name != "Daeva" {
		t.Errorf("name edit not applied: %q", ed.enc.Tokens[i].Name)
	}
	name.SetText("Iseph")
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if ed.enc.Tokens[i].Name != "Daeva" || !strings.Contains(ed.status.msgLabel.Text, "already on the map") {
		t.Errorf("a duplicate name should be refused with a message; name %q, status %q", ed.enc.Tokens[i].Name, ed.status.msgLabel.Text)
	}
	land := entryOf(t, formWidget(t, ed, "Land"))
	land.SetText("35")
	if v := ed.enc.Tokens[i].Speeds["land"]; v != 35 {
		t.Errorf("land speed %d, want 35", v)
	}
	land.SetText("fast")
	if v := ed.enc.Tokens[i].Speeds["land"]; v != 35 || !strings.Contains(ed.status.msgLabel.Text, "whole number") {
		t.Errorf("a bad speed should be refused; speed %d, status %q", v, ed.status.msgLabel.Text)
	}
	size := selectOf(t, formWidget(t, ed, "Size"))
	size.SetSelected("large")
	if ed.enc.Tokens[i].Size != model.Large {
		t.Errorf("size %v, want large", ed.enc.Tokens[i].Size)
	}
	conds := entryOf(t, formWidget(t, ed, "Conditions"))
	conds.SetText("prone,  taken-cover ,")
	if got := ed.enc.Tokens[i].Conditions; !reflect.DeepEqual(got, []string{"prone", "taken-cover"}) {
		t.Errorf("conditions %q", got)
	}
	// one undo step per field: undo the conditions, the size, the speed, the name
	for range 4 {
		ed.Undo()
	}
	if tk := ed.enc.Tokens[i]; tk.Name != "Dae" || tk.Size != model.Medium || tk.Speeds["land"] != 30 || len(tk.Conditions) != 0 {
		t.Errorf("after 4 undos: %+v", tk)
	}
}

func TestOverlaysFollowRules(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	gesture(ed, 0, [2]int{2, 10}) // Iseph
	i, _ := tokenAt(t, ed, "Iseph")
	p.until(t, "overlays for Iseph", ed.overlaysIdle)
	eng, err := rules.For(ed.enc.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	e := ed.enc.Clone()
	want, err := eng.Reach(nil, e, rules.MoveQuery{Token: i, Mode: rules.ModeLand, Actions: 1})
	got := ed.Overlays().Reach
	if err != nil {
		if len(got) != 0 || !strings.Contains(ed.status.msgLabel.Text, err.Error()) {
			t.Errorf("reach failed (%v): want no reach overlay and the message in the status bar, got %d squares and %q", err, len(got), ed.status.msgLabel.Text)
		}
	} else if !reflect.DeepEqual(got, want) {
		t.Errorf("reach overlay differs from rules.Reach: %d vs %d squares", len(got), len(want))
	}
	// actions 2 through the panel's setting
	ed.ovp.settings.Actions = 2
	ed.requestOverlays()
	p.until(t, "overlays with 2 actions", ed.overlaysIdle)
	want2, err2 := eng.Reach(nil, e, rules.MoveQuery{Token: i, Mode: rules.ModeLand, Actions: 2})
	if err2 != nil {
		if len(ed.Overlays().Reach) != 0 || !strings.Contains(ed.status.msgLabel.Text, err2.Error()) {
			t.Errorf("2-action reach failed (%v): want no reach overlay and the message in the status bar, got %d squares and %q", err2, len(ed.Overlays().Reach), ed.status.msgLabel.Text)
		}
	} else if !reflect.DeepEqual(ed.Overlays().Reach, want2) {
		t.Errorf("2-action reach overlay differs from rules.Reach")
	}
	// cover from the selected token to each other one (allies too)
	ed.ovp.settings.CoverAllies = true
	ed.requestOverlays()
	p.until(t, "overlays with cover to allies", ed.overlaysIdle)
	var wantCover []rules.Cover
	var coverErr error
	for j := range e.Tokens {
		if j != i {
			c, err := eng.Cover(e, i, j)
			if err != nil {
				coverErr = err
				break
			}
			wantCover = append(wantCover, c)
		}
	}
	if coverErr != nil {
		if len(ed.Overlays().Cover) != 0 || !strings.Contains(ed.status.msgLabel.Text, coverErr.Error()) {
			t.Errorf("cover failed (%v): want no cover lines and the message in the status bar, got %d lines and %q", coverErr, len(ed.Overlays().Cover), ed.status.msgLabel.Text)
		}
	} else {
		var gotCover []rules.Cover
		for _, c := range ed.Overlays().Cover {
			if c.From != i {
				t.Errorf("cover line from %d, want from %d", c.From, i)
			}
			gotCover = append(gotCover, c.Cover)
		}
		if !reflect.DeepEqual(gotCover, wantCover) {
			t.Errorf("cover overlay %v, want %v", gotCover, wantCover)
		}
		if !strings.Contains(ed.ovp.coverLabel.Text, "Dae: ") {
			t.Errorf("cover list %q should name Dae", ed.ovp.coverLabel.Text)
		}
	}
	// hovering a square shows the path and its cost
	ed.hover(5, 9, true)
	p.until(t, "path overlay", ed.overlaysIdle)
	path, err := eng.Path(e, rules.MoveQuery{Token: i, Mode: rules.ModeLand, Actions: rules.MaxActions(e.Ruleset)}, 5, 9)
	switch {
	case err != nil:
		if !strings.Contains(ed.status.msgLabel.Text, err.Error()) {
			t.Errorf("path error %v not in status %q", err, ed.status.msgLabel.Text)
		}
	case path.Reachable:
		if !strings.HasPrefix(ed.status.pathLabel.Text, "path ") || !strings.Contains(ed.status.pathLabel.Text, " ft") {
			t.Errorf("path status %q", ed.status.pathLabel.Text)
		}
		if ed.Overlays().Path == nil || ed.Overlays().Path.Cost != path.Cost || ed.Overlays().PathFrom != i {
			t.Errorf("path overlay %+v, want cost %d from %d", ed.Overlays().Path, path.Cost, i)
		}
	default:
		if ed.status.pathLabel.Text != "no path there" {
			t.Errorf("unreachable square: path status %q, want %q", ed.status.pathLabel.Text, "no path there")
		}
	}
	if !strings.HasPrefix(ed.status.hoverLabel.Text, "(5, 9) ") {
		t.Errorf("hover status %q", ed.status.hoverLabel.Text)
	}
}

func TestAutosave(t *testing.T) {
	ed, st, p := newTestEditor(t, openEncounter(t, 6, 6))
	saves := st.Saves
	gesture(ed, 0, [2]int{0, 0}) // select tool: nothing changes
	test.TypeOnCanvas(ed.win.Canvas(), "b")
	gesture(ed, 0, [2]int{1, 1})
	if !strings.HasSuffix(ed.win.Title(), " *") || ed.status.saveLabel.Text != "unsaved" {
		t.Errorf("right after an edit: title %q, status %q", ed.win.Title(), ed.status.saveLabel.Text)
	}
	p.until(t, "autosave", func() bool { return st.Saves > saves })
	if strings.HasSuffix(ed.win.Title(), "*") || !strings.HasPrefix(ed.status.saveLabel.Text, "saved ") {
		t.Errorf("after autosave: title %q, status %q", ed.win.Title(), ed.status.saveLabel.Text)
	}
	stored, _ := st.Load(context.Background(), ed.enc.ID)
	if stored.Grid.At(1, 1) != model.Wall {
		t.Errorf("the stored encounter lacks the wall")
	}
	if stored.Version != ed.enc.Version {
		t.Errorf("editor version %d, stored %d", ed.enc.Version, stored.Version)
	}
}

func TestSaveConflictKeepsEdits(t *testing.T) {
	ed, st, _ := newTestEditor(t, openEncounter(t, 6, 6))
	st.Bump(ed.enc.ID)
	test.TypeOnCanvas(ed.win.Canvas(), "b")
	gesture(ed, 0, [2]int{2, 2})
	err := ed.SaveNow()
	if !errors.Is(err, model.ErrConflict) {
		t.Fatalf("SaveNow = %v, want ErrConflict", err)
	}
	if ed.enc.Grid.At(2, 2) != model.Wall || !ed.dirty() || ed.status.saveLabel.Text != "NOT SAVED" {
		t.Errorf("after a conflict the edits stay and show unsaved; status %q", ed.status.saveLabel.Text)
	}
	if ed.win.Canvas().Overlays().Top() == nil {
		t.Errorf("a failed save should show a dialog")
	}
	oldID := ed.enc.ID
	if err := ed.SaveAsCopy(); err != nil {
		t.Fatal(err)
	}
	if st.Count() != 2 || ed.enc.ID == oldID || ed.dirty() || !strings.HasSuffix(ed.enc.Name, "(copy)") {
		t.Errorf("save as copy: %d stored, id %q (was %q), dirty %v, name %q", st.Count(), ed.enc.ID, oldID, ed.dirty(), ed.enc.Name)
	}
	if err := ed.SaveNow(); err != nil {
		t.Errorf("saving the copy again: %v", err)
	}
}

func TestRulesetSwitch(t *testing.T) {
	e, _ := library.NewEncounter("Big", model.PF1E, 10, 10, 5)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "Worm", X: 4, Y: 4, Size: model.Colossal, Side: "enemy"},
		{ID: model.NewID(), Name: "Rat", X: 0, Y: 0, Size: model.Tiny, Side: "enemy"},
	}
	probs := session.RulesetProblems(e, model.SF2E)
	if len(probs) != 1 || !strings.HasPrefix(probs[0], "Worm: ") || !strings.Contains(probs[0], "colossal") {
		t.Errorf("problems switching to sf2e: %q", probs)
	}
	probs = session.RulesetProblems(e, model.Starship)
	if all := strings.Join(probs, "\n"); !strings.Contains(all, "Worm: colossal") || !strings.Contains(all, "Rat: no fly speed") {
		t.Errorf("starship should list both tokens (colossal, no fly speed): %q", probs)
	}
	ed, _, _ := newTestEditor(t, e)
	ed.SwitchRuleset(model.SF2E)
	if ed.enc.Ruleset != model.PF1E || ed.win.Canvas().Overlays().Top() == nil {
		t.Fatalf("a switch with problems should ask first")
	}
	ed.win.Canvas().Overlays().Top().Hide()
	c := ed.enc.Clone()
	rules.Convert(c, model.SF2E)
	if err := model.Validate(c); err != nil || c.Tokens[0].Size != model.Gargantuan {
		t.Errorf("fitRuleset: %v, worm %v", err, c.Tokens[0].Size)
	}
	ed2, _, _ := newTestEditor(t, openEncounter(t, 5, 5))
	ed2.SwitchRuleset(model.Points)
	if ed2.enc.Ruleset != model.Points {
		t.Errorf("a switch without problems should happen at once")
	}
	ed2.Undo()
	if ed2.enc.Ruleset != model.SF2E {
		t.Errorf("undo should switch back")
	}
}

func TestPlayerDisplay(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	ed.openPlayer()
	pl := ed.player
	if pl == nil || !pl.View().Player() {
		t.Fatal("no player display")
	}
	if pl.View().Overlays() != nil {
		t.Errorf("the player display shows no overlays until the GM shares")
	}
	scout, _ := tokenAt(t, ed, "Tashtari scout")
	ed.Select(scout)
	ed.sharePlayer(true)
	p.until(t, "overlays", ed.overlaysIdle)
	if o := pl.View().Overlays(); o == nil || o.Reach != nil || o.Cover != nil || o.Selected != -1 {
		t.Errorf("a hidden token's overlays must not reach the players: %+v", o)
	}
	i, _ := tokenAt(t, ed, "Iseph")
	ed.Select(i)
	p.until(t, "overlays", ed.overlaysIdle)
	if o := pl.View().Overlays(); o == nil || o.Selected != i || o.Cover != nil || o.Flanks != nil {
		t.Errorf("shared overlays should hold only the selected token's reach and path: %+v", o)
	}
	ed.sharePlayer(false)
	if pl.View().Overlays() != nil {
		t.Errorf("Clear should remove the shared overlays")
	}
	if got := player.PixelsPerInch(1920, 1080, 24); got < 91.7 || got > 91.9 {
		t.Errorf("a 24-inch 1080p screen has %.2f ppi, want 91.8", got)
	}
}

func TestWarnTokensWhereTheyMayNotStand(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Grid.Set(1, 1, model.Wall)
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "On the wall", X: 1, Y: 1, Size: model.Medium},
		{ID: model.NewID(), Name: "Fine", X: 4, Y: 4, Size: model.Medium},
		{ID: model.NewID(), Name: "Big", X: 3, Y: 3, Size: model.Large},
	}
	ed, _, _ := newTestEditor(t, e)
	if got := ed.Overlays().Warn; !reflect.DeepEqual(got, []int{0, 1, 2}) {
		t.Errorf("Warn = %v, want the token on the wall and the two overlapping ones", got)
	}
	ed.MoveToken(2, 0, 4, false)
	if got := ed.Overlays().Warn; !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("after moving Big away Warn = %v, want [0]", got)
	}
}

func TestRulesetPanels(t *testing.T) {
	e, _ := library.NewEncounter("Dogfight", model.Starship, 30, 30, 50)
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Sunrise Maiden", X: 10, Y: 10, Size: model.Small, Side: "party", Speeds: map[string]int{"fly": 500, "turn": 100}}}
	ed, _, _ := newTestEditor(t, e)
	ed.Select(0)
	facing := selectOf(t, formWidget(t, ed, "Facing"))
	facing.SetSelected("SE")
	if ed.enc.Tokens[0].Facing != model.SE {
		t.Errorf("facing %v, want SE", ed.enc.Tokens[0].Facing)
	}
	formWidget(t, ed, "Turn")
	if ed.ovp.settings.Mode != rules.ModeFly {
		t.Errorf("starship overlays should default to fly, got %q", ed.ovp.settings.Mode)
	}
	e2, _ := library.NewEncounter("Keep", model.PF1E, 10, 10, 5)
	ed2, _, _ := newTestEditor(t, e2)
	var actions *widget.Select
	for _, o := range ed2.ovp.box.Objects {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Text == "Actions" {
					actions = selectOf(t, it.Widget)
				}
			}
		}
	}
	if actions == nil || !reflect.DeepEqual(actions.Options, []string{"1", "2"}) {
		t.Errorf("pf1e actions should be 1 or 2")
	}
}

func TestZoomAndPan(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 20, 20))
	v := ed.view
	c := ed.win.Canvas()
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(v)
	// the wheel zooms around the pointer: the square under it stays put
	p := at(ed, 5, 5)
	before := v.Zoom()
	test.Scroll(c, abs.Add(p), 0, 10)
	if v.Zoom() <= before {
		t.Fatalf("wheel up: zoom %v, was %v", v.Zoom(), before)
	}
	if x, y := v.SquareAt(p); x != 5 || y != 5 {
		t.Errorf("after zooming the pointer is over (%d, %d), want (5, 5)", x, y)
	}
	test.TypeOnCanvas(c, "-")
	if v.Zoom() >= before*1.1*1.25 {
		t.Errorf("- should zoom out")
	}
	// middle-drag pans and paints nothing
	test.TypeOnCanvas(c, "b")
	ox, _ := v.Origin()
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(ed, 5, 5)}, Button: desktop.MouseButtonTertiary})
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(ed, 8, 5)}, Dragged: fyne.NewDelta(60, 0)})
	v.DragEnd()
	if nx, _ := v.Origin(); nx >= ox {
		t.Errorf("dragging right should move the view left: origin x %v -> %v", ox, nx)
	}
	if n := countTerrain(&ed.enc.Grid, 0); n != 400 {
		t.Errorf("a middle-drag painted %d squares", 400-n)
	}
	// space + drag pans too
	_, oy := v.Origin()
	v.KeyDown(&fyne.KeyEvent{Name: fyne.KeySpace})
	gesture(ed, 0, [2]int{5, 5}, [2]int{5, 8})
	v.KeyUp(&fyne.KeyEvent{Name: fyne.KeySpace})
	if _, ny := v.Origin(); ny >= oy {
		t.Errorf("space+drag down should move the view up: %v -> %v", oy, ny)
	}
	if n := countTerrain(&ed.enc.Grid, 0); n != 400 {
		t.Errorf("a space-drag painted %d squares", 400-n)
	}
	// arrows pan; Ctrl+0 fits the whole map
	ox, _ = v.Origin()
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyRight})
	if nx, _ := v.Origin(); nx <= ox {
		t.Errorf("Right should pan right")
	}
	typeShortcut(ed, fyne.Key0, fyne.KeyModifierShortcutDefault)
	if x, y := v.SquareAt(fyne.NewPos(v.Size().Width/2, v.Size().Height/2)); x != 10 || y != 10 {
		t.Errorf("after fitting the centre shows (%d, %d), want (10, 10)", x, y)
	}
}

func TestPointsLeapAndTeleport(t *testing.T) {
	e, _ := library.NewEncounter("Arena", model.Points, 12, 12, 5)
	e.Grid.Set(5, 3, model.Wall)
	e.Tokens = []model.Token{{ID: model.NewID(), Name: "Hero", X: 3, Y: 3, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 5, "mobility": 2}}}
	ed, _, p := newTestEditor(t, e)
	ed.Select(0)
	eng, _ := rules.For(model.Points)
	mv := eng.(rules.Mover)
	for _, mode := range []string{rules.ModeLeap, rules.ModeTeleport} {
		ed.ovp.settings.Mode = mode
		ed.ovp.settings.Range = 3
		ed.requestOverlays()
		p.until(t, mode, ed.overlaysIdle)
		var want []rules.Square
		var err error
		if mode == rules.ModeLeap {
			want, err = mv.Leap(nil, ed.enc, 0)
		} else {
			want, err = mv.Teleport(nil, ed.enc, 0, 3)
		}
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		if got := ed.Overlays().Reach; !reflect.DeepEqual(got, want) || len(want) == 0 {
			t.Errorf("%s overlay: %d squares, want %d", mode, len(got), len(want))
		}
	}
}

func TestToolTooltip(t *testing.T) {
	ed, _, p := newTestEditor(t, openEncounter(t, 5, 5))
	b := ed.tools.toolButtons[ToolBrush]
	b.MouseIn(&desktop.MouseEvent{})
	p.until(t, "tooltip", func() bool { return ed.tips.Showing() != "" })
	if tip := ed.tips.Showing(); !strings.HasPrefix(tip, "B ") || !strings.Contains(tip, "[") {
		t.Errorf("brush tooltip %q should name its key and the size keys", tip)
	}
	b.MouseOut()
	if ed.tips.Showing() != "" {
		t.Errorf("the tooltip should hide when the pointer leaves")
	}
}

func TestNotes(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 6, 6))
	ed.context(2, 3, fyne.NewPos(100, 100))
	if ed.win.Canvas().Overlays().Top() == nil {
		t.Fatalf("a right-click should open the square's menu")
	}
	ed.win.Canvas().Overlays().Top().Hide()
	if err := ed.SetNote(2, 3, "  ", false); err == nil {
		t.Errorf("an empty note should be refused")
	}
	if err := ed.SetNote(2, 3, "Pit trap", false); err != nil {
		t.Fatal(err)
	}
	if err := ed.SetNote(2, 3, "Pit trap, DC 20", true); err != nil {
		t.Fatal(err)
	}
	if want := []model.Note{{X: 2, Y: 3, Text: "Pit trap, DC 20", Player: true}}; !reflect.DeepEqual(ed.enc.Notes, want) {
		t.Errorf("notes %+v, want %+v", ed.enc.Notes, want)
	}
	ed.hover(2, 3, true)
	if !strings.Contains(ed.status.hoverLabel.Text, "note: Pit trap, DC 20") {
		t.Errorf("hover status %q should show the note", ed.status.hoverLabel.Text)
	}
	ed.DeleteNote(2, 3)
	if len(ed.enc.Notes) != 0 {
		t.Errorf("note not deleted")
	}
	ed.Undo()
	if len(ed.enc.Notes) != 1 {
		t.Errorf("undo should bring the note back")
	}
}

func TestStaleAnswerAfterDelete(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	gesture(ed, 0, [2]int{2, 10}) // Iseph
	p.until(t, "overlays", ed.overlaysIdle)
	n := len(ed.enc.Tokens)
	ed.DeleteToken()
	// before the next answer arrives, nothing drawn may point past the tokens
	o := ed.Overlays()
	for _, c := range o.Cover {
		if c.From >= n-1 || c.To >= n-1 {
			t.Errorf("stale cover line %+v", c)
		}
	}
	for _, f := range o.Flanks {
		if f.Target >= n-1 || f.By[0] >= n-1 || f.By[1] >= n-1 {
			t.Errorf("stale flank %+v", f)
		}
	}
	p.until(t, "overlays", ed.overlaysIdle)
}

func TestSelectDragOnEmptyGroundPans(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	ed.Select(0)
	ox, oy := ed.view.Origin()
	before := ed.enc.Clone()
	gesture(ed, 0, [2]int{5, 5}, [2]int{7, 6})
	if nx, ny := ed.view.Origin(); nx >= ox || ny >= oy {
		t.Errorf("a select-drag on open ground should pan: origin (%v, %v) -> (%v, %v)", ox, oy, nx, ny)
	}
	if ed.Selected() != -1 {
		t.Errorf("a press on open ground should deselect")
	}
	if !reflect.DeepEqual(ed.enc.Tokens, before.Tokens) || !reflect.DeepEqual(ed.enc.Grid, before.Grid) {
		t.Errorf("panning changed the encounter")
	}
	ed.view.SetGrid(false)
	if ed.view.GridShown() {
		t.Errorf("SetGrid(false) should hide the grid")
	}
}

func TestInspectorTokenList(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	var scout *controls.PaneButton
	for i := range ed.insp.rows.Length() {
		if b := tokenListButton(t, ed, i); strings.HasPrefix(b.Text, "Tashtari scout ·") {
			scout = b
			break
		}
	}
	if scout == nil || !strings.Contains(scout.Text, "hidden") {
		t.Fatalf("the token list should list the hidden scout as hidden")
	}
	// the whole map in view: the pick selects the scout and leaves the
	// map where it is (centring it moved the map under the GM's eyes)
	ox, oy := ed.view.Origin()
	test.Tap(scout)
	i, tk := tokenAt(t, ed, "Tashtari scout")
	if ed.Selected() != i {
		t.Errorf("tapping the list entry should select the scout")
	}
	if x, y := ed.view.Origin(); x != ox || y != oy {
		t.Errorf("the scout was in view, yet the map moved from (%v, %v) to (%v, %v)", ox, oy, x, y)
	}
	// zoomed in away from it: the pick brings it to the middle
	ed.Select(-1)
	ed.view.SetView(ed.view.Zoom()*4, 0, 0)
	tokenListTap(t, ed, "Tashtari scout ·")
	if x, y := ed.view.SquareAt(fyne.NewPos(ed.view.Size().Width/2, ed.view.Size().Height/2)); x != tk.X || y != tk.Y {
		t.Errorf("the view should centre on the scout at (%d, %d), centre shows (%d, %d)", tk.X, tk.Y, x, y)
	}
}

// tokenListTap taps the token list's row that starts with prefix.
func tokenListTap(t *testing.T, ed *Editor, prefix string) {
	t.Helper()
	for i := range ed.insp.rows.Length() {
		if b := tokenListButton(t, ed, i); strings.HasPrefix(b.Text, prefix) {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no row %q in the token list", prefix)
}

func TestDragPathGoesToTheDrop(t *testing.T) {
	ed, _, p := newTestEditor(t, model.Sample())
	i, _ := tokenAt(t, ed, "Tashtari") // large, at (10, 2)
	mouseDown(ed, 11, 3, 0)            // grabbed by its bottom-right square
	dragTo(ed, 11, 5)
	p.until(t, "overlays", ed.overlaysIdle)
	eng, _ := rules.For(ed.enc.Ruleset)
	want, err := eng.Path(ed.enc, rules.MoveQuery{Token: i, Mode: rules.ModeLand, Actions: rules.MaxActions(ed.enc.Ruleset)}, 10, 4)
	if err == nil && want.Reachable {
		got := ed.Overlays().Path
		if got == nil || len(got.Steps) == 0 {
			t.Fatalf("no path while dragging")
		}
		last := got.Steps[len(got.Steps)-1]
		if last.X != 10 || last.Y != 4 || got.Cost != want.Cost {
			t.Errorf("the drag path ends at (%d, %d) cost %d, want (10, 4) cost %d", last.X, last.Y, got.Cost, want.Cost)
		}
	}
	ed.view.DragEnd()
	mouseUp(ed, 11, 5)
}

func TestModeFollowsTheTokensSpeeds(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	drone, _ := tokenAt(t, ed, "Cargo drone") // flies only
	ed.Select(drone)
	if ed.ovp.settings.Mode != rules.ModeFly {
		t.Errorf("selecting a flier without a land Speed should show fly, got %q", ed.ovp.settings.Mode)
	}
	iseph, _ := tokenAt(t, ed, "Iseph") // walks only
	ed.Select(iseph)
	if ed.ovp.settings.Mode != rules.ModeLand {
		t.Errorf("selecting a walker should go back to land, got %q", ed.ovp.settings.Mode)
	}
}

// TestTheTwoWallsNameEachOther: the Wall tool draws thin walls on grid
// lines and terrain 2 paints whole wall squares; a new GM took one for
// the other. Each tooltip names the other.
func TestTheTwoWallsNameEachOther(t *testing.T) {
	ed, _, p := newTestEditor(t, openEncounter(t, 5, 5))
	tipOf := func(b *controls.TipButton) string {
		t.Helper()
		b.MouseIn(&desktop.MouseEvent{})
		p.until(t, "tooltip", func() bool { return ed.tips.Showing() != "" })
		tip := ed.tips.Showing()
		b.MouseOut()
		return tip
	}
	if tip := tipOf(ed.tools.toolButtons[ToolWall]); !strings.Contains(tip, "grid lines") || !strings.Contains(tip, "terrain 2") {
		t.Errorf("the Wall tool's tooltip %q does not name terrain 2's wall squares", tip)
	}
	var wallSquares *controls.TipButton
	for i, p := range palette {
		if p.t == model.Wall {
			wallSquares = ed.tools.terrButtons[i]
		}
	}
	if tip := tipOf(wallSquares); !strings.Contains(tip, "squares") || !strings.Contains(tip, "W tool") {
		t.Errorf("terrain 2's tooltip %q does not name the W tool's thin walls", tip)
	}
}

// TestPastedWindowsLineBreaksAreKept: text pasted from Windows into a map
// note or a token's notes carries "\r\n", whose carriage return the model
// refuses (it garbles the text); the note and the notes keep the line
// breaks as newlines instead of refusing the paste.
func TestPastedWindowsLineBreaksAreKept(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	if err := ed.SetNote(2, 3, "Pit trap\r\nDC 20\rReflex", false); err != nil {
		t.Fatalf("a note pasted from Windows: %v", err)
	}
	for _, n := range ed.enc.Notes {
		if n.X == 2 && n.Y == 3 && n.Text != "Pit trap\nDC 20\nReflex" {
			t.Errorf("the note holds %q", n.Text)
		}
	}
	i := ed.enc.TokenIndex("Dae")
	ed.Select(i)
	notes, ok := inspectorFind(ed, func(e *controls.PaneEntry) bool { return e.MultiLine })
	if !ok {
		t.Fatal("no notes field")
	}
	notes.SetText("Owes Iseph\r\n50 credits")
	if got := ed.enc.Tokens[i].Notes; got != "Owes Iseph\n50 credits" {
		t.Errorf("Dae's notes hold %q (error line %q)", got, ed.insp.errorLine().Text)
	}
}

// TestAutosaveWhileEditingOn: every edit put autosave off by a second, so
// a GM who clicked the brush every half second saved nothing until they
// stopped (40 s of clicks lost to a kill -9). An edit now waits at most
// autosaveMaxWait for its save, however the GM goes on.
func TestAutosaveWhileEditingOn(t *testing.T) {
	delay, maxWait := autosaveDelay, autosaveMaxWait
	autosaveDelay, autosaveMaxWait = 300*time.Millisecond, 700*time.Millisecond
	t.Cleanup(func() { autosaveDelay, autosaveMaxWait = delay, maxWait })
	ed, st, p := newTestEditor(t, openEncounter(t, 12, 12))
	saves := st.Saves
	test.TypeOnCanvas(ed.win.Canvas(), "b")
	start := time.Now()
	for i := 0; time.Since(start) < 2*time.Second; i++ {
		gesture(ed, 0, [2]int{i % 12, i / 12 % 12})
		end := time.Now().Add(150 * time.Millisecond) // an edit every 150 ms, under the 300 ms delay
		for time.Now().Before(end) {
			p.drain()
			time.Sleep(10 * time.Millisecond)
		}
	}
	if got := st.Saves - saves; got < 2 {
		t.Errorf("%d saves in 2 s of edits 150 ms apart, want one at least every 0.7 s", got)
	}
}

// TestSaveFailureOffersWhatCanWork: a save refused because the disk is
// full or the library is read-only offers to export the encounter file
// elsewhere (Save as copy, the offer before, writes to the same full disk
// and failed again); a conflict still offers the copy. Escape keeps
// editing.
func TestSaveFailureOffersWhatCanWork(t *testing.T) {
	for _, c := range []struct {
		err   error
		offer string
	}{
		{fmt.Errorf("save: %w: free some disk space", model.ErrDiskFull), "Export encounter file…"},
		{fmt.Errorf("save: %w", model.ErrReadOnly), "Export encounter file…"},
		{model.ErrConflict, "Save as copy"},
	} {
		ed, st, _ := newTestEditor(t, openEncounter(t, 6, 6))
		st.Fail = c.err
		test.TypeOnCanvas(ed.win.Canvas(), "b")
		gesture(ed, 0, [2]int{2, 2})
		ed.SaveNow()
		_, _, btn := topDialog(t, ed.win)
		if btn[c.offer] == nil || btn["Keep editing"] == nil {
			t.Errorf("%v: the dialog offers %v, want %q and Keep editing", c.err, slices.Collect(maps.Keys(btn)), c.offer)
		}
		ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if ed.win.Canvas().Overlays().Top() != nil {
			t.Errorf("%v: Escape left the dialog open", c.err)
		}
	}
}

// TestEditorWindowsLeastIsEditorLeast: the editor asked editorLeast for its
// content, and the window, with its menu bar and padding, went no smaller
// than 1032 x 636: more than the 1024 x 600 screen it was meant for.
func TestEditorWindowsLeastIsEditorLeast(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 12, 12))
	if got := ed.content.MinSize().Add(editorChrome()); got != editorLeast {
		t.Errorf("the editor's window asks %v at least, want %v", got, editorLeast)
	}
	if editorLeast.Width > smallScreenRoom.Width || editorLeast.Height > smallScreenRoom.Height {
		t.Errorf("editorLeast is %v, more than the %v a 960 x 540 screen leaves the window (TestEditorFitsA960By540Screen)", editorLeast, smallScreenRoom)
	}
}

// TestEditorWindowGoesNoSmallerThanItsLayout: the window's least size came
// from its scrolled panels (536 x 256), and below about 800 x 600 the
// overlays panel ran over the status bar and out of the window. The
// editor asks at least editorLeast (less the window's menu bar and
// padding: TestEditorWindowsLeastIsEditorLeast), which the window keeps.
func TestEditorWindowGoesNoSmallerThanItsLayout(t *testing.T) {
	ed, _, _ := newTestEditor(t, openEncounter(t, 12, 12))
	least := editorLeast.Subtract(editorChrome())
	if m := ed.content.MinSize(); m.Width < least.Width || m.Height < least.Height {
		t.Errorf("the editor asks %v at least, want %v", m, least)
	}
}

// TestLeavingOnAFullDiskOffersTheFileElsewhere: leaving the editor (Open
// library, Quit) with edits a full disk refused offered "Save as copy and
// leave", which writes to the same disk and failed again; it now offers
// the encounter file elsewhere, as a read-only library does.
func TestLeavingOnAFullDiskOffersTheFileElsewhere(t *testing.T) {
	ed, st, _ := newTestEditor(t, openEncounter(t, 6, 6))
	test.TypeOnCanvas(ed.win.Canvas(), "b")
	gesture(ed, 0, [2]int{2, 2})
	st.Fail = fmt.Errorf("save: %w: free some disk space", model.ErrDiskFull)
	left := false
	ed.saveBeforeLeaving(func() { left = true })
	if left {
		t.Fatal("left with edits the disk refused, without asking")
	}
	_, _, btn := topDialog(t, ed.win)
	if btn["Save a copy elsewhere…"] == nil || btn["Save as copy and leave"] != nil {
		t.Errorf("leaving on a full disk offers %v, want Save a copy elsewhere… and no copy in the library", slices.Collect(maps.Keys(btn)))
	}
	ed.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if ed.win.Canvas().Overlays().Top() != nil || left {
		t.Error("Escape should stay in the editor, the dialog closed")
	}
}
