package ui

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// TestTokenArtDropAndRemove drops a PNG on the window with a token
// selected: the token gets the (scaled-down) picture, Remove image takes
// it away, and undo brings each state back.
func TestTokenArtDropAndRemove(t *testing.T) {
	e := openEncounter(t, 6, 6)
	e.Tokens = []model.Token{{Name: "Dae", Side: "party", X: 1, Y: 1, Size: model.Medium, Speeds: map[string]int{"land": 25}}}
	ed, _, p := newTestEditor(t, e)
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 800, 800))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dae.png")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	u := storage.NewFileURI(path)
	ed.dropped(fyne.Position{}, []fyne.URI{u})
	if ed.enc.Tokens[0].Image != "" || !strings.Contains(ed.status.msgLabel.Text, "Select a token first") {
		t.Fatalf("drop with no token selected: %q", ed.status.msgLabel.Text)
	}
	// dropped on the token: it is selected and takes the picture
	drop := fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.view).Add(at(ed, 1, 1))
	ed.dropped(drop, []fyne.URI{u})
	if ed.Selected() != 0 {
		t.Fatalf("drop on the token selected %d", ed.Selected())
	}
	p.until(t, "the picture read", func() bool { return ed.enc.Tokens[0].Image != "" }) // off the UI goroutine
	img := ed.enc.Tokens[0].Image
	if w, h, err := model.ImageSize(img); err != nil || w != 512 || h != 512 {
		t.Fatalf("dropped 800 px picture stored at %dx%d (%v)", w, h, err)
	}
	var remove *controls.PaneButton
	for _, o := range ed.insp.box.Objects {
		if c, ok := o.(*fyne.Container); ok {
			for _, b := range c.Objects {
				if b, ok := b.(*controls.PaneButton); ok && b.Text == "Remove image" {
					remove = b
				}
			}
		}
	}
	if remove == nil || remove.Disabled() {
		t.Fatal("no enabled Remove image button")
	}
	remove.OnTapped()
	if ed.enc.Tokens[0].Image != "" {
		t.Fatal("Remove image kept the picture")
	}
	ed.Undo()
	if ed.enc.Tokens[0].Image != img {
		t.Fatal("undo did not bring the picture back")
	}
	ed.Undo()
	if ed.enc.Tokens[0].Image != "" {
		t.Fatal("undo did not take the drop back")
	}
}
