package model

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// An encounter file over the limit is refused before it is held in memory
// (reliability.md): a regular file by its size, without reading it.
func TestOversizeFileRefusedBeforeReading(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.encounter.json")
	fh, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if err := fh.Truncate(2 << 30); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ReadEncounter(fh)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("err = %v, want the size limit", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("allocated %d bytes refusing a 2 GiB file; want it refused unread", got)
	}
}

// A pipe has no size to look at: it is read up to the limit and refused
// after it; a regular file within the limit is read whole.
func TestReadLimitedPipeAndFile(t *testing.T) {
	_, err := readLimited(strings.NewReader(strings.Repeat("x", 1025)), 1024)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("1025 bytes with a limit of 1024: err = %v", err)
	}
	data, err := readLimited(strings.NewReader(strings.Repeat("x", 1024)), 1024)
	if err != nil || len(data) != 1024 {
		t.Fatalf("1024 bytes: %d, %v", len(data), err)
	}
	p := filepath.Join(t.TempDir(), "f.json")
	want := bytes.Repeat([]byte("y"), 5000)
	if err := os.WriteFile(p, want, 0o644); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if data, err = readLimited(fh, 1<<20); err != nil || !bytes.Equal(data, want) {
		t.Fatalf("file: %d bytes, %v", len(data), err)
	}
}
