package storage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"encounterplanner/model"
)

var ctx = context.Background()

// MustOpenDB opens a fresh database in a temporary directory, closed when
// the test ends, with a clock that ticks one second per reading.
func MustOpenDB(tb testing.TB) *Store {
	tb.Helper()
	return mustOpenAt(tb, filepath.Join(tb.TempDir(), "encounters.db"), options{})
}

func mustOpenAt(tb testing.TB, path string, o options) *Store {
	tb.Helper()
	s, err := open(path, o)
	if err != nil {
		tb.Fatal(err)
	}
	s.Now = tickingClock()
	tb.Cleanup(func() { s.Close() })
	return s
}

// tickingClock starts at a fixed time with nanoseconds and advances one
// second (and a nanosecond) per call.
func tickingClock() func() time.Time {
	var mu sync.Mutex
	t := time.Date(2026, 3, 14, 15, 9, 26, 535897932, time.FixedZone("X", 3600))
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Second + 1)
		return t
	}
}

func intp(v int) *int { return &v }

// fullEncounter sets every field of every type, with every terrain
// combination on its map.
func fullEncounter() *model.Encounter {
	g := model.NewGrid(16, 17)
	for i := 0; i < 256; i++ {
		g.Cells[i] = model.Terrain(i)
	}
	return &model.Encounter{
		Name:          "Every field — ünïcode \"quoted\" <b>",
		Ruleset:       model.PF1E,
		FeetPerSquare: 10,
		Grid:          g,
		Background:    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
		Tokens: []model.Token{
			{
				ID: "0d5c4e3f-1a2b-4c3d-8e9f-0a1b2c3d4e5f", Name: "Everything", X: 3, Y: 4, Size: model.Huge,
				Side: "enemy", Speeds: map[string]int{"land": 30, "fly": 0, "swim": 15, "climb": 20, "burrow": 5, "turn": 2, "mobility": 6},
				Reach: intp(15), Long: true, ReachWeapon: true, Facing: model.SW, Hidden: true,
				Conditions: []string{"prone", "frightened 2", model.CondTakenCover}, Notes: "line one\nline two ✓",
			},
			{ID: "0d5c4e3f-1a2b-4c3d-8e9f-0a1b2c3d4e60", Name: "Bare", X: 0, Y: 0, Size: model.Fine},
			{ID: "0d5c4e3f-1a2b-4c3d-8e9f-0a1b2c3d4e61", Name: "Zero reach", X: 10, Y: 10, Size: model.Colossal,
				Side: model.Neutral, Reach: intp(0), Speeds: map[string]int{"land": 0}, Facing: model.NW},
			{ID: "0d5c4e3f-1a2b-4c3d-8e9f-0a1b2c3d4e62", Name: "Small", X: 15, Y: 16, Size: model.Small, Facing: model.E,
				Conditions: []string{model.CondUnconscious}},
		},
		Notes: []model.Note{
			{X: 0, Y: 0, Text: "GM only"},
			{X: 15, Y: 16, Text: "For players", Player: true},
			{X: 7, Y: 7, Text: ""},
		},
	}
}

func mustSave(tb testing.TB, s *Store, e *model.Encounter) {
	tb.Helper()
	if err := s.Save(ctx, e); err != nil {
		tb.Fatal(err)
	}
}

