package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md, "Sight and fog of war", sentence by sentence.

func sightRows(t *testing.T, e *model.Encounter, tok int) string {
	t.Helper()
	sq, err := Sight(nil, e, tok)
	if err != nil {
		t.Fatal(err)
	}
	return areaRows(e, sq)
}

func rows(s ...string) string { return strings.Join(s, "\n") + "\n" }

// "wall squares other than S, closed door squares other than S, or
// blocking edges" block sight; the wall square itself is seen.
func TestSightWallsAndDoors(t *testing.T) {
	e := areaMap(6, 3)
	addTok(e, "V", 0, 1, model.Medium)
	e.Grid.Set(2, 0, model.Wall)
	e.Grid.Set(2, 1, model.Door)
	e.Grid.Set(2, 2, model.Wall)
	want := rows("***...", "***...", "***...")
	if got := sightRows(t, e, 0); got != want {
		t.Errorf("behind a wall with a closed door square:\n%swant\n%s", got, want)
	}
	e.Grid.Set(2, 1, model.Door|model.Open)
	if got := sightRows(t, e, 0); !strings.HasPrefix(strings.Split(got, "\n")[1], "******") {
		t.Errorf("through an open door square the row is seen:\n%s", got)
	}
	// Edges: a wall line at x = 3 with a closed door; open, it lets sight through.
	e = areaMap(6, 3)
	addTok(e, "V", 0, 1, model.Medium)
	e.Edges = []model.Edge{wallE(model.EdgeWall, 3, 0, 3, 1), wallE(model.EdgeDoor, 3, 1, 3, 2), wallE(model.EdgeWall, 3, 2, 3, 3)}
	want = rows("***...", "***...", "***...")
	if got := sightRows(t, e, 0); got != want {
		t.Errorf("behind a wall line with a closed door edge:\n%swant\n%s", got, want)
	}
	e.Edges[1].Kind = model.EdgeOpenDoor
	if got := sightRows(t, e, 0); strings.Split(got, "\n")[1] != "******" {
		t.Errorf("through an open door edge the row is seen:\n%s", got)
	}
	// Obstacles and creatures do not block sight.
	e = areaMap(4, 1)
	addTok(e, "V", 0, 0, model.Medium)
	addTok(e, "O", 1, 0, model.Huge)
	e.Grid.Set(2, 0, model.Obstacle)
	if got := sightRows(t, e, 0); got != "****\n" {
		t.Errorf("obstacles and creatures block sight: %q", got)
	}
}

// "touching only ... the corner point where two of them meet diagonally"
// does not block: two walls meeting at a corner leave a line of sight
// through the corner.
func TestSightDiagonalGap(t *testing.T) {
	e := areaMap(4, 4)
	addTok(e, "V", 0, 0, model.Medium)
	e.Grid.Set(1, 0, model.Wall)
	e.Grid.Set(0, 1, model.Wall)
	got := sightRows(t, e, 0)
	if !strings.Contains(got, "*") || got[5] != '*' || got[11] != '*' {
		t.Errorf("the diagonal through the walls' corner is not seen:\n%s", got)
	}
	// (3, 3) lies on the diagonal ray; (3, 2) does not: its only rays pass
	// the walls' insides? No: the ray to its corner (3, 2)+... lies off the
	// gap's single ray, so it is hidden.
	if got[3*5+3] != '*' {
		t.Errorf("(3, 3) on the diagonal is not seen:\n%s", got)
	}
}

// "reveal room reveals the squares reachable from the clicked square by
// orthogonal steps that cross no blocking edge and enter no wall square or
// closed door square, plus the wall and door squares next to them": the
// fill stops at closed doors (edges and squares) and goes through open
// ones.
func TestRevealRoomStopsAtClosedDoors(t *testing.T) {
	// Two rooms split by walls at x = 3 with a door square at (3, 1); a
	// door edge splits the top and bottom of the left room.
	e := areaMap(7, 4)
	for y := 0; y < 4; y++ {
		e.Grid.Set(3, y, model.Wall)
	}
	e.Grid.Set(3, 1, model.Door)
	e.Edges = []model.Edge{wallE(model.EdgeWall, 0, 2, 2, 2), wallE(model.EdgeDoor, 2, 2, 3, 2)}
	mark := make([]bool, 7*4)
	if err := RevealRoom(mark, e, 0, 0); err != nil {
		t.Fatal(err)
	}
	var sq []Point
	for i, m := range mark {
		if m {
			sq = append(sq, Point{i % 7, i / 7})
		}
	}
	want := rows("****...", "****...", "...*...", ".......")
	if got := areaRows(e, sq); got != want {
		t.Errorf("reveal room from (0, 0):\n%swant\n%s", got, want)
	}
	// Opened, both doors let the fill through.
	e.Grid.Set(3, 1, model.Door|model.Open)
	e.Edges[1].Kind = model.EdgeOpenDoor
	mark = make([]bool, 7*4)
	_ = RevealRoom(mark, e, 0, 0)
	n := 0
	for _, m := range mark {
		if m {
			n++
		}
	}
	if n != 7*4 {
		t.Errorf("with the doors open the fill reveals %d squares, want all %d", n, 7*4)
	}
}

