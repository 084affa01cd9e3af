package cli

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/storage"
)

func dbEnv(out, errb *bytes.Buffer) Env {
	return Env{Stdout: out, Stderr: errb, OpenStore: openStore}
}

// openStore opens the database as main.go does: read-only for the commands
// that only read.
func openStore(p string, readOnly bool) (Store, error) {
	if readOnly {
		return storage.OpenReadOnly(p)
	}
	return storage.Open(p)
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

// TestListKeepsOneLinePerEncounter: a name with a tab and a newline (the
// model refuses it now; a database written before may hold one) is one
// line of five columns in list.
func TestListKeepsOneLinePerEncounter(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	f := filepath.Join(dir, "t.encounter.json")
	os.WriteFile(f, []byte("{\"format\":\"encounter/1\",\"name\":\"Two columns\",\"ruleset\":\"sf2e\",\"map\":{\"rows\":[\".\"]}}"), 0o644)
	var out, errb bytes.Buffer
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", f}); code != 0 {
		t.Fatalf("import: %d %s", code, errb.String())
	}
	legacyNames(t, db, "Two\tcolumns\nand lines")
	out.Reset()
	Run(dbEnv(&out, &errb), []string{"--db", db, "list"})
	if strings.Count(out.String(), "\n") != 1 || len(strings.Split(strings.TrimSpace(out.String()), "\t")) != 5 {
		t.Fatalf("list: %q", out.String())
	}
}

// TestReadCommandsCreateNothing: list, export-encounter and backup never
// create a database (a mistyped --db): each exits 2 naming the path (list
// once printed nothing and exited 0, as if the library were empty). An
// empty --db is bad input, and a FIFO or folder as --db is refused at
// once.
func TestReadCommandsCreateNothing(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo.db")
	fifo := filepath.Join(dir, "fifo.db")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--db", missing, "list"}, 2, missing + ": file does not exist: there is no database there"},
		{[]string{"--db", missing, "list", "--json"}, 2, missing + ": file does not exist: there is no database there"},
		{[]string{"--db", missing, "export-encounter", "X", filepath.Join(dir, "x.encounter.json")}, 2, "no database there"},
		{[]string{"--db", missing, "backup", filepath.Join(dir, "b.db")}, 2, "no database there"},
		{[]string{"--db", "", "list"}, 2, "--db: the database path is empty"},
		{[]string{"--db=", "list"}, 2, "--db: the database path is empty"},
		{[]string{"--db", fifo, "list"}, 2, "it is a FIFO"},
		{[]string{"--db", fifo, "import", iseph}, 2, "it is a FIFO"},
		{[]string{"--db", dir, "list"}, 2, "it is a folder"},
	} {
		done := make(chan struct{})
		var code int
		var out, errb bytes.Buffer
		go func() {
			defer close(done)
			code = Run(dbEnv(&out, &errb), c.args)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v: still running after 5 s", c.args)
		}
		if code != c.code || !strings.Contains(errb.String(), c.want) || c.code != 0 && strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errb.String(), c.code, c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%v: stdout %q, want nothing", c.args, out.String())
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files were created: %v", entries)
	}
}

// TestReadCommandsDefaultDatabaseMissing: without --db, a read-only
// command on a default database not made yet exits 2, naming its path and
// how it comes to be, and opens it read-only (never creating it); import
// opens it to write, creating it, as the app does.
func TestReadCommandsDefaultDatabaseMissing(t *testing.T) {
	def := filepath.Join(t.TempDir(), "encounter-planner", "encounters.db")
	var writable []bool
	env := func(out, errb *bytes.Buffer) Env {
		return Env{Stdout: out, Stderr: errb, OpenStore: func(p string, readOnly bool) (Store, error) {
			if p != "" {
				t.Errorf("OpenStore(%q), want the default (\"\")", p)
			}
			writable = append(writable, !readOnly)
			return openStore(def, readOnly)
		}}
	}
	// before its first use the default database holds no encounters
	// ("created on first use", queries.md); it is not made by a list
	for _, args := range [][]string{{"list"}, {"list", "--json"}} {
		var out, errb bytes.Buffer
		code := Run(env(&out, &errb), args)
		want := ""
		if len(args) == 2 {
			want = "{\"encounters\":[]}\n"
		}
		if code != 0 || out.String() != want || errb.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 0, %q", args, code, out.String(), errb.String(), want)
		}
	}
	for _, args := range [][]string{{"export-encounter", "X", filepath.Join(t.TempDir(), "x.json")}, {"backup", filepath.Join(t.TempDir(), "b.db")}} {
		var out, errb bytes.Buffer
		code := Run(env(&out, &errb), args)
		if code != ExitBad || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 ||
			!strings.Contains(errb.String(), def+": file does not exist") || !strings.Contains(errb.String(), "the app makes it when it first opens") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
	if _, err := os.Stat(filepath.Dir(def)); err == nil {
		t.Errorf("a read-only command made %s", filepath.Dir(def))
	}
	var out, errb bytes.Buffer
	if code := Run(env(&out, &errb), []string{"import", iseph}); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errb.String())
	}
	if want := []bool{false, false, false, false, true}; !slices.Equal(writable, want) {
		t.Errorf("opened writable %v, want %v", writable, want)
	}
	out.Reset()
	if code := Run(env(&out, &errb), []string{"list"}); code != 0 || !strings.Contains(out.String(), "Derelict cargo bay") {
		t.Errorf("list after import: exit %d %q %q", code, out.String(), errb.String())
	}
}

