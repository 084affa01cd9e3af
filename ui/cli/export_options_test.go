package cli

import (
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