func mustLoad(tb testing.TB, s *Store, id string) *model.Encounter {
	tb.Helper()
	e, err := s.Load(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

func assertEqual(tb testing.TB, got, want *model.Encounter) {
	tb.Helper()
	if !reflect.DeepEqual(got, want) {
		tb.Fatalf("round trip differs:\n got %s\nwant %s", describe(got), describe(want))
	}
}

// describe prints an encounter field by field, the grid summarised, so a
// failing comparison shows which field differs.
func describe(e *model.Encounter) string {
	c := *e
	cells := c.Grid.Cells
	c.Grid.Cells = nil
	sum := sha256.Sum256(terrainBytes(cells))
	return fmt.Sprintf("%+v cells=%d/%x", c, len(cells), sum[:4])
}

func terrainBytes(cells []model.Terrain) []byte {
	b := make([]byte, len(cells))
	for i, t := range cells {
		b[i] = byte(t)
	}
	return b
}

func fileHash(tb testing.TB, path string) [32]byte {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return sha256.Sum256(data)
}

func TestSave(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		if e.ID == "" || e.Version != 1 || e.Created.IsZero() || !e.Created.Equal(e.Updated) {
			t.Fatalf("after the first save: id %q version %d created %v updated %v", e.ID, e.Version, e.Created, e.Updated)
		}
		if e.Updated.Location() != time.UTC || e.Updated.Nanosecond() == 0 {
			t.Fatalf("updated %v: want UTC with nanoseconds", e.Updated)
		}
		assertEqual(t, mustLoad(t, s, e.ID), e)

		want := fullEncounter()
		want.ID, want.Version, want.Created, want.Updated = e.ID, e.Version, e.Created, e.Updated
		assertEqual(t, e, want) // Save changed nothing else
	})

	t.Run("OKClock", func(t *testing.T) {
		s := MustOpenDB(t)
		at := time.Date(2031, 1, 2, 3, 4, 5, 6, time.FixedZone("Somewhere", -5*3600))
		s.Now = func() time.Time { return at }
		e := fullEncounter()
		mustSave(t, s, e)
		if e.Created != at.UTC() || e.Updated != at.UTC() {
			t.Fatalf("created %v updated %v, want the injected %v in UTC", e.Created, e.Updated, at.UTC())
		}
		got := mustLoad(t, s, e.ID)
		if got.Created != at.UTC() || got.Updated != at.UTC() {
			t.Fatalf("loaded created %v updated %v", got.Created, got.Updated)
		}
		later := at.Add(time.Hour + time.Nanosecond)
		s.Now = func() time.Time { return later }
		mustSave(t, s, e)
		if got := mustLoad(t, s, e.ID); got.Created != at.UTC() || got.Updated != later.UTC() {
			t.Fatalf("after a second save: created %v updated %v", got.Created, got.Updated)
		}
	})

	t.Run("OKMapShapes", func(t *testing.T) {
		s := MustOpenDB(t)
		for _, wh := range [][2]int{{1000, 1}, {1, 1000}, {1, 1}, {1000, 1000}} {
			e := &model.Encounter{Name: fmt.Sprintf("%dx%d", wh[0], wh[1]), Ruleset: model.Starship, Grid: model.NewGrid(wh[0], wh[1])}
			for i := range e.Grid.Cells {
				e.Grid.Cells[i] = model.Terrain((i * 7) % 256)
			}
			e.Grid.Cells[len(e.Grid.Cells)-1] = model.Wall | model.Water
			mustSave(t, s, e)
			assertEqual(t, mustLoad(t, s, e.ID), e)
		}
	})

	t.Run("OKEmptyListsComeBackNil", func(t *testing.T) {
		s := MustOpenDB(t)
		e := &model.Encounter{Name: "Empty", Ruleset: model.Points, Grid: model.NewGrid(3, 2),
			Tokens: []model.Token{{Name: "A", Size: model.Medium, Speeds: map[string]int{}, Conditions: []string{}}}, Notes: []model.Note{}}
		mustSave(t, s, e)
		got := mustLoad(t, s, e.ID)
		if got.Notes != nil || got.Tokens[0].Speeds != nil || got.Tokens[0].Conditions != nil {
			t.Fatalf("empty lists should load as nil: %+v", got)
		}
		if got.Tokens[0].ID == "" || got.Tokens[0].ID != e.Tokens[0].ID {
			t.Fatalf("a token without an id gets one, given back to the caller: %q vs %q", got.Tokens[0].ID, e.Tokens[0].ID)
		}
	})

	t.Run("OKUpdate", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		created := e.Created
		e.Name = "Renamed in the editor"
		e.Tokens = e.Tokens[1:2]
		e.Notes = nil
		e.Grid = e.Grid.Resize(3, 3)
		e.Tokens[0].Speeds = map[string]int{"land": 5}
		mustSave(t, s, e)
		if e.Version != 2 || !e.Created.Equal(created) || !e.Updated.After(created) {
			t.Fatalf("second save: version %d created %v (was %v) updated %v", e.Version, e.Created, created, e.Updated)
		}
		assertEqual(t, mustLoad(t, s, e.ID), e)
		var n int
		if err := s.rdb.QueryRow(`SELECT count(*) FROM tokens`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("tokens left: %d %v, want 1", n, err)
		}
	})

	t.Run("ErrInvalid", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		e.Tokens[1].X = 99
		err := s.Save(ctx, e)
		if !errors.Is(err, model.ErrInvalid) || !reflect.DeepEqual(err, model.Validate(e)) {
			t.Fatalf("got %v, want model.Validate's error %v", err, model.Validate(e))
		}
		if e.ID != "" || e.Version != 0 {
			t.Fatalf("a failed save changed the encounter: id %q version %d", e.ID, e.Version)
		}
		if l, _ := s.List(ctx); len(l) != 0 {
			t.Fatalf("stored %d encounters", len(l))
		}
	})

	t.Run("ErrConflict", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		a, b := e.Clone(), e.Clone()
		a.Name = "A's edit"
		mustSave(t, s, a)
		b.Name = "B's edit"
		b.Tokens = nil
		err := s.Save(ctx, b)
		if !errors.Is(err, model.ErrConflict) || !strings.Contains(err.Error(), "version 2 is stored") {
			t.Fatalf("got %v, want ErrConflict naming the versions", err)
		}
		if b.Version != 1 {
			t.Fatalf("a failed save changed the version to %d", b.Version)
		}
		assertEqual(t, mustLoad(t, s, e.ID), a)
	})

	t.Run("ErrConflictDeleted", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		if err := s.Delete(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		// ErrNotFound too, so the app can say deleted rather than saved
		// elsewhere
		if err := s.Save(ctx, e); !errors.Is(err, model.ErrConflict) || !errors.Is(err, model.ErrNotFound) || !strings.Contains(err.Error(), "deleted") {
			t.Fatalf("got %v, want ErrConflict and ErrNotFound saying it was deleted", err)
		}
	})

	t.Run("ErrConflictSameIDNew", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		c := fullEncounter()
		c.ID = e.ID
		if err := s.Save(ctx, c); !errors.Is(err, model.ErrConflict) {
			t.Fatalf("got %v, want ErrConflict", err)
		}
		assertEqual(t, mustLoad(t, s, e.ID), e)
	})
}

