package storage

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"encounterplanner/model"
)

// benchEncounter is a 250x250 map from a fixed seed (20% difficult, 5%
// greater difficult, 10% walls) with 200 tokens.
func benchEncounter() *model.Encounter {
	rng := rand.New(rand.NewPCG(250, 200))
	e := &model.Encounter{Name: "Benchmark", Ruleset: model.SF2E, Grid: model.NewGrid(250, 250)}
	for i := range e.Grid.Cells {
		switch r := rng.IntN(100); {
		case r < 20:
			e.Grid.Cells[i] = model.Difficult
		case r < 25:
			e.Grid.Cells[i] = model.GreaterDifficult
		case r < 35:
			e.Grid.Cells[i] = model.Wall
		}
	}
	for i := 0; i < 200; i++ {
		t := model.Token{
			Name: fmt.Sprintf("Token %d", i), X: rng.IntN(249), Y: rng.IntN(249), Size: model.Medium,
			Side: []string{"party", "enemy", model.Neutral}[i%3], Speeds: map[string]int{"land": 25 + 5*(i%4)},
		}
		if i%5 == 0 {
			t.Size = model.Large
			t.Reach = intp(10)
			t.Speeds["fly"] = 30
			t.Conditions = []string{"frightened 1"}
			t.Notes = "Leads a patrol."
		}
		e.Tokens = append(e.Tokens, t)
	}
	for i := 0; i < 20; i++ {
		e.Notes = append(e.Notes, model.Note{X: i * 10, Y: i * 10, Text: "Hazard: 2d6 fire", Player: i%2 == 0})
	}
	return e
}

func BenchmarkStoreSave(b *testing.B) { benchSaves(b, benchEncounter(), false) }

// benchSaves saves e once, then times saving it again, a token moved each
// time when move (an autosave after a drag).
func benchSaves(b *testing.B, e *model.Encounter, move bool) {
	s := MustOpenDB(b)
	mustSave(b, s, e)
	b.ReportAllocs()
	for b.Loop() {
		if move {
			e.Tokens[0].X ^= 1
		}
		if err := s.Save(ctx, e); err != nil {
			b.Fatal(err)
		}
	}
}

// noise is n bytes from a fixed seed: picture data that does not compress.
func noise(seed uint64, n int) []byte {
	rng := rand.New(rand.NewPCG(seed, seed))
	out := make([]byte, n)
	for i := range out {
		out[i] = byte(rng.Uint32())
	}
	return out
}

func BenchmarkStoreLoad(b *testing.B) {
	s := MustOpenDB(b)
	e := benchEncounter()
	mustSave(b, s, e)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Load(ctx, e.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBenchEncounter keeps the benchmark honest: its encounter is valid and
// round-trips.
func TestBenchEncounter(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := MustOpenDB(t)
		e := benchEncounter()
		mustSave(t, s, e)
		assertEqual(t, mustLoad(t, s, e.ID), e)
	})
}

// largeLibrary writes a library of n benchmark encounters (each a 250x250
// map with 200 tokens) and returns its path.
func largeLibrary(b *testing.B, n int) string {
	path := filepath.Join(b.TempDir(), "encounters.db")
	s := mustOpenAt(b, path, options{})
	e := benchEncounter()
	for i := 0; i < n; i++ {
		c := e.Clone()
		c.Name = fmt.Sprintf("Benchmark %d", i)
		mustSave(b, s, c)
	}
	s.Close()
	return path
}

// BenchmarkOpen: opening a library of 100 encounters (about 8 MB) the
// way every command does: the header, the marks, quick_check.
func BenchmarkOpen(b *testing.B) {
	for _, ro := range []bool{false, true} {
		b.Run(fmt.Sprintf("ReadOnly=%v", ro), func(b *testing.B) {
			path := largeLibrary(b, 100)
			b.ReportAllocs()
			for b.Loop() {
				s, err := open(path, options{readOnly: ro})
				if err != nil {
					b.Fatal(err)
				}
				s.Close()
			}
		})
	}
}

// BenchmarkBackup: a whole backup of the 100-encounter library.
func BenchmarkBackup(b *testing.B) {
	s := mustOpenAt(b, largeLibrary(b, 100), options{readOnly: true})
	dir := b.TempDir()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		dst := filepath.Join(dir, fmt.Sprintf("b%d.db", i))
		if err := s.Backup(ctx, dst); err != nil {
			b.Fatal(err)
		}
		os.Remove(dst)
	}
}

// mapImageEncounter is benchEncounter under a background image the size of
// a big battle map's (a 20 MB file: 27 MB of base64), placed on the grid.
func mapImageEncounter() *model.Encounter {
	e := benchEncounter()
	e.Background = pngDataURL(1750, 1750, noise(20, 20<<20))
	e.Placement = &model.BackgroundPlacement{PxPerSquare: 7}
	return e
}

// BenchmarkStoreSaveMapImage is an autosave of an encounter with a 20 MB map
// image after a token moved: what the GM's window waits for.
func BenchmarkStoreSaveMapImage(b *testing.B) { benchSaves(b, mapImageEncounter(), true) }

// pngDataURL is a data: URL whose payload starts with a PNG header of w x h
// pixels (all ImageSize reads) and goes on with body.
func pngDataURL(w, h int, body []byte) string {
	head := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	head = binary.BigEndian.AppendUint32(head, uint32(w))
	head = binary.BigEndian.AppendUint32(head, uint32(h))
	head = append(head, 8, 6, 0, 0, 0)
	head = binary.BigEndian.AppendUint32(head, crc32.ChecksumIEEE(head[12:]))
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(append(head, body...))
}

// BenchmarkStoreSaveTokenImages is an autosave after a token moved, with
// 20 tokens carrying a 300 KB picture each (a party and its foes with
// portraits).
func BenchmarkStoreSaveTokenImages(b *testing.B) {
	e := benchEncounter()
	for i := 0; i < 20; i++ {
		e.Tokens[i].Image = pngDataURL(512, 512, noise(uint64(3+i), 300<<10))
	}
	benchSaves(b, e, true)
}
