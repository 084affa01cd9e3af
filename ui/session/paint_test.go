package session

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

// ascii prints a grid: '#' where terrain t is, '.' elsewhere.
func ascii(g *model.Grid, t model.Terrain) string {
	var b strings.Builder
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			if g.At(x, y) == t {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func rows(r ...string) string { return strings.Join(r, "\n") + "\n" }

// TestPaint: each painting tool on a 5x4 map, drawn as the map it leaves.
func TestPaint(t *testing.T) {
	for _, c := range []struct {
		name  string
		paint func(g *model.Grid)
		want  string
	}{
		{"brush 1", func(g *model.Grid) { PaintBrush(g, 2, 1, 1, model.Wall) }, rows(".....", "..#..", ".....", ".....")},
		{"brush 2 grows right and down", func(g *model.Grid) { PaintBrush(g, 2, 1, 2, model.Wall) }, rows(".....", "..##.", "..##.", ".....")},
		{"brush 3 centred", func(g *model.Grid) { PaintBrush(g, 2, 1, 3, model.Wall) }, rows(".###.", ".###.", ".###.", ".....")},
		{"brush clipped at the edge", func(g *model.Grid) { PaintBrush(g, 0, 0, 3, model.Wall) }, rows("##...", "##...", ".....", ".....")},
		{"rectangle, corners either way", func(g *model.Grid) { PaintRect(g, 3, 2, 1, 1, model.Wall) }, rows(".....", ".###.", ".###.", ".....")},
		{"line diagonal", func(g *model.Grid) { PaintLine(g, 0, 0, 3, 3, 1, model.Wall) }, rows("#....", ".#...", "..#..", "...#.")},
		{"line shallow", func(g *model.Grid) { PaintLine(g, 0, 3, 4, 1, 1, model.Wall) }, rows(".....", "...##", ".##..", "#....")},
		{"fill stops at other terrain", func(g *model.Grid) {
			PaintLine(g, 2, 0, 2, 3, 1, model.Difficult)
			FloodFill(g, 0, 0, model.Wall)
		}, rows("##...", "##...", "##...", "##...")},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := model.NewGrid(5, 4)
			c.paint(&g)
			if got := ascii(&g, model.Wall); got != c.want {
				t.Errorf("got\n%swant\n%s", got, c.want)
			}
		})
	}
}

// TestFloodFillCounts: the number of squares changed; none when the
// terrain is already t or the square is off the map.
func TestFloodFillCounts(t *testing.T) {
	for _, c := range []struct {
		name string
		x, y int
		t    model.Terrain
		want int
	}{
		{"whole open map", 0, 0, model.Wall, 20},
		{"same terrain", 0, 0, 0, 0},
		{"off the map", 9, 9, model.Wall, 0},
	} {
		g := model.NewGrid(5, 4)
		if got := FloodFill(&g, c.x, c.y, c.t); got != c.want {
			t.Errorf("%s: %d squares, want %d", c.name, got, c.want)
		}
	}
}
