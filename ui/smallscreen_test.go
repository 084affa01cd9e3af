package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"encounterplanner/ui/controls"
)

// smallScreenRoom is what a 1920 x 1080 screen at FYNE_SCALE=2 (960 x
// 540 units) leaves a window, its menu bar included: less a desktop panel
// (32) and the window's title bar (30).
var smallScreenRoom = fyne.NewSize(960, 540-32-30)

// paneButtonsByText are the buttons shown in o, by their text.
func paneButtonsByText(o fyne.CanvasObject) map[string]*controls.PaneButton {
	out := map[string]*controls.PaneButton{}
	walkShown(o, func(n fyne.CanvasObject) {
		if c, ok := n.(*controls.PaneButton); ok {
			out[c.Text] = c
		}
	})
	return out
}

// bringIntoView scrolls every scroll in root that holds o, innermost
// first, to show o's top, as a GM scrolls to it.
func bringIntoView(root, o fyne.CanvasObject) {
	var path []fyne.CanvasObject
	var walk func(n fyne.CanvasObject) bool
	walk = func(n fyne.CanvasObject) bool {
		path = append(path, n)
		if n == o {
			return true
		}
		for _, k := range childrenOf(n) {
			if walk(k) {
				return true
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if !walk(root) {
		return
	}
	for i := len(path) - 1; i >= 0; i-- {
		sc, ok := path[i].(*container.Scroll)
		if !ok {
			continue
		}
		var y float32 // o's top in sc's content
		for _, n := range path[i+2:] {
			y += n.Position().Y
		}
		if view := sc.Size().Height; y < sc.Offset.Y || y+o.Size().Height > sc.Offset.Y+view {
			sc.ScrollToOffset(fyne.NewPos(sc.Offset.X, max(0, y+o.Size().Height-view)))
		}
	}
}

// scrollAround is the innermost scroll in root that holds o, or nil.
func scrollAround(root, o fyne.CanvasObject) *container.Scroll {
	var found *container.Scroll
	var walk func(n fyne.CanvasObject, in *container.Scroll) bool
	walk = func(n fyne.CanvasObject, in *container.Scroll) bool {
		if n == o {
			found = in
			return true
		}
		kids := childrenOf(n)
		if c, ok := n.(*container.Scroll); ok {
			in = c
			kids = []fyne.CanvasObject{c.Content}
		}
		for _, k := range kids {
			if walk(k, in) {
				return true
			}
		}
		return false
	}
	walk(root, nil)
	return found
}

// TestEditorFitsA960By540Screen: the editor asked 1024 x 600 at least
// and ran off a 1920 x 1080 screen at FYNE_SCALE=2, where End, Heal, the
// overlay switches and the status bar could not be reached. Its least
// now fits that screen under a panel and a title bar, and at the least,
// in every state of the right pane, the inspector keeps its floor and
// the switches scroll under it (not the pane as a whole, whose bar stood
// beside the inspector's: TestTheRightPaneShowsOneScrollBarWhereItIsShort):
// the fight's End and Heal are in sight at the pane's top (the inspector
// scrolled for Heal, as at any size), every switch once its part is
// scrolled to it, the status bar in the window.
func TestEditorFitsA960By540Screen(t *testing.T) {
	if editorLeast.Width > smallScreenRoom.Width || editorLeast.Height > smallScreenRoom.Height {
		t.Errorf("the editor's window is %v at least, more than the %v a 960 x 540 screen leaves it", editorLeast, smallScreenRoom)
	}
	for _, st := range paneStates {
		t.Run(st.name, func(t *testing.T) {
			ed, _, p := newTestEditor(t, st.enc(t))
			// the test window draws no menu bar; its padding it does
			win := smallScreenRoom.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding()))
			ed.win.Resize(win)
			st.set(t, ed)
			settle(t, ed, p)
			if st.after != nil {
				st.after(t, ed)
			}
			size := ed.win.Canvas().Size()
			ed.win.Resize(size.AddWidthHeight(0, 1))
			ed.win.Resize(size)
			if got := ed.win.Canvas().Size(); got.Width > win.Width+0.5 || got.Height > win.Height+0.5 {
				t.Fatalf("the window is %v, asked %v", got, win)
			}
			if why := outOfSight(ed, ed.status.row); why != "" {
				t.Errorf("the status bar is %s", why)
			}
			if pane := scrollAround(ed.win.Canvas().Content(), ed.right); pane != nil {
				t.Errorf("the right pane scrolls as a whole, in a %v scroll", pane.Size())
			}
			floor := max(controls.TopMin, ed.right.Top.MinSize().Height)
			if h := ed.right.Top.Size().Height; h < floor-0.5 {
				t.Errorf("the inspector's part asks %v px at least, it has %v", floor, h)
			}
			if ed.enc.Fight != nil {
				btn := paneButtonsByText(ed.right)
				want := []string{"End"}
				if strings.HasPrefix(st.name, "den") {
					want = append(want, "Heal") // the den's creatures have HP; the sample's Iseph none
				}
				for _, name := range want {
					if b := btn[name]; b == nil {
						t.Errorf("no %s button in the pane", name)
					} else if bringIntoView(ed.right, b); shownHeight(ed, b) < b.Size().Height/2 {
						t.Errorf("%s shows %v px of its %v with the pane at its top: %s", name, shownHeight(ed, b), b.Size().Height, outOfSight(ed, b))
					}
				}
			}
			var checks int
			var find func(o fyne.CanvasObject)
			find = func(o fyne.CanvasObject) {
				switch c := o.(type) {
				case *controls.PaneCheck:
					checks++
					if bringIntoView(ed.right, c); outOfSight(ed, c) != "" {
						t.Errorf("switch %q is %s with its part scrolled to it", c.Text, outOfSight(ed, c))
					}
				case *fyne.Container:
					for _, k := range c.Objects {
						find(k)
					}
				}
			}
			find(ed.ovp.box)
			if checks < 3 {
				t.Errorf("only %d switches", checks)
			}
		})
	}
}
