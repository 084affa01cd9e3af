package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// pureDeps are the modules the pure layers (model, rules) may import besides
// the standard library: style.md names uuid for ids.
var pureDeps = map[string]bool{"github.com/google/uuid": true}

// TestLayers keeps the layering of docs/style.md honest: the domain and the
// rules are pure, the drawing and exports know no Fyne, storage no UI.
func TestLayers(t *testing.T) {
	cases := []struct {
		pkg       string
		forbidden []string // prefixes; "=" before one asks for the exact package (uuid brings database/sql/driver, not database/sql)
		onlyStd   bool     // besides the module's own packages and pureDeps
	}{
		{"./model/...", nil, true},
		{"./rules/...", []string{"encounterplanner/storage", "encounterplanner/ui", "=database/sql", "fyne.io/"}, true},
		{"./ui/render/...", []string{"fyne.io/", "=database/sql", "encounterplanner/storage"}, false},
		{"./ui/export/...", []string{"fyne.io/", "=database/sql", "encounterplanner/storage"}, false},
		{"./ui/cli/...", []string{"fyne.io/"}, false},
		{"./storage/...", []string{"fyne.io/", "encounterplanner/ui", "encounterplanner/rules"}, false},
	}
	for _, c := range cases {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}", c.pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", c.pkg, err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		for _, line := range lines {
			dep, std, _ := strings.Cut(line, " ")
			if c.onlyStd && std != "true" && !strings.HasPrefix(dep, "encounterplanner/") && !pureDeps[dep] {
				t.Errorf("%s depends on %s; it may use the standard library only", c.pkg, dep)
			}
			for _, f := range c.forbidden {
				if exact, ok := strings.CutPrefix(f, "="); ok && dep == exact || !ok && strings.HasPrefix(dep, f) {
					t.Errorf("%s depends on %s", c.pkg, dep)
				}
			}
		}
	}
}

// TestMain lets a test run the program itself: with EP_RUN_MAIN=1 the test
// binary is encounter-planner, its arguments in EP_ARGS (one per line).
func TestMain(m *testing.M) {
	if os.Getenv("EP_RUN_MAIN") == "1" {
		os.Args = append([]string{"encounter-planner"}, strings.Split(os.Getenv("EP_ARGS"), "\n")...)
		if os.Getenv("EP_ARGS") == "" {
			os.Args = os.Args[:1]
		}
		main()
		return
	}
	os.Exit(m.Run())
}

// runMain runs the program in dir (also its HOME and config folder) with
// no display, and returns its exit code and output.
func runMain(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "EP_RUN_MAIN=1", "EP_ARGS="+strings.Join(args, "\n"),
		"DISPLAY=", "WAYLAND_DISPLAY=", "HOME="+dir, "XDG_CONFIG_HOME="+dir, "LANG=en_US.UTF-8")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

// TestNoDisplay: without a display, starting the app (no command, or a
// forgotten --db path such as `--db help`) says so in one line, exits 1
// and creates nothing; an unknown command word is bad input (exit 2).
func TestNoDisplay(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 1, noDisplay + "\n"},
		{[]string{"--db", "help"}, 1, noDisplay + "\n"},
		{[]string{"--db", "x.db", "hepl"}, 2, "encounter-planner: unknown command \"hepl\" (try: encounter-planner help)\n"},
		{[]string{"lsit"}, 2, "encounter-planner: unknown command \"lsit\" (try: encounter-planner help)\n"},
		{[]string{"--db", ""}, 2, "--db: the database path is empty"},
	} {
		dir := t.TempDir()
		code, stdout, stderr := runMain(t, dir, c.args...)
		if code != c.code || stdout != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d and %q", c.args, code, stdout, stderr, c.code, c.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%q: created %v", c.args, entries)
		}
	}
	if !displayMissing("linux", func(string) string { return "" }) ||
		displayMissing("linux", func(k string) string { return map[string]string{"WAYLAND_DISPLAY": "wayland-0"}[k] }) ||
		displayMissing("windows", func(string) string { return "" }) {
		t.Error("displayMissing")
	}
}

