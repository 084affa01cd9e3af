package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
)

// paneState is a state of the editor's right pane to lay out, made in ed.
type paneState struct {
	name string
	enc  func(t *testing.T) *model.Encounter
	set  func(t *testing.T, ed *Editor)
	// after, when set, changes the state once the overlays are drawn
	after func(t *testing.T, ed *Editor)
}

// paneStates are the states whose right pane QA saw spill: the
// den's fight on the unconscious Goblin Warrior's turn (HP 0, its words
// and two conditions), a long cover answer, a flight's End elevation row,
// the token list of a crowded map, a fight at its start.
var paneStates = []paneState{
	{name: "den, Goblin Warrior unconscious", enc: denFight, set: func(t *testing.T, ed *Editor) {
		for range 5 { // Dae's turn to the Goblin Warrior's, as QA pressed N
			ed.NextTurn()
		}
		if ed.enc.Fight.Turn != "Goblin Warrior" {
			t.Fatalf("the turn is %s's", ed.enc.Fight.Turn)
		}
	}},
	{name: "den, Ogre Brute's turn", enc: denFight, set: func(t *testing.T, ed *Editor) {
		for range 3 {
			ed.NextTurn()
		}
	}},
	{name: "den, a refusal under the inspector", enc: denFight, set: func(t *testing.T, ed *Editor) {
		for range 5 {
			ed.NextTurn()
		}
	}, after: refuseHP},
	{name: "den, a refusal on the round's last turn", enc: denFight, set: func(t *testing.T, ed *Editor) {
		for range 3 {
			ed.NextTurn()
		}
	}, after: refuseHP},
	{name: "sample, Tashtari's cover", enc: func(*testing.T) *model.Encounter { return model.Sample() }, set: func(t *testing.T, ed *Editor) {
		ed.Select(ed.enc.TokenIndex("Tashtari"))
	}},
	{name: "sample in a fight, Iseph picked", enc: func(*testing.T) *model.Encounter { return model.Sample() }, set: func(t *testing.T, ed *Editor) {
		if err := ed.StartFight(func() int { return 10 }); err != nil {
			t.Fatal(err)
		}
		ed.Select(ed.enc.TokenIndex("Iseph"))
	}},
	{name: "flight's end elevation", enc: airEncounter, set: func(t *testing.T, ed *Editor) {
		ed.Select(0)
		ed.ovp.settings.Mode = rules.ModeFly
		ed.buildOverlayPanel()
	}},
	{name: "points, forced movement", enc: func(*testing.T) *model.Encounter { return forcedRoom() }, set: func(t *testing.T, ed *Editor) {
		ed.Select(0)
	}},
	{name: "crowded map, nothing selected", enc: func(*testing.T) *model.Encounter { return crowdedEncounter(30, 20, 80) }, set: func(t *testing.T, ed *Editor) {
		ed.Select(-1)
	}},
}

// refuseHP types x in the current HP of the creature ed shows, as a GM
// mistyping: the inspector's error line shows under it, the cursor still
// in the field.
func refuseHP(t *testing.T, ed *Editor) {
	t.Helper()
	hp, ok := inspectorFind(ed, func(c *fyne.Container) bool { _, ok := c.Layout.(hpLayout); return ok })
	if !ok {
		t.Fatal("no HP fields in the inspector")
	}
	cur := hp.Objects[0].(fyne.Focusable)
	ed.win.Canvas().Focus(cur)
	entryOf(t, hp.Objects[0]).SetText("x")
	if !ed.insp.errLabel.Visible() {
		t.Fatal("HP x: no refusal under the inspector")
	}
}

// paneWindowSizes are window sizes the app allows, as the GM's screen
// shows them (menu bar and padding included), where the pane is laid out
// without scrolling as a whole: 1024 x 600 (the least until the editor
// had to fit 960 x 540 screens, TestEditorFitsA960By540Screen), a
// laptop's 1200 x 680 and the first window's 1200 x 780; and a content of
// 1024 x 600, what the least was before.
func paneWindowSizes() []fyne.Size {
	return []fyne.Size{fyne.NewSize(1024, 600), fyne.NewSize(1200, 680), fyne.NewSize(1200, 780), fyne.NewSize(1024, 600).Add(editorChrome())}
}

