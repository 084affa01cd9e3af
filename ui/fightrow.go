package ui

import (
	"encounterplanner/ui/controls"

	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// orderRow is one creature's row in the fight panel: dragging it up or
// down by whole rows moves it in the initiative order (the up and down
// buttons do the same a place at a time).
type orderRow struct {
	widget.BaseWidget
	content fyne.CanvasObject
	dy      float32
	move    func(rows int)
	min     fyne.Size // MinSize's last answer, at text size minAt; 0: none
	minAt   float32
	pick    *controls.PaneButton // the creature's button (bindOrderRow)
	arrows  *fyne.Container      // up and down, hidden on the row after the last
	at      int                  // the position in the order the row shows
}

// MinSize is the row's, kept until its words change (bindOrderRow clears
// it) or the text size does: every layout of the right pane asked each of
// 1000 rows to measure its words again, 100 ms a turn.
func (r *orderRow) MinSize() fyne.Size {
	if ts := theme.TextSize(); r.minAt != ts || r.min.IsZero() {
		r.min, r.minAt = r.BaseWidget.MinSize(), ts
	}
	return r.min
}

func newOrderRow(content fyne.CanvasObject, move func(rows int)) *orderRow {
	r := &orderRow{content: content, move: move}
	r.ExtendBaseWidget(r)
	return r
}

func (r *orderRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(r.content)
}

// Dragged implements fyne.Draggable.
func (r *orderRow) Dragged(ev *fyne.DragEvent) { r.dy += ev.Dragged.DY }

// DragEnd moves the row by the whole rows it was dragged.
func (r *orderRow) DragEnd() {
	h := r.Size().Height
	if h <= 0 {
		h = r.MinSize().Height
	}
	rows := int(math.Round(float64(r.dy / h)))
	r.dy = 0
	if rows != 0 && r.move != nil {
		r.move(rows)
	}
}

// whyButton is a button that, greyed, still answers a tap with why: the
// fight panel's Delay, greyed once the creature has moved, said nothing
// when the GM pressed it.
type whyButton struct {
	controls.PaneButton               // Tab's keyboard hands the map's keys back
	why                 func() string // why the button is greyed
	say                 func(string)  // where the reason goes (the status bar)
}

func newWhyButton(label string, tapped func(), why func() string, say func(string)) *whyButton {
	b := &whyButton{why: why, say: say}
	b.Text = label
	b.OnTapped = tapped
	b.ExtendBaseWidget(b)
	return b
}

// Tapped runs the button, or, greyed, says why it is.
func (b *whyButton) Tapped(ev *fyne.PointEvent) {
	if b.Disabled() {
		if w := b.why(); w != "" {
			b.say(w)
		}
		return
	}
	b.PaneButton.Tapped(ev)
}