// refSightFine is the reference sight: the map scaled by F (each square
// an F x F block, edges scaled alike, which keeps "passes through" as it
// is), S visible when the segment from the viewer's centre to one of the
// (2F+1)^2 lattice points of S (not on the map outline) passes through no
// wall square other than S's (nor the viewer's own: a token in a doorway
// sees out of it) and no blocking edge. A lower bound of the exact answer:
// it can miss a square seen through a single ray off the lattice.
func refSightFine(e *model.Encounter, tok int, F int) map[Point]bool {
	g := &e.Grid
	t := &e.Tokens[tok]
	W, H := g.W*F, g.H*F
	cells := make([]model.Trait, W*H)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			cells[y*W+x] = wallish(g.At(x/F, y/F)) & model.Wall
		}
	}
	var edges []model.Edge
	for _, ed := range e.Edges {
		edges = append(edges, model.Edge{Kind: ed.Kind, X1: ed.X1 * F, Y1: ed.Y1 * F, X2: ed.X2 * F, Y2: ed.Y2 * F})
	}
	cx, cy := (2*t.X+1)*F, (2*t.Y+1)*F
	for yy := t.Y * F; yy < t.Y*F+F; yy++ {
		for xx := t.X * F; xx < t.X*F+F; xx++ {
			cells[yy*W+xx] = 0
		}
	}
	out := map[Point]bool{}
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			c2 := append([]model.Trait(nil), cells...)
			for yy := y * F; yy < y*F+F; yy++ {
				for xx := x * F; xx < x*F+F; xx++ {
					c2[yy*W+xx] = 0
				}
			}
			walls := &squareSet{cells: c2, w: W, h: H, mask: model.Wall}
		pts:
			for py := 2 * y * F; py <= 2*(y+1)*F; py++ {
				for px := 2 * x * F; px <= 2*(x+1)*F; px++ {
					if px == 0 || py == 0 || px == 2*W || py == 2*H {
						continue
					}
					if !segHits(cx, cy, px, py, -1, W, walls) && !edgesHit(edges, cx, cy, px, py, 0) {
						out[Point{x, y}] = true
						break pts
					}
				}
			}
		}
	}
	return out
}

// TestSightCoversFineReference: Sight sees every square the fine
// reference sees on random maps with walls, door squares and edges (and
// few more: those seen through single rays between lattice points).
func TestSightCoversFineReference(t *testing.T) {
	extra := 0
	for seed := uint64(0); seed < 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 43))
		e, q := randEncounter(rng, model.SF2E)
		addRandomEdges(rng, e, rng.IntN(12))
		e.Tokens[q.Token].Size = model.Medium
		got, err := Sight(nil, e, q.Token)
		if err != nil {
			t.Fatal(err)
		}
		ref := refSightFine(e, q.Token, 4)
		seen := map[Point]bool{}
		for _, p := range got {
			seen[p] = true
			if !ref[p] {
				extra++
			}
		}
		for p := range ref {
			if !seen[p] {
				t.Fatalf("seed %d: %v is seen by the reference but not by Sight\nterrain:\n%sedges %v\nsight:\n%s",
					seed, p, tokenMap(e), e.Edges, areaRows(e, got))
			}
		}
	}
	t.Logf("squares seen beyond the lattice reference: %d", extra)
}

func BenchmarkSight250(b *testing.B) {
	e := benchMap(250, 250)
	tok := benchMover(e, model.Medium, nil)
	var s Seer
	mark := make([]bool, 250*250)
	b.ReportAllocs()
	for b.Loop() {
		clear(mark)
		if err := s.Visible(mark, e, tok); err != nil {
			b.Fatal(err)
		}
	}
	n := 0
	for _, m := range mark {
		if m {
			n++
		}
	}
	b.ReportMetric(float64(n), "squares")
}

func BenchmarkRevealParty1000(b *testing.B) {
	e := benchMap(1000, 1000)
	benchEdges(e, 20000)
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 20; i++ {
		x, y := 450+rng.IntN(100), 450+rng.IntN(100)
		e.Grid.Set(x, y, 0)
		e.Tokens = append(e.Tokens, model.Token{Name: fmt.Sprint("p", i), X: x, Y: y, Size: model.Medium, Side: "party"})
	}
	var s Seer
	mark := make([]bool, 1000*1000)
	b.ReportAllocs()
	for b.Loop() {
		clear(mark)
		if err := s.RevealSide(mark, e, "party"); err != nil {
			b.Fatal(err)
		}
	}
}
