package storage

import (
	"errors"
	"path/filepath"
	"testing"
)

// colorMigration is the number of the migration that adds token_fields.color.
var colorMigration = migrationNumber("_token_color.sql")

// TestTokenColorRoundTrip: a token's colour is kept through save, load and
// duplicate, a token with only a colour included; the default stays "".
func TestTokenColorRoundTrip(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter()
	e.Tokens[0].Color = "#1a2b3c" // its only added field
	e.Tokens[1].Color = "#ffffff"
	e.Tokens[1].Elevation = 10
	mustSave(t, s, e)
	got := mustLoad(t, s, e.ID)
	assertEqual(t, got, e)
	if got.Tokens[0].Color != "#1a2b3c" || got.Tokens[2].Color != "" {
		t.Fatalf("colours loaded as %q, %q", got.Tokens[0].Color, got.Tokens[2].Color)
	}
	id, err := s.Duplicate(ctx, e.ID, "Copy")
	if err != nil {
		t.Fatal(err)
	}
	dup := mustLoad(t, s, id)
	if dup.Tokens[0].Color != "#1a2b3c" || dup.Tokens[1].Color != "#ffffff" {
		t.Fatalf("the copy's colours: %q, %q", dup.Tokens[0].Color, dup.Tokens[1].Color)
	}
	// Back to the default: the row goes and the colour with it.
	e.Tokens[0].Color = ""
	mustSave(t, s, e)
	assertEqual(t, mustLoad(t, s, e.ID), e)
}

// TestTokenColorOldDatabase: a database before migration 0004 loads and
// saves its encounters, refuses a colour rather than losing it, and takes
// colours once upgraded.
func TestTokenColorOldDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	old := mustOpenAt(t, path, options{upTo: colorMigration - 1})
	e := tablePlayEncounter(t)
	mustSave(t, old, e)
	assertEqual(t, mustLoad(t, old, e.ID), e)
	if _, err := old.Duplicate(ctx, e.ID, "Copy"); err != nil {
		t.Fatal(err)
	}
	e.Tokens[0].Color = "#00ff7f"
	if err := old.Save(ctx, e); !errors.Is(err, errOldSchema) {
		t.Fatalf("saving a colour in an old schema: %v, want errOldSchema", err)
	}
	old.Close()

	s := mustOpenAt(t, path, options{})
	e = tablePlayEncounter(t)
	e.Tokens[0].Color = "#00ff7f"
	mustSave(t, s, e)
	assertEqual(t, mustLoad(t, s, e.ID), e)
}