// TestReadOnlyFolder: a database in a folder that cannot be written can
// still be listed, exported and backed up, and nothing is written next to
// it. As root a 0555 folder does not stop writes, so the folder is made
// immutable (chattr +i), which binds root too, as a read-only disk would.
func TestReadOnlyFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "library")
	db := filepath.Join(dir, "e.db")
	var out, errb bytes.Buffer
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", iseph}); code != 0 {
		t.Fatalf("import: %s", errb.String())
	}
	before, _ := os.ReadFile(db)
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	outDir := t.TempDir()
	for _, args := range [][]string{
		{"list"},
		{"export-encounter", "Derelict cargo bay", filepath.Join(outDir, "x.encounter.json")},
		{"backup", filepath.Join(outDir, "copy.db")},
	} {
		out.Reset()
		errb.Reset()
		if code := Run(dbEnv(&out, &errb), append([]string{"--db", db}, args...)); code != 0 {
			t.Errorf("%v: exit %d, %s", args, code, errb.String())
		}
		if args[0] == "list" && !strings.Contains(out.String(), "Derelict cargo bay") {
			t.Errorf("list: %q", out.String())
		}
	}
	after, _ := os.ReadFile(db)
	if !bytes.Equal(before, after) {
		t.Error("the database was written")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files appeared next to the database: %v", entries)
	}
}

// TestBackupTargetIsBadInput: a backup OUT that is a folder, FIFO, an
// existing file or the database itself is bad input (exit 2), unchanged.
func TestBackupTargetIsBadInput(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	var o, e bytes.Buffer
	if code := Run(dbEnv(&o, &e), []string{"--db", db, "import", iseph}); code != 0 {
		t.Fatal(e.String())
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	existing := filepath.Join(dir, "old.db")
	os.WriteFile(existing, []byte("keep"), 0o644)
	for _, out := range []string{dir, dir + "/", filepath.Join(dir, "new.db") + "/", fifo, existing, db, db + "-wal"} {
		o.Reset()
		e.Reset()
		if code := Run(dbEnv(&o, &e), []string{"--db", db, "backup", out}); code != ExitBad || strings.Count(e.String(), "\n") != 1 {
			t.Errorf("backup %s: exit %d, %q", out, code, e.String())
		}
	}
	if b, _ := os.ReadFile(existing); string(b) != "keep" {
		t.Error("an existing file was overwritten")
	}
	if _, err := os.Stat(filepath.Join(dir, "new.db")); err == nil {
		t.Error("new.db/ made new.db")
	}
}

// TestForeignDatabaseUntouched: another program's SQLite database given as
// --db is refused by every command and left byte for byte as it was, with
// no .bak or other file beside it.
func TestForeignDatabaseUntouched(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "app.db")
	raw, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'ann')`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	before, _ := os.ReadFile(db)
	for _, args := range [][]string{
		{"import", iseph},
		{"list"},
		{"export-encounter", "X", filepath.Join(t.TempDir(), "x.json")},
		{"backup", filepath.Join(t.TempDir(), "b.db")},
	} {
		var o, e bytes.Buffer
		code := Run(dbEnv(&o, &e), append([]string{"--db", db}, args...))
		if code == 0 || !strings.Contains(e.String(), "another program") {
			t.Errorf("%v: exit %d, %q", args, code, e.String())
		}
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Error("the database was written")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files appeared: %v", entries)
	}
}

// TestImportIntoUnwritableFolder: a new --db in a folder that exists but
// cannot be written (immutable, as a read-only disk) says so, rather than
// SQLite's "no such file or directory"; nothing is created.
func TestImportIntoUnwritableFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "library")
	os.Mkdir(dir, 0o755)
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	var out, errb bytes.Buffer
	code := Run(dbEnv(&out, &errb), []string{"--db", filepath.Join(dir, "new.db"), "import", iseph})
	msg := errb.String()
	if code != ExitOther || !strings.Contains(msg, "its folder "+dir+" cannot be written") || strings.Contains(msg, "folder exists") {
		t.Errorf("code %d, stderr %q", code, msg)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files appeared: %v", entries)
	}
}

// TestExportOfADamagedRowIsNotBadInput: an encounter row the store holds
// that no longer passes the format's checks (a token moved off the map by
// hand in SQLite) is the database's fault: export-encounter says the
// stored encounter fails, names the field, and exits 1, not the 2 of a bad
// input file or argument.
func TestExportOfADamagedRowIsNotBadInput(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e.db")
	var out, errb bytes.Buffer
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", iseph}); code != 0 {
		t.Fatalf("import: %d %q", code, errb.String())
	}
	raw, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE tokens SET x = -5 WHERE ord = 0`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	out.Reset()
	errb.Reset()
	dst := filepath.Join(t.TempDir(), "x.json")
	code := Run(dbEnv(&out, &errb), []string{"--db", db, "export-encounter", "Derelict cargo bay", dst})
	msg := errb.String()
	if code != 1 || !strings.Contains(msg, "stored encounter") || !strings.Contains(msg, "(-5, 0)") || !strings.Contains(msg, "restore a backup") {
		t.Errorf("exit %d, %q; want 1 and a message naming the stored encounter and the square", code, msg)
	}
	if _, err := os.Stat(dst); err == nil {
		t.Error("a file was written")
	}
}
