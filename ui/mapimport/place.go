// Package mapimport takes a battle map image (PNG, JPEG or WebP) into an
// encounter: it reads the file off the UI goroutine behind a progress bar,
// detects the grid, and shows the alignment dialog where the GM drags two
// grid points or types pixels per square and the offset. The editor uses it
// for Encounter > Import map image… (the background of the open
// encounter), the editor and the library for File > New from map image…
// (a new encounter whose map is the image).
package mapimport

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"encounterplanner/model"
	"encounterplanner/ui/export"
)

// Point is a spot on the image, in image pixels from its top-left corner.
type Point struct{ X, Y float64 }

// minPointsApart is how far apart (in image pixels, along the longer
// direction) the two grid points must be: closer, a one-pixel slip moves
// the grid by more than a quarter of a square.
const minPointsApart = 4

// PlacementFromPoints is the grid that puts intersections on a and b,
// n squares apart along the longer of their two directions (so a row, a
// column and a diagonal all work): max(|dx|, |dy|) / n pixels a square,
// and the offset of the intersection of a's grid lines nearest the image's
// top-left corner (0 <= X, Y < pixels a square), so that the map starts at
// the image's first whole square; an offset within a grid line's width of
// the image's edge is 0 (atEdge). Values are rounded to 1/1000 pixel.
// Points less than minPointsApart pixels apart, or n below 1, are an
// error that says what to do.
func PlacementFromPoints(a, b Point, n int) (model.BackgroundPlacement, error) {
	if n < 1 {
		return model.BackgroundPlacement{}, fmt.Errorf("squares between the points: must be at least 1, not %d", n)
	}
	d := math.Max(math.Abs(b.X-a.X), math.Abs(b.Y-a.Y))
	if d < minPointsApart {
		return model.BackgroundPlacement{}, errors.New("the two grid points are on top of each other: put the second one on a grid corner some squares away from the first")
	}
	px := round3(d / float64(n))
	off := func(v float64) float64 { return atEdge(v-math.Floor(v/px)*px, px) }
	return model.BackgroundPlacement{X: off(a.X), Y: off(a.Y), PxPerSquare: px}, nil
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// atEdge is the offset o (0 <= o < px, pixels a square) rounded to 1/1000
// pixel, or 0 when it lies within edgeSlack of the image's edge, on either
// side of a grid line there. A grid line drawn along the image's edge is
// found at its middle, half its width in (0.5 px for a line 2 px wide):
// the map then started that far in and, a square's last half pixel
// falling off the image's far side, lost its last row and column (a 1400
// x 1050 image of 20 x 15 squares of 70 px became 19 x 14 squares). From
// 0, the grid moves by under a line's width and every square is kept.
func atEdge(o, px float64) float64 {
	o = round3(o)
	if slack := edgeSlack(px); o < slack || o > px-slack || o >= px {
		return 0
	}
	return o
}

// edgeSlack is how far from the image's edge (in pixels) a grid line
// found there is taken to lie on it: a thick line's half width, 2 pixels,
// or a tenth of a square on a finer grid.
func edgeSlack(px float64) float64 { return math.Min(2, px/10) }

// defaultSquares is how many squares wide Proposed makes a map whose grid
// it cannot see: the New encounter dialog's default width.
const defaultSquares = 30

// Proposed is where the alignment dialog starts for img: the grid
// export.DetectGrid found (ok), its offset rounded and on the image's
// edge when a grid line drawn there was found (atEdge), or else the image spread over wide squares
// (defaultSquares when wide is 0), never more than model.MaxMapSide
// squares a side. Spread, its pixels a square are rounded down to 1/1000
// pixel, so the image holds the wide whole squares: rounded to nearest,
// 1000 pixels over 24 squares were 41.667 a square, 23.9998 squares, and
// the map became 23 wide.
func Proposed(img *export.MapImage, r Detected, wide int) model.BackgroundPlacement {
	if r.OK {
		return model.BackgroundPlacement{X: atEdge(r.X, r.PxPerSquare), Y: atEdge(r.Y, r.PxPerSquare), PxPerSquare: r.PxPerSquare}
	}
	if wide < 1 {
		wide = defaultSquares
	}
	iw, ih := img.Size()
	px := math.Max(float64(iw)/float64(wide), float64(max(iw, ih))/model.MaxMapSide)
	px = math.Floor(math.Min(px, model.MaxPxPerSquare)*1000) / 1000
	return model.BackgroundPlacement{PxPerSquare: math.Max(px, 0.001)}
}

// Detected is the grid export.DetectGrid found in an image (OK false:
// none).
type Detected struct {
	PxPerSquare, X, Y float64
	OK                bool
}

// NewEncounter is a new encounter named name under ruleset r whose map is
// img placed by p: the background is the file's own bytes and the map has
// the whole squares the image covers (export.MapImage.MapSize). A blank
// name or a placement that leaves no square is an error in the GM's words.
func NewEncounter(name string, r model.Ruleset, img *export.MapImage, p model.BackgroundPlacement) (*model.Encounter, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, errors.New("type a name for the encounter")
	}
	w, h, err := img.MapSize(p)
	if err != nil {
		return nil, err
	}
	e := &model.Encounter{Name: name, Ruleset: r, Grid: model.NewGrid(w, h), Background: img.DataURL, Placement: &p}
	if err := model.Validate(e); err != nil {
		return nil, err
	}
	return e, nil
}
