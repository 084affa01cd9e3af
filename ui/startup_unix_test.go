//go:build unix

package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"encounterplanner/model"
)

// TestStoreProblemFIFOIsNeverMoved: a FIFO given as --db was renamed
// NAME.unreadable-… by Start fresh. It is refused without being opened,
// and now without being moved: the screen offers no Start fresh, and
// moveAside refuses it.
func TestStoreProblemFIFOIsNeverMoved(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "ff.db")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	err := fmt.Errorf("open database %s: %w: it is a FIFO (named pipe), not a database file (it was not opened)", fifo, model.ErrNotDatabase)
	s, w := newProblemShellErr(t, fifo, &fakeOpener{}, err)
	if bs := screenButtons(w); bs["Start fresh"] != nil || bs["Try again"] != nil {
		t.Errorf("a FIFO offers %v", screenButtonNames(bs))
	}
	if _, err := s.StartFresh(); err == nil {
		t.Errorf("StartFresh on a FIFO did not refuse")
	}
	if a, err := moveAside(fifo, time.Now()); err == nil || a != "" {
		t.Errorf("moveAside(FIFO) = %q, %v: want a refusal", a, err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was moved: %v", err)
	}
	if m := asideFiles(t, dir); len(m) != 0 {
		t.Errorf("moved aside: %v", m)
	}
}
