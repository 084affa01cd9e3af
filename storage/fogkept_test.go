package storage

import (
	"errors"
	"path/filepath"
	"testing"
)

// keptMigration is the number of the migration that adds
// encounter_fields.revealed_kept.
var keptMigration = migrationNumber("_fog_kept.sql")

// TestFogKeptWhileOffRoundTrip: fog of war turned off keeps what it had
// revealed through save, load and duplicate, an encounter with no other
// added field included (it still takes an encounter_fields row); turned
// on again after the reload, the same squares are revealed.
func TestFogKeptWhileOffRoundTrip(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter() // no fog, no edges: only the kept reveals
	n := e.Grid.W * e.Grid.H
	revealed := make([]bool, n)
	for i := range revealed {
		revealed[i] = i%7 == 2
	}
	e.Revealed = revealed
	if kept := e.FogOff(); kept != (n+4)/7 {
		t.Fatalf("FogOff kept %d squares", kept)
	}
	mustSave(t, s, e)
	got := mustLoad(t, s, e.ID)
	assertEqual(t, got, e)
	if got.Revealed != nil || got.RevealedKept == nil {
		t.Fatalf("loaded with fog %v, kept %v: want fog off, reveals kept", got.Revealed != nil, got.RevealedKept != nil)
	}
	got.FogOn()
	for i, v := range got.Revealed {
		if v != revealed[i] {
			t.Fatalf("square %d revealed %v after save, load and fog on; was %v", i, v, revealed[i])
		}
	}
	id, err := s.Duplicate(ctx, e.ID, "Copy")
	if err != nil {
		t.Fatal(err)
	}
	if dup := mustLoad(t, s, id); len(dup.RevealedKept) != n {
		t.Fatalf("the copy keeps %d squares, want %d", len(dup.RevealedKept), n)
	}
	// fog back on: the kept column is empty again
	e.FogOn()
	mustSave(t, s, e)
	assertEqual(t, mustLoad(t, s, e.ID), e)
}

// TestFogKeptOldDatabase: a database before migration 0007 loads and
// saves its encounters, and refuses reveals kept while fog is off rather
// than losing them.
func TestFogKeptOldDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	old := mustOpenAt(t, path, options{upTo: keptMigration - 1})
	e := tablePlayEncounter(t)
	mustSave(t, old, e)
	assertEqual(t, mustLoad(t, old, e.ID), e)
	if _, err := old.Duplicate(ctx, e.ID, "Copy"); err != nil {
		t.Fatal(err)
	}
	e.FogOff()
	if err := old.Save(ctx, e); !errors.Is(err, errOldSchema) {
		t.Fatalf("saving kept reveals in an old schema: %v, want errOldSchema", err)
	}
	old.Close()

	s := mustOpenAt(t, path, options{})
	mustSave(t, s, e)
	assertEqual(t, mustLoad(t, s, e.ID), e)
}
