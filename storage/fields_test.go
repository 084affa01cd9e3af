package storage

// fields_test.go holds the storage of the fields added with table play and
// the third dimension (encounter-format.md): door and shallow-water
// terrain, edges, fog, the party, the fight, areas, and the tokens' new
// fields.

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestTerrainWide: a map with a door, an open door or shallow water needs
// more than the 8 trait bits, so it is kept two bytes a square under its own
// tags; a map without them keeps the one-byte form an older app reads.
func TestTerrainWide(t *testing.T) {
	for _, c := range []struct {
		w, h int
		tag  byte
	}{{1, 1, terrainRaw16}, {64, 32, terrainFlate16}, {1000, 1000, terrainFlate16}} {
		g := model.NewGrid(c.w, c.h)
		for i := range g.Cells {
			g.Cells[i] = model.Terrain(i/3) & model.TraitMask
		}
		g.Cells[0] = model.Door | model.Open | model.ShallowWater
		data := encodeTerrain(&g)
		if data[0] != c.tag {
			t.Fatalf("%dx%d: tag %d, want %d", c.w, c.h, data[0], c.tag)
		}
		back, err := decodeTerrain(data, c.w, c.h)
		if err != nil || !reflect.DeepEqual(back, g) {
			t.Fatalf("%dx%d: round trip failed: %v", c.w, c.h, err)
		}
	}
	g := model.NewGrid(2, 1)
	g.Cells[1] = model.Water | model.Wall
	if data := encodeTerrain(&g); data[0] != terrainRaw {
		t.Errorf("a map of the first 8 traits got tag %d, want the one-byte %d", data[0], terrainRaw)
	}
	for _, c := range []struct {
		name string
		data []byte
		msg  string
	}{
		{"ErrRaw16Length", []byte{terrainRaw16, 1, 0, 2}, "holds 1 squares, expected 2"},
		{"ErrUnknownBits", []byte{terrainRaw16, 0, 0x80, 0, 0}, "unknown traits 0x8000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := decodeTerrain(c.data, 2, 1); err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want an error saying %q", err, c.msg)
			}
		})
	}
}

// tablePlayEncounter is fullEncounter with every added field set: door and
// shallow-water terrain, edges, placement, GM-only squares, fog, the party,
// a fight, one area of each kind, and each token field.
func tablePlayEncounter(t testing.TB) *model.Encounter {
	e := fullEncounter()
	e.Ruleset = model.SF2E
	e.FeetPerSquare = 5
	for i := range e.Tokens {
		switch e.Tokens[i].Size {
		case model.Fine:
			e.Tokens[i].Size = model.Tiny
		case model.Colossal:
			e.Tokens[i].Size = model.Gargantuan
		}
	}
	e.Grid.Cells[260] = model.Door
	e.Grid.Cells[261] = model.Door | model.Open
	e.Grid.Cells[262] = model.ShallowWater | model.Difficult
	n := e.Grid.W * e.Grid.H
	e.GMOnly, e.Revealed = make([]bool, n), make([]bool, n)
	for i := 0; i < n; i++ {
		e.GMOnly[i] = i%5 == 0
		e.Revealed[i] = i%3 != 1
	}
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 0, Y1: 0, X2: 16, Y2: 0}, {Kind: model.EdgeDoor, X1: 2, Y1: 1, X2: 2, Y2: 3},
		{Kind: model.EdgeOpenDoor, X1: 4, Y1: 4, X2: 5, Y2: 4}, {Kind: model.EdgeSecretDoor, X1: 16, Y1: 3, X2: 16, Y2: 4}}
	e.Placement = &model.BackgroundPlacement{X: -35, Y: 12.5, PxPerSquare: 70}
	e.Party = &model.Party{Side: "party", Level: 5, Size: 3}
	e.Fight = &model.Fight{Round: 4, Order: []string{"Bare", "Everything", "Small"}, Turn: "Everything",
		State: map[string]model.TurnState{"Everything": {Actions: 2, Diagonals: 1, Spent: 15}, "Small": {}}}
	e.Areas = []model.Area{
		{Kind: model.Burst, X: 16, Y: 17, Radius: 20, Label: "Fireball", Player: true},
		{Kind: model.Emanation, Token: "Everything", Radius: 10},
		{Kind: model.Cone, Token: "Everything", Dir: model.S, Length: 15, OriginOffset: -2},
		{Kind: model.Line, Token: "Small", Toward: [2]int{0, 16}, Length: 60},
	}
	lvl, ini := -1, 0
	tok := &e.Tokens[0]
	tok.Elevation, tok.Level, tok.Initiative, tok.HP = 15, &lvl, &ini, &model.HP{Current: 0, Max: 45}
	tok.Image = e.Background
	e.Tokens[3].Elevation = -5
	if err := model.Validate(e); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestFieldsRoundTrip: Save/Load, Import and Duplicate keep every added
