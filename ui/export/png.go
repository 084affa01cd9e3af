// Package export writes an encounter's map as a PNG image, a printable PDF
// at true scale and a Universal VTT (.dd2vtt) file, and reads .dd2vtt files
// back as new encounters. It draws with ui/render, so an export looks like
// the editor; it imports no Fyne.
package export

import (
	"fmt"
	"image"
	"image/png"
	"io"

	"encounterplanner/model"
	"encounterplanner/ui/render"
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
	Overlays *render.Overlays // nil: no overlays (the command line's export)
}

// PNG writes the map of e as a PNG exactly W*px by H*px pixels, square
// (0, 0) at the top-left pixel: background, terrain, grid and tokens. A side
// over MaxImageSide is refused with an error wrapping model.ErrInvalid.
func PNG(w io.Writer, e *model.Encounter, o PNGOptions) error {
	img, err := Image(e, o)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(w, img); err != nil {
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
