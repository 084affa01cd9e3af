// Package render draws an encounter map with its overlays into an image. It
// is pure (no Fyne): the editor widget, the player display and the PNG/PDF/
// UVTT exports all call Draw, so what is exported is what is seen.
package render

import (
	"image"
	"image/color"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// View places the map in the image.
type View struct {
	Scale    float64 // pixels per square (> 0)
	OriginX  float64 // map x (in squares) at the left edge of the image
	OriginY  float64 // map y (in squares) at the top edge of the image
	NoGrid   bool    // leave out the grid lines
	Player   bool    // the player layer: no hidden tokens, no GM-only notes
	NoTokens bool    // terrain only (the UVTT image)
}

// CoverLine is a cover badge between two tokens (indices into Tokens).
type CoverLine struct {
	From, To int
	Cover    rules.Cover
}

// Overlays is what the rules answered, to draw over the map. The zero value
// draws nothing extra.
type Overlays struct {
	Selected   int            // token index, or -1 (set by NewOverlays)
	Reach      []rules.Square // banded by Actions (1, 2, 3); Facings arrows for ships
	PathFrom   int            // token index whose path is drawn, -1 = none
	Path       *rules.Path
	Cover      []CoverLine
	Flanks     []rules.Flank
	Threat     []rules.Point // enemy reach areas (reactions)
	FlankSpots []rules.Point // where a dragged token would flank
	Hover      *rules.Point  // the hovered square, outlined
	Warn       []int         // tokens placed illegally (marked with a warning)
	Ghost      *Ghost        // a token being dragged
	Units      string        // "ft" or "pt": the unit of path costs
}

// Ghost is a token drawn at a drop position while it is dragged.
type Ghost struct {
	Token int
	X, Y  int
	OK    bool // false: the drop would be refused
}

// NewOverlays returns empty overlays with nothing selected.
func NewOverlays() *Overlays { return &Overlays{Selected: -1, PathFrom: -1} }

// Draw paints the map of e as v places it into dst, then the overlays o
// (nil for none). It writes every pixel of dst.Bounds().
func Draw(dst *image.RGBA, e *model.Encounter, v View, o *Overlays) {
	// Placeholder until the renderer lands: open ground everywhere.
	c := color.RGBA{0xee, 0xeb, 0xe3, 0xff}
	b := dst.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			dst.SetRGBA(x, y, c)
		}
	}
}