func TestSaveAsCopy(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		other := e.Clone()
		other.Notes = nil
		mustSave(t, s, other)
		e.Name = "Mine"
		if err := s.Save(ctx, e); !errors.Is(err, model.ErrConflict) {
			t.Fatalf("got %v, want ErrConflict", err)
		}
		oldID := e.ID
		id, err := s.SaveAsCopy(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		if id == oldID || e.ID != id || e.Name != "Mine (copy)" || e.Version != 1 {
			t.Fatalf("copy: id %s (old %s) e.ID %s name %q version %d", id, oldID, e.ID, e.Name, e.Version)
		}
		assertEqual(t, mustLoad(t, s, id), e)
		assertEqual(t, mustLoad(t, s, oldID), other)
		e.Name = "Mine, edited further"
		mustSave(t, s, e) // the window goes on editing the copy

		c := other.Clone()
		c.Name = "Mine"
		if _, err := s.SaveAsCopy(ctx, c); err != nil || c.Name != "Mine (copy)" {
			t.Fatalf("second copy: %v, name %q", err, c.Name)
		}
		if _, err := s.SaveAsCopy(ctx, c); err != nil || c.Name != "Mine (copy) (copy)" {
			t.Fatalf("copy of a copy: %v, name %q", err, c.Name)
		}
	})
}

func TestList(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		if l, err := s.List(ctx); err != nil || len(l) != 0 {
			t.Fatalf("empty store: %v %v", l, err)
		}
		var want []model.Summary
		for _, name := range []string{"First", "Second", "Third"} {
			e := &model.Encounter{Name: name, Ruleset: model.SF2E, Grid: model.NewGrid(4, 3)}
			mustSave(t, s, e)
			want = append([]model.Summary{{ID: e.ID, Name: name, Ruleset: model.SF2E, Width: 4, Height: 3, Updated: e.Updated}}, want...)
		}
		got, err := s.List(ctx)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("got %+v %v\nwant %+v", got, err, want)
		}
		// Saving the oldest moves it to the top.
		e := mustLoad(t, s, want[2].ID)
		mustSave(t, s, e)
		got, _ = s.List(ctx)
		if got[0].ID != e.ID {
			t.Fatalf("after saving %q, the list starts with %q", e.Name, got[0].Name)
		}
	})
}

