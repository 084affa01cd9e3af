package cli

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	_ "github.com/mattn/go-sqlite3"
)

// nasty holds what a shared file may put in a name that a terminal acts on:
// a right-to-left override, BEL, an ESC colour sequence, DEL, a C1 CSI, a
// left-to-right isolate, a tab, a line separator.
const nasty = "\u202eevil\a\x1b[31mred\x7f\u009b2J\u2066x\tz\u2028!"

// The command line never prints a control or bidirectional character raw:
// a file whose names hold them is refused (model: they would garble the
// text), and the error naming the thing shows their escapes; a database
// written before that refusal may still hold such a name, which list shows
// escaped (tab and line breaks as spaces, as before) and list --json
// escapes too (the same string).
func TestPrintedNamesCannotControlTheTerminal(t *testing.T) {
	raw := func(s string) bool { return strings.ContainsFunc(strings.TrimSuffix(s, "\n"), terminalRune) }
	dir := t.TempDir()
	doc := map[string]any{"format": "encounter/1", "name": nasty, "ruleset": "sf2e",
		"map":    map[string]any{"rows": []string{"...."}},
		"tokens": []any{map[string]any{"name": nasty, "x": 0, "y": 0, "speeds": map[string]int{"land": 5}}, map[string]any{"name": "B", "x": 3, "y": 0}}}
	data, _ := json.Marshal(doc)
	file := filepath.Join(dir, "nasty.encounter.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "e.db")
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(dbEnv(&out, &errb), append([]string{"--db", db}, args...))
		return code, out.String(), errb.String()
	}
	code, out, errs := run("import", file)
	if code != ExitBad || out != "" || raw(errs) || !strings.Contains(errs, `tokens[0].name: contains U+202E`) {
		t.Fatalf("import of the file: %d %q %q; want exit 2, the error escaped", code, out, errs)
	}
	for _, q := range [][]string{{"reach", file, "--token", nasty}, {"sight", file, "--token", nasty}, {"distance", file, "--from", nasty, "--to", "B"}} {
		code, out, errs = runCLI(t, q...)
		if code != ExitBad || out != "" || raw(errs) || errs == "" {
			t.Errorf("%s: %d %q %q; want exit 2, the error escaped", q[0], code, out, errs)
		}
	}

	want := `\u202eevil\x07\x1b[31mred\x7f\u009b2J\u2066x z !`
	clean := filepath.Join(dir, "clean.encounter.json")
	doc["name"], doc["tokens"] = "Clean", []any{}
	data, _ = json.Marshal(doc)
	if err := os.WriteFile(clean, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if code, out, errs := run("import", clean); code != 0 {
			t.Fatalf("import: %d %q %q", code, out, errs)
		}
	}
	legacyNames(t, db, nasty)
	code, out, _ = run("list")
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if f := strings.Split(line, "\t"); code != 0 || len(f) != 5 || raw(f[1]) || f[1] != want {
			t.Errorf("list line %q, want the name as %q", line, want)
		}
	}
	code, out, _ = run("list", "--json")
	var js struct{ Encounters []struct{ Name string } }
	if err := json.Unmarshal([]byte(out), &js); code != 0 || err != nil || raw(out) || len(js.Encounters) != 2 || js.Encounters[1].Name != nasty {
		t.Errorf("list --json: %d %v %q", code, err, out)
	}
	code, _, errs = run("export-encounter", nasty+"?", filepath.Join(dir, "o.json"))
	if code != ExitBad || !strings.Contains(errs, "not found") || raw(errs) {
		t.Errorf("unknown name: %d %q", code, errs)
	}
}

// legacyNames names every encounter in the database name, as a database
// written before the model refused such text may (straight in SQL: the
// store refuses it now).
func legacyNames(t *testing.T, db, name string) {
	t.Helper()
	d, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Exec(`UPDATE encounters SET name = ?`, name); err != nil {
		t.Fatal(err)
	}
}

func TestEscapeTerminalRunes(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":"plain é 😀"}`:        `{"a":"plain é 😀"}`,
		"{\"a\":\"\x7f\u0085\"}":   `{"a":"\u007f\u0085"}`,
		"[\"\u200f\u061c\u2069\"]": `["\u200f\u061c\u2069"]`,
	} {
		if got := string(escapeTerminalRunes([]byte(in))); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
		var a, b any
		if json.Unmarshal([]byte(in), &a) != nil || json.Unmarshal([]byte(want), &b) != nil || !jsonEqual(a, b) {
			t.Errorf("%q: not the same JSON value", in)
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// A path the user typed is printed as safely as a name from a file: the
// line export writes once it has written OUT printed OUT raw (an ESC
// colour sequence in it coloured the terminal), and a byte that is not
// UTF-8 (a file name may hold any; \x9b is a C1 CSI to a terminal that
// reads 8-bit controls) was printed raw by every message. Both now show
// as escapes, and the file is written under the name as given.
func TestPrintedPathsCannotControlTheTerminal(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"e\x1b[31mvil.png", "c\x9b2Jsi.png", "\xff\xfe.png"} {
		out := filepath.Join(dir, name)
		var o, e bytes.Buffer
		if code := Run(Env{Stdout: &o, Stderr: &e}, []string{"export", iseph, "--png", out}); code != ExitOK {
			t.Fatalf("export --png %q: exit %d, %q", name, code, e.String())
		}
		msg := strings.TrimSuffix(e.String(), "\n")
		if strings.ContainsFunc(msg, terminalRune) || !utf8.ValidString(msg) || !strings.HasPrefix(msg, "encounter-planner: wrote ") {
			t.Errorf("export --png %q said %q", name, msg)
		}
		if _, err := os.Stat(out); err != nil {
			t.Errorf("%q was not written: %v", name, err)
		}
	}
	var o, e bytes.Buffer
	missing := filepath.Join(dir, "gone\x9b2J.encounter.json")
	if code := Run(Env{Stdout: &o, Stderr: &e}, []string{"reach", missing, "--token", "Iseph"}); code != ExitBad {
		t.Fatalf("reach of a missing file: exit %d", code)
	}
	if msg := e.String(); !utf8.ValidString(msg) || !strings.Contains(msg, `gone\x9b2J.encounter.json`) {
		t.Errorf("reach of a missing file said %q", msg)
	}
}
