package ui

import (
	"fmt"
	"image/color"
	"io"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// statusBar is the bottom line: the hovered square, the path, a message
// that clears itself, the save state and the ruleset.
type statusBar struct {
	quiet      bool // the editor's apply leaves the message to its caller
	hoverLabel *widget.Label
	pathLabel  *widget.Label
	msgLabel   *widget.Label
	fields     *fyne.Container // hoverLabel, pathLabel, msgLabel
	share      *controls.StatusLayout
	right      *fyne.Container // the threat, save state and ruleset
	row        *fyne.Container // fields and right
	saveLabel  *widget.Label
	rulesLabel *widget.Label
	msgAt      time.Time

	// the message whole, above the bar, while the pointer rests on a
	// message cut to the room left (statusTip)
	tip *statusTip

	// the encounter's XP and threat (threat.go); hidden when not rated
	threatLabel *widget.Label
	threatBox   *fyne.Container
}

// message shows text in the status bar's message field.
// It clears itself after msgTTL unless something newer replaced it.
func (ed *Editor) message(s string) { ed.status.message(s, ed.post) }

// setStatus sets one of the status bar's fields and shares the bar's width
// again for the new text.
func (ed *Editor) setStatus(l *widget.Label, s string) { ed.status.set(l, s) }

// The save states that say the edits are not kept.
const (
	saveStateFailed   = "NOT SAVED"
	saveStateReadOnly = "read-only"
)

// msgTTL is how long a status message stays.
const msgTTL = 8 * time.Second

// updateHover writes what is under the pointer into the status bar.
func (ed *Editor) updateHover() {
	if ed.hovered == nil {
		ed.setStatus(ed.status.hoverLabel, "")
		return
	}
	x, y := ed.hovered.X, ed.hovered.Y
	if !ed.enc.Grid.In(x, y) {
		ed.setStatus(ed.status.hoverLabel, fmt.Sprintf("(%d, %d) off the map", x, y))
		return
	}
	t := ed.enc.Grid.At(x, y)
	s := fmt.Sprintf("(%d, %d) %s", x, y, strings.Join(terrainWords(t), ", "))
	if at := ed.tokensAt(x, y); len(at) > 0 {
		i := at[0] // the one drawn on top (tokenAt)
		if d := session.TokenDistanceWords(ed.enc, ed.sel, i); d != "" {
			s += " · " + d // the distance from the selected token
		} else {
			s += " · " + ed.enc.Tokens[i].Name
		}
		s += sharedWords(ed.enc, at)
	}
	for _, n := range ed.enc.Notes {
		if n.X == x && n.Y == y {
			// one line: a note's second line made the bar taller and
			// moved the map under the pointer
			s += " · note: " + strings.Join(strings.Fields(strings.ReplaceAll(n.Text, "\n", " / ")), " ")
		}
	}
	ed.setStatus(ed.status.hoverLabel, s)
}

// sharedWords names the tokens that share the hovered square with the one
// on top, at[0] (at is top first: tokensAt): " with Rat" for those at its
// height, " over Goblin" for those it flies above, both where a Tiny bat
// shares a roc's space 20 ft over a goblin: " with Roc over Goblin".
// Where the ruleset measures no height (starship, points) every one is
// "with". The map draws them stacked (render/stack.go): the words say
// whom the crescent under a flyer is, whole, and at one height the
// smaller drawn over the larger is "with" it, never "over".
func sharedWords(e *model.Encounter, at []int) string {
	if len(at) < 2 {
		return ""
	}
	// a height kept for a switch back means nothing in starship and
	// points: nobody there is over anybody (render.DrawnAbove)
	heights := rules.HasElevation(e.Ruleset)
	var with, over []string
	for _, j := range at[1:] {
		if heights && e.Tokens[j].Elevation < e.Tokens[at[0]].Elevation {
			over = append(over, e.Tokens[j].Name)
		} else {
			with = append(with, e.Tokens[j].Name)
		}
	}
	s := ""
	if len(with) > 0 {
		s += " with " + strings.Join(with, ", ")
	}
	if len(over) > 0 {
		s += " over " + strings.Join(over, ", ")
	}
	return s
}

// terrainWords names the kind and traits of terrain t in the GM's words,
// for the hovered square and the palette: "open" for open ground, then
// each trait as model.TraitNames orders them, "greater difficult" and
// "shallow water" for the file's hyphenated names, "open door" for a
// door standing open. The palette's S said "shallow-water".
func terrainWords(t model.Terrain) []string {
	if t == 0 {
		return []string{"open"}
	}
	names := model.TraitNames(t)
	out := names[:0]
	for _, n := range names {
		switch {
		case n == "open" && t.Any(model.Door):
			continue // said with the door
		case n == "door" && t.Any(model.Open):
			n = "open door"
		}
		// the file's names join words with hyphens: "greater-difficult",
		// "shallow-water"
		out = append(out, strings.ReplaceAll(n, "-", " "))
	}
	return out
}

// build makes the bar's labels: the hovered square, the path and the
// message share the width by what their text needs (so the path's cost,
// hazards and reactions are not cut to "pr..." while the hovered square's
// few words keep a third of the bar); the threat, the save state and the
// ruleset sit at the right, always whole (statusRow).
func (sb *statusBar) build() fyne.CanvasObject {
	sb.hoverLabel = widget.NewLabel("")
	sb.hoverLabel.Truncation = fyne.TextTruncateEllipsis
	sb.pathLabel = widget.NewLabel("")
	sb.pathLabel.Truncation = fyne.TextTruncateEllipsis
	sb.msgLabel = widget.NewLabel("")
	sb.msgLabel.Truncation = fyne.TextTruncateEllipsis
	sb.saveLabel = widget.NewLabel("")
	sb.rulesLabel = widget.NewLabel("")
	sb.share = &controls.StatusLayout{Weights: []float32{1, 3, 1.5}, Floors: []float32{230},
		Yields: []float32{statusHoverFloor, 0, statusMessageFloor}, Ranks: []int{0, 2, 1}}
	sb.fields = container.New(sb.share, sb.hoverLabel, sb.pathLabel, sb.msgLabel)
	sb.threatLabel = widget.NewLabel("")
	sb.threatBox = container.NewHBox(widget.NewSeparator(), sb.threatLabel)
	sb.threatBox.Hide()
	sb.right = container.NewHBox(sb.threatBox, widget.NewSeparator(), sb.saveLabel, widget.NewSeparator(), sb.rulesLabel)
	sb.tip = newStatusTip(sb)
	sb.row = container.New(&statusRow{sb}, sb.fields, sb.right, sb.tip)
	return sb.row
}

// statusRow lays out the status bar: the fields, then the threat, save
// state and ruleset at the right, whole at every window width, down to
// the least (1024 px). A message that would be cut gets room from the
// hovered square down to its floor (the path's comes first); what still
// does not fit is cut with an ellipsis, and shows whole above the bar
// while the pointer rests on it (statusTip). The right-hand side used to
// step aside for a long message (a fall's, a refusal's) for the
// message's 8 s, and the hovered square to go, taking the threat, the
// save state, the ruleset and what is under the pointer out of the bar.
// The bar keeps its one line: a second line would move the map under
// the pointer.
type statusRow struct{ sb *statusBar }

func (r *statusRow) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	fields, right, tip := objs[0], objs[1], objs[2]
	sb := r.sb
	rw := right.MinSize().Width
	fw := max(s.Width-rw-theme.Padding(), 0)
	fields.Move(fyne.NewPos(0, 0))
	fields.Resize(fyne.NewSize(fw, s.Height))
	sb.share.Layout(sb.fields.Objects, fields.Size()) // even at the same size: its texts changed
	right.Move(fyne.NewPos(s.Width-rw, 0))
	right.Resize(fyne.NewSize(rw, s.Height))
	// the pointer's place over the message, where it is laid out
	tip.Move(sb.msgLabel.Position())
	tip.Resize(sb.msgLabel.Size())
	sb.tip.follow()
}

