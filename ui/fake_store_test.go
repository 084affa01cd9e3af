package ui

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"encounterplanner/model"
)

// memStore is an in-memory model.EncounterStore with the same optimistic
// locking as storage/: Save fails with ErrConflict when the version moved.
type memStore struct {
	mu    sync.Mutex
	encs  map[string]*model.Encounter
	n     int
	saves int
	fail  error // when set, Save returns it
}

func newMemStore(es ...*model.Encounter) *memStore {
	s := &memStore{encs: map[string]*model.Encounter{}}
	for _, e := range es {
		if err := s.Save(context.Background(), e); err != nil {
			panic(err)
		}
	}
	return s
}

func (s *memStore) List(ctx context.Context) ([]model.Summary, error) {
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

func (s *memStore) Load(ctx context.Context, id string) (*model.Encounter, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.encs[id]
	if !ok {
		return nil, model.ErrNotFound
	}
	return e.Clone(), nil
}

func (s *memStore) Find(ctx context.Context, nameOrID string) (string, error) {
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

func (s *memStore) Save(ctx context.Context, e *model.Encounter) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
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
	s.saves++
	s.encs[e.ID] = e.Clone()
	return nil
}

func (s *memStore) Rename(ctx context.Context, id, name string) error {
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

func (s *memStore) Duplicate(ctx context.Context, id, newName string) (string, error) {
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

func (s *memStore) Delete(ctx context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.encs[id]; !ok {
		return model.ErrNotFound
	}
	delete(s.encs, id)
	return nil
}

func (s *memStore) Close() error { return nil }

// bump changes the stored copy behind the editor's back (another window).
func (s *memStore) bump(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.encs[id].Version++
}

func (s *memStore) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.encs)
}

// pump runs the editor's background results on the test goroutine, as
// fyne.Do runs them on the UI goroutine in the app.
type pump struct{ ch chan func() }

func newPump() *pump { return &pump{ch: make(chan func(), 1024)} }

func (p *pump) post(f func()) { p.ch <- f }

// until runs posted functions until cond holds, failing after a timeout.
func (p *pump) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case f := <-p.ch:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// drain runs what is already posted.
func (p *pump) drain() {
	for {
		select {
		case f := <-p.ch:
			f()
		default:
			return
		}
	}
}
