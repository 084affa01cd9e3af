package storage

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestSalvage: a library with one page scribbled over (inside the map
// image of one encounter) is refused by Open as damaged; Salvage reads
// every encounter from it all the same, the damaged one without its
// images (said in Dropped), and writes nothing: no -wal or -shm appears,
// and the file's bytes stay as they were.
func TestSalvage(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "encounters.db")
		s := mustOpenAt(t, path, options{})
		plain, other, mapped := fullEncounter(), fullEncounter(), fullEncounter()
		plain.Name, other.Name, mapped.Name = "Plain", "Other", "Mapped"
		mapped.Background = pngDataURL(400, 400, noise(7, 200<<10))
		for _, e := range []*model.Encounter{plain, mapped, other} {
			mustSave(t, s, e)
		}
		s.Close()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// the page holding the middle of the map image
		at := bytes.Index(b, []byte(mapped.Background[len(mapped.Background)/2:][:64]))
		if at < 0 {
			t.Fatal("the map image is not in the file (still in the WAL?)")
		}
		const page = 4096
		start := at / page * page
		for i := start; i < start+page; i++ {
			b[i] = 0xA5
		}
		os.WriteFile(path, b, 0o644)
		for _, suf := range []string{"-wal", "-shm"} {
			os.Remove(path + suf)
		}
		if _, err := Open(path); !errors.Is(err, ErrNotDatabase) {
			t.Fatalf("Open of the scribbled file: %v, want ErrNotDatabase", err)
		}

		kept, lost, err := Salvage(ctx, path)
		if err != nil || len(lost) != 0 {
			t.Fatalf("Salvage: %v, lost %q", err, lost)
		}
		got := map[string]*model.Encounter{}
		for _, e := range kept {
			got[e.Name] = e
		}
		for _, want := range []*model.Encounter{plain, other} {
			if got[want.Name] == nil {
				t.Fatalf("%s was not salvaged: %v", want.Name, kept)
			}
			assertEqual(t, got[want.Name], want)
		}
		m := got["Mapped"]
		if m == nil || m.Background != "" || len(m.Tokens) != len(mapped.Tokens) || m.ID != mapped.ID {
			t.Fatalf("the encounter with the damaged image: %+v", m)
		}
		if len(m.Dropped) == 0 || !strings.Contains(strings.Join(m.Dropped, " "), "map image") {
			t.Errorf("the image left out is not said: %q", m.Dropped)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, b) {
			t.Error("Salvage changed the file")
		}
		for _, suf := range []string{"-wal", "-shm"} {
			if _, err := os.Stat(path + suf); err == nil {
				t.Errorf("Salvage made %s", path+suf)
			}
		}
	})
	t.Run("ErrNotSQLite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "notes.txt")
		os.WriteFile(path, []byte("shopping list\n"), 0o644)
		if kept, _, err := Salvage(ctx, path); err == nil || len(kept) != 0 {
			t.Errorf("a text file salvaged %v, %v", kept, err)
		}
	})
}
