package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// scrollBar is a scroll of the right pane that shows a bar (its content
// is taller than its view), and where it lies in the window.
type scrollBar struct {
	sc     *container.Scroll
	at     fyne.Position
	name   string
	x1, y1 float32
}

// paneScrollBars lists the scrolls that lie in ed's right pane, or hold
// it, and show a vertical bar there: those whose content is taller than
// their view.
func paneScrollBars(ed *Editor) []scrollBar {
	d := fyne.CurrentApp().Driver()
	px := d.AbsolutePositionForObject(ed.right).X
	var out []scrollBar
	var walk func(n fyne.CanvasObject, at fyne.Position, path string)
	walk = func(n fyne.CanvasObject, at fyne.Position, path string) {
		if !n.Visible() {
			return
		}
		p := at.Add(n.Position())
		s := n.Size()
		kids := childrenOf(n)
		if c, ok := n.(*container.Scroll); ok {
			path += fmt.Sprintf("/scroll(%.0fx%.0f)", s.Width, s.Height)
			if s.Height > 0 && c.Content.Size().Height > s.Height+0.5 && p.X+s.Width > px {
				out = append(out, scrollBar{sc: c, at: p, name: path, x1: p.X + s.Width, y1: p.Y + s.Height})
			}
			kids = []fyne.CanvasObject{c.Content}
		}
		for _, k := range kids {
			walk(k, p, path)
		}
	}
	walk(ed.win.Canvas().Content(), fyne.Position{}, "")
	return out
}

// TestTheRightPaneShowsOneScrollBarWhereItIsShort: in a window shorter
// than 1024 x 600 (a 960 x 540 screen) the right pane scrolled as a
// whole, and its bar stood beside the inspector's own: two bars side by
// side, the inner scrolling the inspector, the outer the whole pane. In
// every state of the pane, at that size and the sizes the window had
// before, no two bars lie side by side (each part that scrolls has its
// own, over its own rows), and the wheel over a part that scrolls
// scrolls that part.
func TestTheRightPaneShowsOneScrollBarWhereItIsShort(t *testing.T) {
	sizes := append([]fyne.Size{smallScreenRoom}, paneWindowSizes()...)
	for _, st := range paneStates {
		for _, win := range sizes {
			t.Run(fmt.Sprintf("%s at %vx%v", st.name, win.Width, win.Height), func(t *testing.T) {
				ed, _, p := newTestEditor(t, st.enc(t))
				ed.win.Resize(win.Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
				st.set(t, ed)
				settle(t, ed, p)
				if st.after != nil {
					st.after(t, ed)
				}
				size := ed.win.Canvas().Size()
				ed.win.Resize(size.AddWidthHeight(0, 1))
				ed.win.Resize(size)
				bars := paneScrollBars(ed)
				for i, a := range bars {
					for _, b := range bars[i+1:] {
						if a.at.Y < b.y1-0.5 && b.at.Y < a.y1-0.5 {
							t.Errorf("two scroll bars side by side: %s at %v-%v and %s at %v-%v", a.name, a.at.Y, a.y1, b.name, b.at.Y, b.y1)
						}
					}
				}
				for i, b := range bars {
					// a point over b that is over no other
					at, free := fyne.NewPos((b.at.X+b.x1)/2, 0), false
					for y := b.at.Y + 8; y < b.y1-8 && !free; y += 8 {
						at.Y, free = y, true
						for j, o := range bars {
							if j != i && y >= o.at.Y && y < o.y1 {
								free = false
							}
						}
					}
					if !free {
						continue
					}
					was, dy := b.sc.Offset.Y, float32(-40) // down, or up from its end
					if was > 0 {
						dy = 40
					}
					test.Scroll(ed.win.Canvas(), at, 0, dy)
					if b.sc.Offset.Y == was {
						t.Errorf("the wheel at %v over %s does not scroll it (offset %v)", at, b.name, was)
					}
				}
			})
		}
	}
}
