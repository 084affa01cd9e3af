package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/export"
	"encounterplanner/ui/session"
)

// previewSide is the largest side of the alignment preview, in pixels.
const previewSide = 480

// mapImageRead is a map image read off the UI goroutine, with the grid
// DetectGrid found in it (ok false: none).
type mapImageRead struct {
	img        *export.MapImage
	px, ox, oy float64
	ok         bool
}

// importMapImageDialog is Encounter > Import map image…: pick a PNG, JPEG
// or WebP file, read it with a progress bar, then align the grid.
func (ed *Editor) importMapImageDialog() {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			controls.ShowError(ed.win, "Could not open the file", err)
			return
		}
		if rc == nil {
			return
		}
		ed.readMapImage(rc.URI().Name(), rc, nil)
	}, ed.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".png", ".jpg", ".jpeg", ".webp"}))
	d.Resize(fyne.NewSize(760, 520))
	d.Show()
}

// readMapImage reads the image in r (and closes it) on another goroutine
// while a dialog shows the progress (Cancel stops it), detects its grid
// there too, then opens the alignment dialog, or calls done instead when
// done is not nil (tests).
func (ed *Editor) readMapImage(name string, r io.ReadCloser, done func(*mapImageRead, error)) {
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	prog := dialog.NewCustom("Reading "+name, "Cancel", container.NewVBox(widget.NewLabel("Reading the image…"), bar), ed.win)
	prog.SetOnClosed(cancel)
	prog.Resize(fyne.NewSize(400, 0))
	prog.Show()
	go func() {
		defer r.Close()
		last := -1
		mi, err := export.ReadMapImage(ctx, r, func(f float64) {
			if pc := int(f * 100); pc != last { // a hundred updates at most
				last = pc
				ed.post(func() { bar.SetValue(f) })
			}
		})
		res := &mapImageRead{img: mi}
		if err == nil {
			res.px, res.ox, res.oy, res.ok = export.DetectGrid(mi.Image)
		}
		ed.post(func() {
			prog.Hide()
			cancel()
			switch {
			case done != nil:
				done(res, err)
			case errors.Is(err, context.Canceled):
			case err != nil:
				controls.ShowError(ed.win, "Could not import "+name, err)
			default:
				ed.alignMapImage(name, res)
			}
		})
	}()
}

// proposedPlacement is where the alignment dialog starts: the detected
// grid, or the image spread over the map's width.
func (ed *Editor) proposedPlacement(r *mapImageRead) model.BackgroundPlacement {
	if r.ok {
		return model.BackgroundPlacement{X: r.ox, Y: r.oy, PxPerSquare: r.px}
	}
	iw, _ := r.img.Size()
	return model.BackgroundPlacement{PxPerSquare: float64(iw) / float64(max(1, ed.enc.Grid.W))}
}

// alignMapImage shows the image with the grid a placement gives it; the
// GM types pixels per square and the offset and sees the grid move, then
// Apply makes it the background.
func (ed *Editor) alignMapImage(name string, r *mapImageRead) {
	p := ed.proposedPlacement(r)
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	px, ox, oy := ed.esc.Entry(), ed.esc.Entry(), ed.esc.Entry()
	px.SetText(num(p.PxPerSquare))
	ox.SetText(num(p.X))
	oy.SetText(num(p.Y))
	found := "No grid found in the image: type its pixels per square."
	if r.ok {
		found = fmt.Sprintf("Grid found: %s px a square from (%s, %s).", num(r.px), num(r.ox), num(r.oy))
	}
	info := widget.NewLabel("")
	info.Wrapping = fyne.TextWrapWord
	pic := canvas.NewImageFromImage(nil)
	pic.FillMode = canvas.ImageFillContain
	pic.SetMinSize(fyne.NewSize(previewSide, previewSide*3/4))
	update := func(string) {
		q, err := readPlacement(px.Text, ox.Text, oy.Text)
		var w, h int
		if err == nil {
			w, h, err = r.img.MapSize(q)
		}
		if err != nil {
			info.SetText(found + "\n" + err.Error())
			return
		}
		info.SetText(fmt.Sprintf("%s\nThe map becomes %d x %d squares.", found, w, h))
		pic.Image = session.GridPreview(r.img.Image, q, w, h, previewSide)
		pic.Refresh()
	}
	px.OnChanged, ox.OnChanged, oy.OnChanged = update, update, update
	update("")
	form := widget.NewForm(
		widget.NewFormItem("Pixels per square", px),
		widget.NewFormItem("Offset x (px)", ox),
		widget.NewFormItem("Offset y (px)", oy),
	)
	d := dialog.NewCustomConfirm("Align the grid on "+name, "Apply", "Cancel", container.NewBorder(nil, container.NewVBox(info, form), nil, nil, pic), func(ok bool) {
		if !ok {
			return
		}
		q, err := readPlacement(px.Text, ox.Text, oy.Text)
		if err == nil {
			err = ed.ApplyMapImage(r.img, q)
		}
		if err != nil {
			controls.ShowError(ed.win, "Could not use "+name+" as the map", err)
		}
	}, ed.win)
	d.Resize(fyne.NewSize(560, 640))
	ed.esc.Closes(d)
	d.Show()
}

// readPlacement reads the alignment fields.
func readPlacement(px, ox, oy string) (model.BackgroundPlacement, error) {
	var vals [3]float64
	for i, f := range []struct{ name, s string }{{"pixels per square", px}, {"offset x", ox}, {"offset y", oy}} {
		v, err := strconv.ParseFloat(strings.TrimSpace(f.s), 64)
		if err != nil {
			return model.BackgroundPlacement{}, fmt.Errorf("%s: %q is not a number", f.name, f.s)
		}
		vals[i] = v
	}
	return model.BackgroundPlacement{PxPerSquare: vals[0], X: vals[1], Y: vals[2]}, nil
}

// ApplyMapImage makes img the encounter's background under placement p
// and gives the map the size the image covers (ReshapeMap at the top-left:
// terrain, edges, fog and tokens keep their squares), one undo step. A
// token left off the smaller map refuses it, naming the token.
func (ed *Editor) ApplyMapImage(img *export.MapImage, p model.BackgroundPlacement) error {
	w, h, err := img.MapSize(p)
	if err != nil {
		return err
	}
	err = ed.apply("", func(c *model.Encounter) error {
		c.Background, c.Placement = img.DataURL, &p
		c.ReshapeMap(0, 0, w, h)
		return nil
	})
	if err != nil {
		return err
	}
	ed.message(fmt.Sprintf("Map image placed: %d x %d squares", w, h))
	ed.view.Fit()
	return nil
}
