package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
)

// backgroundMigration is the number of the migration that moves the images
// to encounter_backgrounds.
var backgroundMigration = migrationNumber("_background_table.sql")

// countImageWrites makes the database count every write to
// encounter_backgrounds; the returned func reads the count.
func countImageWrites(t *testing.T, s *Store) func() int {
	return countWrites(t, s, "encounter_backgrounds")
}

// countWrites makes the database count every insert, update and delete of
// rows of table; the returned func reads the count.
func countWrites(t *testing.T, s *Store, table string) func() int {
	t.Helper()
	for _, q := range []string{
		`CREATE TABLE ` + table + `_writes (n INTEGER NOT NULL)`,
		`INSERT INTO ` + table + `_writes VALUES (0)`,
		`CREATE TRIGGER ` + table + `_insert AFTER INSERT ON ` + table + ` BEGIN UPDATE ` + table + `_writes SET n = n + 1; END`,
		`CREATE TRIGGER ` + table + `_update AFTER UPDATE ON ` + table + ` BEGIN UPDATE ` + table + `_writes SET n = n + 1; END`,
		`CREATE TRIGGER ` + table + `_delete AFTER DELETE ON ` + table + ` BEGIN UPDATE ` + table + `_writes SET n = n + 1; END`,
	} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return func() int {
		var n int
		if err := s.rdb.QueryRow(`SELECT n FROM ` + table + `_writes`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
}

func smallImage(body string) string { return pngDataURL(16, 17, []byte(body)) }

// TestBackgroundWrittenOnlyWhenChanged: a save that changes anything but
// the image leaves the stored image alone; changing, removing or
// restoring it writes it; every load gives back what was saved.
func TestBackgroundWrittenOnlyWhenChanged(t *testing.T) {
	s := MustOpenDB(t)
	writes := countImageWrites(t, s)
	e := fullEncounter()
	e.Background = smallImage("first")
	step := func(what string, want int) {
		t.Helper()
		before := writes()
		mustSave(t, s, e)
		if got := writes() - before; got != want {
			t.Errorf("%s: %d writes of the image, want %d", what, got, want)
		}
		assertEqual(t, mustLoad(t, s, e.ID), e)
	}
	step("new encounter", 1)
	e.Tokens[0].X++
	step("a token moved", 0)
	e.Name = "Renamed in the editor"
	step("renamed", 0)
	e.Background = smallImage("second")
	step("another image", 1)
	e.Background = smallImage("first") // same length, other bytes
	step("the first image again", 1)
	e.Background = ""
	step("image removed", 1)
	e.Tokens[0].X--
	step("no image, a token moved", 0)
	e.Background = smallImage("third")
	step("an image again", 1)
	if n := countRows(t, s, "encounter_backgrounds", e.ID); n != 1 {
		t.Fatalf("%d image rows, want 1", n)
	}
	var row string
	if err := s.rdb.QueryRow(`SELECT background FROM encounters WHERE id = ?`, e.ID).Scan(&row); err != nil || row != "" {
		t.Fatalf("the encounters row holds %d bytes of image (%v), want none", len(row), err)
	}

	// A save whose transaction fails after writing the image leaves what
	// the store knows as it was.
	if _, err := s.db.Exec(`CREATE TRIGGER refuse_note BEFORE INSERT ON notes WHEN NEW.text = 'refused'
		BEGIN SELECT RAISE(ABORT, 'refused'); END`); err != nil {
		t.Fatal(err)
	}
	keep := e.Notes
	e.Notes = append(append([]model.Note(nil), keep...), model.Note{Text: "refused"})
	e.Background = smallImage("never stored")
	if err := s.Save(ctx, e); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("the refused save: %v", err)
	}
	e.Notes = keep
	e.Background = smallImage("third")
	step("after a failed save, the stored image", 0)
}

// TestBackgroundAcrossStores: a second store (another window or process)
// that saves another image is seen by the first's next load, and the first
// never skips a write it owes.
func TestBackgroundAcrossStores(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	a := mustOpenAt(t, path, options{})
	b := mustOpenAt(t, path, options{})
	e := fullEncounter()
	e.Background = smallImage("a's")
	mustSave(t, a, e)

	other := mustLoad(t, b, e.ID)
	other.Background = smallImage("b's")
	mustSave(t, b, other)
	// a's copy is now stale: its save is a conflict, not a silent undo.
	e.Tokens[0].X++
	if err := a.Save(ctx, e); !errors.Is(err, model.ErrConflict) {
		t.Fatalf("saving a stale copy: %v, want a conflict", err)
	}
	fresh := mustLoad(t, a, e.ID)
	if fresh.Background != other.Background {
		t.Fatal("a loads its own old image after b saved another")
	}
	// b goes back to a's image at a version a has never seen: written.
	other.Background = smallImage("a's")
	mustSave(t, b, other)
	fresh.Version = other.Version // as if a had loaded it
	fresh.Background = smallImage("b's")
	mustSave(t, a, fresh)
	assertEqual(t, mustLoad(t, b, e.ID), fresh)
}

// TestBackgroundDuplicateAndDelete: a copy has the image; deleting an
// encounter deletes its image.
func TestBackgroundDuplicateAndDelete(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter()
	e.Background = smallImage("kept")
	mustSave(t, s, e)
	id, err := s.Duplicate(ctx, e.ID, "Copy")
	if err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, id); got.Background != e.Background {
		t.Fatal("the copy lost the image")
	}
	if err := s.Delete(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, s, "encounter_backgrounds", e.ID); n != 0 {
		t.Fatal("the image outlives its encounter")
	}
	if got := mustLoad(t, s, id); got.Background != e.Background {
		t.Fatal("deleting the original took the copy's image")
	}
}

