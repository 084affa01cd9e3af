package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/storage"
)

func dbEnv(out, errb *bytes.Buffer) Env {
	return Env{Stdout: out, Stderr: errb, OpenStore: func(p string, _ bool) (Store, error) { return storage.Open(p) }}
}

// TestDatabaseCommands: import twice (the second gets " (2)"), list in
// both forms, export byte-for-byte, an ambiguous name, a backup.
func TestDatabaseCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(dbEnv(&out, &errb), append([]string{"--db", db}, args...))
		return code, out.String(), errb.String()
	}
	code, out, errs := run("import", iseph)
	if code != 0 || !strings.HasSuffix(out, "\tDerelict cargo bay\n") {
		t.Fatalf("import: %d %q %q", code, out, errs)
	}
	id1 := strings.Split(out, "\t")[0]
	code, out, _ = run("import", iseph)
	if code != 0 || !strings.HasSuffix(out, "\tDerelict cargo bay (2)\n") {
		t.Fatalf("second import: %d %q", code, out)
	}
	code, out, _ = run("list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("list: %d %q", code, out)
	}
	f := strings.Split(lines[1], "\t")
	if len(f) != 5 || f[0] != id1 || f[1] != "Derelict cargo bay" || f[2] != "sf2e" || f[3] != "10x4" {
		t.Errorf("list row %q", lines[1])
	}
	code, out, _ = run("list", "--json")
	var js struct {
		Encounters []struct {
			ID, Name, Ruleset, Updated string
			Width, Height              int
		}
	}
	if err := json.Unmarshal([]byte(out), &js); code != 0 || err != nil || len(js.Encounters) != 2 || js.Encounters[1].Width != 10 {
		t.Fatalf("list --json: %d %v %q", code, err, out)
	}
	exp := filepath.Join(dir, "out.encounter.json")
	if code, _, errs = run("export-encounter", "Derelict cargo bay", exp); code != 0 {
		t.Fatalf("export-encounter: %d %q", code, errs)
	}
	got, _ := os.ReadFile(exp)
	src, _ := os.ReadFile(iseph)
	e, _ := model.DecodeEncounter(src)
	e2, err := model.DecodeEncounter(got)
	if err != nil || e2.Name != e.Name || len(e2.Tokens) != 2 || e2.Grid.W != 10 {
		t.Fatalf("exported file: %v", err)
	}
	if code, _, errs = run("export-encounter", "Nothing", exp); code != 2 || !strings.Contains(errs, "not found") {
		t.Errorf("unknown name: %d %q", code, errs)
	}
	bak := filepath.Join(dir, "backup.db")
	if code, _, errs = run("backup", bak); code != 0 {
		t.Fatalf("backup: %d %q", code, errs)
	}
	st, err := storage.Open(bak)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if rows, _ := st.List(t.Context()); len(rows) != 2 {
		t.Errorf("backup holds %d encounters, want 2", len(rows))
	}
}

// TestImportBadFileLeavesNoDatabase: bad input exits 2 before a database
// is created.
func TestImportBadFileLeavesNoDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	bad := filepath.Join(dir, "bad.encounter.json")
	os.WriteFile(bad, []byte(`{"format":"encounter/1"}`), 0o644)
	var out, errb bytes.Buffer
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", bad}); code != 2 || !strings.Contains(errb.String(), "ruleset: is required") {
		t.Fatalf("code %d, stderr %q", code, errb.String())
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("a database was created for a bad import")
	}
}

// TestNotADatabase: a file that is not SQLite exits 1 with a message and
// is not touched.
func TestNotADatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "notes.txt")
	os.WriteFile(db, []byte("shopping list\n"), 0o644)
	var out, errb bytes.Buffer
	code := Run(dbEnv(&out, &errb), []string{"--db", db, "list"})
	if code == 0 || errb.Len() == 0 {
		t.Fatalf("code %d, stderr %q", code, errb.String())
	}
	if b, _ := os.ReadFile(db); string(b) != "shopping list\n" {
		t.Errorf("the file was changed")
	}
}

func TestListKeepsOneLinePerEncounter(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	f := filepath.Join(dir, "t.encounter.json")
	os.WriteFile(f, []byte("{\"format\":\"encounter/1\",\"name\":\"Two\\tcolumns\\nand lines\",\"ruleset\":\"sf2e\",\"map\":{\"rows\":[\".\"]}}"), 0o644)
	var out, errb bytes.Buffer
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", f}); code != 0 {
		t.Fatalf("import: %d %s", code, errb.String())
	}
	out.Reset()
	Run(dbEnv(&out, &errb), []string{"--db", db, "list"})
	if strings.Count(out.String(), "\n") != 1 || len(strings.Split(strings.TrimSpace(out.String()), "\t")) != 5 {
		t.Fatalf("list: %q", out.String())
	}
}