// field (reflect.DeepEqual), a later Save replaces them, Delete removes
// them.
func TestFieldsRoundTrip(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := tablePlayEncounter(t)
		mustSave(t, s, e)
		assertEqual(t, mustLoad(t, s, e.ID), e)

		// A second save: fields changed, removed and added.
		e.Edges = e.Edges[:1]
		e.Fight.Turn, e.Fight.State = "Small", nil
		e.GMOnly, e.Party, e.Areas = nil, nil, nil
		e.Tokens[0].HP, e.Tokens[0].Image = nil, ""
		lvl := 25
		e.Tokens[1].Level = &lvl
		mustSave(t, s, e)
		assertEqual(t, mustLoad(t, s, e.ID), e)

		// And all of them gone again: nothing left behind.
		plain := fullEncounter()
		plain.ID, plain.Version = e.ID, e.Version
		mustSave(t, s, plain)
		assertEqual(t, mustLoad(t, s, e.ID), plain)
		if n := countRows(t, s, "encounter_fields", e.ID) + countRows(t, s, "token_fields", e.ID); n != 0 {
			t.Errorf("%d rows of added fields left for an encounter without them", n)
		}
	})
	t.Run("OKImport", func(t *testing.T) {
		s := MustOpenDB(t)
		e := tablePlayEncounter(t)
		id, _, err := s.Import(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		got := mustLoad(t, s, id)
		want := e.Clone()
		want.ID, want.Version, want.Created, want.Updated = got.ID, got.Version, got.Created, got.Updated
		assertEqual(t, got, want)
	})
	t.Run("OKDuplicate", func(t *testing.T) {
		s := MustOpenDB(t)
		e := tablePlayEncounter(t)
		mustSave(t, s, e)
		id, err := s.Duplicate(ctx, e.ID, "Copy")
		if err != nil {
			t.Fatal(err)
		}
		got := mustLoad(t, s, id)
		want := e.Clone()
		want.ID, want.Name, want.Version, want.Created, want.Updated = got.ID, "Copy", got.Version, got.Created, got.Updated
		assertEqual(t, got, want)
		// The copy is its own: saving the original leaves it.
		e.Areas = nil
		mustSave(t, s, e)
		assertEqual(t, mustLoad(t, s, id), got)
	})
	t.Run("OKDelete", func(t *testing.T) {
		s := MustOpenDB(t)
		e := tablePlayEncounter(t)
		mustSave(t, s, e)
		if err := s.Delete(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if n := countRows(t, s, "encounter_fields", e.ID) + countRows(t, s, "token_fields", e.ID); n != 0 {
			t.Errorf("%d rows of added fields outlive their encounter", n)
		}
	})
}

// TestFieldsOldDatabase: a database of the schema before the added fields
// still opens, loads and saves; upgraded, it keeps its encounters and takes
// the new fields.
func TestFieldsOldDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	old := mustOpenAt(t, path, options{upTo: fieldsMigration - 1})
	plain := fullEncounter()
	mustSave(t, old, plain)
	assertEqual(t, mustLoad(t, old, plain.ID), plain)
	// An encounter with the new fields cannot be kept there: an error, not
	// a silent loss.
	e := tablePlayEncounter(t)
	if err := old.Save(ctx, e); !errors.Is(err, errOldSchema) {
		t.Fatalf("saving the added fields in an old schema: %v, want errOldSchema", err)
	}
	old.Close()

	s := mustOpenAt(t, path, options{})
	assertEqual(t, mustLoad(t, s, plain.ID), plain)
	e = tablePlayEncounter(t)
	mustSave(t, s, e)
	assertEqual(t, mustLoad(t, s, e.ID), e)
}

// fieldsMigration is the number of the migration that adds the tables.
var fieldsMigration = migrationNumber("_table_play_fields.sql")

// fieldsBenchEncounter is the storage benchmark's encounter with the added
// fields a fight at the table has: fog and GM-only squares, 500 edges, the
// party and fight, every token with elevation, level, initiative and HP.
func fieldsBenchEncounter() *model.Encounter {
	e := benchEncounter()
	n := e.Grid.W * e.Grid.H
	e.GMOnly, e.Revealed = make([]bool, n), make([]bool, n)
	for i := 0; i < n; i++ {
		e.GMOnly[i], e.Revealed[i] = i%97 == 0, i%3 == 0
	}
	for i := 0; i < 250; i++ {
		e.Edges = append(e.Edges, model.Edge{Kind: model.EdgeWall, X1: i, Y1: 10, X2: i, Y2: 20},
			model.Edge{Kind: model.EdgeDoor, X1: i, Y1: 30, X2: i + 1, Y2: 30})
	}
	e.Party = &model.Party{Side: "party", Level: 5, Size: 4}
	e.Fight = &model.Fight{Round: 3, Turn: e.Tokens[0].Name, State: map[string]model.TurnState{}}
	for i := range e.Tokens {
		lvl, ini := i%10, 20-i%20
		t := &e.Tokens[i]
		t.Elevation, t.Level, t.Initiative, t.HP = 5*(i%3), &lvl, &ini, &model.HP{Current: i % 30, Max: 30}
		e.Fight.Order = append(e.Fight.Order, t.Name)
		e.Fight.State[t.Name] = model.TurnState{Actions: i % 3, Diagonals: i % 2}
	}
	return e
}

func BenchmarkStoreSaveFields(b *testing.B) { benchSaves(b, fieldsBenchEncounter(), false) }

func BenchmarkStoreLoadFields(b *testing.B) {
	s := MustOpenDB(b)
	e := fieldsBenchEncounter()
	mustSave(b, s, e)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Load(ctx, e.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFieldsBenchEncounter keeps the benchmark honest.
func TestFieldsBenchEncounter(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fieldsBenchEncounter()
		mustSave(t, s, e)
		assertEqual(t, mustLoad(t, s, e.ID), e)
	})
}

// migrationNumber is the version of the migration whose file name ends in
// suffix.
func migrationNumber(suffix string) int {
	for _, m := range migrations {
		if strings.HasSuffix(m.name, suffix) {
			return m.version
		}
	}
	panic("no migration *" + suffix)
}
