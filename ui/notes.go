package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
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
	text = strings.TrimSpace(text)
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

func (ed *Editor) noteDialog(x, y int) {
	text := widget.NewMultiLineEntry()
	text.SetMinRowsVisible(3)
	text.Wrapping = fyne.TextWrapWord
	player := widget.NewCheck("Show on the player display", nil)
	if i := ed.noteAt(x, y); i >= 0 {
		text.SetText(ed.enc.Notes[i].Text)
		player.SetChecked(ed.enc.Notes[i].Player)
	}
	text.SetPlaceHolder("e.g. Leaking coolant: 1d6 cold damage per square")
	d := dialog.NewForm(fmt.Sprintf("Note at (%d, %d)", x, y), "Save", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Text", text),
		widget.NewFormItem("", player),
	}, func(ok bool) {
		if ok {
			if err := ed.SetNote(x, y, text.Text, player.Checked); err != nil {
				controls.ShowError(ed.win, "Note not saved", err)
			}
		}
	}, ed.win)
	d.Resize(fyne.NewSize(420, 0))
	d.Show()
	ed.win.Canvas().Focus(text)
}
