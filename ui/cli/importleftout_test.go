package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/storage"
)

// offMapUVTT is smallUVTT (6 x 4, a wall and a door on the map) with three
// walls, an obstacle and a door beyond its edges, and two lights.
const offMapUVTT = `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 6, "y": 4}, "pixels_per_grid": 70},` +
	` "line_of_sight": [[{"x": 1, "y": 1}, {"x": 4, "y": 1}], [{"x": 9, "y": 0}, {"x": 9, "y": 4}], [{"x": -3, "y": -3}, {"x": -1, "y": -2}],` +
	` [{"x": 10, "y": 10}, {"x": 12, "y": 10}, {"x": 12, "y": 12}, {"x": 10, "y": 12}, {"x": 10, "y": 10}]],` +
	` "objects_line_of_sight": [[{"x": 7.5, "y": 7.5}, {"x": 8.5, "y": 8.5}]],` +
	` "portals": [{"position": {"x": 4.5, "y": 1}, "bounds": [{"x": 4, "y": 1}, {"x": 5, "y": 1}], "rotation": 0, "closed": true, "freestanding": false},` +
	` {"position": {"x": 20.5, "y": 1}, "bounds": [{"x": 20, "y": 1}, {"x": 21, "y": 1}], "rotation": 0, "closed": true, "freestanding": false}],` +
	` "environment": {"baked_lighting": true, "ambient_light": "ffffffff"},` +
	` "lights": [{"position": {"x": 1, "y": 1}, "range": 2, "intensity": 1, "color": "ffffffff", "shadows": true}, {"position": {"x": 40, "y": 1}, "range": 2, "intensity": 1, "color": "ffffffff", "shadows": true}]}`

// TestImportSaysWhatItLeftOut: importing a Universal VTT map whose walls,
// obstacle and door partly lie beyond its edges succeeds (exit 0, the id
// and name on stdout), stores what lies on the map, and says on stderr
// what it left out and why; a map with nothing off it says nothing.
func TestImportSaysWhatItLeftOut(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	p := filepath.Join(dir, "crypt.dd2vtt")
	if err := os.WriteFile(p, []byte(offMapUVTT), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", p})
	want := "encounter-planner: " + p + ": 3 walls, 1 obstacle and 1 door lie outside the 6 x 4 map and were left out; 2 lights were left out: the app has no lights\n"
	if code != ExitOK || !strings.HasSuffix(out.String(), "\tcrypt\n") || errb.String() != want {
		t.Fatalf("import: exit %d, stdout %q, stderr %q; want stderr %q", code, out.String(), errb.String(), want)
	}
	st, err := storage.OpenReadOnly(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	id, _ := st.Find(t.Context(), "crypt")
	if e, err := st.Load(t.Context(), id); err != nil || e.Grid.W != 6 || e.Grid.H != 4 || len(e.Edges) != 2 {
		t.Errorf("stored: %v %+v", err, e) // the wall and the door on the map
	}

	whole := filepath.Join(dir, "whole.dd2vtt")
	if err := os.WriteFile(whole, []byte(smallUVTT), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", whole}); code != ExitOK || errb.Len() != 0 {
		t.Errorf("a map with nothing off it: exit %d, stderr %q", code, errb.String())
	}
}

// roomUVTT is QA's uv/dupdoor.dd2vtt: an 8 x 6 room drawn as one closed
// wall line on a 10 x 8 map, with its north door (5, 1)-(6, 1) given
// twice, and extra members after it.
func roomUVTT(extra string) string {
	door := `{"position": {"x": 5.5, "y": 1}, "bounds": [{"x": 5, "y": 1}, {"x": 6, "y": 1}], "rotation": 0, "closed": true, "freestanding": false}`
	return `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10, "y": 8}, "pixels_per_grid": 10},` +
		` "line_of_sight": [[{"x": 1, "y": 1}, {"x": 9, "y": 1}, {"x": 9, "y": 7}, {"x": 1, "y": 7}, {"x": 1, "y": 1}]], "objects_line_of_sight": [],` +
		` "portals": [` + door + `, ` + door + `], "environment": {"baked_lighting": true, "ambient_light": "ffffffff"}, "lights": []` + extra + `}`
}

// TestImportRoomWithItsDoorGivenTwice: the room imported as a solid block
// of wall squares, and its door given twice refused the whole map (exit
// 2). It imports (exit 0) as a room, walls round open floor and one
// door, and stderr says the repeat was left out; a closed_walls_are_squares
// that is not true or false is still refused, exit 2, naming it.
func TestImportRoomWithItsDoorGivenTwice(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	p := filepath.Join(dir, "dupdoor.dd2vtt")
	if err := os.WriteFile(p, []byte(roomUVTT("")), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", p})
	want := "encounter-planner: " + p + ": 1 door repeats another exactly and was left out (the door is on the map once)\n"
	if code != ExitOK || !strings.HasSuffix(out.String(), "\tdupdoor\n") || errb.String() != want {
		t.Fatalf("import: exit %d, stdout %q, stderr %q; want stderr %q", code, out.String(), errb.String(), want)
	}
	st, err := storage.OpenReadOnly(db)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := st.Find(t.Context(), "dupdoor")
	e, err := st.Load(t.Context(), id)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	doors := 0
	for _, ed := range e.Edges {
		if ed.Kind.IsDoor() {
			doors++
		}
	}
	if doors != 1 || len(e.Edges) != 6 {
		t.Errorf("edges %v, want the 4 walls round the room (the north one in two) and 1 door", e.Edges)
	}
	for i, c := range e.Grid.Cells {
		if c != 0 {
			t.Fatalf("square (%d, %d) is %v: the room's inside should be floor", i%e.Grid.W, i/e.Grid.W, c)
		}
	}

	bad := filepath.Join(dir, "bad.dd2vtt")
	if err := os.WriteFile(bad, []byte(roomUVTT(`, "closed_walls_are_squares": "yes"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", bad}); code != ExitBad || !strings.Contains(errb.String(), "closed_walls_are_squares: must be true or false, not string") {
		t.Errorf("closed_walls_are_squares \"yes\": exit %d, stderr %q", code, errb.String())
	}
}
