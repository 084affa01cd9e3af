package ui

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
	"encounterplanner/ui/filesave"
	"encounterplanner/ui/library"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// exportItems are the File menu's export and import entries.
func (ed *Editor) exportItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export PNG…", ed.exportPNG),
		fyne.NewMenuItem("Export PDF (print)…", ed.exportPDF),
		fyne.NewMenuItem("Export Universal VTT…", ed.exportUVTT),
		fyne.NewMenuItem("Export encounter file…", ed.exportFile),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Import encounter file…", func() { library.ImportDialog(ed.win, ed.store, false, ed.post, ed.openOther) }),
		fyne.NewMenuItem("Import Universal VTT…", func() { library.ImportDialog(ed.win, ed.store, true, ed.post, ed.openOther) }),
	}
}

// openOther saves and asks the shell to open another encounter.
func (ed *Editor) openOther(id string) {
	if ed.OnOpen == nil {
		return
	}
	ed.saveBeforeLeaving(func() { ed.OnOpen(id) })
}

func (ed *Editor) exportPNG() {
	// Escape and Enter answer the dialog in its focused check boxes too
	player := ed.esc.Check("Player version (no hidden tokens or GM notes)", nil)
	grid := ed.esc.Check("Grid lines", nil)
	grid.SetChecked(true)
	ov := ed.esc.Check("Current overlays (reach, path, cover…)", nil)
	choices, start := pngPXChoices(ed.enc)
	px := ed.esc.Select(choices, nil)
	px.SetSelected(start)
	d := dialog.NewForm("Export PNG", "Choose file…", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Pixels per square", px),
		widget.NewFormItem("", grid),
		widget.NewFormItem("", player),
		widget.NewFormItem("", ov),
	}, func(ok bool) {
		if !ok {
			return
		}
		if player.Checked && export.PlayersSeeNothing(ed.enc) {
			// said before the Save dialog, as Export PDF says it
			controls.ShowError(ed.win, "Could not export PNG", seeNothingError("Player version", "the image would be all fog", "image"))
			return
		}
		var n int
		fmt.Sscan(px.Selected, &n)
		o := export.PNGOptions{PX: n, Grid: grid.Checked, Player: player.Checked}
		e := ed.enc.Clone()
		if ov.Checked {
			o.Overlays = ed.live.ov
			if player.Checked {
				e, o.Overlays = ed.playerOverlays()
			}
		} else {
			o.Overlays = export.AreaOverlays(e, player.Checked)
		}
		ed.files.Save("export PNG", filesave.FileBase(e.Name)+".png", []string{".png"}, func(w io.Writer) error { return export.PNG(w, e, o) })
	}, ed.win)
	d.Show()
	ed.esc.Confirms(d, d.Submit) // Escape cancels, Enter chooses the file
}

// playerOverlays computes the current overlays as the players may see
// them, for the player version of an export: on a copy of the encounter
// without its hidden tokens (the GM's overlays give one away: a reach or
// path that detours around it, its enemy reach, a foe it flanks, the cover
// it gives); a hidden selected token shows nothing. It returns the copy to
// draw (the overlays' token numbers are the copy's) and its overlays.
func (ed *Editor) playerOverlays() (*model.Encounter, *render.Overlays) {
	pe, sel := session.PlayersView(ed.enc.Clone(), ed.sel)
	req := &session.Request{Enc: pe, Rev: ed.rev, Sel: sel, Set: ed.ovp.settings, Drag: -1}
	if ed.hovered != nil {
		h := *ed.hovered
		req.Hover = &h
	}
	o := session.Shown(pe, sel, ed.ovp.settings, (&session.Worker{}).Compute(req))
	if sel < 0 {
		o.Threat = nil // enemy reach goes to paper only with a selected token
	}
	return pe, o
}

// pdfChoices are the Export PDF dialog's choices.
type pdfChoices struct {
	paper                         string
	player, sheet, trim, overlays bool
}

// pdfExport is what Export PDF prints for choices c: the encounter (the
// players' copy when the overlays go to a player version) and the options.
func (ed *Editor) pdfExport(c pdfChoices) (*model.Encounter, export.PDFOptions) {
	o := export.PDFOptions{Paper: c.paper, Player: c.player, TokenSheet: c.sheet, Trim: c.trim}
	e := ed.enc.Clone()
	if c.overlays {
		o.Overlays = ed.live.ov
		if c.player {
			e, o.Overlays = ed.playerOverlays()
		}
	} else {
		o.Overlays = export.AreaOverlays(e, c.player)
	}
	return e, o
}

