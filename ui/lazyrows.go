package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// lazyRows is a column of n rows of one height, a padding apart, as a
// VBox of them lays them out, of which only the rows in its scroll's view
// are made: the inspector's token list and the fight's order made a row
// of buttons per token, and with 1000 tokens opening the encounter, each
// deselection and Start fight spent most of their time making, measuring
// and refreshing rows nobody could see (Start fight and End took 1.2 s).
// A row that scrolls out of view is bound to the next row to come in.
//
// It is not a widget.List: the rows stay in the scroll they shared with
// what is above and below them (the inspector's help and the order's
// turn controls move with them, the wheel over the whole inspector
// scrolls it), with no list's separators or focus of its own, so the pane
// looks and scrolls as the VBox of rows did.
//
// The rows lie in a box at the top of the scroll's content (lazyRows'
// position in it is its position in the content); the scroll's content
// is a scrollWatch, which tells the rows whenever the scroll places it.
// Without a scroll every row is made.
type lazyRows struct {
	widget.BaseWidget
	sc     *container.Scroll
	n      int
	newRow func() fyne.CanvasObject         // a row, bound later
	bind   func(i int, o fyne.CanvasObject) // makes row o show row i

	made  []madeRow           // rows made, by index
	spare []fyne.CanvasObject // rows made, out of view, to be bound again
	objs  []fyne.CanvasObject // made's rows, for the renderer
	// measure is a row made only to be measured while none is shown
	measure fyne.CanvasObject
	// theme and variant are the ones the spare rows were made in
	theme   fyne.Theme
	variant fyne.ThemeVariant
}

type madeRow struct {
	i int
	o fyne.CanvasObject
}

func newLazyRows(newRow func() fyne.CanvasObject, bind func(i int, o fyne.CanvasObject)) *lazyRows {
	l := &lazyRows{newRow: newRow, bind: bind}
	l.ExtendBaseWidget(l)
	return l
}

// SetLength sets how many rows there are; Refresh (or the box's) binds
// the rows in view again.
func (l *lazyRows) SetLength(n int) { l.n = n }

// Length is how many rows there are, made or not.
func (l *lazyRows) Length() int { return l.n }

// rowAt is row i if it is made (in view or focused), else nil.
func (l *lazyRows) rowAt(i int) fyne.CanvasObject {
	for _, m := range l.made {
		if m.i == i {
			return m.o
		}
	}
	return nil
}

// rowHeight is one row's height, 0 without rows.
func (l *lazyRows) rowHeight() float32 {
	if l.n == 0 {
		return 0
	}
	if len(l.made) > 0 {
		return l.made[0].o.MinSize().Height
	}
	if l.measure == nil {
		if len(l.spare) > 0 {
			l.measure = l.spare[len(l.spare)-1]
			l.spare = l.spare[:len(l.spare)-1]
		} else {
			l.measure = l.newRow()
		}
		l.bind(0, l.measure)
	}
	return l.measure.MinSize().Height
}

// Move places the rows and makes those its new place brings into view.
func (l *lazyRows) Move(p fyne.Position) {
	l.BaseWidget.Move(p)
	l.update()
}

// view is the range of rows [a, b) in the scroll's view.
func (l *lazyRows) view() (a, b int) {
	if l.n == 0 {
		return 0, 0
	}
	if l.sc == nil {
		return 0, l.n
	}
	stride := l.rowHeight() + theme.Padding()
	if stride <= 0 {
		return 0, 0
	}
	top := l.sc.Offset.Y - l.Position().Y
	a = min(l.n, max(0, int(top/stride)))
	b = min(l.n, max(a, int((top+l.sc.Size().Height)/stride)+1))
	return a, b
}

// update makes the rows in view, binds the ones that come into view and
// lays them out; rows gone out of view wait to be bound again, but for a
// focused one (Tab, or a key pressing it), kept with its row: bound to
// another, the focus ring and Enter would have gone to another token.
func (l *lazyRows) update() {
	a, b := l.view()
	var focused fyne.Focusable
	if c := fyne.CurrentApp().Driver().CanvasForObject(l); c != nil {
		focused = c.Focused()
	}
	kept := l.made[:0]
	for _, m := range l.made {
		if m.i < l.n && (m.i >= a && m.i < b || holds(m.o, focused)) {
			kept = append(kept, m)
		} else {
			l.spare = append(l.spare, m.o)
		}
	}
	clear(l.made[len(kept):])
	l.made = kept
	for i := a; i < b; i++ {
		if l.rowAt(i) != nil {
			continue
		}
		var o fyne.CanvasObject
		switch {
		case l.measure != nil:
			o, l.measure = l.measure, nil
		case len(l.spare) > 0:
			o = l.spare[len(l.spare)-1]
			l.spare[len(l.spare)-1] = nil
			l.spare = l.spare[:len(l.spare)-1]
		default:
			o = l.newRow()
		}
		l.bind(i, o)
		l.made = append(l.made, madeRow{i, o})
	}
	slices.SortFunc(l.made, func(x, y madeRow) int { return x.i - y.i }) // Tab goes down the rows
	l.layout()
}

