// Package export writes an encounter's map as a PNG image, a printable PDF
// at true scale and a Universal VTT (.dd2vtt) file, and reads .dd2vtt files
// back as new encounters. It draws with ui/render, so an export looks like
// the editor; it imports no Fyne.
//
// It lives under ui/ because an export is a picture of what the editor
// shows, drawn by ui/render; the design card fixes the top level, so the
// drawing and what writes it out stay beside the interface they mirror.
package export

import (
	"fmt"
	"image"
	"io"

	"encounterplanner/model"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// MaxImageSide is the largest PNG (or UVTT image) side, in pixels.
const MaxImageSide = 16384

// DefaultPX is the pixels per square when PNGOptions.PX is 0.
const DefaultPX = 70

// PNGOptions says how to draw the PNG.
type PNGOptions struct {
	PX       int              // pixels per square; 0 = DefaultPX
	Grid     bool             // draw the grid lines
	Player   bool             // leave out hidden tokens and GM-only notes
	Overlays *render.Overlays // nil: none; AreaOverlays: the placed areas alone
}

// AreaOverlays are the overlays of an export that leaves out the current
// overlays (reach, path, cover...): the placed area templates alone, as
// the app's Export PNG and PDF and the command line's export draw them
// (ui/help.go: areas are shaded "in PNG and PDF exports"); nil when e has
// none. For the players' version (player) the shades are computed on the
// players' view of e (session.PlayersView: without hidden tokens, so an
// area drawn from one is left out), and drawing with View.Player leaves
// out the areas not marked for the players. Time O(areas x rules.Area).
func AreaOverlays(e *model.Encounter, player bool) *render.Overlays {
	if len(e.Areas) == 0 {
		return nil
	}
	if player {
		e, _ = session.PlayersView(e.Clone(), -1)
	}
	o := render.NewOverlays()
	o.Areas = session.AreaShades(e)
	return o
}

// pngBandBytes bounds the band of rows PNG renders at a time (a variable
// so tests can force many bands).
var pngBandBytes = 8 << 20

// PNG writes the map of e as a PNG exactly W*px by H*px pixels, square
// (0, 0) at the top-left pixel: background, terrain, grid and tokens. A side
// over MaxImageSide is refused with an error wrapping model.ErrInvalid; the
// players' image (Player) of a map all in fog, ErrPlayersSeeNothing.
//
// It renders a band of rows at a time into one buffer of about
// pngBandBytes and streams each band through the PNG encoder, so memory
// holds one band, never the whole image (a 16000 x 16000 map would be 1
// GB). Bands are whole squares, a multiple of 8 pixels tall, so every
// pattern lines up as in one image.
func PNG(w io.Writer, e *model.Encounter, o PNGOptions) error {
	px := o.PX
	if px == 0 {
		px = DefaultPX
	}
	if err := checkSize(e, px); err != nil {
		return err
	}
	if o.Player && PlayersSeeNothing(e) {
		// an image of fog from edge to edge, as the PDF's blank pages
		return fmt.Errorf("export png: player version: %w", ErrPlayersSeeNothing)
	}
	W, H := e.Grid.W*px, e.Grid.H*px
	squares := max(pngBandBytes/(W*4)/px/8*8, 8)
	bandH := min(squares*px, H)
	buf := image.NewRGBA(image.Rect(0, 0, W, bandH))
	pw := newPNGWriter(w, W, H)
	r := render.NewRenderer()
	for y0 := 0; y0 < H && pw.err == nil; y0 += bandH {
		band := buf.SubImage(image.Rect(0, 0, W, min(bandH, H-y0))).(*image.RGBA)
		r.Draw(band, e, render.View{Scale: float64(px), OriginY: float64(y0) / float64(px), NoGrid: !o.Grid, Player: o.Player}, o.Overlays)
		for y := 0; y < band.Rect.Dy(); y++ {
			pw.row(band.Pix[y*band.Stride : y*band.Stride+W*4])
		}
	}
	if err := pw.close(); err != nil {
		return fmt.Errorf("export png: %w", err)
	}
	return nil
}

// Image draws what PNG writes.
func Image(e *model.Encounter, o PNGOptions) (*image.RGBA, error) {
	px := o.PX
	if px == 0 {
		px = DefaultPX
	}
	if err := checkSize(e, px); err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, e.Grid.W*px, e.Grid.H*px))
	r := render.NewRenderer()
	r.Draw(img, e, render.View{Scale: float64(px), NoGrid: !o.Grid, Player: o.Player}, o.Overlays)
	return img, nil
}

// checkSize refuses maps that would make an image too big to write.
func checkSize(e *model.Encounter, px int) error {
	if e == nil || e.Grid.W < 1 || e.Grid.H < 1 || len(e.Grid.Cells) != e.Grid.W*e.Grid.H {
		return fmt.Errorf("export: the map is empty: %w", model.ErrInvalid)
	}
	if px < 1 {
		return fmt.Errorf("export: --px must be at least 1, not %d: %w", px, model.ErrInvalid)
	}
	w, h := int64(e.Grid.W)*int64(px), int64(e.Grid.H)*int64(px)
	if w > MaxImageSide || h > MaxImageSide {
		return fmt.Errorf("export: the image would be %dx%d pixels (%dx%d squares at %d px); at most %d pixels a side are allowed, lower --px: %w",
			w, h, e.Grid.W, e.Grid.H, px, MaxImageSide, model.ErrInvalid)
	}
	return nil
}