func (ed *Editor) exportPDF() {
	pages := widget.NewLabel("")
	var paper *controls.EscSelect
	var player, sheet, trim *controls.EscCheck
	count := func() {
		if paper != nil && player != nil && sheet != nil && trim != nil {
			pages.SetText(pdfPagesWords(ed.enc, export.PDFOptions{Paper: paper.Selected, Player: player.Checked, Trim: trim.Checked}, sheet.Checked))
		}
	}
	paper = ed.esc.Select([]string{"letter", "a4"}, func(string) { count() })
	paper.SetSelected("letter")
	player = ed.esc.Check("Player version (no hidden tokens or GM notes)", func(bool) { count() })
	sheet = ed.esc.Check("Add token standees (1 inch per square)", func(bool) { count() })
	trim = ed.esc.Check("Trim to content (leave out empty floor at the edges)", func(bool) { count() })
	ov := ed.esc.Check("Current overlays (reach, path, cover…)", nil)
	count()
	d := dialog.NewForm("Export PDF", "Choose file…", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Paper", paper),
		widget.NewFormItem("", player),
		widget.NewFormItem("", sheet),
		widget.NewFormItem("", trim),
		widget.NewFormItem("", ov),
		widget.NewFormItem("Prints on", pages),
	}, func(ok bool) {
		if !ok {
			return
		}
		c := pdfChoices{paper: paper.Selected, player: player.Checked, sheet: sheet.Checked, trim: trim.Checked, overlays: ov.Checked}
		if c.player && export.PlayersSeeNothing(ed.enc) {
			// Said before the Save dialog: every page would print blank
			// (export.ErrPlayersSeeNothing).
			what, why := "Player version", "every page would print blank"
			if c.trim {
				what, why = "Trim to content", "there is nothing to trim to"
			}
			controls.ShowError(ed.win, "Could not export PDF", seeNothingError(what, why, "print"))
			return
		}
		e, o := ed.pdfExport(c)
		ed.files.Save("export PDF", filesave.FileBase(e.Name)+".pdf", []string{".pdf"}, func(w io.Writer) error { return export.PDF(w, e, o) })
	}, ed.win)
	d.Show()
	ed.esc.Confirms(d, d.Submit)
}

// pdfPagesWords says how many pages the map of e prints on with options
// o, and how they lie ("8 pages of letter, 4 across and 2 down,
// portrait"), "and the standees" when sheet; the dialog said nothing of
// it, and a 120 x 120 map printed 192 pages unannounced (1000 x 1000:
// 13,400).
func pdfPagesWords(e *model.Encounter, o export.PDFOptions, sheet bool) string {
	t, err := export.PDFTiling(e, o)
	if err != nil {
		if errors.Is(err, export.ErrPlayersSeeNothing) {
			return "nothing: the players see nothing of the map yet"
		}
		return "nothing: " + err.Error()
	}
	n := t.Pages()
	what := fmt.Sprintf("%d pages of %s, %d across and %d down", n, o.Paper, t.Cols, t.Rows)
	if n == 1 {
		what = "1 page of " + o.Paper
	}
	if t.Landscape {
		what += ", landscape"
	} else {
		what += ", portrait"
	}
	if sheet {
		what += ", and the standees"
	}
	return what
}

// seeNothingError is Export PNG's and Export PDF's refusal of a player
// version of a map all in fog (export.ErrPlayersSeeNothing): what names
// the option, why says what the file would be, and gms what the GM's
// version is ("print", "image").
func seeNothingError(what, why, gms string) error {
	return fmt.Errorf("%s: %w, so %s. Reveal the squares they have explored first, or uncheck Player version for the GM's %s. Nothing was written",
		what, export.ErrPlayersSeeNothing, why, gms)
}

// exportUVTT writes the map as a Universal VTT file. When the encounter
// holds what the file cannot (tokens, fog, a secret door, terrain that
// costs movement…), a dialog says so first, before the file is chosen:
// the file wrote without a word, and the GM learned only on importing it
// back, or at another table, that the tokens and the fog were gone.
// Enter chooses the file, Escape cancels.
func (ed *Editor) exportUVTT() {
	left := export.UVTTLeavesOut(ed.enc)
	if left == "" {
		ed.exportAs(filesave.UVTT)
		return
	}
	msg := widget.NewLabel("The file is the map for another virtual tabletop: its picture, walls, obstacles and doors. " +
		"It leaves out " + left + ".")
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Export Universal VTT", "Choose file…", "Cancel", msg, func(ok bool) {
		if ok {
			ed.exportAs(filesave.UVTT)
		}
	}, ed.win)
	d.Resize(fyne.NewSize(520, 0))
	d.Show()
	ed.esc.Confirms(d, d.Confirm)
}

func (ed *Editor) exportFile() { ed.exportAs(filesave.EncounterFile) }

// exportAs writes a copy of the encounter, as it is now, as f.
func (ed *Editor) exportAs(f filesave.Format) {
	e := ed.enc.Clone()
	ed.files.Export(f, e.Name, func() (*model.Encounter, error) { return e, nil })
}

// pngPXChoices are the Export PNG dialog's pixels a square: those of 35,
// 50, 70, 100 and 140 that make an image the export can write, and the
// most that fit when that is below 70; it starts at 70, or the most that
// fit.
func pngPXChoices(e *model.Encounter) (choices []string, start string) {
	most := filesave.FittingPX(e)
	for _, px := range []int{35, 50, 70, 100, 140} {
		if px <= most {
			choices = append(choices, strconv.Itoa(px))
		}
	}
	start = strconv.Itoa(min(export.DefaultPX, most))
	if !slices.Contains(choices, start) {
		choices = append(choices, start)
	}
	return choices, start
}
