package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
)

// context implements mapInput: the right-click menu of a square, for what
// has no tool of its own (map notes) and quick token actions.
func (ed *Editor) context(x, y int, abs fyne.Position) {
	if !ed.enc.Grid.In(x, y) {
		return
	}
	var items []*fyne.MenuItem
	if i := ed.tokenAt(x, y); i >= 0 {
		name := ed.enc.Tokens[i].Name
		items = append(items,
			fyne.NewMenuItem("Duplicate "+name, func() { ed.Select(i); ed.DuplicateToken() }),
			fyne.NewMenuItem("Delete "+name, func() { ed.Select(i); ed.DeleteToken() }),
			fyne.NewMenuItemSeparator())
	} else {
		items = append(items, fyne.NewMenuItem("Add a token here…", func() { ed.addTokenDialog(x, y) }))
	}
	if n := ed.noteAt(x, y); n >= 0 {
		items = append(items,
			fyne.NewMenuItem("Edit note…", func() { ed.noteDialog(x, y) }),
			fyne.NewMenuItem("Delete note", func() { ed.DeleteNote(x, y) }))
	} else {
		items = append(items, fyne.NewMenuItem("Add a note here…", func() { ed.noteDialog(x, y) }))
	}
	c := ed.win.Canvas()
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), c, abs)
}

func (ed *Editor) noteAt(x, y int) int {
	for i, n := range ed.enc.Notes {
		if n.X == x && n.Y == y {
			return i
		}
	}
	return -1
}

// SetNote adds or replaces the note pin on (x, y); player notes show on
// the player display.
func (ed *Editor) SetNote(x, y int, text string, player bool) error {
	text = strings.TrimSpace(model.LineBreaks(text)) // pasted from Windows: "\r\n"
	if text == "" {
		return fmt.Errorf("the note is empty; use Delete note to remove it")
	}
	return ed.apply("", func(c *model.Encounter) error {
		n := model.Note{X: x, Y: y, Text: text, Player: player}
		for i := range c.Notes {
			if c.Notes[i].X == x && c.Notes[i].Y == y {
				c.Notes[i] = n
				return nil
			}
		}
		c.Notes = append(c.Notes, n)
		return nil
	})
}

// DeleteNote removes the note pin on (x, y).
func (ed *Editor) DeleteNote(x, y int) {
	i := ed.noteAt(x, y)
	if i < 0 {
		return
	}
	_ = ed.apply("", func(c *model.Encounter) error {
		c.Notes = append(c.Notes[:i], c.Notes[i+1:]...)
		return nil
	})
	ed.message("note deleted (Ctrl+Z brings it back)")
}

// noteDialog asks for the note on (x, y): Enter saves, as in every
// dialog, Shift+Enter starts a new line (the field's hint says so),
// Escape cancels; an empty note comes back as typed under its error.
func (ed *Editor) noteDialog(x, y int) {
	text := ed.esc.MultiLineEntry()
	text.SetMinRowsVisible(3)
	player := ed.esc.Check("Show on the player display", nil)
	if i := ed.noteAt(x, y); i >= 0 {
		text.SetText(ed.enc.Notes[i].Text)
		player.SetChecked(ed.enc.Notes[i].Player)
	}
	text.SetPlaceHolder("e.g. Leaking coolant: 1d6 cold damage per square")
	item := widget.NewFormItem("Text", text)
	item.HintText = noteHint
	var d *dialog.FormDialog
	d = dialog.NewForm(fmt.Sprintf("Note at (%d, %d)", x, y), "Save", "Cancel", []*widget.FormItem{
		item,
		widget.NewFormItem("", player),
	}, func(ok bool) {
		if ok {
			if err := ed.SetNote(x, y, text.Text, player.Checked); err != nil {
				ed.esc.Refuse(d, d.Submit, text, "Note not saved", err)
			}
		}
	}, ed.win)
	text.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(420, 0))
	d.Show()
	ed.esc.Confirms(d, d.Submit)
	ed.win.Canvas().Focus(text)
}

// noteHint is the hint under a note's text.
const noteHint = "Enter saves; Shift+Enter starts a new line"
