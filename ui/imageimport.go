package ui

import (
	"fmt"
	"io"

	"encounterplanner/model"
	"encounterplanner/ui/export"
	"encounterplanner/ui/library"
	"encounterplanner/ui/mapimport"
)

// mapImageRead is a map image read for the editor: the image, its file
// name and detected grid, and img, its pixels and data URL.
type mapImageRead struct {
	*mapimport.Image
	img *export.MapImage
}

// importMapImageDialog is Encounter > Import map image…: pick a PNG, JPEG
// or WebP file, read it with a progress bar, then align the grid.
func (ed *Editor) importMapImageDialog() {
	mapimport.PickFile(ed.win, func(name string, r io.ReadCloser) { ed.readMapImage(name, r, nil) })
}

// newFromMapImage is File > New from map image…: a new encounter whose
// map is the image, under the open encounter's ruleset at first; it opens
// once created (after this one is saved).
func (ed *Editor) newFromMapImage() {
	if library.RefuseReadOnly(ed.win, ed.store, "create the encounter") {
		return // before the image is picked and aligned, not after
	}
	mapimport.NewFromImage(ed.win, ed.store, ed.esc, ed.post, ed.enc.Ruleset, ed.openOther)
}

// readMapImage reads the image in r (and closes it) off the UI goroutine
// behind a progress bar (mapimport.Read), then opens the alignment
// dialog, or calls done instead when done is not nil (tests).
func (ed *Editor) readMapImage(name string, r io.ReadCloser, done func(*mapImageRead, error)) {
	mapimport.Read(ed.win, ed.post, name, r, func(img *mapimport.Image, err error) {
		if done != nil {
			done(&mapImageRead{Image: img, img: img.MapImage}, err)
			return
		}
		if !mapimport.ShowReadError(ed.win, name, err) {
			ed.alignMapImage(img)
		}
	})
}

// proposedPlacement is where the alignment dialog starts: the detected
// grid, or the image spread over the map's width.
func (ed *Editor) proposedPlacement(r *mapImageRead) model.BackgroundPlacement {
	return mapimport.Proposed(r.img, r.Grid, ed.enc.Grid.W)
}

// alignMapImage shows the alignment dialog for img; Apply makes it the
// background of the open encounter.
func (ed *Editor) alignMapImage(img *mapimport.Image) *mapimport.AlignDialog {
	return mapimport.ShowAlign(ed.win, ed.esc, img, mapimport.AlignOptions{
		Start: mapimport.Proposed(img.MapImage, img.Grid, ed.enc.Grid.W),
		Apply: func(a mapimport.Aligned) error { return ed.ApplyMapImage(img.MapImage, a.Placement) },
		MapW:  ed.enc.Grid.W, MapH: ed.enc.Grid.H, Holds: mapHolds(ed.enc),
	})
}

// mapHolds says what e's map holds that keeps its squares when a map
// image gives it another size (ApplyMapImage: ReshapeMap at the top-left),
// in the GM's words: "its walls and terrain, its edge walls and doors,
// the fog of war and 3 tokens"; "" when the map is open ground and empty.
func mapHolds(e *model.Encounter) string {
	var out []string
	for _, c := range e.Grid.Cells {
		if c != 0 {
			out = append(out, "its walls and terrain")
			break
		}
	}
	if len(e.Edges) > 0 {
		out = append(out, "its edge walls and doors")
	}
	if e.Revealed != nil {
		out = append(out, "the fog of war")
	}
	if len(e.Areas) > 0 {
		out = append(out, "its area templates")
	}
	switch n := len(e.Tokens); n {
	case 0:
	case 1:
		out = append(out, "its token")
	default:
		out = append(out, fmt.Sprintf("its %d tokens", n))
	}
	return model.AndList(out)
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