func TestFind(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		for _, q := range []string{e.ID, e.Name} {
			if id, err := s.Find(ctx, q); err != nil || id != e.ID {
				t.Fatalf("Find(%q) = %q, %v; want %s", q, id, err, e.ID)
			}
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		s := MustOpenDB(t)
		if _, err := s.Find(ctx, "Nowhere"); !errors.Is(err, model.ErrNotFound) || !strings.Contains(err.Error(), `"Nowhere"`) {
			t.Fatalf("got %v, want ErrNotFound naming the query", err)
		}
		if _, err := s.Load(ctx, "no-such-id"); !errors.Is(err, model.ErrNotFound) {
			t.Fatalf("Load: got %v, want ErrNotFound", err)
		}
	})
	t.Run("ErrAmbiguous", func(t *testing.T) {
		s := MustOpenDB(t)
		a, b := fullEncounter(), fullEncounter()
		a.Name, b.Name = "Twin", "Twin"
		mustSave(t, s, a)
		mustSave(t, s, b)
		_, err := s.Find(ctx, "Twin")
		var amb *model.AmbiguousError
		if !errors.As(err, &amb) || !reflect.DeepEqual(amb.IDs, []string{b.ID, a.ID}) {
			t.Fatalf("got %v, want an AmbiguousError listing %s %s (newest first)", err, b.ID, a.ID)
		}
		if !strings.Contains(err.Error(), a.ID) || !strings.Contains(err.Error(), b.ID) {
			t.Fatalf("the message should list both ids: %v", err)
		}
	})
}

func countRows(tb testing.TB, s *Store, table, id string) int {
	tb.Helper()
	var n int
	if err := s.rdb.QueryRow(`SELECT count(*) FROM `+table+` WHERE encounter_id = ?`, id).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n
}

