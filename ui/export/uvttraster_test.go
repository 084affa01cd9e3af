package export

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// mapDoc is a .dd2vtt of a w x h map (origin at 0, 0) with the given
// lists, JSON text each, and extra top-level members (",\"key\":value").
func mapDoc(w, h int, walls, objects, portals, extra string) string {
	return fmt.Sprintf(`{"format":0.3,"resolution":{"map_origin":{"x":0,"y":0},"map_size":{"x":%d,"y":%d},"pixels_per_grid":50},`, w, h) +
		`"line_of_sight":[` + walls + `],"objects_line_of_sight":[` + objects + `],"portals":[` + portals + `],"lights":[],"image":""` + extra + `}`
}

// importASCII imports doc and returns its map as ascii draws it, failing
// the test on an error.
func importASCII(t *testing.T, doc string) string {
	t.Helper()
	e, _, err := ImportUVTT(strings.NewReader(doc), "Map")
	if err != nil {
		t.Fatal(err)
	}
	return ascii(&e.Grid)
}

// TestImportUVTTWallPassesThroughSquares: a wall that is not on a grid
// line is a wall square where it passes, and it passes through a square
// only when it crosses its inside. A diagonal ending on a grid
// intersection made the square beyond its end a wall, (5, 5) for the wall
// (3, 3)-(5, 5) and (8, 6) for (2, 2)-(8, 6), which it only touches at a
// corner; drawn either way, the wall is the same squares. A wall from far
// off the map across it, sampled along its whole length, marked one square
// in thousands.
func TestImportUVTTWallPassesThroughSquares(t *testing.T) {
	for _, c := range []struct {
		name, walls, want string
	}{
		{"Diagonal45", line(3, 3, 5, 5), "" +
			"..........\n" +
			"..........\n" +
			"..........\n" +
			"...#......\n" +
			"....#.....\n" +
			"..........\n" +
			"..........\n" +
			"..........\n"},
		{"Diagonal2To3", line(2, 2, 8, 6), "" +
			"..........\n" +
			"..........\n" +
			"..##......\n" +
			"...##.....\n" +
			".....##...\n" +
			"......##..\n" +
			"..........\n" +
			"..........\n"},
		{"FromFarOffTheMap", line(-1e8, 2.5, 1e8, 2.5), "" +
			"..........\n" +
			"..........\n" +
			"##########\n" +
			"..........\n" +
			"..........\n" +
			"..........\n" +
			"..........\n" +
			"..........\n"},
		// Through a corner dead on: the two squares it crosses, not the
		// two beside the corner.
		{"ThroughACorner", line(0.5, 0.5, 1.5, 1.5), "" +
			"#.........\n" +
			".#........\n" +
			"..........\n" +
			"..........\n" +
			"..........\n" +
			"..........\n" +
			"..........\n" +
			"..........\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, walls := range []string{c.walls, reversed(c.walls)} {
				if got := importASCII(t, mapDoc(10, 8, walls, "", "", "")); got != c.want {
					t.Errorf("%s:\n%swant\n%s", walls, got, c.want)
				}
			}
		})
	}
	// An obstacle line on a grid line has no edge to become: it still
	// marks the squares on one side, below it, or above it on the map's
	// bottom edge.
	if got := importASCII(t, mapDoc(4, 3, "", line(1, 1, 3, 1)+","+line(0, 3, 2, 3), "", "")); got != "....\n.oo.\noo..\n" {
		t.Errorf("obstacle lines on grid lines:\n%s", got)
	}
}

// reversed is the polyline text l (as line writes it) with its points in
// the other order.
func reversed(l string) string {
	pts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(l, "["), "]"), "},{")
	for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
		pts[i], pts[j] = pts[j], pts[i]
	}
	for i := range pts {
		pts[i] = "{" + strings.Trim(pts[i], "{}") + "}"
	}
	return "[" + strings.Join(pts, ",") + "]"
}