// TestBackgroundOldDatabase: a database before migration 0005 keeps the
// image in the encounters row, saves and loads it there, and upgraded, moves
// it to its table unchanged.
func TestBackgroundOldDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	old := mustOpenAt(t, path, options{upTo: backgroundMigration - 1})
	e := fullEncounter()
	e.Background = smallImage("from the old days")
	mustSave(t, old, e)
	e.Tokens[0].X++
	mustSave(t, old, e)
	assertEqual(t, mustLoad(t, old, e.ID), e)
	id, err := old.Duplicate(ctx, e.ID, "Old copy")
	if err != nil {
		t.Fatal(err)
	}
	old.Close()

	s := mustOpenAt(t, path, options{})
	assertEqual(t, mustLoad(t, s, e.ID), e)
	if got := mustLoad(t, s, id); got.Background != e.Background {
		t.Fatal("the old copy's image was lost in the upgrade")
	}
	var n int
	if err := s.rdb.QueryRow(`SELECT count(*) FROM encounters WHERE background != ''`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d rows still hold an image after the upgrade (%v)", n, err)
	}
	writes := countImageWrites(t, s)
	e.Tokens[0].X--
	mustSave(t, s, e)
	if w := writes(); w != 0 {
		t.Errorf("a save after the upgrade wrote the image %d times, want 0", w)
	}
	assertEqual(t, mustLoad(t, s, e.ID), e)
}

// tokenImagesMigration is the number of the migration that moves token
// pictures to token_images.
var tokenImagesMigration = migrationNumber("_token_images.sql")