func (r *statusRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	f, g := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(f.Width+theme.Padding()+g.Width, max(f.Height, g.Height))
}

// statusMessageFloor is the width down to which a message gives way to
// the hovered square and the path when the bar has no room for all three
// (with the threat shown, at 1024 px): it clears itself, the path is what
// a drag shows.
const statusMessageFloor = 128

// statusHoverFloor is the width down to which the hovered square gives way
// to the path and to a message: a refusal ("not moved: ... hold Shift to
// place anyway") says what just did not happen and how to get past it,
// and at 1200 px it was cut beside the square where the drag ended. When
// that is not enough the square goes altogether (statusRow) rather than
// leave a stub.
const statusHoverFloor = 150

// set sets one of the bar's fields and shares the bar's width again for
// the new text.
func (sb *statusBar) set(l *widget.Label, s string) {
	if l.Text == s {
		return
	}
	l.SetText(s)
	if sb.row != nil {
		sb.row.Refresh() // lays the fields out again
	}
}

// StatusLogEnv names the environment variable that, set to 1, copies
// every status bar message to standard error as "status: ..." (the
// end-to-end script reads what the GM was told).
const StatusLogEnv = "ENCOUNTER_PLANNER_STATUS_LOG"

// statusLog, when set, receives a copy of every status bar message.
var statusLog io.Writer