func TestDelete(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e, keep := fullEncounter(), fullEncounter()
		mustSave(t, s, e)
		mustSave(t, s, keep)
		if countRows(t, s, "tokens", e.ID) != 4 || countRows(t, s, "notes", e.ID) != 3 {
			t.Fatal("tokens and notes not stored")
		}
		if err := s.Delete(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if countRows(t, s, "tokens", e.ID) != 0 || countRows(t, s, "notes", e.ID) != 0 {
			t.Fatal("deleting the encounter left its tokens or notes (no cascade)")
		}
		if _, err := s.Load(ctx, e.ID); !errors.Is(err, model.ErrNotFound) {
			t.Fatalf("load after delete: %v", err)
		}
		assertEqual(t, mustLoad(t, s, keep.ID), keep)
	})
	// the library's Undo delete: the encounter loaded before the delete,
	// saved again as new (version 0), comes back whole under its own id
	t.Run("OKStoredAgainAfterDelete", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		kept := mustLoad(t, s, e.ID)
		if err := s.Delete(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		again := kept.Clone()
		again.Version = 0
		if err := s.Save(ctx, again); err != nil {
			t.Fatal(err)
		}
		got := mustLoad(t, s, e.ID)
		if got.Version != 1 {
			t.Errorf("stored again as version %d, want 1", got.Version)
		}
		got.Version, got.Created, got.Updated = kept.Version, kept.Created, kept.Updated
		assertEqual(t, got, kept)
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		s := MustOpenDB(t)
		if err := s.Delete(ctx, "nope"); !errors.Is(err, model.ErrNotFound) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestRename(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		if err := s.Rename(ctx, e.ID, "New name"); err != nil {
			t.Fatal(err)
		}
		got := mustLoad(t, s, e.ID)
		if got.Name != "New name" || got.Version != 2 {
			t.Fatalf("name %q version %d", got.Name, got.Version)
		}
		// A window still holding version 1 must not undo the rename.
		if err := s.Save(ctx, e); !errors.Is(err, model.ErrConflict) {
			t.Fatalf("stale save after rename: %v", err)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		if err := s.Rename(ctx, e.ID, "   "); !errors.Is(err, model.ErrInvalid) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		s := MustOpenDB(t)
		if err := s.Rename(ctx, "nope", "x"); !errors.Is(err, model.ErrNotFound) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestDuplicate(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		id, err := s.Duplicate(ctx, e.ID, "Copy")
		if err != nil {
			t.Fatal(err)
		}
		got := mustLoad(t, s, id)
		if got.ID == e.ID || got.Version != 1 || got.Name != "Copy" {
			t.Fatalf("copy: %s v%d %q", got.ID, got.Version, got.Name)
		}
		want := e.Clone()
		want.ID, want.Name, want.Version, want.Created, want.Updated = got.ID, "Copy", 1, got.Created, got.Updated
		assertEqual(t, got, want)
		assertEqual(t, mustLoad(t, s, e.ID), e)
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		s := MustOpenDB(t)
		if _, err := s.Duplicate(ctx, "nope", "x"); !errors.Is(err, model.ErrNotFound) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestImport(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		src := model.Sample()
		orig := src.Clone()
		var ids []string
		for i, want := range []string{"Derelict cargo bay", "Derelict cargo bay (2)", "Derelict cargo bay (3)"} {
			id, name, err := s.Import(ctx, src)
			if err != nil || name != want {
				t.Fatalf("import %d: %q, %v; want %q", i+1, name, err, want)
			}
			got := mustLoad(t, s, id)
			w := orig.Clone()
			w.ID, w.Name, w.Version, w.Created, w.Updated = id, want, 1, got.Created, got.Updated
			assertEqual(t, got, w)
			ids = append(ids, id)
		}
		assertEqual(t, src, orig) // the caller's encounter is unchanged
		if ids[0] == ids[1] || ids[1] == ids[2] {
			t.Fatalf("ids repeat: %v", ids)
		}
	})
	t.Run("OKLongName", func(t *testing.T) {
		s := MustOpenDB(t)
		e := model.Sample()
		e.Name = strings.Repeat("é", 200)
		s.Import(ctx, e)
		_, name, err := s.Import(ctx, e)
		if err != nil || name != strings.Repeat("é", 196)+" (2)" {
			t.Fatalf("got %q, %v", name, err)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		s := MustOpenDB(t)
		e := model.Sample()
		e.Grid.W = 0
		if _, _, err := s.Import(ctx, e); !errors.Is(err, model.ErrInvalid) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestExport(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		var buf bytes.Buffer
		if err := s.Export(ctx, e.Name, &buf); err != nil {
			t.Fatal(err)
		}
		want, err := model.EncodeEncounter(e)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Fatalf("export differs from the codec's output:\n%s", buf.Bytes())
		}
		back, err := model.DecodeEncounter(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		back.ID, back.Version, back.Created, back.Updated = e.ID, e.Version, e.Created, e.Updated
		for i := range e.Tokens {
			e.Tokens[i].Side = e.Tokens[i].SideOrNeutral() // the codec reads "" as neutral
		}
		assertEqual(t, back, e)
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		s := MustOpenDB(t)
		var buf bytes.Buffer
		if err := s.Export(ctx, "nope", &buf); !errors.Is(err, model.ErrNotFound) || buf.Len() != 0 {
			t.Fatalf("got %v, %d bytes", err, buf.Len())
		}
	})
}

func TestTwoStores(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "shared.db")
		a := mustOpenAt(t, path, options{})
		b := mustOpenAt(t, path, options{})
		e := fullEncounter()
		mustSave(t, a, e)
		fromB := mustLoad(t, b, e.ID)
		assertEqual(t, fromB, e)
		fromB.Name = "B saved this"
		mustSave(t, b, fromB)
		assertEqual(t, mustLoad(t, a, e.ID), fromB)
		if l, err := a.List(ctx); err != nil || len(l) != 1 || l[0].Name != "B saved this" {
			t.Fatalf("A's list: %+v %v", l, err)
		}
	})
	t.Run("ErrConflict", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "shared.db")
		a := mustOpenAt(t, path, options{})
		b := mustOpenAt(t, path, options{})
		e := fullEncounter()
		mustSave(t, a, e)
		stale := e.Clone()
		fromB := mustLoad(t, b, e.ID)
		fromB.Tokens = fromB.Tokens[:1]
		mustSave(t, b, fromB)
		stale.Name = "A's stale edit"
		if err := a.Save(ctx, stale); !errors.Is(err, model.ErrConflict) {
			t.Fatalf("got %v, want ErrConflict", err)
		}
		assertEqual(t, mustLoad(t, a, e.ID), fromB)
		assertEqual(t, mustLoad(t, b, e.ID), fromB)
	})
}

