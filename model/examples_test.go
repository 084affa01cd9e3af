package model

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestDocExamplesRead: every example encounter the README shows reads
// strictly and validates, so the pictures' map never rots.
func TestDocExamplesRead(t *testing.T) {
	files, _ := filepath.Glob("../docs/examples/*.encounter.json")
	if len(files) == 0 {
		t.Fatal("no example encounters in docs/examples")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		e, err := ReadEncounter(bytes.NewReader(b))
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if err := Validate(e); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
