package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestWritesRefuseAFileDeletedOrReplaced: the library file deleted, or
// another file put in its place (a backup restored with mv), while the
// app has it open. SQLite goes on writing to the file it opened, which no
// longer has a name: every save said "saved", and all of them were gone
// when the app stopped. Each write now checks that the path still names
// the file the store opened and refuses with model.ErrFileGone, naming
// the file and saying the edits are kept; the file in the path's place is
// not written.
func TestWritesRefuseAFileDeletedOrReplaced(t *testing.T) {
	writes := map[string]func(s *Store, e *model.Encounter) error{
		"Save":       func(s *Store, e *model.Encounter) error { return s.Save(ctx, e) },
		"SaveAsCopy": func(s *Store, e *model.Encounter) error { _, err := s.SaveAsCopy(ctx, e); return err },
		"Import":     func(s *Store, e *model.Encounter) error { _, _, err := s.Import(ctx, e); return err },
		"Rename":     func(s *Store, e *model.Encounter) error { return s.Rename(ctx, e.ID, "Renamed") },
		"Duplicate":  func(s *Store, e *model.Encounter) error { _, err := s.Duplicate(ctx, e.ID, "Twin"); return err },
		"Delete":     func(s *Store, e *model.Encounter) error { return s.Delete(ctx, e.ID) },
	}
	for name, write := range writes {
		t.Run("ErrDeleted"+name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "encounters.db")
			s := mustOpenAt(t, path, options{})
			e := fullEncounter()
			mustSave(t, s, e)
			for _, p := range []string{path, path + "-wal", path + "-shm"} {
				os.Remove(p)
			}
			e.Name = "Edited after the file went"
			err := write(s, e)
			if !errors.Is(err, model.ErrFileGone) || !strings.Contains(err.Error(), path) ||
				!strings.Contains(err.Error(), "deleted or moved") {
				t.Fatalf("%s: %v; want ErrFileGone naming %s, deleted or moved", name, err, path)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s made a file at the deleted path: %v", name, err)
			}
		})
		t.Run("ErrReplaced"+name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "encounters.db")
			s := mustOpenAt(t, path, options{})
			e := fullEncounter()
			mustSave(t, s, e)
			// a backup made now, then moved over the library
			other := filepath.Join(dir, "restored.db")
			if err := s.Backup(ctx, other); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(other, path); err != nil {
				t.Fatal(err)
			}
			before := fileHash(t, path)
			e.Name = "Edited after the file was replaced"
			err := write(s, e)
			if !errors.Is(err, model.ErrFileGone) || !strings.Contains(err.Error(), "replaced") {
				t.Fatalf("%s: %v; want ErrFileGone saying the file was replaced", name, err)
			}
			if fileHash(t, path) != before {
				t.Errorf("%s wrote to the file put in the library's place", name)
			}
		})
	}
	t.Run("OKSameFile", func(t *testing.T) {
		// a file changed in place (another store's save) is the same file
		path := filepath.Join(t.TempDir(), "encounters.db")
		a := mustOpenAt(t, path, options{})
		b := mustOpenAt(t, path, options{})
		e := fullEncounter()
		mustSave(t, a, e)
		fromB := mustLoad(t, b, e.ID)
		fromB.Name = "B"
		mustSave(t, b, fromB)
		fromB.Name = "A"
		mustSave(t, a, fromB)
	})
}

// TestWritesRefuseASchemaUpgradedSinceOpen: a newer Encounter Planner
// upgraded the library (a migration above this app's) while this one had
// it open. This app's save wrote rows of its own layout into tables it
// does not know, with nothing said. Each write now reads the schema
// version under the write lock and refuses with ErrNewerSchema, saying
// the edits are kept, and writes nothing.
func TestWritesRefuseASchemaUpgradedSinceOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	s := mustOpenAt(t, path, options{})
	e := fullEncounter()
	mustSave(t, s, e)
	raw := rawDB(t, path)
	newer := SchemaVersion + 1
	if _, err := raw.Exec(fmt.Sprintf(`INSERT INTO migrations (version, name, applied) VALUES (%d, 'future.sql', 0); PRAGMA user_version = %d`, newer, newer)); err != nil {
		t.Fatal(err)
	}
	e.Name = "Edited after the upgrade"
	if err := s.Save(ctx, e); !errors.Is(err, ErrNewerSchema) || !strings.Contains(err.Error(), "your edits are kept") ||
		!strings.Contains(err.Error(), fmt.Sprint(newer)) {
		t.Fatalf("Save: %v; want ErrNewerSchema naming version %d and keeping the edits", err, newer)
	}
	if _, _, err := s.Import(ctx, fullEncounter()); !errors.Is(err, ErrNewerSchema) {
		t.Errorf("Import: %v; want ErrNewerSchema", err)
	}
	if err := s.Delete(ctx, e.ID); !errors.Is(err, ErrNewerSchema) {
		t.Errorf("Delete: %v; want ErrNewerSchema", err)
	}
	var n int
	var stored string
	if err := raw.QueryRow(`SELECT count(*), max(name) FROM encounters`).Scan(&n, &stored); err != nil {
		t.Fatal(err)
	}
	if n != 1 || stored != fullEncounter().Name {
		t.Errorf("the upgraded database holds %d encounters, named %q: a write went in", n, stored)
	}
}
