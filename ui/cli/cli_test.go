package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

const iseph = "testdata/iseph.encounter.json"

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := Env{Stdout: &out, Stderr: &errb, OpenStore: func(string, bool) (Store, error) {
		t.Fatal("a query must not open the database")
		return nil, nil
	}}
	code = Run(env, args)
	return code, out.String(), errb.String()
}

// TestBadInput: every bad input exits 2 with one stderr line that names the
// problem, and prints nothing on stdout.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.encounter.json")
	os.WriteFile(bad, []byte(`{"format":"encounter/1","name":"B","ruleset":"sf2e","map":{"rows":["..","."]}}`), 0o644)
	ship := filepath.Join(dir, "ship.encounter.json")
	os.WriteFile(ship, []byte(`{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["....","...."]},"tokens":[{"name":"A","x":0,"y":0,"size":"small","speeds":{"fly":300,"turn":100}},{"name":"B","x":3,"y":0,"size":"small","speeds":{"fly":300,"turn":100}}]}`), 0o644)
	pf := filepath.Join(dir, "pf.encounter.json")
	os.WriteFile(pf, []byte(`{"format":"encounter/1","name":"P","ruleset":"pf1e","map":{"rows":["...."]},"tokens":[{"name":"A","x":0,"y":0,"speeds":{"land":30}}]}`), 0o644)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"NoCommand", []string{}, "no command"},
		{"UnknownCommand", []string{"teleprot", iseph}, `unknown command "teleprot"`},
		{"UnknownGlobal", []string{"--verbose", "list"}, "unknown option --verbose"},
		{"MissingFile", []string{"reach", "--token", "Iseph"}, "missing FILE"},
		{"NoSuchFile", []string{"reach", filepath.Join(dir, "nope.json"), "--token", "Iseph"}, "nope.json: no such file"},
		{"BadFile", []string{"reach", bad, "--token", "X"}, "map.rows[1]: has 1 columns, but row 0 has 2"},
		{"UnknownToken", []string{"reach", iseph, "--token", "Nobody"}, `--token: testdata/iseph.encounter.json has no token named "Nobody"`},
		{"TokenMissing", []string{"reach", iseph}, "--token is required"},
		{"UnknownFlag", []string{"reach", iseph, "--token", "Iseph", "--fast"}, "unknown flag --fast"},
		{"FlagNoValue", []string{"reach", iseph, "--token"}, "--token needs a value"},
		{"ActionsNotNumber", []string{"reach", iseph, "--token", "Iseph", "--actions", "two"}, `--actions: "two" is not a whole number`},
		{"ActionsRange", []string{"reach", iseph, "--token", "Iseph", "--actions", "4"}, "--actions: 4 is out of range (1 to 3)"},
		{"BadMode", []string{"reach", iseph, "--token", "Iseph", "--mode", "teleport"}, `--mode: "teleport" is not a movement mode of the sf2e ruleset`},
		{"PF1EThreeActions", []string{"reach", pf, "--token", "A", "--actions", "3"}, "--actions: the pf1e ruleset allows at most 2"},
		{"StarshipLand", []string{"reach", ship, "--token", "A", "--mode", "land"}, `--mode: "land" is not a movement mode of the starship ruleset`},
		{"StepNotSF2E", []string{"reach", pf, "--token", "A", "--step"}, "--step: only the sf2e ruleset has a Step"},
		{"PathNoTo", []string{"path", iseph, "--token", "Iseph"}, "--to is required"},
		{"PathBadTo", []string{"path", iseph, "--token", "Iseph", "--to", "3;4"}, `--to: "3;4" is not X,Y`},
		{"PathOffMap", []string{"path", iseph, "--token", "Iseph", "--to", "10,0"}, "--to: square (10, 0) is off the 10x4 map"},
		{"CoverSame", []string{"cover", iseph, "--from", "Iseph", "--to", "Iseph"}, "name the same token"},
		{"CoverStarship", []string{"cover", ship, "--from", "A", "--to", "B"}, "the starship ruleset has no cover or flanking rules"},
		{"FlankingStarship", []string{"flanking", ship}, "the starship ruleset has no cover or flanking rules"},
		{"LeapNotPoints", []string{"leap", iseph, "--token", "Iseph"}, "the sf2e ruleset has no leap"},
		{"ExportNoOutput", []string{"export", iseph}, "exactly one of --png"},
		{"ExportPaper", []string{"export", iseph, "--pdf", filepath.Join(dir, "x.pdf"), "--paper", "legal"}, `--paper: "legal" is not letter or a4`},
		{"ExtraArg", []string{"flanking", iseph, "more"}, `unexpected argument "more"`},
		{"DBWrongArgs", []string{"--db", filepath.Join(dir, "x.db"), "import"}, "import takes 1 argument"},
		{"DBNeedsPath", []string{"--db"}, "--db needs a database path"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(t, c.args...)
			if code != ExitBad {
				t.Errorf("exit code %d, want %d (stderr %q)", code, ExitBad, errs)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
				t.Errorf("stderr %q\nwant one line containing %q", errs, c.want)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := runCLI(t, "help")
	if code != 0 || !strings.Contains(out, "encounter-planner reach FILE") {
		t.Fatalf("help: code %d, %q", code, out)
	}
}

// TestFlagSpellings: every spelling queries.md and the old parser accepted
// still works (--flag V, --flag=V, -flag V, a boolean with =true/false,
// FILE before or after the flags), and the global options are read once.
func TestFlagSpellings(t *testing.T) {
	want := okJSON(t, nil, "reach", iseph, "--token", "Iseph", "--actions", "2")
	for _, args := range [][]string{
		{"reach", "--token", "Iseph", iseph, "--actions", "2"},
		{"reach", "--token=Iseph", "--actions=2", iseph},
		{"reach", "-token", "Iseph", "-actions", "2", iseph},
		{"reach", iseph, "--token", "Iseph", "--actions", "2", "--step=false"},
		{"reach", "--token", "Iseph", "--actions", "2", "--", iseph},
	} {
		if got := okJSON(t, nil, args...); got != want {
			t.Errorf("%v: %s, want %s", args, got, want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"reach", iseph, "--token", "Iseph", "--token", "Tashtari"}, "--token given twice"},
		{[]string{"reach", iseph, "--token", "Iseph", "--step=maybe"}, `--step: "maybe" is not true or false`},
		{[]string{"reach", iseph, "---token", "Iseph"}, "unknown flag ---token"},
		{[]string{"--db", "a.db", "--db", "b.db", "list"}, "--db given twice"},
		{[]string{"--db", "a.db", "--verbose", "list"}, "unknown option --verbose"},
	} {
		bad(t, c.args, c.want)
	}
}

// TestInputMustBeAFile: a folder or a FIFO given as FILE (to a query, an
// export or import) is bad input, exit 2, and a FIFO does not hang.
func TestInputMustBeAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.encounter.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	uvFifo := filepath.Join(dir, "fifo.dd2vtt")
	if err := syscall.Mkfifo(uvFifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	db := filepath.Join(dir, "e.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"reach", dir, "--token", "X"}, "it is a folder"},
		{[]string{"flanking", fifo}, "it is a FIFO"},
		{[]string{"export", fifo, "--png", filepath.Join(dir, "o.png")}, "it is a FIFO"},
		{[]string{"--db", db, "import", dir}, "it is a folder"},
		{[]string{"--db", db, "import", fifo}, "it is a FIFO"},
		{[]string{"--db", db, "import", uvFifo}, "it is a FIFO"},
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
		if code != ExitBad || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a bad import created the database")
	}
}

// TestNameStartingWithDash: after --, a NAME or FILE may start with a dash
// (an encounter named "-rf").
func TestNameStartingWithDash(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	f := filepath.Join(dir, "-rf.encounter.json")
	os.WriteFile(f, []byte(`{"format":"encounter/1","name":"-rf","ruleset":"sf2e","map":{"rows":["."]}}`), 0o644)
	out := filepath.Join(dir, "-out.encounter.json")
	for _, args := range [][]string{
		{"--db", db, "import", "--", f},
		{"--db", db, "export-encounter", "--", "-rf", out},
	} {
		var o, e bytes.Buffer
		if code := Run(dbEnv(&o, &e), args); code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, e.String())
		}
	}
	if b, err := os.ReadFile(out); err != nil || !strings.Contains(string(b), `"name": "-rf"`) {
		t.Fatalf("export of -rf: %v %s", err, b)
	}
}

