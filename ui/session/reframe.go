package session

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/draw"
	"image/png"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// Margins are squares added to (positive) or cut from (negative) each side
// of a map.
type Margins struct{ Left, Top, Right, Bottom int }

// Zero reports whether m changes nothing.
func (m Margins) Zero() bool { return m == Margins{} }

// Reframe adds or cuts m's squares on each side of e's map: the terrain,
// GM-only squares, fog, walls and doors on grid lines, the tokens, the
// notes, placed areas and the background image move with it
// (model.Encounter.ReshapeMap), so what was at square (x, y) is at
// (x+m.Left, y+m.Top); added squares are fogged when the map has fog. It refuses, changing nothing,
// a map outside 1 to model.MaxMapSide squares a side and a cut that would
// leave a token's space or a note off the map, naming it.
func Reframe(e *model.Encounter, m Margins) error {
	g := e.Grid
	w, h := g.W+m.Left+m.Right, g.H+m.Top+m.Bottom
	if w < 1 || h < 1 || w > model.MaxMapSide || h > model.MaxMapSide {
		return fmt.Errorf("the map would be %d x %d squares; it must be 1 to %d on each side", w, h, model.MaxMapSide)
	}
	for i := range e.Tokens {
		t := &e.Tokens[i]
		k := e.Space(t)
		x, y := t.X+m.Left, t.Y+m.Top
		if x < 0 || y < 0 || x+k > w || y+k > h {
			return fmt.Errorf("%s at (%d, %d) would be cut off the map (%s): move it first, or cut less on that side", t.Name, t.X, t.Y, sideCut(x, y, k, w, h))
		}
	}
	for _, n := range e.Notes {
		x, y := n.X+m.Left, n.Y+m.Top
		if x < 0 || y < 0 || x >= w || y >= h {
			return fmt.Errorf("the note at (%d, %d) would be cut off the map (%s): move or delete it first, or cut less on that side", n.X, n.Y, sideCut(x, y, 1, w, h))
		}
	}
	bg, err := reframeBackground(e.Background, g.W, g.H, m)
	if err != nil {
		return err
	}
	// terrain, GM-only squares, fog, walls and doors on grid lines, tokens,
	// notes and placed areas all move with their squares (ReshapeMap)
	e.ReshapeMap(m.Left, m.Top, w, h)
	e.Background = bg
	return nil
}

// sideCut names the side a space of k squares at (x, y) would leave on a
// w x h map.
func sideCut(x, y, k, w, h int) string {
	switch {
	case x < 0:
		return "left"
	case y < 0:
		return "top"
	case x+k > w:
		return "right"
	}
	return "bottom"
}

// ContentMargins are the (negative) margins that crop e's map to its
// content: every square that is not open ground, every token's space,
// every note and the squares on both sides of a wall or door on a grid
// line. ok is false when there is nothing to crop to or nothing to
// crop.
func ContentMargins(e *model.Encounter) (m Margins, ok bool) {
	g := &e.Grid
	x0, y0, x1, y1 := g.W, g.H, -1, -1
	add := func(ax, ay, bx, by int) {
		x0, y0 = min(x0, max(ax, 0)), min(y0, max(ay, 0))
		x1, y1 = max(x1, min(bx, g.W-1)), max(y1, min(by, g.H-1))
	}
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			if g.Cells[y*g.W+x] != 0 {
				add(x, y, x, y)
			}
		}
	}
	for i := range e.Tokens {
		t := &e.Tokens[i]
		k := e.Space(t)
		add(t.X, t.Y, t.X+k-1, t.Y+k-1)
	}
	for _, n := range e.Notes {
		add(n.X, n.Y, n.X, n.Y)
	}
	// a wall or door on a grid line keeps a square on each side of it
	for _, ed := range e.Edges {
		if ed.Horizontal() {
			add(ed.X1, ed.Y1-1, ed.X2-1, ed.Y1)
		} else {
			add(ed.X1-1, ed.Y1, ed.X1, ed.Y2-1)
		}
	}
	if x1 < 0 {
		return Margins{}, false
	}
	m = Margins{Left: -x0, Top: -y0, Right: -(g.W - 1 - x1), Bottom: -(g.H - 1 - y1)}
	return m, !m.Zero()
}

// reframeBackground moves a background image stretched over a w x h map
// with the map's margins m: the picture keeps its pixels per square, the
// added squares are transparent (open ground shows) and the cut ones go.
// "" stays ""; an image that does not decode is refused rather than
// stretched over the new size.
func reframeBackground(bg string, w, h int, m Margins) (string, error) {
	if bg == "" {
		return "", nil
	}
	img := render.DecodeBackground(bg)
	if img == nil {
		return "", fmt.Errorf("the map's background image cannot be read, so it cannot move with the map: remove or replace it first")
	}
	b := img.Bounds()
	pxW, pxH := float64(b.Dx())/float64(w), float64(b.Dy())/float64(h)
	nw, nh := w+m.Left+m.Right, h+m.Top+m.Bottom
	ow, oh := int(float64(nw)*pxW+0.5), int(float64(nh)*pxH+0.5)
	if ow < 1 || oh < 1 || int64(ow)*int64(oh) > render.MaxBackgroundPixels {
		return "", fmt.Errorf("the background image would be %d x %d pixels, too large: make the map smaller, or remove the image first", ow, oh)
	}
	out := image.NewNRGBA(image.Rect(0, 0, ow, oh))
	at := image.Pt(int(float64(m.Left)*pxW+0.5), int(float64(m.Top)*pxH+0.5))
	draw.Draw(out, b.Add(at), img, b.Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		return "", fmt.Errorf("the background image could not be kept: %w", err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}
