package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/storage"
	"encounterplanner/ui/export"
)

// smallUVTT is a 6x4 Universal VTT map with a wall and a door.
const smallUVTT = `{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 6, "y": 4}, "pixels_per_grid": 70},` +
	` "line_of_sight": [[{"x": 1, "y": 1}, {"x": 4, "y": 1}]], "objects_line_of_sight": [],` +
	` "portals": [{"position": {"x": 4.5, "y": 1}, "bounds": [{"x": 4, "y": 1}, {"x": 5, "y": 1}], "rotation": 0, "closed": true, "freestanding": false}],` +
	` "environment": {"baked_lighting": true, "ambient_light": "ffffffff"}, "lights": []}`

// A Universal VTT map is named after its file; a file name that gives no
// name (".dd2vtt") gives "Imported map" and says so, rather than "name: must
// be 1 to 200 characters, not 0" about a field the file does not have; a
// long one is cut to the 200 characters a name may have.
func TestImportNamesFromFileName(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	long := strings.Repeat("é", 20) + strings.Repeat("x", 200) // 220 characters, 240 bytes
	for _, c := range []struct{ file, name, note string }{
		{".dd2vtt", "Imported map", `the file name gives no encounter name, so it is "Imported map"`},
		{"   .uvtt", "Imported map (2)", `the file name gives no encounter name`},
		{"Sunken temple.dd2vtt", "Sunken temple", ""},
		{long + ".dd2vtt", long[:220], ""}, // the first 200 characters
	} {
		p := filepath.Join(dir, c.file)
		if err := os.WriteFile(p, []byte(smallUVTT), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", p})
		if code != ExitOK || !strings.HasSuffix(out.String(), "\t"+c.name+"\n") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want the name %q", c.file, code, out.String(), errb.String(), c.name)
		}
		if c.note == "" && errb.Len() != 0 || c.note != "" && !strings.Contains(errb.String(), c.note) {
			t.Errorf("%q: stderr %q, want %q", c.file, errb.String(), c.note)
		}
	}
}

// A Universal VTT map saved as .json is imported as one (its content says
// what it is), with a note; a query on it says what it is and what to do,
// not only `unknown field "resolution"`.
func TestImportUVTTSavedAsJSON(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "cellar.json")
	if err := os.WriteFile(p, []byte(smallUVTT), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "e.db")
	var out, errb bytes.Buffer
	code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", p})
	if code != ExitOK || !strings.HasSuffix(out.String(), "\tcellar\n") || !strings.Contains(errb.String(), "is a Universal VTT map: imported as one") {
		t.Fatalf("import: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	st, err := storage.OpenReadOnly(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	id, _ := st.Find(t.Context(), "cellar")
	if e, err := st.Load(t.Context(), id); err != nil || e.Grid.W != 6 || e.Grid.H != 4 || len(e.Edges) != 2 {
		t.Errorf("stored: %v %+v", err, e)
	}
	code, _, errs := runCLI(t, "flanking", p)
	if code != ExitBad || !strings.Contains(errs, `unknown field "resolution": this is a Universal VTT map (.dd2vtt), not an encounter/1 file; import it as one`) {
		t.Errorf("flanking: exit %d, %q", code, errs)
	}
}

// The imports that make a map image take the limit encounter/1 holds a map
// image to, so every map they store is written as a file the reader reads
// (model.Validate measures the rest): a Universal VTT map imports, exports
// and imports again.
func TestImportLimitsAgree(t *testing.T) {
	if export.MaxUVTTImage != model.MaxBackgroundBytes || export.MaxMapImageBytes != model.MaxBackgroundBytes {
		t.Errorf("image limits: UVTT %d, map image %d, encounter/1 %d", export.MaxUVTTImage, export.MaxMapImageBytes, model.MaxBackgroundBytes)
	}
	if export.MaxUVTTBytes < model.MaxBackgroundText {
		t.Errorf("a .dd2vtt of at most %d bytes cannot hold the largest image", export.MaxUVTTBytes)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "cellar.dd2vtt")
	if err := os.WriteFile(p, []byte(smallUVTT), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "e.db")
	out := filepath.Join(dir, "cellar.encounter.json")
	for _, args := range [][]string{{"import", p}, {"export-encounter", "cellar", out}, {"import", out}} {
		var o, e bytes.Buffer
		if code := Run(dbEnv(&o, &e), append([]string{"--db", db}, args...)); code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, e.String())
		}
	}
}
