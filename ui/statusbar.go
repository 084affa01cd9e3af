package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// statusBar is the bottom line: the hovered square, the path, a message
// that clears itself, the save state and the ruleset.
type statusBar struct {
	hoverLabel *widget.Label
	pathLabel  *widget.Label
	msgLabel   *widget.Label
	fields     *fyne.Container // hoverLabel, pathLabel, msgLabel
	saveLabel  *widget.Label
	rulesLabel *widget.Label
	msgAt      time.Time
}

// message shows text in the status bar's message field.
// It clears itself after msgTTL unless something newer replaced it.
func (ed *Editor) message(s string) {
	at := time.Now()
	ed.status.msgAt = at
	ed.setStatus(ed.status.msgLabel, s)
	if s != "" {
		time.AfterFunc(msgTTL, func() {
			ed.post(func() {
				if ed.status.msgAt == at {
					ed.setStatus(ed.status.msgLabel, "")
				}
			})
		})
	}
}

// setStatus sets one of the status bar's fields and shares the bar's width
// again for the new text.
func (ed *Editor) setStatus(l *widget.Label, s string) {
	if l.Text == s {
		return
	}
	l.SetText(s)
	if ed.status.fields != nil {
		ed.status.fields.Refresh()
	}
}

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
		s += " · " + ed.enc.Tokens[i].Name
	}
	for _, n := range ed.enc.Notes {
		if n.X == x && n.Y == y {
			s += " · note: " + n.Text
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