func init() {
	if os.Getenv(StatusLogEnv) == "1" {
		statusLog = os.Stderr
	}
}

// hold shows text in the message field until something replaces it: for
// words that say what is under way, for as long as it is.
func (sb *statusBar) hold(s string) {
	if statusLog != nil && s != "" {
		fmt.Fprintln(statusLog, "status:", s)
	}
	sb.msgAt = time.Now()
	sb.set(sb.msgLabel, s)
}

// message shows text in the message field; it clears itself after msgTTL
// unless something newer replaced it (post runs that on the UI goroutine),
// or once the pointer leaves it when it rests on it then (statusTip).
func (sb *statusBar) message(s string, post func(func())) {
	if statusLog != nil && s != "" {
		fmt.Fprintln(statusLog, "status:", s)
	}
	at := time.Now()
	sb.msgAt = at
	sb.set(sb.msgLabel, s)
	if s != "" {
		time.AfterFunc(msgTTL, func() { post(func() { sb.expire(at) }) })
	}
}

// expire clears the message shown at at, unless something newer replaced
// it; while the pointer rests on it, being read whole, when the pointer
// leaves.
func (sb *statusBar) expire(at time.Time) {
	if sb.msgAt != at {
		return
	}
	if sb.tip != nil && sb.tip.in {
		sb.tip.expired = at
		return
	}
	sb.set(sb.msgLabel, "")
}

// statusTip shows the message whole above the status bar while the
// pointer rests on it and it is cut (statusRow): it is the widget over the
// message field that takes the pointer, and the layer above the editor it
// draws in (Layer). The message waits for the pointer to leave before it
// clears itself (statusBar.expire), so the GM reading it keeps it.
type statusTip struct {
	widget.BaseWidget
	sb      *statusBar
	layer   *fyne.Container // bg and lines, over the editor (Layer)
	bg      *canvas.Rectangle
	lines   []*canvas.Text
	in      bool      // the pointer rests on the message field
	expired time.Time // the message's time ran out while the pointer rested on it
}

// statusTipWidth is the widest a line of the whole message is: wider than
// that, it wraps (a fall's message is 1000 px on one line).
const statusTipWidth = 640

func newStatusTip(sb *statusBar) *statusTip {
	t := &statusTip{sb: sb, bg: canvas.NewRectangle(color.NRGBA{0x20, 0x20, 0x20, 0xee})}
	t.bg.CornerRadius = 4
	// an edge: over the dark tool panel the box had none
	t.bg.StrokeColor, t.bg.StrokeWidth = color.NRGBA{0x90, 0x90, 0x90, 0xff}, 1
	t.bg.Hide()
	t.layer = container.NewWithoutLayout(t.bg)
	t.ExtendBaseWidget(t)
	return t
}