// layout places the made rows where a VBox of all the rows has them.
func (l *lazyRows) layout() {
	h := l.rowHeight()
	stride := h + theme.Padding()
	w := l.Size().Width
	clear(l.objs)
	l.objs = l.objs[:0]
	for _, m := range l.made {
		m.o.Move(fyne.NewPos(0, float32(m.i)*stride))
		m.o.Resize(fyne.NewSize(w, h))
		l.objs = append(l.objs, m.o)
	}
	canvas.Refresh(l)
}

// holds reports whether f is o or in it: a row, or the inspector's form
// (containers, forms, the token list's rows).
func holds(o fyne.CanvasObject, f fyne.Focusable) bool {
	if f == nil || o == nil {
		return false
	}
	if x, ok := f.(fyne.CanvasObject); ok && x == o {
		return true
	}
	in := func(k fyne.CanvasObject) bool { return holds(k, f) }
	switch c := o.(type) {
	case *fyne.Container:
		return slices.ContainsFunc(c.Objects, in)
	case *widget.Form:
		return slices.ContainsFunc(c.Items, func(it *widget.FormItem) bool { return in(it.Widget) })
	case *lazyRows:
		return slices.ContainsFunc(c.objs, in)
	case *orderRow:
		return holds(c.content, f)
	}
	return false
}

func (l *lazyRows) CreateRenderer() fyne.WidgetRenderer { return lazyRowsRenderer{l} }

type lazyRowsRenderer struct{ l *lazyRows }

func (r lazyRowsRenderer) Destroy() {}

func (r lazyRowsRenderer) Layout(fyne.Size) { r.l.update() }

// MinSize is all the rows' height, and the widest made row's width.
func (r lazyRowsRenderer) MinSize() fyne.Size {
	l := r.l
	if l.n == 0 {
		return fyne.Size{}
	}
	w := float32(0)
	for _, m := range l.made {
		w = max(w, m.o.MinSize().Width)
	}
	return fyne.NewSize(w, float32(l.n)*(l.rowHeight()+theme.Padding())-theme.Padding())
}

func (r lazyRowsRenderer) Objects() []fyne.CanvasObject { return r.l.objs }

// Refresh binds the rows in view again (what they show changed). After
// a change of theme the spare rows go: they would come back in the old
// one (as widget.List drains its pool).
func (r lazyRowsRenderer) Refresh() {
	l := r.l
	s := fyne.CurrentApp().Settings()
	if th, v := s.Theme(), s.ThemeVariant(); th != l.theme || v != l.variant {
		l.theme, l.variant = th, v
		clear(l.spare)
		l.spare = l.spare[:0]
		l.measure = nil
	}
	for _, m := range l.made {
		if m.i < l.n {
			l.bind(m.i, m.o)
		}
	}
	l.update()
}

// scrollWatch is a scroll's content that tells its rows each time the
// scroll places it: a scroll moves its content for every change of its
// offset (the wheel, its bar, ScrollToOffset) or of its size, and only
// OnScrolled's share of those calls OnScrolled.
type scrollWatch struct {
	widget.BaseWidget
	content fyne.CanvasObject
	rows    *lazyRows
}

// newRowsScroll is a vertical scroll over content, in which rows lie.
func newRowsScroll(content fyne.CanvasObject, rows *lazyRows) *container.Scroll {
	w := &scrollWatch{content: content, rows: rows}
	w.ExtendBaseWidget(w)
	sc := container.NewVScroll(w)
	rows.sc = sc
	return sc
}

// Move implements fyne.CanvasObject: the rows now in view are made.
func (w *scrollWatch) Move(p fyne.Position) {
	w.BaseWidget.Move(p)
	w.rows.update()
}

func (w *scrollWatch) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(w.content)
}
