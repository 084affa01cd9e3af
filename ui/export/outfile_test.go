package export

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteFileSaysWhoRefused: a write the folder refused named the
// hidden temporary file it happened to (".ep-3f9a2c.tmp: ..."), a file
// the GM never named, and the app told the GM to choose another folder
// even when what was refused was the content (a map too large to draw).
// A folder's or disk's refusal is a FolderError naming the GM's file, not
// the temporary one; the content's is not one. Either way the file is
// as it was.
func TestWriteFileSaysWhoRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map.png")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}

	_, err := WriteFile(path, func(w io.Writer) error { return errors.New("the map is too large to draw") })
	var fe *FolderError
	if err == nil || errors.As(err, &fe) || !strings.Contains(err.Error(), "too large") {
		t.Errorf("a refused content: %v (a FolderError: %v)", err, fe != nil)
	}

	// the name taken by a folder while the file was written: the rename
	// fails, the folder's refusal
	other := filepath.Join(dir, "taken.png")
	_, err = WriteFile(other, func(w io.Writer) error {
		if err := os.Mkdir(other, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(other, "x"), nil, 0o644); err != nil {
			return err
		}
		_, err := w.Write([]byte("new"))
		return err
	})
	if !errors.As(err, &fe) || fe.Path != other {
		t.Fatalf("a name taken meanwhile: %v, want a FolderError for %s", err, other)
	}
	if strings.Contains(err.Error(), ".ep-") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("the error names the temporary file: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("the first file is now %q", b)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".ep-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %q", left)
	}
}

// TestOutputUnderAFile: a path under a file (notadir/x.png) is refused by
// CheckOutput and WriteFile with a *NotFolderError naming the file in the
// way, not the system's "lstat notadir/x.png: not a directory"; a FIFO in
// the way is named as one; a folder that is merely missing is not one.
func TestOutputUnderAFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notadir")
	if err := os.WriteFile(file, []byte("a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(file, "x.png"), filepath.Join(file, "sub", "x.png")} {
		_, err := CheckOutput(path)
		var nf *NotFolderError
		if !errors.As(err, &nf) || !errors.Is(err, ErrNotFolder) || nf.Folder != file || nf.Path != path ||
			err.Error() != "write "+path+": "+file+" is a file, not a folder" {
			t.Errorf("CheckOutput(%s) = %v (%#v)", path, err, nf)
		}
		if _, err := WriteFile(path, func(w io.Writer) error { t.Error("written"); return nil }); !errors.Is(err, ErrNotFolder) {
			t.Errorf("WriteFile(%s) = %v", path, err)
		}
	}
	if err := CheckFolder(filepath.Join(dir, "missing", "deeper", "x.png")); err != nil {
		t.Errorf("a missing folder: %v, want nil", err)
	}
	if err := CheckFolder(filepath.Join(dir, "x.png")); err != nil {
		t.Errorf("a folder: %v, want nil", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	if err := CheckFolder(filepath.Join(fifo, "x.png")); err == nil || err.Error() != fifo+" is a FIFO (named pipe), not a folder" {
		t.Errorf("under a FIFO: %v", err)
	}
	if b, _ := os.ReadFile(file); string(b) != "a file" {
		t.Errorf("the file in the way is now %q", b)
	}
}