// Layer is the object to stack above the editor's content, where the
// whole message shows.
func (t *statusTip) Layer() fyne.CanvasObject { return t.layer }

// CreateRenderer implements fyne.Widget: nothing is drawn in the bar; the
// message label under it is.
func (t *statusTip) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// MouseIn implements desktop.Hoverable: the message shows whole.
func (t *statusTip) MouseIn(*desktop.MouseEvent) {
	t.in = true
	t.follow()
}

// MouseMoved implements desktop.Hoverable.
func (t *statusTip) MouseMoved(*desktop.MouseEvent) {}

// MouseOut implements desktop.Hoverable: the whole message goes, and the
// message too if its time ran out meanwhile.
func (t *statusTip) MouseOut() {
	t.in = false
	t.follow()
	if !t.expired.IsZero() && t.expired == t.sb.msgAt {
		t.sb.set(t.sb.msgLabel, "")
	}
	t.expired = time.Time{}
}

// Showing is the whole message shown above the bar, its lines joined by
// spaces; "" when none is.
func (t *statusTip) Showing() string {
	if !t.bg.Visible() {
		return ""
	}
	var words []string
	for _, l := range t.lines {
		if l.Visible() {
			words = append(words, l.Text)
		}
	}
	return strings.Join(words, " ")
}

// cut reports whether the message field shows less than its whole text.
func (t *statusTip) cut() bool {
	m := t.sb.msgLabel
	if m.Text == "" {
		return false
	}
	need := fyne.MeasureText(m.Text, theme.TextSize(), m.TextStyle).Width + 2*theme.InnerPadding()
	return !m.Visible() || m.Size().Width < need-0.5
}

// follow shows the whole message above the field while the pointer rests
// on it and it is cut, and hides it otherwise: as the message changes, or
// the bar is laid out again.
func (t *statusTip) follow() {
	if !t.in || !t.cut() {
		t.hide()
		return
	}
	d := fyne.CurrentApp().Driver()
	m := t.sb.msgLabel
	if d.CanvasForObject(m) == nil {
		return
	}
	size := theme.TextSize()
	room := t.layer.Size().Width
	pad, edge := theme.InnerPadding()/2, theme.Padding()
	words := wrapWords(m.Text, min(statusTipWidth, room-2*edge-2*pad), size)
	for len(t.lines) < len(words) {
		l := canvas.NewText("", color.White)
		l.TextSize = size
		t.lines = append(t.lines, l)
		t.layer.Add(l)
	}
	at := d.AbsolutePositionForObject(m).Subtract(d.AbsolutePositionForObject(t.layer))
	lh := fyne.MeasureText("Mg", size, fyne.TextStyle{}).Height
	var w float32
	for _, s := range words {
		w = max(w, fyne.MeasureText(s, size, fyne.TextStyle{}).Width)
	}
	bw, bh := w+2*pad, float32(len(words))*lh+2*pad
	// over the message's text, as far right as it starts, inside the window
	x := min(at.X+theme.InnerPadding()-pad, room-edge-bw)
	x = max(x, edge)
	y := max(at.Y-bh-2, edge)
	t.bg.Move(fyne.NewPos(x, y))
	t.bg.Resize(fyne.NewSize(bw, bh))
	t.bg.Show()
	for i, l := range t.lines {
		if i >= len(words) {
			l.Hide()
			continue
		}
		l.Text = words[i]
		l.Move(fyne.NewPos(x+pad, y+pad+float32(i)*lh))
		l.Resize(fyne.NewSize(w, lh))
		l.Show()
	}
	t.layer.Refresh()
}

func (t *statusTip) hide() {
	if !t.bg.Visible() {
		return
	}
	t.bg.Hide()
	for _, l := range t.lines {
		l.Hide()
	}
	t.layer.Refresh()
}

// wrapWords breaks s into lines of at most w wide at text size size,
// between words (a word wider than w has a line of its own).
func wrapWords(s string, w, size float32) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && fyne.MeasureText(try, size, fyne.TextStyle{}).Width > w {
			lines = append(lines, line)
			try = word
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
