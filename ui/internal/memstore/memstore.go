// Package memstore is an in-memory model.EncounterStore for tests of the
// UI packages: the same optimistic locking, naming of copies and imports as
// storage/, without a database.
package memstore

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
	"time"

	"encounterplanner/model"
)

// Store is an in-memory model.EncounterStore (checked below) with the same optimistic
// locking as storage/: Save fails with ErrConflict when the version moved.
type Store struct {
	mu    sync.Mutex
	encs  map[string]*model.Encounter
	n     int
	Saves int   // successful saves so far
	Fail  error // when set, Save returns it
	// RO makes the store one opened read-only: ReadOnly reports it and
	// Save fails.
	RO bool
}

// ReadOnly reports RO.
func (s *Store) ReadOnly() bool { return s.RO }

var _ model.EncounterStore = (*Store)(nil)

// New stores es in a new Store.
func New(es ...*model.Encounter) *Store {
	s := &Store{encs: map[string]*model.Encounter{}}
	for _, e := range es {
		if err := s.Save(context.Background(), e); err != nil {
			panic(err)
		}
	}
	return s
}

func (s *Store) List(ctx context.Context) ([]model.Summary, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []model.Summary
	for _, e := range s.encs {
		out = append(out, model.Summary{ID: e.ID, Name: e.Name, Ruleset: e.Ruleset, Width: e.Grid.W, Height: e.Grid.H, Updated: e.Updated})
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Updated.Equal(out[j].Updated) {
			return out[i].Updated.After(out[j].Updated)
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

func (s *Store) Load(ctx context.Context, id string) (*model.Encounter, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.encs[id]
	if !ok {
		return nil, model.ErrNotFound
	}
	return e.Clone(), nil
}

// Version returns the stored version, as storage.Store does.
func (s *Store) Version(ctx context.Context, id string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.encs[id]
	if !ok {
		return 0, model.ErrNotFound
	}
	return e.Version, nil
}

func (s *Store) Find(ctx context.Context, nameOrID string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.encs[nameOrID]; ok {
		return nameOrID, nil
	}
	var ids []string
	for id, e := range s.encs {
		if e.Name == nameOrID {
			ids = append(ids, id)
		}
	}
	switch len(ids) {
	case 0:
		return "", model.ErrNotFound
	case 1:
		return ids[0], nil
	}
	return "", &model.AmbiguousError{Name: nameOrID, IDs: ids}
}

func (s *Store) Save(ctx context.Context, e *model.Encounter) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail != nil {
		return s.Fail
	}
	if s.RO {
		return fmt.Errorf("save %q: the library is read-only", e.Name)
	}
	if err := model.Validate(e); err != nil {
		return err
	}
	if e.ID == "" {
		s.n++
		e.ID = fmt.Sprintf("enc-%d", s.n)
		e.Version = 0
		e.Created = time.Now()
	} else if old, ok := s.encs[e.ID]; ok && old.Version != e.Version {
		return fmt.Errorf("save %q: %w", e.Name, model.ErrConflict)
	}
	e.Version++
	e.Updated = time.Now().Add(time.Duration(s.n) * time.Millisecond)
	s.Saves++
	s.encs[e.ID] = e.Clone()
	return nil
}

func (s *Store) Rename(ctx context.Context, id, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.encs[id]
	if !ok {
		return model.ErrNotFound
	}
	e.Name = name
	e.Version++
	return nil
}

func (s *Store) Duplicate(ctx context.Context, id, newName string) (string, error) {
	e, err := s.Load(ctx, id)
	if err != nil {
		return "", err
	}
	e.ID, e.Name = "", newName
	if err := s.Save(ctx, e); err != nil {
		return "", err
	}
	return e.ID, nil
}

func (s *Store) Delete(ctx context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.encs[id]; !ok {
		return model.ErrNotFound
	}
	delete(s.encs, id)
	return nil
}

// SaveAsCopy stores e as a new encounter "NAME (copy)" (then " (copy)
// (2)" ...), which e becomes, as storage.Store does.
func (s *Store) SaveAsCopy(ctx context.Context, e *model.Encounter) (string, error) {
	c := e.Clone()
	c.ID, c.Version = "", 0
	c.Name = s.freeName(e.Name + " (copy)")
	if err := s.Save(ctx, c); err != nil {
		return "", err
	}
	e.ID, e.Name, e.Version, e.Created, e.Updated = c.ID, c.Name, c.Version, c.Created, c.Updated
	return c.ID, nil
}

// Import stores a copy of e under a free name.
func (s *Store) Import(ctx context.Context, e *model.Encounter) (string, string, error) {
	c := e.Clone()
	c.ID, c.Version = "", 0
	c.Name = s.freeName(e.Name)
	if err := s.Save(ctx, c); err != nil {
		return "", "", err
	}
	return c.ID, c.Name, nil
}

// freeName is base, or base with " (N)" when base is taken.
func (s *Store) freeName(base string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	taken := map[string]bool{}
	for _, e := range s.encs {
		taken[e.Name] = true
	}
	name := base
	for n := 2; taken[name]; n++ {
		name = fmt.Sprintf("%s (%d)", base, n)
	}
	return name
}

// Export writes the encounter as an encounter/1 file.
func (s *Store) Export(ctx context.Context, nameOrID string, w io.Writer) error {
	id, err := s.Find(ctx, nameOrID)
	if err != nil {
		return err
	}
	e, err := s.Load(ctx, id)
	if err != nil {
		return err
	}
	return model.WriteEncounter(w, e)
}

// Backup writes every encounter, one encounter/1 document after another,
// to dst, which must not exist.
func (s *Store) Backup(ctx context.Context, dst string) error {
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	sums, _ := s.List(ctx)
	for _, sum := range sums {
		if err := s.Export(ctx, sum.ID, f); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

func (s *Store) Close() error { return nil }

// Bump changes the stored copy behind the editor's back (another window).
func (s *Store) Bump(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.encs[id].Version++
}

// Count is the number of stored encounters.
func (s *Store) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.encs)
}

// Each calls f on every stored encounter, which f may change (tests fix
// the dates a list shows).
func (s *Store) Each(f func(e *model.Encounter)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.encs {
		f(e)
	}
}
