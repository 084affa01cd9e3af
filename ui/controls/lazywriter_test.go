package controls

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
)

// TestSaveDialogLeavesAnExistingFileUntilWritten: Fyne's Save dialog
// opens the chosen file with os.Create before the app's callback runs, so
// picking an existing map.png (and saying yes to overwrite it) emptied it
// at once; an export that then failed (a PNG over 16384 pixels a side, a
// full disk) left the GM's file at 0 bytes. With the app's file
// repository, a writer truncates the file only at its first write: closed
// unwritten (the app writes through export.WriteFile, replacing the file
// only when complete), the file is as it was.
func TestSaveDialogLeavesAnExistingFileUntilWritten(t *testing.T) {
	test.NewTempApp(t)
	KeepFilesUntilWritten()
	dir := t.TempDir()
	old := filepath.Join(dir, "map.png")
	if err := os.WriteFile(old, []byte("the GM's map"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := storage.Writer(storage.NewFileURI(old))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(old); err != nil || string(b) != "the GM's map" {
		t.Fatalf("the file holds %q (%v) after the dialog's writer closed unwritten", b, err)
	}
	fresh := filepath.Join(dir, "fresh.png")
	w, _ = storage.Writer(storage.NewFileURI(fresh))
	w.Close()
	if _, err := os.Lstat(fresh); err == nil {
		t.Errorf("an unwritten writer made an empty %s", filepath.Base(fresh))
	}

	// a writer that writes still replaces the file's contents
	w, err = storage.Writer(storage.NewFileURI(old))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(old); string(b) != "new" {
		t.Errorf("a written writer left %q, want %q", b, "new")
	}
	// listing and reading work as before
	if ok, err := storage.CanList(storage.NewFileURI(dir)); !ok || err != nil {
		t.Errorf("CanList(dir) = %v, %v", ok, err)
	}
	r, err := storage.Reader(storage.NewFileURI(old))
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
}
