package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStoreProblemNamesTheBackupsBeside: the screen for a damaged library
// said "restore a backup" and nothing of the copies the app itself makes
// beside it before each upgrade (PATH.bak-vN-STAMP): the GM did not know
// one was there, and Start fresh began again from the sample. It names
// the newest whole one and how to open it; a copy cut short (.partial)
// is no backup, and a library with none beside it hears of none.
func TestStoreProblemNamesTheBackupsBeside(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "encounters.db")
	os.WriteFile(lib, []byte("damaged"), 0o600)

	s, _ := newProblemShell(t, lib, &fakeOpener{})
	if text := s.problem.detail.Text; strings.Contains(text, ".bak-v") {
		t.Errorf("no backup is beside it, yet the screen names one: %q", text)
	}

	old := lib + ".bak-v5-20261001T090000Z"
	newest := lib + ".bak-v6-20261120T183000Z"
	cut := lib + ".bak-v7-20261128T100000Z.partial"
	for i, p := range []string{old, newest, cut} {
		os.WriteFile(p, []byte("SQLite format 3\x00"), 0o600)
		at := time.Date(2026, 10, 1+20*i, 9, 0, 0, 0, time.UTC)
		os.Chtimes(p, at, at)
	}
	s, _ = newProblemShell(t, lib, &fakeOpener{})
	text := s.problem.detail.Text
	for _, want := range []string{newest, "Open another database…"} {
		if !strings.Contains(text, want) {
			t.Errorf("the screen says %q\nwant %q", text, want)
		}
	}
	for _, not := range []string{cut, old} {
		if strings.Contains(text, not) {
			t.Errorf("the screen names %s: %q", not, text)
		}
	}
}
