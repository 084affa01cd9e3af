package export

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
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
