package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportUVTTOfALargeMapImportsBack: export --uvtt of a map too large
// for 70 px a square writes it at the most that keep the image one the
// import reads (and says which), and the file imports back; a --px that
// would not is bad input naming the most that fit. At 70 px a 120 x 120
// map was written as an 8400 x 8400 image that import refused.
func TestExportUVTTOfALargeMapImportsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a 64-million-pixel image")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "hall.encounter.json")
	rows := make([]string, 120)
	for i := range rows {
		rows[i] = `"` + strings.Repeat(".", 120) + `"`
	}
	doc := `{"format":"encounter/1","name":"Hall","ruleset":"sf2e","map":{"rows":[` + strings.Join(rows, ",") + `]}}`
	if err := os.WriteFile(in, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "hall.dd2vtt")
	code, _, stderr := runCLI(t, "export", in, "--uvtt", out, "--px", "70")
	if code != ExitBad || !strings.Contains(stderr, "at most 68 px a square fit") {
		t.Errorf("--px 70: exit %d, stderr %q; want exit %d naming 68 px", code, stderr, ExitBad)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("--px 70 wrote %s", out)
	}
	code, _, stderr = runCLI(t, "export", in, "--uvtt", out)
	if code != 0 || !strings.Contains(stderr, "68 px a square") {
		t.Fatalf("no --px: exit %d, stderr %q; want 0, saying 68 px a square", code, stderr)
	}
	var o, e bytes.Buffer
	if code := Run(dbEnv(&o, &e), []string{"--db", filepath.Join(dir, "l.db"), "import", out}); code != 0 {
		t.Errorf("the file does not import back: exit %d, stderr %q", code, e.String())
	}
}
