package storage

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"encounterplanner/model"
)

func TestTerrain(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for _, c := range []struct {
			w, h int
			tag  byte
		}{{1, 1, terrainRaw}, {3, 2, terrainRaw}, {16, 16, terrainFlate}, {1000, 1000, terrainFlate}} {
			g := model.NewGrid(c.w, c.h)
			for i := range g.Cells {
				g.Cells[i] = model.Terrain((i / 50) % 256)
			}
			data := encodeTerrain(&g)
			if data[0] != c.tag {
				t.Fatalf("%dx%d: tag %d, want %d", c.w, c.h, data[0], c.tag)
			}
			if c.tag == terrainFlate && len(data) >= c.w*c.h {
				t.Fatalf("%dx%d: %d bytes compressed", c.w, c.h, len(data))
			}
			back, err := decodeTerrain(data, c.w, c.h)
			if err != nil || !reflect.DeepEqual(back, g) {
				t.Fatalf("%dx%d: round trip failed: %v", c.w, c.h, err)
			}
		}
	})
	g := model.NewGrid(40, 40)
	g.Cells[7] = model.Wall
	good := encodeTerrain(&g)
	for _, c := range []struct {
		name string
		data []byte
		w, h int
		msg  string
	}{
		{"ErrEmpty", nil, 1, 1, "empty"},
		{"ErrRawLength", []byte{terrainRaw, 1, 2}, 1, 1, "holds 2 squares, expected 1"},
		{"ErrTag", []byte{9, 0}, 1, 1, "unknown terrain format 9"},
		{"ErrSize", []byte{terrainRaw, 0}, 0, 1, "out of range"},
		{"ErrShort", good, 40, 41, "damaged"},
		{"ErrLong", good, 40, 39, "more than"},
		{"ErrFlate", append([]byte{terrainFlate}, bytes.Repeat([]byte{0xff}, 20)...), 4, 4, "damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := decodeTerrain(c.data, c.w, c.h)
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want an error saying %q", err, c.msg)
			}
		})
	}
	t.Run("ErrDamagedInDatabase", func(t *testing.T) {
		s := MustOpenDB(t)
		e := fullEncounter()
		mustSave(t, s, e)
		if _, err := s.db.Exec(`UPDATE encounters SET terrain = x'0100' WHERE id = ?`, e.ID); err != nil {
			t.Fatal(err)
		}
		_, err := s.Load(ctx, e.ID)
		if !errors.Is(err, ErrNotDatabase) || !strings.Contains(err.Error(), "restore a backup") {
			t.Fatalf("got %v, want ErrNotDatabase", err)
		}
	})
}

// FuzzDecodeTerrain: any bytes give a grid of the asked size or an error,
// never a panic, and what encodes decodes back.
func FuzzDecodeTerrain(f *testing.F) {
	g := model.NewGrid(5, 3)
	g.Cells[4] = model.Water | model.Difficult
	f.Add(encodeTerrain(&g), 5, 3)
	f.Add([]byte{terrainRaw, 1}, 1, 1)
	f.Fuzz(func(t *testing.T, data []byte, w, h int) {
		if w < 1 || h < 1 || w*h > 1<<16 {
			return
		}
		g, err := decodeTerrain(data, w, h)
		if err != nil {
			return
		}
		if g.W != w || g.H != h || len(g.Cells) != w*h {
			t.Fatalf("decoded %dx%d with %d cells, asked %dx%d", g.W, g.H, len(g.Cells), w, h)
		}
		back, err := decodeTerrain(encodeTerrain(&g), w, h)
		if err != nil || !reflect.DeepEqual(back, g) {
			t.Fatalf("re-encoding failed: %v", err)
		}
	})
}
