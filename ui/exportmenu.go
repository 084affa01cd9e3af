package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/export"
	"encounterplanner/ui/render"
)

// importer is the optional store method that stores an imported encounter
// under a free name (storage.Store has it); others get Save with no id.
type importer interface {
	Import(ctx context.Context, e *model.Encounter) (id, name string, err error)
}

// exportItems are the File menu's export and import entries.
func (ed *Editor) exportItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export PNG…", ed.exportPNG),
		fyne.NewMenuItem("Export PDF (print)…", ed.exportPDF),
		fyne.NewMenuItem("Export Universal VTT…", ed.exportUVTT),
		fyne.NewMenuItem("Export encounter file…", ed.exportFile),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Import encounter file…", func() { importDialog(ed.win, ed.store, false, ed.openOther) }),
		fyne.NewMenuItem("Import Universal VTT…", func() { importDialog(ed.win, ed.store, true, ed.openOther) }),
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
			showError(ed.win, "Could not "+title, err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		werr := write(wc)
		cerr := wc.Close()
		if err := errors.Join(werr, cerr); err != nil {
			showError(ed.win, "Could not "+title, fmt.Errorf("%s: %w (choose another folder or file name and try again)", wc.URI().Path(), err))
			return
		}
		ed.message("wrote " + wc.URI().Name())
	}, ed.win)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Resize(fyne.NewSize(760, 520))
	d.Show()
}

func (ed *Editor) exportPNG() {
	player := widget.NewCheck("Player version (no hidden tokens or GM notes)", nil)
	grid := widget.NewCheck("Grid lines", nil)
	grid.SetChecked(true)
	ov := widget.NewCheck("Current overlays (reach, path, cover…)", nil)
	px := widget.NewSelect([]string{"35", "50", "70", "100", "140"}, nil)
	px.SetSelected("70")
	dialog.ShowForm("Export PNG", "Choose file…", "Cancel", []*widget.FormItem{
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
			o.Overlays = ed.ov
			if player.Checked {
				e, o.Overlays = ed.playerOverlays()
			}
		}
		ed.saveFile("export PNG", fileBase(e.Name)+".png", []string{".png"}, func(w io.Writer) error { return export.PNG(w, e, o) })
	}, ed.win)
}

// playerOverlays computes the current overlays as the players may see
// them, for the player version of an export: on a copy of the encounter
// without its hidden tokens (the GM's overlays give one away: a reach or
// path that detours around it, its enemy reach, a foe it flanks, the cover
// it gives); a hidden selected token shows nothing. It returns the copy to
// draw (the overlays' token numbers are the copy's) and its overlays.
func (ed *Editor) playerOverlays() (*model.Encounter, *render.Overlays) {
	e := ed.enc.Clone()
	pe := e.Clone()
	pe.Tokens = nil
	sel := -1
	for i := range e.Tokens {
		if e.Tokens[i].Hidden {
			continue
		}
		if i == ed.sel {
			sel = len(pe.Tokens)
		}
		pe.Tokens = append(pe.Tokens, e.Tokens[i])
	}
	req := &overlayReq{enc: pe, rev: ed.rev, sel: sel, set: ed.settings, drag: -1}
	if ed.hovered != nil {
		h := *ed.hovered
		req.hover = &h
	}
	r := (&overlayWorker{}).compute(req)
	o := render.NewOverlays()
	o.Units = unit(pe.Ruleset)
	o.Selected = sel
	if sel >= 0 {
		if ed.settings.Reach {
			o.Reach, o.Collide = r.reach, r.collide
		}
		if ed.settings.Path && r.path != nil {
			o.Path, o.PathFrom = r.path, sel
		}
		if ed.settings.Cover {
			o.Cover = append(append([]render.CoverLine(nil), r.cover...), r.coverBack...)
		}
		if ed.settings.Threat {
			o.Threat = r.threat
		}
	}
	if ed.settings.Flank {
		o.Flanks = r.flanks
	}
	return pe, o
}

