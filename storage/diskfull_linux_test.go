package storage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDiskFullAtOpen: a library on a disk that is full (a 600 KiB tmpfs,
// filled after the library was made) failed to open with SQLite's I/O
// error, worded "the disk reported an error: check the disk", as if the
// disk were failing, while a save on the same disk said the disk is full.
// It is now ErrDiskFull at open too, saying to free some space, and
// nothing about saves or kept edits; once space is freed it opens. It
// needs root to mount the tmpfs, as the immutable tests need it for
// chattr.
func TestDiskFullAtOpen(t *testing.T) {
	t.Run("ErrDiskFull", func(t *testing.T) {
		dir := t.TempDir()
		if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=600k"); err != nil {
			t.Skipf("cannot mount a small tmpfs here: %v", err)
		}
		t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
		path := filepath.Join(dir, "encounters.db")
		s := mustOpenAt(t, path, options{})
		mustSave(t, s, fullEncounter())
		s.Close()
		filler := filepath.Join(dir, "filler")
		f, err := os.Create(filler)
		if err != nil {
			t.Fatal(err)
		}
		block := make([]byte, 4096)
		for {
			if _, err := f.Write(block); err != nil {
				break
			}
		}
		f.Close()
		before := fileHash(t, path)
		for name, open := range map[string]func(string) (*Store, error){"Open": Open, "OpenReadOnly": OpenReadOnly} {
			st, err := open(path)
			if err == nil {
				st.Close()
				t.Logf("%s: opened on a full disk (the -shm file found room)", name)
				continue
			}
			msg := err.Error()
			if !errors.Is(err, ErrDiskFull) || !strings.Contains(msg, "the disk is full: free some disk space and try again") {
				t.Errorf("%s: %v; want ErrDiskFull saying to free some disk space", name, err)
			}
			for _, wrong := range []string{"check the disk", "the next save", "your edits"} {
				if strings.Contains(msg, wrong) {
					t.Errorf("%s: %q says %q, which opening a library has nothing to do with", name, msg, wrong)
				}
			}
		}
		if fileHash(t, path) != before {
			t.Error("the library changed")
		}
		os.Remove(filler)
		st, err := Open(path)
		if err != nil {
			t.Fatalf("with space freed: %v", err)
		}
		st.Close()
	})
}
