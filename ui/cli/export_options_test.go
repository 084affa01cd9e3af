package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportRefusesOptionsOfOtherFormats: an option the chosen format does
// not take is bad input (exit 2, one line naming the option and the
// format, nothing written), never silently dropped; each format still
// takes all of its own options.
func TestExportRefusesOptionsOfOtherFormats(t *testing.T) {
	dir := t.TempDir()
	outs := map[string]string{
		"png":  filepath.Join(dir, "map.png"),
		"pdf":  filepath.Join(dir, "map.pdf"),
		"uvtt": filepath.Join(dir, "map.dd2vtt"),
	}
	for _, c := range []struct {
		format string
		extra  []string
		want   string
	}{
		{"png", []string{"--paper", "a4"}, "--paper does not apply to --png"},
		{"png", []string{"--trim"}, "--trim does not apply to --png"},
		{"png", []string{"--token-sheet"}, "--token-sheet does not apply to --png"},
		{"pdf", []string{"--px", "10"}, "--px does not apply to --pdf"},
		{"pdf", []string{"--no-grid"}, "--no-grid does not apply to --pdf"},
		{"uvtt", []string{"--player"}, "--player does not apply to --uvtt: the UVTT image is always the players' view"},
		{"uvtt", []string{"--player=false"}, "--player does not apply to --uvtt"},
		{"uvtt", []string{"--no-grid"}, "--no-grid does not apply to --uvtt"},
		{"uvtt", []string{"--paper", "letter"}, "--paper does not apply to --uvtt"},
		{"uvtt", []string{"--trim"}, "--trim does not apply to --uvtt"},
		{"uvtt", []string{"--token-sheet"}, "--token-sheet does not apply to --uvtt"},
	} {
		args := append([]string{"export", iseph, "--" + c.format, outs[c.format]}, c.extra...)
		code, stdout, stderr := runCLI(t, args...)
		if code != ExitBad || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and one line containing %q", args[2:], code, stdout, stderr, ExitBad, c.want)
		}
		if _, err := os.Stat(outs[c.format]); !os.IsNotExist(err) {
			t.Fatalf("%q wrote %s", args[2:], outs[c.format])
		}
	}
	for _, args := range [][]string{
		{"--png", outs["png"], "--px", "4", "--player", "--no-grid"},
		{"--pdf", outs["pdf"], "--paper", "a4", "--player", "--token-sheet", "--trim"},
		{"--uvtt", outs["uvtt"], "--px", "4"},
	} {
		if code, _, stderr := runCLI(t, append([]string{"export", iseph}, args...)...); code != 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestExportPlayerTrimOfAMapAllInFog: --pdf --player --trim of a map the
// players see nothing of yet (every square fogged) wrote 8 pages of
// blank paper and exited 0, the trim silently dropped. It is bad input,
// exit 2 in one line naming --trim and why, and nothing is written; the
// GM's trimmed print still works.
func TestExportPlayerTrimOfAMapAllInFog(t *testing.T) {
	dir := t.TempDir()
	in := allFogFile(t, dir)
	out := filepath.Join(dir, "af.pdf")
	want := "encounter-planner: --trim: the players see nothing of the map yet (every square is fogged), so there is nothing to trim to; " +
		"reveal the squares they have explored first, or leave out --player for the GM's print (nothing was written)\n"
	for _, extra := range [][]string{nil, {"--token-sheet", "--paper", "a4"}} {
		args := append([]string{"export", in, "--pdf", out, "--player", "--trim"}, extra...)
		code, stdout, stderr := runCLI(t, args...)
		if code != ExitBad || stdout != "" || stderr != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q\nwant exit 2 and %q", args[2:], code, stdout, stderr, want)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Fatalf("%q wrote %s", args[2:], out)
		}
	}
	if code, _, stderr := runCLI(t, "export", in, "--pdf", out, "--trim"); code != 0 {
		t.Errorf("the GM's trimmed print: exit %d, %q", code, stderr)
	}
}

// TestExportPlayerPDFOfAMapAllInFog: the players' untrimmed print of a
// map they see nothing of yet wrote pages of blank paper (the fog prints
// as blank paper) and exited 0. It is refused as the trimmed print is:
// exit 2 in one line naming --player and why, nothing written; the GM's
// print still writes (the players' PNG: TestExportPlayerPNGOfAMapAllInFog).
func TestExportPlayerPDFOfAMapAllInFog(t *testing.T) {
	dir := t.TempDir()
	in := allFogFile(t, dir)
	out := filepath.Join(dir, "af.pdf")
	want := "encounter-planner: --player: the players see nothing of the map yet (every square is fogged), so every page would print blank; " +
		"reveal the squares they have explored first, or leave out --player for the GM's print (nothing was written)\n"
	for _, extra := range [][]string{nil, {"--token-sheet", "--paper", "a4"}} {
		args := append([]string{"export", in, "--pdf", out, "--player"}, extra...)
		code, stdout, stderr := runCLI(t, args...)
		if code != ExitBad || stdout != "" || stderr != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q\nwant exit 2 and %q", args[2:], code, stdout, stderr, want)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Fatalf("%q wrote %s", args[2:], out)
		}
	}
	if code, _, stderr := runCLI(t, "export", in, "--pdf", out); code != 0 {
		t.Errorf("the GM's print: exit %d, %q", code, stderr)
	}
}

// TestExportPlayerPNGOfAMapAllInFog: the players' PNG of a map they see
// nothing of yet wrote an image of dark fog and exited 0, where their PDF
// is refused. It is refused in the PDF's words: exit 2 in one line naming
// --player, why and what to do, nothing written; the GM's PNG still
// writes.
func TestExportPlayerPNGOfAMapAllInFog(t *testing.T) {
	dir := t.TempDir()
	in := allFogFile(t, dir)
	out := filepath.Join(dir, "af.png")
	want := "encounter-planner: --player: the players see nothing of the map yet (every square is fogged), so the image would be all fog; " +
		"reveal the squares they have explored first, or leave out --player for the GM's image (nothing was written)\n"
	for _, extra := range [][]string{nil, {"--px", "20", "--no-grid"}} {
		args := append([]string{"export", in, "--png", out, "--player"}, extra...)
		code, stdout, stderr := runCLI(t, args...)
		if code != ExitBad || stdout != "" || stderr != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q\nwant exit 2 and %q", args[2:], code, stdout, stderr, want)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Fatalf("%q wrote %s", args[2:], out)
		}
	}
	if code, _, stderr := runCLI(t, "export", in, "--png", out); code != 0 {
		t.Errorf("the GM's PNG: exit %d, %q", code, stderr)
	}
}

// allFogFile writes iseph's encounter with every square fogged in dir,
// and returns its path.
func allFogFile(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(iseph)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	m := doc["map"].(map[string]any)
	rows := m["rows"].([]any)
	fog := make([]any, len(rows))
	for i, r := range rows {
		fog[i] = strings.Repeat("0", len([]rune(r.(string))))
	}
	m["revealed"] = fog
	b, _ = json.Marshal(doc)
	in := filepath.Join(dir, "allfog.encounter.json")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return in
}