func TestBackup(t *testing.T) {
	fill := func(t *testing.T) *Store {
		s := MustOpenDB(t)
		mustSave(t, s, fullEncounter())
		mustSave(t, s, model.Sample())
		return s
	}
	sameEncounters := func(t *testing.T, a, b *Store) {
		t.Helper()
		la, err := a.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		lb, err := b.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(la, lb) || len(la) == 0 {
			t.Fatalf("lists differ:\n%+v\n%+v", la, lb)
		}
		for _, sum := range la {
			assertEqual(t, mustLoad(t, b, sum.ID), mustLoad(t, a, sum.ID))
		}
	}
	t.Run("OK", func(t *testing.T) {
		s := fill(t)
		dst := filepath.Join(t.TempDir(), "sub", "backup.db")
		if err := s.Backup(ctx, dst); err != nil {
			t.Fatal(err)
		}
		b := mustOpenAt(t, dst, options{})
		sameEncounters(t, s, b)
		var check string
		if err := b.rdb.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
			t.Fatalf("integrity_check: %q %v", check, err)
		}
	})
	t.Run("OKEmptyFile", func(t *testing.T) {
		s := fill(t)
		dst := filepath.Join(t.TempDir(), "empty.db")
		if err := os.WriteFile(dst, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := s.Backup(ctx, dst); err != nil {
			t.Fatal(err)
		}
		sameEncounters(t, s, mustOpenAt(t, dst, options{}))
	})
	t.Run("ErrExists", func(t *testing.T) {
		s := fill(t)
		dst := filepath.Join(t.TempDir(), "precious.txt")
		if err := os.WriteFile(dst, []byte("do not overwrite"), 0o644); err != nil {
			t.Fatal(err)
		}
		err := s.Backup(ctx, dst)
		if err == nil || !strings.Contains(err.Error(), "already exists") {
			t.Fatalf("got %v, want a refusal", err)
		}
		if data, _ := os.ReadFile(dst); string(data) != "do not overwrite" {
			t.Fatalf("the file was changed: %q", data)
		}
	})
}

// TestBackupRefuses: backup writes only a new (or empty) regular file:
// a name ending in /, a folder, a FIFO, a device, a link to nothing, and
// the database or its -wal, -shm or -journal file are refused and left as
// they were; no temporary file stays; a 250-character name works.
func TestBackupRefuses(t *testing.T) {
	s := MustOpenDB(t)
	mustSave(t, s, fullEncounter())
	dbHash := fileHash(t, s.Path())
	for _, c := range []struct {
		name string
		make func(t *testing.T, dir string) string
		want string
	}{
		{"ErrTrailingSlash", func(t *testing.T, dir string) string { return filepath.Join(dir, "x.db") + "/" }, "ends in"},
		{"ErrFolder", func(t *testing.T, dir string) string { return dir }, "it is a folder"},
		{"ErrFIFO", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "fifo")
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			return p
		}, "not a regular file"},
		{"ErrCharDevice", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "dev")
			if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
				t.Skipf("mknod: %v", err)
			}
			return p
		}, "not a regular file"},
		{"ErrDanglingSymlink", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "link")
			os.Symlink(filepath.Join(dir, "nowhere"), p)
			return p
		}, "link to nothing"},
		{"ErrDatabase", func(t *testing.T, dir string) string { return s.Path() }, "the database itself"},
		{"ErrDatabaseWAL", func(t *testing.T, dir string) string { return s.Path() + "-wal" }, "the database itself"},
		{"ErrDatabaseSHM", func(t *testing.T, dir string) string { return s.Path() + "-shm" }, "the database itself"},
		{"ErrDatabaseJournal", func(t *testing.T, dir string) string { return s.Path() + "-journal" }, "the database itself"},
		{"ErrDatabaseThroughLink", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "link.db")
			os.Symlink(s.Path()+"-wal", p)
			return p
		}, "the database itself"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			dst := c.make(t, dir)
			var before os.FileInfo
			if fi, err := os.Lstat(dst); err == nil {
				before = fi
			}
			err := s.Backup(ctx, dst)
			if !errors.Is(err, ErrBackupTarget) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a refusal saying %q", err, c.want)
			}
			after, aerr := os.Lstat(dst)
			if before == nil && aerr == nil || before != nil && (aerr != nil || after.Mode() != before.Mode() || after.Size() != before.Size() && !strings.HasPrefix(dst, s.Path())) {
				t.Fatalf("%s changed: %v -> %v %v", dst, before, after, aerr)
			}
			if _, err := os.Lstat(strings.TrimSuffix(dst, "/")); strings.HasSuffix(dst, "/") && err == nil {
				t.Fatal("a file was made for a name ending in /")
			}
			if fileHash(t, s.Path()) != dbHash {
				t.Fatal("the database changed")
			}
			noBackupTemps(t, dir)
			noBackupTemps(t, filepath.Dir(s.Path()))
		})
	}
	t.Run("OKNameOf250Characters", func(t *testing.T) {
		dir := t.TempDir()
		dst := filepath.Join(dir, strings.Repeat("b", 247)+".db")
		if err := s.Backup(ctx, dst); err != nil {
			t.Fatal(err)
		}
		mustOpenAt(t, dst, options{readOnly: true})
		noBackupTemps(t, dir)
	})
}