// TestRightPaneFitsAtEverySize: at the editor's least size and a
// laptop's, on the unconscious Goblin Warrior's turn, the inspector grew
// and pushed the overlay switches over the status bar and out of the
// window, where they could not be clicked; and the order shrank to the
// current creature's row, hiding who is next, as it still did at the
// least size with a refusal under the inspector. In every state, at every
// size the window allows, every part of the pane lies in the pane (what
// does not fit scrolls), the switches are wholly in sight, the order
// shows at least two rows, and the field the GM typed in is in sight.
func TestRightPaneFitsAtEverySize(t *testing.T) {
	for _, st := range paneStates {
		for _, win := range paneWindowSizes() {
			t.Run(fmt.Sprintf("%s at %vx%v", st.name, win.Width, win.Height), func(t *testing.T) {
				ed, _, p := newTestEditor(t, st.enc(t))
				// the test window draws no menu bar; its padding it does
				ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
				st.set(t, ed)
				settle(t, ed, p)
				if st.after != nil {
					st.after(t, ed)
				}
				for _, why := range paneSpills(ed) {
					t.Error(why)
				}
				// laid out again as it is now (a window resized)
				size := ed.win.Canvas().Size()
				ed.win.Resize(size.AddWidthHeight(0, 1))
				ed.win.Resize(size)
				for _, why := range paneSpills(ed) {
					t.Error(why)
				}
				// the parts' least heights (in a fight the turn controls
				// and two rows of the order above the inspector's) fit in
				// the pane
				least := ed.right.Top.MinSize().Height + controls.SplitHandleHeight + ed.right.Bottom.MinSize().Height
				if least > ed.right.Size().Height {
					t.Errorf("the pane's parts ask %v px at least, it has %v", least, ed.right.Size().Height)
				}
				if f, ok := ed.win.Canvas().Focused().(fyne.CanvasObject); ok {
					// what is typed in it: the field, but for its padding
					// above the text where the pane is short
					if h, want := shownHeight(ed, f), f.Size().Height-theme.InnerPadding(); h < want-0.5 {
						t.Errorf("the field typed in, %T, shows %v px of %v, want its text's %v", f, h, f.Size().Height, want)
					}
				}
				if f := ed.enc.Fight; f != nil && len(f.Order) > 1 {
					row := ed.orderRowHeight()
					if h := ed.fight.order.Size().Height; h < 2*row-theme.Padding()-0.5 {
						t.Errorf("the order is %v px high: %v rows of %v, want the current creature's and the next", h, (h+theme.Padding())/row, row)
					}
				}
			})
		}
	}
}

// shownHeight is how much of o's height ed's window shows: what of it
// lies in the window and in every scroll it is in.
func shownHeight(ed *Editor, o fyne.CanvasObject) float32 {
	shown := float32(0)
	var walk func(n fyne.CanvasObject, at fyne.Position, y0, y1 float32) bool
	walk = func(n fyne.CanvasObject, at fyne.Position, y0, y1 float32) bool {
		if !n.Visible() {
			return false
		}
		p := at.Add(n.Position())
		if n == o {
			shown = max(0, min(y1, p.Y+n.Size().Height)-max(y0, p.Y))
			return true
		}
		if _, ok := n.(*container.Scroll); ok {
			y0, y1 = max(y0, p.Y), min(y1, p.Y+n.Size().Height)
		}
		for _, k := range childrenOf(n) {
			if walk(k, p, y0, y1) {
				return true
			}
		}
		return false
	}
	walk(ed.win.Canvas().Content(), fyne.Position{}, 0, ed.win.Canvas().Size().Height)
	return shown
}

// paneSpills says what in ed's right pane is drawn outside it, what
// lies over the status bar, and which overlay switch is not wholly in
// sight. The content of a scroll is clipped by it: only the scroll
// itself is checked.
func paneSpills(ed *Editor) []string {
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(ed.right)
	bottom := top.Y + ed.right.Size().Height
	var out []string
	if status := d.AbsolutePositionForObject(ed.status.fields).Y; bottom > status+0.5 {
		out = append(out, fmt.Sprintf("the pane ends at y=%v, under the status bar's top %v", bottom, status))
	}
	var walk func(o fyne.CanvasObject, at fyne.Position, path string)
	walk = func(o fyne.CanvasObject, at fyne.Position, path string) {
		if !o.Visible() {
			return
		}
		p := at.Add(o.Position())
		path += fmt.Sprintf("/%T", o)
		if o.Size().Height > 0 && (p.Y < top.Y-0.5 || p.Y+o.Size().Height > bottom+0.5) {
			out = append(out, fmt.Sprintf("%s at y=%v..%v, outside the pane's %v..%v", path, p.Y, p.Y+o.Size().Height, top.Y, bottom))
			return
		}
		if _, ok := o.(*container.Scroll); ok {
			return
		}
		for _, k := range childrenOf(o) {
			walk(k, p, path)
		}
	}
	for _, k := range childrenOf(ed.right) {
		walk(k, top, "right")
	}
	var checks []string
	var find func(o fyne.CanvasObject)
	find = func(o fyne.CanvasObject) {
		switch c := o.(type) {
		case *controls.PaneCheck:
			checks = append(checks, c.Text)
			if why := outOfSight(ed, c); why != "" {
				out = append(out, fmt.Sprintf("switch %q %s", c.Text, why))
			}
		case *fyne.Container:
			for _, k := range c.Objects {
				find(k)
			}
		}
	}
	find(ed.ovp.box)
	if len(checks) < 3 {
		out = append(out, fmt.Sprintf("only the switches %q", checks))
	}
	return out
}
