package session

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// roomFrom makes an sf2e encounter from rows of '.' (open) and '#'
// (wall), a Medium token A and a Large token O at their places, and a
// note at n.
func roomFrom(rows []string, a, o, n [2]int) *model.Encounter {
	e, _ := newEncounter("room", model.SF2E, len(rows[0]), len(rows), 5)
	for y, r := range rows {
		for x, c := range r {
			if c == '#' {
				e.Grid.Set(x, y, model.Wall)
			}
		}
	}
	e.Tokens = []model.Token{
		{ID: model.NewID(), Name: "A", X: a[0], Y: a[1], Size: model.Medium, Side: "party"},
		{ID: model.NewID(), Name: "O", X: o[0], Y: o[1], Size: model.Large, Side: "enemy"},
	}
	e.Notes = []model.Note{{X: n[0], Y: n[1], Text: "trap"}}
	return e
}

// framed prints the map back with A, O (its top-left) and n for the note.
func framed(e *model.Encounter) string {
	var b strings.Builder
	for y := 0; y < e.Grid.H; y++ {
		for x := 0; x < e.Grid.W; x++ {
			c := byte('.')
			if e.Grid.At(x, y) == model.Wall {
				c = '#'
			}
			for _, n := range e.Notes {
				if n.X == x && n.Y == y {
					c = 'n'
				}
			}
			for _, t := range e.Tokens {
				if t.X == x && t.Y == y {
					c = t.Name[0]
				}
			}
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestReframe(t *testing.T) {
	rows := []string{
		"......",
		".#....",
		"......",
		"....#.",
	}
	// A at (1, 0), O (2x2) at (2, 2), the note at (5, 0)
	cases := []struct {
		name string
		m    Margins
		want string // the map printed back, or the error's words
	}{
		{"grow left and top", Margins{Left: 2, Top: 1}, "" +
			"........\n" +
			"...A...n\n" +
			"...#....\n" +
			"....O...\n" +
			"......#.\n"},
		{"grow every side", Margins{1, 1, 1, 1}, "" +
			"........\n" +
			"..A...n.\n" +
			"..#.....\n" +
			"...O....\n" +
			".....#..\n" +
			"........\n"},
		{"cut the left", Margins{Left: -1}, "" +
			"A...n\n" +
			"#....\n" +
			".O...\n" +
			"...#.\n"},
		{"cut the right onto a note", Margins{Right: -1}, "the note at (5, 0) would be cut off the map (right)"},
		{"cut the top onto A", Margins{Top: -1}, "A at (1, 0) would be cut off the map (top)"},
		{"cut the bottom through O", Margins{Bottom: -1}, "O at (2, 2) would be cut off the map (bottom)"},
		{"cut the left through A", Margins{Left: -2}, "A at (1, 0) would be cut off the map (left)"},
		{"nothing left", Margins{Left: -3, Right: -3}, "it must be 1 to"},
		{"too big", Margins{Right: model.MaxMapSide}, "it must be 1 to"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := roomFrom(rows, [2]int{1, 0}, [2]int{2, 2}, [2]int{5, 0})
			before := framed(e)
			err := Reframe(e, c.m)
			if strings.Contains(c.want, "\n") {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if got := framed(e); got != c.want {
					t.Errorf("got\n%swant\n%s", got, c.want)
				}
				if err := model.Validate(e); err != nil {
					t.Errorf("the reframed encounter is invalid: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want %q", err, c.want)
			}
			if got := framed(e); got != before {
				t.Errorf("a refused reframe changed the map:\n%s", got)
			}
		})
	}
}

func TestContentMargins(t *testing.T) {
	e := roomFrom([]string{
		"........",
		"........",
		"..#.....",
		"........",
		"........",
		"........",
	}, [2]int{3, 1}, [2]int{4, 3}, [2]int{2, 3})
	m, ok := ContentMargins(e)
	if !ok || m != (Margins{Left: -2, Top: -1, Right: -2, Bottom: -1}) {
		t.Fatalf("margins %+v %v", m, ok)
	}
	if err := Reframe(e, m); err != nil {
		t.Fatal(err)
	}
	want := "" +
		".A..\n" +
		"#...\n" +
		"n.O.\n" +
		"....\n"
	if got := framed(e); got != want {
		t.Errorf("cropped to\n%swant\n%s", got, want)
	}
	if _, ok := ContentMargins(e); ok {
		t.Errorf("a cropped map should have nothing more to crop")
	}
	empty, _ := newEncounter("empty", model.SF2E, 5, 5, 5)
	if _, ok := ContentMargins(empty); ok {
		t.Errorf("an empty map has no content to crop to")
	}
}

// TestReframeMovesTheBackground: the background image is stretched over
// the map, so growing the map on the left must widen the picture, the old
// pixels keeping their squares.
func TestReframeMovesTheBackground(t *testing.T) {
	e, _ := newEncounter("bg", model.SF2E, 2, 1, 5)
	// a 20x10 picture: red square (0, 0), blue square (1, 0), 10 px each
	e.Background = pngData(t, 20, 10, func(x, y int) [3]uint8 {
		if x < 10 {
			return [3]uint8{255, 0, 0}
		}
		return [3]uint8{0, 0, 255}
	})
	if err := Reframe(e, Margins{Left: 1}); err != nil {
		t.Fatal(err)
	}
	img := render.DecodeBackground(e.Background)
	if img == nil || img.Bounds().Dx() != 30 || img.Bounds().Dy() != 10 {
		t.Fatalf("background %v after adding a column", img.Bounds())
	}
	if c := img.RGBAAt(15, 5); c.R != 255 || c.B != 0 {
		t.Errorf("square (1, 0) should now hold the red, got %v", c)
	}
	if c := img.RGBAAt(25, 5); c.B != 255 || c.R != 0 {
		t.Errorf("square (2, 0) should now hold the blue, got %v", c)
	}
	if err := Reframe(e, Margins{Left: -2}); err != nil {
		t.Fatal(err)
	}
	if img := render.DecodeBackground(e.Background); img == nil || img.Bounds().Dx() != 10 || img.RGBAAt(5, 5).B != 255 {
		t.Errorf("cutting two columns should leave the blue square alone")
	}
}

func pngData(t *testing.T, w, h int, at func(x, y int) [3]uint8) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := at(x, y)
			img.SetRGBA(x, y, color.RGBA{c[0], c[1], c[2], 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// TestReframeMovesWallsFogAndAreas: what lies on the map besides terrain,
// tokens and notes moves with its squares too: walls and doors on grid
// lines, GM-only squares, the fog (added squares fogged) and a burst's
// centre. Before, they stayed where they were, so the reframed encounter
// was refused ("map.revealed holds 24 squares, expected 35") or a wall
// stood a square away from its room.
func TestReframeMovesWallsFogAndAreas(t *testing.T) {
	e := roomFrom([]string{
		"......",
		".#....",
		"......",
		"....#.",
	}, [2]int{1, 0}, [2]int{2, 2}, [2]int{5, 0})
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 3, Y1: 0, X2: 3, Y2: 2}, {Kind: model.EdgeDoor, X1: 0, Y1: 4, X2: 2, Y2: 4}}
	e.Revealed = make([]bool, 6*4)
	e.Revealed[1*6+1] = true // (1, 1)
	e.GMOnly = make([]bool, 6*4)
	e.GMOnly[3*6+4] = true // (4, 3)
	e.Areas = []model.Area{{Kind: model.Burst, X: 3, Y: 1, Radius: 10}}
	if err := model.Validate(e); err != nil {
		t.Fatal(err)
	}
	if err := Reframe(e, Margins{Left: 1, Top: 2, Right: 0, Bottom: 1}); err != nil {
		t.Fatal(err)
	}
	if err := model.Validate(e); err != nil {
		t.Fatalf("the reframed encounter is invalid: %v", err)
	}
	want := []model.Edge{{Kind: model.EdgeWall, X1: 4, Y1: 2, X2: 4, Y2: 4}, {Kind: model.EdgeDoor, X1: 1, Y1: 6, X2: 3, Y2: 6}}
	if !slices.Equal(e.Edges, want) {
		t.Errorf("edges %v, want %v", e.Edges, want)
	}
	w := e.Grid.W
	for i, r := range e.Revealed {
		if r != (i == 3*w+2) {
			t.Errorf("square (%d, %d) revealed %v", i%w, i/w, r)
		}
	}
	for i, g := range e.GMOnly {
		if g != (i == 5*w+5) {
			t.Errorf("square (%d, %d) GM-only %v", i%w, i/w, g)
		}
	}
	if a := e.Areas[0]; a.X != 4 || a.Y != 3 {
		t.Errorf("the burst is centred at (%d, %d), want (4, 3)", a.X, a.Y)
	}
	// cropped to its content, the map keeps its walls (a square each side)
	c := roomFrom([]string{"......", "......", "......", "......"}, [2]int{0, 0}, [2]int{0, 1}, [2]int{1, 0})
	c.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 4, Y1: 0, X2: 4, Y2: 1}}
	m, ok := ContentMargins(c)
	if !ok || m.Right != -1 {
		t.Fatalf("content margins %+v (%v): want the column right of the wall kept", m, ok)
	}
	if err := Reframe(c, m); err != nil || len(c.Edges) != 1 {
		t.Errorf("cropped: %v, edges %v", err, c.Edges)
	}
}
