package ui

import (
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/library"
	"encounterplanner/ui/session"
)

// maxArtFileBytes bounds the picture file read for a token.
const maxArtFileBytes = 64 << 20

// SetTokenArt gives token i the PNG or JPEG picture in data (scaled down
// to session.TokenArtSide when larger), one undo step.
func (ed *Editor) SetTokenArt(i int, data []byte) error {
	if i < 0 || i >= len(ed.enc.Tokens) {
		return fmt.Errorf("select a token first")
	}
	url, err := session.TokenArt(data)
	if err != nil {
		return err
	}
	return ed.setTokenArt(i, url)
}

// setTokenArt gives token i the picture url (session.TokenArt's), one
// undo step.
func (ed *Editor) setTokenArt(i int, url string) error {
	name := ed.enc.Tokens[i].Name
	if err := ed.apply("", func(c *model.Encounter) error { c.Tokens[i].Image = url; return nil }); err != nil {
		return err
	}
	ed.message(name + " has a new picture")
	ed.showInspector()
	return nil
}

// RemoveTokenArt takes the selected token's picture away (one undo step).
func (ed *Editor) RemoveTokenArt() {
	i := ed.sel
	if i < 0 || i >= len(ed.enc.Tokens) || ed.enc.Tokens[i].Image == "" {
		return
	}
	if ed.apply("", func(c *model.Encounter) error { c.Tokens[i].Image = ""; return nil }) == nil {
		ed.showInspector()
	}
}

// readArt reads the picture file in r for token i, and closes it, off the
// UI goroutine: decoding and scaling down a large picture takes seconds
// (an 8192 x 7424 PNG 2.5 s), which froze the window. The status bar says
// it is being read; the picture is then set through ed.post on that token
// wherever it stands by then (nothing when it is gone, or the editor is
// no longer shown), or an error dialog names the file. done, when not
// nil, is called after (tests).
func (ed *Editor) readArt(i int, name string, r io.ReadCloser, done func(error)) {
	tok := ed.enc.Tokens[i]
	ed.message("Reading " + name + " for " + tok.Name + "…")
	go func() {
		defer r.Close()
		data, err := io.ReadAll(io.LimitReader(r, maxArtFileBytes+1))
		if err == nil && len(data) > maxArtFileBytes {
			err = fmt.Errorf("token image: the file is larger than %d MiB", maxArtFileBytes>>20)
		}
		url := ""
		if err == nil {
			url, err = session.TokenArt(data)
		}
		ed.post(func() {
			if ed.win.Content() != ed.content {
				return // the window shows something else now (the library)
			}
			if err == nil {
				if j := ed.tokenNow(i, tok); j >= 0 {
					err = ed.setTokenArt(j, url)
				} else {
					ed.message(tok.Name + " is gone: " + name + " was not used")
				}
			}
			if err != nil {
				controls.ShowError(ed.win, "Could not use "+name+" as the token's picture", err)
			}
			if done != nil {
				done(err)
			}
		})
	}()
}

// tokenNow is the index now of the token that was tok at index i: found
// by its id, or (a token without one) still at i under its name; -1 when
// it is gone.
func (ed *Editor) tokenNow(i int, tok model.Token) int {
	if tok.ID != "" {
		for j := range ed.enc.Tokens {
			if ed.enc.Tokens[j].ID == tok.ID {
				return j
			}
		}
		return -1
	}
	if i < len(ed.enc.Tokens) && ed.enc.Tokens[i].Name == tok.Name {
		return i
	}
	return -1
}

// pickTokenArt asks for a PNG or JPEG file for the selected token.
func (ed *Editor) pickTokenArt() {
	i := ed.sel
	if i < 0 {
		return
	}
	controls.OpenFile(ed.win, []string{".png", ".jpg", ".jpeg"}, func(rc fyne.URIReadCloser) {
		if i >= len(ed.enc.Tokens) {
			rc.Close()
			return
		}
		ed.readArt(i, rc.URI().Name(), rc, nil)
	})
}

// dropped handles files dropped on the window: an encounter file or a
// Universal VTT map is imported (library.DropImport); one PNG or JPEG
// dropped on a token, or anywhere with a token selected, becomes its
// picture. A picture (PNG, JPEG or WebP) dropped on the map where no
// token stands, with none selected, is read as the map image, to align as
// Encounter > Import map image… does: it said "Select a token first",
// which is no way to a battle map. Nothing happens while a dialog is up.
func (ed *Editor) dropped(pos fyne.Position, uris []fyne.URI) {
	if ed.win.Content() != ed.content || controls.DialogOpen(ed.win) {
		return // the window shows something else now (the library), or a dialog
	}
	if len(uris) == 1 && library.DropImport(ed.win, ed.store, uris[0], ed.post, ed.openOther) {
		return
	}
	onMap := false
	if d := fyne.CurrentApp().Driver(); d != nil {
		at := pos.Subtract(d.AbsolutePositionForObject(ed.view))
		if at.X >= 0 && at.Y >= 0 && at.X < ed.view.Size().Width && at.Y < ed.view.Size().Height {
			x, y := ed.view.SquareAt(at)
			onMap = ed.enc.Grid.In(x, y)
			if i := ed.tokenAt(x, y); i >= 0 {
				ed.Select(i)
			}
		}
	}
	if len(uris) > 1 {
		ed.message(fmt.Sprintf("Drop one file at a time: %d were dropped", len(uris)))
		return
	}
	if len(uris) == 1 && ed.sel < 0 && onMap && isMapPicture(uris[0]) {
		rc, err := storage.Reader(uris[0])
		if err != nil {
			controls.ShowError(ed.win, "Could not open "+uris[0].Name(), err)
			return
		}
		ed.readMapImage(uris[0].Name(), rc, nil)
		return
	}
	if len(uris) != 1 || ed.sel < 0 {
		if len(uris) > 0 && ed.sel < 0 {
			ed.message("Select a token first, then drop its picture on the window; a battle map picture dropped on the map becomes its map image")
		}
		return
	}
	u := uris[0]
	switch strings.ToLower(u.Extension()) {
	case ".png", ".jpg", ".jpeg":
	default:
		ed.message("Drop a PNG or JPEG picture for the token, or an encounter file or Universal VTT map to import it, not " + u.Name())
		return
	}
	rc, err := storage.Reader(u)
	if err != nil {
		controls.ShowError(ed.win, "Could not open "+u.Name(), err)
		return
	}
	ed.readArt(ed.sel, u.Name(), rc, nil)
}

// isMapPicture reports whether u names a picture Encounter > Import map
// image… reads: a PNG, JPEG or WebP file.
func isMapPicture(u fyne.URI) bool {
	switch strings.ToLower(u.Extension()) {
	case ".png", ".jpg", ".jpeg", ".webp":
		return true
	}
	return false
}

// tokenArtButtons are the inspector's Image… and Remove image buttons.
func (ed *Editor) tokenArtButtons() fyne.CanvasObject {
	pick := controls.NewPaneButton("Image…", ed.pickTokenArt)
	remove := controls.NewPaneButton("Remove image", ed.RemoveTokenArt)
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) || ed.enc.Tokens[ed.sel].Image == "" {
		remove.Disable()
	}
	return container.NewGridWithColumns(2, pick, remove)
}