// A flag's value may start with a dash after "--", as the help says:
// --token -- -rf is the token "-rf" (it was "--", then "unknown flag --rf").
func TestFlagValueStartingWithDash(t *testing.T) {
	f := filepath.Join(t.TempDir(), "dash.encounter.json")
	os.WriteFile(f, []byte(`{"format":"encounter/1","name":"Dash","ruleset":"sf2e","map":{"rows":["...."]},`+
		`"tokens":[{"name":"-rf","x":0,"y":0,"speeds":{"land":5}},{"name":"--","x":3,"y":0}]}`), 0o644)
	want := okJSON(t, nil, "reach", f, "--token=-rf")
	for _, args := range [][]string{
		{"reach", f, "--token", "--", "-rf"},
		{"reach", "--token", "--", "-rf", f},
		{"reach", "--token", "--", "-rf", "--", f},
		{"reach", f, "--token", "-rf"},
	} {
		if got := okJSON(t, nil, args...); got != want {
			t.Errorf("%v: %s, want %s", args, got, want)
		}
	}
	if got := okJSON(t, nil, "distance", f, "--from", "--", "-rf", "--to=--"); !strings.Contains(got, `"from":"-rf","to":"--"`) {
		t.Errorf("distance: %s", got)
	}
}

// TestDBAfterTheCommand: --db is a global option, read before the command;
// given after it (users try it, as query options may come after FILE) it
// is exit 2, saying where it goes with the whole command line to type, and
// opens no database. A query takes no database: --db after it says so. It
// was "unknown flag --db". A token named "--db" is still a token.
func TestDBAfterTheCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--db", "rt.db"}, "encounter-planner: --db goes before the command: encounter-planner --db rt.db list\n"},
		{[]string{"list", "--db=rt.db", "--json"}, "encounter-planner: --db goes before the command: encounter-planner --db rt.db list --json\n"},
		{[]string{"import", "my map.encounter.json", "-db", "a b.db"}, "encounter-planner: --db goes before the command: encounter-planner --db 'a b.db' import 'my map.encounter.json'\n"},
		{[]string{"export-encounter", "--db", "rt.db", "Bob's cave", "out.encounter.json"}, `encounter-planner: --db goes before the command: encounter-planner --db rt.db export-encounter 'Bob'\''s cave' out.encounter.json` + "\n"},
		{[]string{"backup", "b.db", "--db", "--", "-rt.db"}, "encounter-planner: --db goes before the command: encounter-planner --db -rt.db backup b.db\n"},
		{[]string{"list", "--db"}, "encounter-planner: --db goes before the command: encounter-planner --db PATH list\n"},
		{[]string{"reach", iseph, "--token", "Iseph", "--db", "rt.db"}, "encounter-planner: --db does not apply to reach, which reads FILE, not the database (--db goes before list, import, export-encounter or backup)\n"},
		{[]string{"export", iseph, "--db", "rt.db", "--png", "x.png"}, "encounter-planner: --db does not apply to export, which reads FILE, not the database"},
	} {
		bad(t, c.args, c.want)
	}
	f := filepath.Join(t.TempDir(), "db.encounter.json")
	os.WriteFile(f, []byte(`{"format":"encounter/1","name":"D","ruleset":"sf2e","map":{"rows":["...."]},"tokens":[{"name":"--db","x":0,"y":0,"speeds":{"land":5}}]}`), 0o644)
	want := okJSON(t, nil, "reach", f, "--token=--db")
	if got := okJSON(t, nil, "reach", f, "--token", "--db"); got != want {
		t.Errorf("--token --db: %s, want %s", got, want)
	}
	bad(t, []string{"list", "--", "--db", "x"}, "list takes 0 argument(s), got 2")
}
