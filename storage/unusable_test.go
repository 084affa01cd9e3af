package storage

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestLoadLeavesOutUnusableImages: an encounter whose stored images model.Validate
// no longer accepts (a background saved before the decode limit, a 16-bit
// PNG of 8192 x 8192; a token picture damaged in the database) still
// opens: the images are left out and named in Dropped, and the encounter
// saves and exports as it is, where a save refused the whole encounter.
func TestLoadLeavesOutUnusableImages(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter()
	e.Placement = &model.BackgroundPlacement{PxPerSquare: 70}
	e.Tokens[1].Image = smallImage("portrait")
	mustSave(t, s, e)

	// What an older version stored: a background only its header says is
	// too costly to decode (768 MiB), and a picture that is no image.
	head := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	head = binary.BigEndian.AppendUint32(head, 8192)
	head = binary.BigEndian.AppendUint32(head, 8192)
	head = append(head, 16, 6, 0, 0, 0)
	head = binary.BigEndian.AppendUint32(head, crc32.ChecksumIEEE(head[12:]))
	bomb := "data:image/png;base64," + base64.StdEncoding.EncodeToString(head)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE encounter_backgrounds SET image = ? WHERE encounter_id = ?`, []any{bomb, e.ID}},
		{`UPDATE token_images SET image = ? WHERE encounter_id = ?`, []any{"data:image/png;base64,aGVsbG8gd29ybGQ=", e.ID}},
	} {
		if res, err := s.db.Exec(q.sql, q.args...); err != nil {
			t.Fatal(err)
		} else if n, _ := res.RowsAffected(); n != 1 {
			t.Fatalf("%s: %d rows", q.sql, n)
		}
	}

	got := mustLoad(t, s, e.ID)
	if got.Background != "" || got.Placement != nil || got.Tokens[1].Image != "" {
		t.Errorf("kept: background %.40q, placement %v, picture %.40q", got.Background, got.Placement, got.Tokens[1].Image)
	}
	want := []string{
		"map.background: is a 16-bit PNG of 8192x8192 pixels, which takes 768 MiB to decode; at most 512 MiB are allowed: save it with 8 bits a channel, or make it smaller; the image is left out",
		`tokens[1] "Bare".image: is not a readable PNG image: png: invalid format: not a PNG file; the image is left out`,
	}
	if strings.Join(got.Dropped, "\n") != strings.Join(want, "\n") {
		t.Errorf("Dropped:\n%s\nwant\n%s", strings.Join(got.Dropped, "\n"), strings.Join(want, "\n"))
	}
	var out bytes.Buffer
	if err := s.Export(ctx, e.ID, &out); err != nil {
		t.Fatalf("export: %v", err)
	}
	if _, err := model.ReadEncounter(&out); err != nil {
		t.Fatalf("the export does not read back: %v", err)
	}
	got.Tokens[0].X = 4 // an edit, then the autosave
	mustSave(t, s, got)
	again := mustLoad(t, s, e.ID)
	if again.Dropped != nil || again.Tokens[0].X != 4 {
		t.Errorf("after a save: Dropped %q, token at x %d", again.Dropped, again.Tokens[0].X)
	}
}

// TestLoadMendsGarblingText: names an older version stored before the
// model refused characters that garble text (a right-to-left override, a
// name of a zero-width space) left the encounter open but every edit and
// save refused. The store mends them on the way out, says so in Dropped,
// and the encounter saves, exports and reads back.
func TestLoadMendsGarblingText(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter()
	mustSave(t, s, e)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE encounters SET name = ? WHERE id = ?`, []any{"Den\u202e", e.ID}},
		{`UPDATE tokens SET name = ? WHERE encounter_id = ? AND ord = 0`, []any{"\u200b", e.ID}},
	} {
		if res, err := s.db.Exec(q.sql, q.args...); err != nil {
			t.Fatal(err)
		} else if n, _ := res.RowsAffected(); n != 1 {
			t.Fatalf("%s: %d rows", q.sql, n)
		}
	}
	got := mustLoad(t, s, e.ID)
	if got.Name != "Den" || got.Tokens[0].Name != "Token 1" || len(got.Dropped) != 2 {
		t.Fatalf("loaded %q, token %q, Dropped %q", got.Name, got.Tokens[0].Name, got.Dropped)
	}
	if err := model.Validate(got); err != nil {
		t.Fatalf("the mended encounter: %v", err)
	}
	var out bytes.Buffer
	if err := s.Export(ctx, e.ID, &out); err != nil {
		t.Fatalf("export: %v", err)
	}
	if _, err := model.ReadEncounter(&out); err != nil {
		t.Fatalf("the export does not read back: %v", err)
	}
	got.Tokens[0].X = 4
	mustSave(t, s, got)
	if again := mustLoad(t, s, e.ID); again.Dropped != nil || again.Name != "Den" {
		t.Errorf("after a save: Dropped %q, name %q", again.Dropped, again.Name)
	}
}

// A fight stored before the bounds on its round and a turn's diagonals (a
// file could give 9223372036854775807 of either) left the encounter open,
// but the next round wrapped to a negative one and a diagonal step to a
// negative count, which every save then refused. The store brings them
// within the bounds on the way out, says so, and the encounter saves.
func TestLoadMendsAFightPastItsBounds(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter()
	e.Fight = &model.Fight{Round: 2, Order: []string{"Everything", "Bare"}, Turn: "Bare",
		State: map[string]model.TurnState{"Bare": {Diagonals: 1}}}
	mustSave(t, s, e)
	huge := `{"round":9223372036854775807,"order":["Everything","Bare"],"turn":"Bare","state":{"Bare":{"actions":0,"diagonals":9223372036854775807,"spent":0}}}`
	if _, err := s.db.Exec(`UPDATE encounter_fields SET fight = ? WHERE encounter_id = ?`, huge, e.ID); err != nil {
		t.Fatal(err)
	}
	got := mustLoad(t, s, e.ID)
	f := got.Fight
	if f.Round != model.MaxRound || f.State["Bare"].Diagonals != model.MaxTurnDiagonals-1 || len(got.Dropped) != 2 {
		t.Fatalf("loaded round %d, diagonals %d, Dropped %q", f.Round, f.State["Bare"].Diagonals, got.Dropped)
	}
	f.NextTurn()
	if err := model.Validate(got); err != nil {
		t.Fatalf("the next round: %v", err)
	}
	mustSave(t, s, got)
	if again := mustLoad(t, s, e.ID); again.Dropped != nil || again.Fight.Round != model.MaxRound {
		t.Errorf("after a save: Dropped %q, round %d", again.Dropped, again.Fight.Round)
	}
}
