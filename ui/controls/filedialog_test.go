package controls

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"fyne.io/fyne/v2/storage"
)

// TestOpenDialogListsOnlyRegularFiles: Fyne's Open dialog opens the file
// the GM picks on the UI goroutine, and opening a named pipe (a fifo
// called map.png) waits for a writer that never comes: the whole app
// froze. The app's Open dialogs list regular files only (a symlink to one
// too), with or without an extension filter.
func TestOpenDialogListsOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "map.png")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no fifo here: %v", err)
	}
	plain := filepath.Join(dir, "real.png")
	if err := os.WriteFile(plain, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.png")
	if err := os.Symlink(plain, link); err != nil {
		t.Fatal(err)
	}
	fifoLink := filepath.Join(dir, "pipe-link.png")
	if err := os.Symlink(fifo, fifoLink); err != nil {
		t.Fatal(err)
	}
	txt := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(txt, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, exts := range [][]string{{".png"}, nil} {
		f := openFilter(exts)
		for path, want := range map[string]bool{
			plain: true, link: true, fifo: false, fifoLink: false, txt: exts == nil,
		} {
			if got := f.Matches(storage.NewFileURI(path)); got != want {
				t.Errorf("exts %v: %s listed %v, want %v", exts, filepath.Base(path), got, want)
			}
		}
	}
}