// TestTokenImagesWrittenOnlyWhenChanged: an autosave rewrites only the
// token pictures that changed, came or went; every load gives back what
// was saved, and a token with only a picture takes no token_fields row.
func TestTokenImagesWrittenOnlyWhenChanged(t *testing.T) {
	s := MustOpenDB(t)
	writes := countWrites(t, s, "token_images")
	e := fullEncounter()
	e.Ruleset, e.FeetPerSquare = model.SF2E, 5
	for i := range e.Tokens {
		e.Tokens[i].Size = model.Medium
		e.Tokens[i].Image = smallImage(fmt.Sprintf("token %d", i))
	}
	step := func(what string, want int) {
		t.Helper()
		before := writes()
		mustSave(t, s, e)
		if got := writes() - before; got != want {
			t.Errorf("%s: %d writes of pictures, want %d", what, got, want)
		}
		assertEqual(t, mustLoad(t, s, e.ID), e)
	}
	n := len(e.Tokens)
	step("new encounter", n)
	if r := countRows(t, s, "token_fields", e.ID); r != 0 {
		t.Errorf("%d token_fields rows for tokens with only a picture", r)
	}
	e.Tokens[0].X++
	step("a token moved", 0)
	e.Tokens[1].Image = smallImage("another")
	step("one picture changed", 1)
	e.Tokens[2].Image = ""
	step("one picture removed", 1)
	e.Tokens = append(e.Tokens[:1], e.Tokens[2:]...) // the one with the new picture goes
	step("a token with a picture deleted", 1)
	nt := e.Tokens[0]
	nt.ID, nt.Name, nt.Image = "", "Newcomer", smallImage("newcomer")
	e.Tokens = append(e.Tokens, nt)
	step("a token with a picture added", 1)
	e.Tokens[0], e.Tokens[1] = e.Tokens[1], e.Tokens[0]
	step("two tokens swapped in the order", 0)
}

// TestTokenImagesAcrossStores: a second store's save of other pictures is
// seen by the first's next load, and the first, saving a version it never
// saw, writes them all.
func TestTokenImagesAcrossStores(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	a := mustOpenAt(t, path, options{})
	b := mustOpenAt(t, path, options{})
	e := fullEncounter()
	e.Tokens[0].Image = smallImage("a's")
	mustSave(t, a, e)
	other := mustLoad(t, b, e.ID)
	other.Tokens[0].Image = smallImage("b's")
	mustSave(t, b, other)
	fresh := mustLoad(t, a, e.ID)
	if fresh.Tokens[0].Image != other.Tokens[0].Image {
		t.Fatal("a loads its own old picture after b saved another")
	}
	other.Tokens[0].Image = smallImage("a's")
	mustSave(t, b, other)
	fresh.Version = other.Version // as if a had loaded it
	fresh.Tokens[0].Image = smallImage("b's")
	mustSave(t, a, fresh)
	assertEqual(t, mustLoad(t, b, e.ID), fresh)
}

// TestTokenImagesDuplicateAndDelete: a copy has the pictures; deleting an
// encounter deletes its pictures, not the copy's.
func TestTokenImagesDuplicateAndDelete(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter()
	e.Tokens[1].Image = smallImage("kept")
	mustSave(t, s, e)
	id, err := s.Duplicate(ctx, e.ID, "Copy")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, s, "token_images", e.ID); n != 0 {
		t.Fatal("the pictures outlive their encounter")
	}
	if got := mustLoad(t, s, id); got.Tokens[1].Image != e.Tokens[1].Image {
		t.Fatal("the copy lost its picture")
	}
}

// TestTokenImagesOldDatabase: before migration 0006 a picture lives in
// token_fields; upgraded, it moves to token_images unchanged, and the next
// save writes none.
func TestTokenImagesOldDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	old := mustOpenAt(t, path, options{upTo: tokenImagesMigration - 1})
	e := tablePlayEncounter(t)
	e.Tokens[0].Image = smallImage("from the old days")
	e.Tokens[1].Image = smallImage("and its only field")
	e.Tokens[1].Elevation, e.Tokens[1].Level, e.Tokens[1].Initiative, e.Tokens[1].HP, e.Tokens[1].Color = 0, nil, nil, nil, ""
	mustSave(t, old, e)
	assertEqual(t, mustLoad(t, old, e.ID), e)
	old.Close()

	s := mustOpenAt(t, path, options{})
	assertEqual(t, mustLoad(t, s, e.ID), e)
	var n int
	if err := s.rdb.QueryRow(`SELECT count(*) FROM token_fields WHERE image != ''`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d token_fields rows still hold a picture after the upgrade (%v)", n, err)
	}
	writes := countWrites(t, s, "token_images")
	e.Tokens[0].X++
	mustSave(t, s, e)
	if w := writes(); w != 0 {
		t.Errorf("a save after the upgrade wrote %d pictures, want 0", w)
	}
	assertEqual(t, mustLoad(t, s, e.ID), e)
}
