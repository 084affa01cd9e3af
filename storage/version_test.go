package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"encounterplanner/model"
)

// TestVersionSeesChangesFromAnotherStore: a window holding an encounter
// learns that another copy of the app saved, renamed or deleted it by the
// stored version, read without the encounter (Version).
func TestVersionSeesChangesFromAnotherStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shared.db")
	a := mustOpenAt(t, path, options{})
	b := mustOpenAt(t, path, options{})
	e := fullEncounter()
	mustSave(t, a, e)
	if v, err := a.Version(ctx, e.ID); err != nil || v != e.Version {
		t.Fatalf("Version after the save = %d, %v; want %d", v, err, e.Version)
	}
	fromB := mustLoad(t, b, e.ID)
	fromB.Tokens = fromB.Tokens[:1]
	mustSave(t, b, fromB)
	if v, err := a.Version(ctx, e.ID); err != nil || v != fromB.Version || v <= e.Version {
		t.Errorf("after another store saved, Version = %d, %v; want %d", v, err, fromB.Version)
	}
	if err := b.Rename(ctx, e.ID, "Renamed elsewhere"); err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Version(ctx, e.ID); v != fromB.Version+1 {
		t.Errorf("after a rename elsewhere, Version = %d; want %d", v, fromB.Version+1)
	}
	if err := b.Delete(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Version(ctx, e.ID); !errors.Is(err, model.ErrNotFound) {
		t.Errorf("after a delete elsewhere, Version's error = %v; want ErrNotFound", err)
	}
}

// BenchmarkVersion: an open editor's look at its encounter's stored
// version, in a library of 300 encounters, beside listing that library
// (what the library shown does every two seconds).
func BenchmarkVersion(b *testing.B) {
	s := MustOpenDB(b)
	e := &model.Encounter{Name: "Small", Ruleset: model.SF2E, Grid: model.NewGrid(20, 20)}
	var id string
	for i := range 300 {
		c := e.Clone()
		c.Name = fmt.Sprintf("Den %d", i)
		mustSave(b, s, c)
		id = c.ID
	}
	b.Run("Version", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Version(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("List", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.List(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}
