package export

import (
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