// TestImportUVTTClosedWallIsARoom: a room drawn as one closed line of
// walls (QA's lights.dd2vtt, an 8 x 6 room) imported as a solid block of
// wall squares, where the same room written as two lines, as our export
// writes it, stayed open floor. A closed wall line is walls, as every
// other reader of the format takes it, whichever way and wherever it
// starts: the drawings import the same. Only a file that says its closed
// walls are squares (ours, closed_walls_are_squares) has them filled; a
// closed object outline is filled always, an object being solid.
func TestImportUVTTClosedWallIsARoom(t *testing.T) {
	room := func(walls string, extra string) string {
		e, lo, err := ImportUVTT(strings.NewReader(mapDoc(10, 8, walls, "", "", extra)), "Room")
		if err != nil {
			t.Fatal(err)
		}
		if lo.Any() {
			t.Errorf("%s: note %q, want none", walls, lo)
		}
		return fmt.Sprint(e.Edges) + "\n" + ascii(&e.Grid)
	}
	open := room(line(1, 1, 9, 1, 9, 7, 1, 7)+","+line(1, 7, 1, 1), "")
	if !strings.Contains(open, "\n..........\n..........\n") || strings.Contains(open, "#") {
		t.Fatalf("the room as two lines:\n%s", open)
	}
	for _, walls := range []string{
		line(1, 1, 9, 1, 9, 7, 1, 7, 1, 1),
		line(1, 1, 1, 7, 9, 7, 9, 1, 1, 1),
		line(9, 7, 1, 7, 1, 1, 9, 1, 9, 7),
		line(5, 1, 9, 1, 9, 7, 1, 7, 1, 1, 5, 1), // starting mid-wall
	} {
		if got := room(walls, ""); got != open {
			t.Errorf("the room as the closed line %s:\n%s\nwant, as two lines:\n%s", walls, got, open)
		}
	}
	// Off the grid lines (a cave's outline), a closed line is wall squares
	// where it passes, floor within.
	cave := line(1.5, 1.5, 8.5, 1.5, 8.5, 6.5, 1.5, 6.5, 1.5, 1.5)
	wantCave := "" +
		"..........\n" +
		".########.\n" +
		".#......#.\n" +
		".#......#.\n" +
		".#......#.\n" +
		".#......#.\n" +
		".########.\n" +
		"..........\n"
	if got := importASCII(t, mapDoc(10, 8, cave, "", "", "")); got != wantCave {
		t.Errorf("a closed cave outline:\n%swant\n%s", got, wantCave)
	}
	// Said to be squares, the closed wall line is filled; an object's
	// closed outline is filled whatever the file says.
	filled := "" +
		"..........\n" +
		".########.\n" +
		".########.\n" +
		".########.\n" +
		".########.\n" +
		".########.\n" +
		".########.\n" +
		"..........\n"
	if got := importASCII(t, mapDoc(10, 8, line(1, 1, 9, 1, 9, 7, 1, 7, 1, 1), "", "", `,"closed_walls_are_squares":true`)); got != filled {
		t.Errorf("closed_walls_are_squares: true:\n%swant\n%s", got, filled)
	}
	if got := importASCII(t, mapDoc(10, 8, "", line(1, 1, 9, 1, 9, 7, 1, 7, 1, 1), "", "")); got != strings.ReplaceAll(filled, "#", "o") {
		t.Errorf("a closed object outline:\n%s", got)
	}
	if got := importASCII(t, mapDoc(10, 8, line(1, 1, 9, 1, 9, 7, 1, 7, 1, 1), "", "", `,"closed_walls_are_squares":false`)); strings.Contains(got, "#") {
		t.Errorf("closed_walls_are_squares: false:\n%s", got)
	}
	// Our export says so, and only true or false is read.
	var buf bytes.Buffer
	if err := UVTT(&buf, mapFrom("##.", "##."), 4); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"closed_walls_are_squares":true`) {
		t.Errorf("the export does not say its closed walls are squares:\n%.300s", buf.String())
	}
	mustRefuseUVTT(t, mapDoc(4, 3, "", "", "", `,"closed_walls_are_squares":null`), "closed_walls_are_squares: must not be null")
	mustRefuseUVTT(t, mapDoc(4, 3, "", "", "", `,"closed_walls_are_squares":"yes"`), "closed_walls_are_squares: must be true or false, not string")
}