func noBackupTemps(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), backupTempPrefix) {
			t.Fatalf("a temporary file stayed: %s", e.Name())
		}
	}
}

func TestOpenDefault(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "config", "encounter-planner", "encounters.db")
		s, err := OpenDefault(path)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Seeded() {
			t.Fatal("a fresh database should be seeded")
		}
		l, err := s.List(ctx)
		if err != nil || len(l) != 1 {
			t.Fatalf("fresh database: %+v %v", l, err)
		}
		got := mustLoad(t, s, l[0].ID)
		want := model.Sample()
		want.ID, want.Version, want.Created, want.Updated = got.ID, 1, got.Created, got.Updated
		assertEqual(t, got, want)
		// The user deletes the sample; it must not come back.
		if err := s.Delete(ctx, got.ID); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s, err = OpenDefault(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if l, err := s.List(ctx); err != nil || len(l) != 0 || s.Seeded() {
			t.Fatalf("reopening seeded again: %+v %v", l, err)
		}
	})
	t.Run("OKNoSeedFromOpen", func(t *testing.T) {
		s := MustOpenDB(t)
		if l, _ := s.List(ctx); len(l) != 0 || s.Seeded() {
			t.Fatalf("Open (not OpenDefault) seeded %d encounters", len(l))
		}
	})
	t.Run("OKDefaultPath", func(t *testing.T) {
		dir := t.TempDir()
		t.Setenv("XDG_CONFIG_HOME", dir)
		t.Setenv("HOME", dir)
		p, err := DefaultPath()
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := os.UserConfigDir()
		if p != filepath.Join(cfg, "encounter-planner", "encounters.db") {
			t.Fatalf("DefaultPath = %s", p)
		}
		s, err := OpenDefault("")
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if s.Path() != p || !s.Seeded() {
			t.Fatalf("OpenDefault(\"\") opened %s (seeded %v), want %s", s.Path(), s.Seeded(), p)
		}
	})
}

// rawDB opens the file with plain SQL, for tests that set up states the
// store would never write.
func rawDB(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	db, err := sql.Open("sqlite3", fileURI(path))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// TestConcurrentSaves: many writers, in one process and across two
// connections pools (as two app instances), race to save the same version;
// exactly one wins and the rest get ErrConflict.
func TestConcurrentSaves(t *testing.T) {
	t.Run("ErrConflict", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "shared.db")
		stores := []*Store{mustOpenAt(t, path, options{}), mustOpenAt(t, path, options{})}
		e := fullEncounter()
		mustSave(t, stores[0], e)
		const writers = 8
		errs := make([]error, writers)
		edits := make([]*model.Encounter, writers)
		var wg sync.WaitGroup
		for i := 0; i < writers; i++ {
			edits[i] = e.Clone()
			edits[i].Name = fmt.Sprintf("writer %d", i)
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = stores[i%2].Save(ctx, edits[i])
			}()
		}
		wg.Wait()
		winner := -1
		for i, err := range errs {
			switch {
			case err == nil && winner < 0:
				winner = i
			case err == nil:
				t.Fatalf("writers %d and %d both saved version %d", winner, i, e.Version)
			case !errors.Is(err, model.ErrConflict):
				t.Fatalf("writer %d: %v", i, err)
			}
		}
		if winner < 0 {
			t.Fatal("nobody saved")
		}
		assertEqual(t, mustLoad(t, stores[1], e.ID), edits[winner])
	})
}
