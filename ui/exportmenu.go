package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
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

// fileBase is a file name made from the encounter name.
func fileBase(name string) string {
	s := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '-'
		}
		return r
	}, strings.TrimSpace(name))
	if s == "" {
		s = "encounter"
	}
	return s
}

// saveFile asks for a file and writes it with write; errors show in a dialog.
func (ed *Editor) saveFile(title, name string, exts []string, write func(w io.Writer) error) {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			controls.ShowError(ed.win, "Could not "+title, err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		ed.writeChosen(title, wc, exts, write)
	}, ed.win)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Resize(controls.FileDialogSize)
	d.Show()
	// Escape cancels it once the file name field has no focus: Fyne's
	// field, focused as the dialog opens, keeps Escape to itself
	ed.esc.Closes(d)
}

// writeChosen writes what write produces to the file the save dialog
// chose, through export.WriteFile: a regular file only (never a device, a
// FIFO or a folder), replaced only once it is complete. Fyne's dialog has
// opened the file itself (in the app, through controls.KeepFilesUntilWritten,
// without emptying it); only its path is used, and its writer closed
// first. A name typed without an extension gets the format's, exts[0]
// (controls.WithExtension): the empty file the dialog made under the bare
// name is removed, and an existing file under the full name is replaced
// only once the GM says so (the dialog asked about the bare name only).
func (ed *Editor) writeChosen(title string, wc fyne.URIWriteCloser, exts []string, write func(w io.Writer) error) {
	u := wc.URI()
	_ = wc.Close() // the dialog's own empty file: WriteFile replaces it
	if u.Scheme() != "file" {
		controls.ShowError(ed.win, "Could not "+title, fmt.Errorf("%s is not a file on this computer: choose a file in a folder", u))
		return
	}
	path := u.Path()
	full := controls.WithExtension(path, exts)
	if full == path {
		ed.writePath(title, path, write)
		return
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		_ = os.Remove(path) // the dialog's, under the bare name
	}
	if _, err := os.Lstat(full); err != nil {
		ed.writePath(title, full, write)
		return
	}
	d := dialog.NewConfirm("Replace "+filepath.Base(full)+"?", fmt.Sprintf("%s already exists in %s. Replace it?", filepath.Base(full), filepath.Dir(full)), func(ok bool) {
		if ok {
			ed.writePath(title, full, write)
		}
	}, ed.win)
	d.SetConfirmText("Replace")
	d.SetDismissText("Cancel")
	d.Show()
	ed.esc.Confirms(d, d.Dismiss) // Escape and Enter keep the file: replacing it for good takes a click
}

// writePath writes what write produces to path (export.WriteFile) and says
// so in the status bar; an error shows in a dialog. It writes on another
// goroutine, under a dialog that says what is being written: a PNG of a
// map on an 8192 x 7424 image takes about 3 s, a PDF 4 s, which froze the
// window with the Save dialog still drawn, as if hung, and queued the
// GM's clicks meanwhile for the map. write must only read what it draws
// (the export menus give it a copy of the encounter).
func (ed *Editor) writePath(title, path string, write func(w io.Writer) error) {
	name := filepath.Base(path)
	bar := widget.NewProgressBarInfinite()
	heading := strings.ToUpper(title[:1]) + title[1:] // "Export PNG"
	msg := widget.NewLabel("Writing " + name + "…")
	msg.Wrapping = fyne.TextWrapBreak // a long name stays in the dialog
	d := dialog.NewCustomWithoutButtons(heading, container.NewVBox(msg, bar), ed.win)
	d.Resize(fyne.NewSize(400, 0))
	d.Show()
	ed.exporting++
	go func() {
		n, err := export.WriteFile(path, write)
		ed.post(func() {
			ed.exporting--
			bar.Stop()
			d.Hide()
			ed.wrote(title, path, n, err)
		})
	}()
}

// wrote says how writing path went: the file's size in the status bar, or
// an error dialog that says what to do.
func (ed *Editor) wrote(title, path string, n int64, err error) {
	if err != nil {
		var fe *export.FolderError
		switch {
		case errors.Is(err, export.ErrNotRegular) || errors.Is(err, export.ErrNotFolder):
			err = fmt.Errorf("%w. Nothing was written: choose a file name in a folder", err)
		case errors.As(err, &fe):
			err = fmt.Errorf("%w (nothing was written: choose another folder or file name and try again)", err)
		}
		controls.ShowError(ed.win, "Could not "+title, err)
		return
	}
	ed.message(fmt.Sprintf("wrote %s (%s)", filepath.Base(path), byteSize(n)))
}

// byteSize says n bytes as a GM reads it: "812 bytes", "34 KB", "2.1 MB".
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000*1000:
		return fmt.Sprintf("%d KB", (n+500)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
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
		ed.saveFile("export PNG", fileBase(e.Name)+".png", []string{".png"}, func(w io.Writer) error { return export.PNG(w, e, o) })
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
	paper := ed.esc.Select([]string{"letter", "a4"}, nil)
	paper.SetSelected("letter")
	player := ed.esc.Check("Player version (no hidden tokens)", nil)
	sheet := ed.esc.Check("Add token standees (1 inch per square)", nil)
	trim := ed.esc.Check("Trim to content (leave out empty floor at the edges)", nil)
	ov := ed.esc.Check("Include current overlays (reach, path, cover…)", nil)
	d := dialog.NewForm("Export PDF", "Choose file…", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Paper", paper),
		widget.NewFormItem("", player),
		widget.NewFormItem("", sheet),
		widget.NewFormItem("", trim),
		widget.NewFormItem("", ov),
	}, func(ok bool) {
		if !ok {
			return
		}
		e, o := ed.pdfExport(pdfChoices{paper: paper.Selected, player: player.Checked, sheet: sheet.Checked, trim: trim.Checked, overlays: ov.Checked})
		ed.saveFile("export PDF", fileBase(e.Name)+".pdf", []string{".pdf"}, func(w io.Writer) error { return export.PDF(w, e, o) })
	}, ed.win)
	d.Show()
	ed.esc.Confirms(d, d.Submit)
}

func (ed *Editor) exportUVTT() {
	e := ed.enc.Clone()
	ed.saveFile("export UVTT", fileBase(e.Name)+".dd2vtt", []string{".dd2vtt", ".uvtt"}, ed.uvttWrite(e))
}

// fittingPX is the most pixels a square at which e's map makes an image
// the exports can write (export.MaxImageSide a side): 54 for a map 300
// squares wide, 16 for 1000.
func fittingPX(e *model.Encounter) int {
	return max(export.MaxImageSide/max(e.Grid.W, e.Grid.H, 1), 1)
}

// pngPXChoices are the Export PNG dialog's pixels a square: those of 35,
// 50, 70, 100 and 140 that make an image the export can write, and the
// most that fit when that is below 70; it starts at 70, or the most that
// fit.
func pngPXChoices(e *model.Encounter) (choices []string, start string) {
	most := fittingPX(e)
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

// uvttWrite writes e as a Universal VTT file at 70 px a square or, on a
// map too wide for that, the most that fit (the file's pixels_per_grid
// says which): the app has no --px to lower.
func (ed *Editor) uvttWrite(e *model.Encounter) func(io.Writer) error {
	px := min(export.DefaultPX, fittingPX(e))
	return func(w io.Writer) error { return export.UVTT(w, e, px) }
}

func (ed *Editor) exportFile() {
	e := ed.enc.Clone()
	ed.saveFile("export encounter", fileBase(e.Name)+".encounter.json", []string{".json"}, func(w io.Writer) error { return model.WriteEncounter(w, e) })
}
