package ui

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
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

// The save states that say the edits are not kept (statusBar.alarm).
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
	if i := ed.tokenAt(x, y); i >= 0 {
		if d := session.TokenDistanceWords(ed.enc, ed.sel, i); d != "" {
			s += " · " + d // the distance from the selected token
		} else {
			s += " · " + ed.enc.Tokens[i].Name
		}
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

func terrainWords(t model.Terrain) []string {
	if t == 0 {
		return []string{"open"}
	}
	out := model.TraitNames(t)
	for i, n := range out {
		if n == "greater-difficult" {
			out[i] = "greater difficult"
		}
	}
	return out
}

// build makes the bar's labels: the hovered square, the path and the
// message share the width by what their text needs (so the path's cost,
// hazards and reactions are not cut to "pr..." while the hovered square's
// few words keep a third of the bar); the threat, the save state and the
// ruleset sit at the right, and give their room to a message that needs
// it (statusRow).
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
		Yields: []float32{statusHoverFloor, 0, statusMessageFloor}, Ranks: []int{0, 2, 1},
		Goes: []bool{true}}
	sb.fields = container.New(sb.share, sb.hoverLabel, sb.pathLabel, sb.msgLabel)
	sb.threatLabel = widget.NewLabel("")
	sb.threatBox = container.NewHBox(widget.NewSeparator(), sb.threatLabel)
	sb.threatBox.Hide()
	sb.right = container.NewHBox(sb.threatBox, widget.NewSeparator(), sb.saveLabel, widget.NewSeparator(), sb.rulesLabel)
	sb.row = container.New(&statusRow{sb}, sb.fields, sb.right)
	return sb.row
}

// statusRow lays out the status bar: the fields, then the threat, save
// state and ruleset at the right. At the 1024-px least window width a
// refusal ("Dae not moved: (2, 7) is beyond its movement (3 of 3 actions
// left) (hold Shift to place anyway)") did not fit beside them, the path
// and the hovered square cut to its floor, and lost the words that say how
// to get past it. A message that would be cut now gets its room in turn:
// from the hovered square down to its floor, then from the right-hand side,
// which steps aside (it says what the GM already knows, and comes back as
// the message clears itself), and last from the hovered square, which goes
// until there is room again. The bar keeps its one line: a second line
// would move the map under the pointer.
type statusRow struct{ sb *statusBar }

func (r *statusRow) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	fields, right := objs[0], objs[1]
	sb := r.sb
	rw := right.MinSize().Width
	fw := s.Width - rw - theme.Padding()
	cut := func(w float32) bool {
		return sb.msgLabel.Text != "" && sb.share.Cut(sb.fields.Objects, w, 2)
	}
	sb.share.Keep = true
	if cut(fw) && !sb.alarm() {
		fw = s.Width
		sb.share.Keep = !cut(fw)
	}
	if fw == s.Width {
		right.Hide()
	} else {
		right.Show()
	}
	fields.Move(fyne.NewPos(0, 0))
	fields.Resize(fyne.NewSize(fw, s.Height))
	sb.share.Layout(sb.fields.Objects, fields.Size()) // even at the same size: its texts changed
	right.Move(fyne.NewPos(s.Width-rw, 0))
	right.Resize(fyne.NewSize(rw, s.Height))
}

// alarm reports whether the save state says the edits are not kept
// ("NOT SAVED", "read-only"): then the right-hand side stays, and a long
// message is cut instead. A failed save's message filled the bar and took
// "NOT SAVED" with it, just when the GM needed to see it.
func (sb *statusBar) alarm() bool {
	return sb.saveLabel.Text == saveStateFailed || sb.saveLabel.Text == saveStateReadOnly
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
// unless something newer replaced it (post runs that on the UI goroutine).
func (sb *statusBar) message(s string, post func(func())) {
	if statusLog != nil && s != "" {
		fmt.Fprintln(statusLog, "status:", s)
	}
	at := time.Now()
	sb.msgAt = at
	sb.set(sb.msgLabel, s)
	if s != "" {
		time.AfterFunc(msgTTL, func() {
			post(func() {
				if sb.msgAt == at {
					sb.set(sb.msgLabel, "")
				}
			})
		})
	}
}