// TestUIAsksTheDescriptor keeps ruleset knowledge in rules/ (issue "The
// house"): no UI file names a ruleset constant; it asks rules.Describe.
// The command line and the exports take the ruleset from files and flags.
func TestUIAsksTheDescriptor(t *testing.T) {
	re := regexp.MustCompile(`model\.(SF2E|PF1E|Starship|Points)\b`)
	err := filepath.WalkDir("ui", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == "ui/cli" || path == "ui/export" || path == "ui/render") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if re.MatchString(line) {
				t.Errorf("%s:%d names a ruleset: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestAppMemoryLimit: the app sets its soft memory limit unless the user
// gave GOMEMLIMIT, whose value then stands.
func TestAppMemoryLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	if keepMemoryNear(1<<40, func(k string) string {
		if k == "GOMEMLIMIT" {
			return "1GiB"
		}
		return ""
	}) || debug.SetMemoryLimit(-1) != old {
		t.Error("GOMEMLIMIT given, yet the limit changed")
	}
	if !keepMemoryNear(1<<40, func(string) string { return "" }) || debug.SetMemoryLimit(-1) != 1<<40 {
		t.Error("no GOMEMLIMIT, yet the app's limit is not set")
	}
}

// TestDisplayThatDoesNotAnswer: a DISPLAY whose X server is gone (an ssh
// session without X forwarding, an Xvfb that quit) made GLFW panic with a
// goroutine dump and exit 2; now the app says so in one line, exits 1 and
// creates nothing. displayUnreachable dials where each form of DISPLAY
// points, and leaves to GLFW what it does not know.
func TestDisplayThatDoesNotAnswer(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "EP_RUN_MAIN=1", "EP_ARGS=", "DISPLAY=:59000", "WAYLAND_DISPLAY=",
		"HOME="+dir, "XDG_CONFIG_HOME="+dir, "LANG=en_US.UTF-8")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	want := "encounter-planner: cannot open the display :59000 (nothing answers at /tmp/.X11-unix/X59000): run a command, or start it on a desktop\n"
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("DISPLAY=:59000: %v, stdout %q, stderr %q; want exit 1 and %q", err, stdout.String(), stderr.String(), want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("created %v", entries)
	}

	for _, c := range []struct {
		display, wayland string
		answers          map[string]bool // network + " " + addr
		want             string          // "" or the address tried
	}{
		{":0", "", map[string]bool{"unix /tmp/.X11-unix/X0": true}, ""},
		{":0.0", "", map[string]bool{"unix @/tmp/.X11-unix/X0": true}, ""},
		{"unix:1", "", nil, "/tmp/.X11-unix/X1"},
		{":7", "", nil, "/tmp/.X11-unix/X7"},
		{"localhost:10.0", "", map[string]bool{"tcp localhost:6010": true}, ""},
		{"localhost:10.0", "", nil, "localhost:6010"},
		{"[::1]:2", "", nil, "[::1]:6002"},
		{":7", "wayland-0", nil, ""},                 // Wayland may serve it
		{"/tmp/launch-x/org.xquartz:0", "", nil, ""}, // a form it does not know
		{"nonsense", "", nil, ""},
	} {
		env := map[string]string{"DISPLAY": c.display, "WAYLAND_DISPLAY": c.wayland}
		dial := func(network, addr string) error {
			if c.answers[network+" "+addr] {
				return nil
			}
			return errors.New("refused")
		}
		got := displayUnreachable("linux", func(k string) string { return env[k] }, dial)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, "nothing answers at "+c.want+")") {
			t.Errorf("DISPLAY=%q WAYLAND_DISPLAY=%q: %q; want it to try %q", c.display, c.wayland, got, c.want)
		}
	}
}
