package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"encounterplanner/model"
)

// doorLeafRoom is a room revealed up to two open doors whose leaves swing
// into fog: one a square wide in the room's south wall (all fog south of
// it), one two squares long in a wall further east, its leaf crossing a
// revealed square and then a fogged one; and a closed door two squares
// long, the lower one beside fog only.
func doorLeafRoom() *model.Encounter {
	e := &model.Encounter{Name: "Doors", Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(9, 5)}
	e.Edges = []model.Edge{
		{Kind: model.EdgeWall, X1: 0, Y1: 2, X2: 2, Y2: 2},
		{Kind: model.EdgeOpenDoor, X1: 2, Y1: 2, X2: 3, Y2: 2},
		{Kind: model.EdgeWall, X1: 3, Y1: 2, X2: 5, Y2: 2},
		{Kind: model.EdgeOpenDoor, X1: 5, Y1: 2, X2: 5, Y2: 4},
		{Kind: model.EdgeDoor, X1: 7, Y1: 1, X2: 7, Y2: 3},
	}
	e.Revealed = make([]bool, len(e.Grid.Cells))
	for y := 0; y < e.Grid.H; y++ {
		for x := 0; x < e.Grid.W; x++ {
			e.Revealed[y*e.Grid.W+x] = y < 2 || x == 5 && y == 2
		}
	}
	return e
}

// segDist is the distance from (px, py) to the segment (ax, ay)-(bx, by).
func segDist(px, py, ax, ay, bx, by float64) float64 {
	vx, vy := bx-ax, by-ay
	u := 0.0
	if l := vx*vx + vy*vy; l > 0 {
		u = math.Max(0, math.Min(1, ((px-ax)*vx+(py-ay)*vy)/l))
	}
	return math.Hypot(px-ax-u*vx, py-ay-u*vy)
}

// TestAnOpenDoorsLeafStaysOutOfTheFog: on the player display the leaf of
// an open door, drawn swung open south or east of its line, reached into
// the fogged squares beyond a revealed room, and so did its dotted swing:
// the players saw a door in the dark. Every pixel of a fogged square is
// fog now, but for the edges' own lines on the grid (the walls and jambs
// bounding what is seen, drawn over the fog); the leaf is cut where the
// fog begins, and the PDF's painted page (the same drawing) holds no leaf
// or swing over a fogged square either. A door along the fog's edge is
// drawn, as a wall is, only beside revealed squares: its jamb and closed
// leaf stood in the fog too. The GM still sees every leaf whole, and a
// leaf over revealed squares is still drawn.
func TestAnOpenDoorsLeafStaysOutOfTheFog(t *testing.T) {
	e := doorLeafRoom()
	drawGolden(t, "door-leaf-fog", e, View{Scale: 40, Player: true}, nil, 9*40, 5*40)
	for _, s := range []float64{24, 40, 72} {
		w := math.Max(3, s*0.14) // an edge's width (edges)
		img := image.NewRGBA(image.Rect(0, 0, int(9*s), int(5*s)))
		NewRenderer().Draw(img, e, View{Scale: s, Player: true}, nil)
		g := &e.Grid
		f := &frame{e: e, v: View{Scale: s}}
		stray := 0
		for py := 0; py < img.Rect.Dy(); py++ {
			for px := 0; px < img.Rect.Dx(); px++ {
				x, y := View{Scale: s}.SquareAt(px, py)
				if e.Revealed[y*g.W+x] {
					continue
				}
				near := false
				for _, ed := range e.Edges {
					ux, uy := float64(ed.X2-ed.X1)/float64(ed.Len()), float64(ed.Y2-ed.Y1)/float64(ed.Len())
					for k := 0; k < ed.Len(); k++ {
						ax, ay := float64(ed.X1)+ux*float64(k), float64(ed.Y1)+uy*float64(k)
						if f.unitRevealed(ed, k) && segDist(float64(px)+0.5, float64(py)+0.5, f.cx(ax), f.cy(ay), f.cx(ax+ux), f.cy(ay+uy)) <= w/2+1.5 {
							near = true
						}
					}
				}
				if c := img.RGBAAt(px, py); !near && (c.R != colFog.r || c.G != colFog.g || c.B != colFog.b) {
					stray++
				}
			}
		}
		if stray > 0 {
			t.Errorf("%v px a square: %d pixels of fogged squares, off the edges' lines, are not fog", s, stray)
		}
		// the revealed square east of the long door keeps its leaf's first part
		wood := 0
		for py := int(2 * s); py < int(3*s); py++ {
			for px := int(5*s + w); px < int(6*s); px++ {
				if c := img.RGBAAt(px, py); c.R == colWood.r && c.G == colWood.g && c.B == colWood.b {
					wood++
				}
			}
		}
		if wood == 0 {
			t.Errorf("%v px a square: the long door's leaf is gone from the revealed square it crosses", s)
		}
	}

	leaves := func(v View) (in, out int) {
		p := &leafRecorder{recorder: recorder{calls: map[string]int{}}}
		NewRenderer().Paint(p, 9*72, 5*72, e, v, nil)
		f := &frame{e: e, v: View{Scale: 72, Player: true}}
		for _, l := range p.lines {
			onGrid := func(a, b float64) bool { return a == b && math.Mod(a, 72) == 0 }
			if l.c == colWall.n() || onGrid(l.x0, l.x1) || onGrid(l.y0, l.y1) {
				continue // walls, jambs and closed leaves: on the grid lines (the pixels above see to them)
			}
			// the far end and the middle: a leaf's hinge end lies on
			// the door's line, under its jamb
			if f.overRevealed(l.x1, l.y1, l.w/2) && f.overRevealed((l.x0+l.x1)/2, (l.y0+l.y1)/2, l.w/2) {
				in++
			} else {
				out++
			}
		}
		return in, out
	}
	if in, out := leaves(View{Scale: 72, Player: true}); out > 0 || in == 0 {
		t.Errorf("the players' page paints %d lines of the doors' leaves and swings over fog (%d over revealed squares)", out, in)
	}
	if _, out := leaves(View{Scale: 72}); out < 4 {
		t.Errorf("the GM's page paints %d lines of the leaves and swings beyond the revealed squares: the test shows nothing", out)
	}
}

// leafRecorder records the lines of the edges' layer.
type leafRecorder struct {
	recorder
	lines []paintedLine
}

type paintedLine struct {
	x0, y0, x1, y1, w float64
	c                 color.NRGBA
}

func (p *leafRecorder) Line(x0, y0, x1, y1, w float64, c color.NRGBA, dash float64) {
	if p.layer == "edges" {
		p.lines = append(p.lines, paintedLine{x0, y0, x1, y1, w, c})
	}
}
