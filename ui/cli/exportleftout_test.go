package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportUVTTSaysWhatItLeavesOut: the app's Export Universal VTT… says
// what the file cannot hold before it writes (the tokens, the fog, a
// secret door written as a wall); the command line wrote the file and
// said only its size. It says the same list on stderr after "wrote",
// and nothing more for a map the file holds whole.
func TestExportUVTTSaysWhatItLeavesOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "map.dd2vtt")
	code, stdout, stderr := runCLI(t, "export", iseph, "--uvtt", out)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "wrote ") ||
		!strings.HasPrefix(lines[1], "encounter-planner: the map file leaves out ") || !strings.Contains(lines[1], "token") {
		t.Errorf("stderr %q: want the wrote line, then what the file leaves out (its tokens among them)", stderr)
	}
	bare := filepath.Join(dir, "bare.json")
	if err := os.WriteFile(bare, []byte(`{"format":"encounter/1","name":"Bare","ruleset":"sf2e","map":{"rows":["..#","..."]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI(t, "export", bare, "--uvtt", filepath.Join(dir, "bare.dd2vtt"))
	if code != 0 || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "leaves out") {
		t.Errorf("a map the file holds whole: exit %d, stderr %q; want the wrote line alone", code, stderr)
	}
	code, _, stderr = runCLI(t, "export", iseph, "--png", filepath.Join(dir, "map.png"))
	if code != 0 || strings.Contains(stderr, "leaves out") {
		t.Errorf("--png: exit %d, stderr %q; the note is the UVTT file's", code, stderr)
	}
}