func (ed *Editor) exportPDF() {
	paper := widget.NewSelect([]string{"letter", "a4"}, nil)
	paper.SetSelected("letter")
	player := widget.NewCheck("Player version (no hidden tokens)", nil)
	sheet := widget.NewCheck("Add token standees (1 inch per square)", nil)
	dialog.ShowForm("Export PDF", "Choose file…", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Paper", paper),
		widget.NewFormItem("", player),
		widget.NewFormItem("", sheet),
	}, func(ok bool) {
		if !ok {
			return
		}
		o := export.PDFOptions{Paper: paper.Selected, Player: player.Checked, TokenSheet: sheet.Checked}
		e := ed.enc.Clone()
		ed.saveFile("export PDF", fileBase(e.Name)+".pdf", []string{".pdf"}, func(w io.Writer) error { return export.PDF(w, e, o) })
	}, ed.win)
}

func (ed *Editor) exportUVTT() {
	e := ed.enc.Clone()
	ed.saveFile("export UVTT", fileBase(e.Name)+".dd2vtt", []string{".dd2vtt", ".uvtt"}, func(w io.Writer) error { return export.UVTT(w, e, 0) })
}

func (ed *Editor) exportFile() {
	e := ed.enc.Clone()
	ed.saveFile("export encounter", fileBase(e.Name)+".encounter.json", []string{".json"}, func(w io.Writer) error { return model.WriteEncounter(w, e) })
}

// importDialog reads an encounter file (or a UVTT map) into the store as a
// new encounter and hands its id to open.
func importDialog(win fyne.Window, store model.EncounterStore, uvtt bool, open func(id string)) {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			showError(win, "Could not open the file", err)
			return
		}
		if rc == nil {
			return
		}
		defer rc.Close()
		e, err := readImport(rc, rc.URI().Name(), uvtt)
		if err != nil {
			showError(win, "Could not import "+rc.URI().Name(), err)
			return
		}
		id, err := importEncounter(store, e)
		if err != nil {
			showError(win, "Could not import "+rc.URI().Name(), fmt.Errorf("store the imported encounter: %w", err))
			return
		}
		if open != nil {
			open(id)
		}
	}, win)
	if uvtt {
		d.SetFilter(storage.NewExtensionFileFilter([]string{".dd2vtt", ".uvtt", ".df2vtt"}))
	} else {
		d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	}
	d.Resize(fyne.NewSize(760, 520))
	d.Show()
}

// importEncounter stores e as a new encounter and returns its id.
func importEncounter(store model.EncounterStore, e *model.Encounter) (string, error) {
	ctx, cancel := ctx10()
	defer cancel()
	e.ID, e.Version = "", 0
	if im, ok := store.(importer); ok {
		id, _, err := im.Import(ctx, e)
		return id, err
	}
	if err := store.Save(ctx, e); err != nil {
		return "", err
	}
	return e.ID, nil
}

// readImport reads an encounter file, or a Universal VTT map named after
// its file; the error says what is wrong where and what to do.
func readImport(r io.Reader, fileName string, uvtt bool) (*model.Encounter, error) {
	var e *model.Encounter
	var err error
	if uvtt {
		e, err = export.ImportUVTT(r, strings.TrimSuffix(fileName, filepath.Ext(fileName)))
	} else {
		e, err = model.ReadEncounter(r)
	}
	if err != nil {
		return nil, importHint(err, uvtt)
	}
	return e, nil
}

// importHint adds to a file's read error what the GM can do about it.
func importHint(err error, uvtt bool) error {
	if uvtt {
		return fmt.Errorf("%w. Export the map again from the map maker as Universal VTT (.dd2vtt, .uvtt or .df2vtt) and import that file", err)
	}
	return fmt.Errorf("%w. Choose a file written by Export encounter file (encounter/1 JSON); for a .dd2vtt map use Import Universal VTT", err)
}
