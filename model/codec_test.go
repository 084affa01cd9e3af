package model

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestSampleRoundTrip(t *testing.T) {
	e := Sample()
	b1, err := EncodeEncounter(e)
	if err != nil {
		t.Fatal(err)
	}
	e2, err := DecodeEncounter(b1)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(e, e2) {
		t.Fatalf("read(write(e)) != e\n%#v\n%#v", e, e2)
	}
	b2, err := EncodeEncounter(e2)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1, b2) {
		t.Fatalf("write(read(write(e))) differs:\n%s\n---\n%s", b1, b2)
	}
}

// TestCanonicalWrite pins the writer's exact bytes: field order, defaults
// left out, legend keys from 'a' in first-use order, final newline.
func TestCanonicalWrite(t *testing.T) {
	r := 15
	e := &Encounter{Name: "A <b> & c", Ruleset: SF2E, FeetPerSquare: 10, Grid: NewGrid(3, 2),
		Tokens: []Token{
			{ID: "6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e01", Name: "Ogre", X: 1, Y: 0, Size: Large, Side: "enemy",
				Speeds: map[string]int{"land": 30, "fly": 0}, Reach: &r, Long: true, Hidden: true,
				Conditions: []string{"prone"}, Notes: "big"},
			{ID: "6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e02", Name: "Box", X: 0, Y: 1, Size: Medium, Side: Neutral},
		},
		Notes: []Note{{X: 2, Y: 1, Text: "trap", Player: true}},
	}
	e.Grid.Set(0, 0, Wall)
	e.Grid.Set(2, 0, Difficult|Hazardous)
	e.Grid.Set(0, 1, Water|Uneven)
	e.Grid.Set(2, 1, Difficult|Hazardous)
	want := `{
  "format": "encounter/1",
  "name": "A <b> & c",
  "ruleset": "sf2e",
  "map": {
    "feetPerSquare": 10,
    "rows": [
      "#.a",
      "b.a"
    ],
    "legend": {
      "a": [
        "difficult",
        "hazardous"
      ],
      "b": [
        "uneven",
        "water"
      ]
    }
  },
  "tokens": [
    {
      "id": "6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e01",
      "name": "Ogre",
      "x": 1,
      "y": 0,
      "size": "large",
      "side": "enemy",
      "speeds": {
        "land": 30,
        "fly": 0
      },
      "reach": 15,
      "long": true,
      "hidden": true,
      "conditions": [
        "prone"
      ],
      "notes": "big"
    },
    {
      "id": "6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e02",
      "name": "Box",
      "x": 0,
      "y": 1
    }
  ],
  "notes": [
    {
      "x": 2,
      "y": 1,
      "text": "trap",
      "player": true
    }
  ]
}
`
	got, err := EncodeEncounter(e)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	back, err := DecodeEncounter(got)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Fatalf("read(write(e)) != e:\n%#v\n%#v", back, e)
	}
}

// TestEveryTerrainCombination writes a map holding all 2,048 trait sets
// (the 11 traits) and reads it back unchanged.
func TestEveryTerrainCombination(t *testing.T) {
	e := &Encounter{Name: "all", Ruleset: PF1E, FeetPerSquare: 5, Grid: NewGrid(64, 32)}
	for i := range e.Grid.Cells {
		e.Grid.Cells[i] = Terrain(i)
	}
	b, err := EncodeEncounter(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeEncounter(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Grid, e.Grid) {
		t.Fatal("grid changed in the round trip")
	}
	b2, _ := EncodeEncounter(back)
	if !bytes.Equal(b, b2) {
		t.Fatal("not byte-for-byte stable")
	}
}

func TestReadDefaults(t *testing.T) {
	e, err := DecodeEncounter([]byte(`{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["...","..."]},
		"tokens":[{"name":"A","x":0,"y":0}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if e.FeetPerSquare != 50 {
		t.Errorf("starship feetPerSquare = %d, want 50", e.FeetPerSquare)
	}
	tok := e.Tokens[0]
	if tok.Size != Medium || tok.Side != Neutral || tok.Facing != N || !isUUID(tok.ID) {
		t.Errorf("token defaults: %+v", tok)
	}
	if _, err := DecodeEncounter([]byte(`{"format":"encounter/1","name":"S","ruleset":"sf2e","map":{"rows":["."]},"tokens":[{"name":"A","x":0,"y":0,"conditions":["frightened 2","taken-cover"]}]}`)); err != nil {
		t.Errorf("unknown conditions must be kept as labels: %v", err)
	}
}

func isUUID(s string) bool { return len(s) == 36 && strings.Count(s, "-") == 4 }

// TestReadErrors is the table of bad files: each is refused with a message
// naming the field, the row and column, or the token.
func TestReadErrors(t *testing.T) {
	const head = `{"format":"encounter/1","name":"N","ruleset":"sf2e",`
	tok := func(s string) string {
		return head + `"map":{"rows":["....","....","....","...."]},"tokens":[` + s + `]}`
	}
	cases := []struct {
		name, file, want string
	}{
		{"ErrEmpty", ``, "empty"},
		{"ErrNotJSON", `{"format":`, "ends too early, at byte 10 (line 1), as a download or copy that did not finish does"},
		{"ErrSyntax", "{\n \"format\" \"x\"}", "line 2"},
		{"ErrTrailing", head + `"map":{"rows":["."]}} {}`, "after the JSON value"},
		{"ErrFormatMissing", `{"name":"N","ruleset":"sf2e","map":{"rows":["."]}}`, "format: is required"},
		{"ErrFormatWrong", `{"format":"encounter/2","name":"N","ruleset":"sf2e","map":{"rows":["."]}}`, `format: is "encounter/2"`},
		{"ErrUnknownTopField", head + `"map":{"rows":["."]},"colour":"red"}`, `unknown field "colour"`},
		{"ErrNameType", `{"format":"encounter/1","name":5,"ruleset":"sf2e","map":{"rows":["."]}}`, "name: must be a string"},
		{"ErrNameEmpty", `{"format":"encounter/1","name":"","ruleset":"sf2e","map":{"rows":["."]}}`, "name: must be 1 to 200"},
		{"ErrNameLong", `{"format":"encounter/1","name":"` + strings.Repeat("x", 201) + `","ruleset":"sf2e","map":{"rows":["."]}}`, "name: must be 1 to 200"},
		{"ErrRuleset", `{"format":"encounter/1","name":"N","ruleset":"dnd","map":{"rows":["."]}}`, `ruleset: unknown ruleset "dnd"`},
		{"ErrRulesetMissing", `{"format":"encounter/1","name":"N","map":{"rows":["."]}}`, `ruleset: is required`},
		{"ErrMapMissing", head[:len(head)-1] + `}`, "map: is required"},
		{"ErrNoRows", head + `"map":{"rows":[]}}`, "map.rows: is required"},
		{"ErrEmptyRow", head + `"map":{"rows":[""]}}`, "map.rows[0]: is empty"},
		{"ErrRagged", head + `"map":{"rows":["...","..","..."]}}`, "map.rows[1]: has 2 columns, but row 0 has 3"},
		{"ErrLegendChar", head + `"map":{"rows":["...","..Z"]}}`, `map.rows[1][2]: unknown legend character 'Z'`},
		{"ErrLegendTrait", head + `"map":{"rows":["x"],"legend":{"x":["lava"]}}}`, `map.legend["x"][0]: unknown terrain trait "lava"`},
		{"ErrLegendKey", head + `"map":{"rows":["x"],"legend":{"xy":["wall"]}}}`, `map.legend: key "xy" must be exactly one character`},
		{"ErrFeet", head + `"map":{"feetPerSquare":2.5,"rows":["."]}}`, "map.feetPerSquare: must be a whole number"},
		{"ErrFeetZero", head + `"map":{"feetPerSquare":0,"rows":["."]}}`, "map.feetPerSquare: must be a whole number"},
		{"ErrMapTooWide", head + `"map":{"rows":["` + strings.Repeat(".", 1001) + `"]}}`, "map.rows[0]: 1001 columns; at most 1000"},
		{"ErrBackground", head + `"map":{"rows":["."],"background":"http://x/y.png"}}`, "map.background: must be a data:image/png"},
		{"ErrMapUnknownField", head + `"map":{"rows":["."],"scale":2}}`, `map: unknown field "scale"`},
		{"ErrTokenOffMap", tok(`{"name":"Gob","x":4,"y":0}`), `tokens[0] "Gob": square (4, 0) is off the 4x4 map`},
		{"ErrTokenNegative", tok(`{"name":"Gob","x":-1,"y":0}`), `tokens[0] "Gob": square (-1, 0) is off`},
		{"ErrLargeOffMap", tok(`{"name":"Ogre","x":3,"y":3,"size":"large"}`), `tokens[0] "Ogre": its 2x2 space at (3, 3) does not fit`},
		{"ErrTokenNoName", tok(`{"x":0,"y":0}`), `tokens[0].name: is required`},
		{"ErrTokenNoXY", tok(`{"name":"Gob"}`), `tokens[0] "Gob": needs x and y`},
		{"ErrDuplicateName", tok(`{"name":"Gob","x":0,"y":0},{"name":"Gob","x":1,"y":0}`), `tokens[1] "Gob".name: duplicate name`},
		{"ErrDuplicateID", tok(`{"id":"6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e01","name":"A","x":0,"y":0},{"id":"6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e01","name":"B","x":1,"y":0}`), `tokens[1] "B".id: duplicate id`},
		{"ErrBadID", tok(`{"id":"nope","name":"A","x":0,"y":0}`), `tokens[0] "A".id: "nope" is not a UUID`},
		{"ErrNegativeSpeed", tok(`{"name":"Gob","x":0,"y":0,"speeds":{"land":-5}}`), `tokens[0] "Gob".speeds.land: must not be negative`},
		{"ErrSpeedType", tok(`{"name":"Gob","x":0,"y":0,"speeds":{"land":"fast"}}`), `tokens[0] "Gob".speeds.land: must be a whole number`},
		{"ErrUnknownSpeed", tok(`{"name":"Gob","x":0,"y":0,"speeds":{"run":5}}`), `tokens[0] "Gob".speeds: unknown field "run"`},
		{"ErrUnknownSize", tok(`{"name":"Gob","x":0,"y":0,"size":"enormous"}`), `tokens[0] "Gob".size: unknown size "enormous"`},
		{"ErrSizeNotInRuleset", tok(`{"name":"Gob","x":0,"y":0,"size":"colossal"}`), `tokens[0] "Gob".size: colossal is not a size of the sf2e ruleset`},
		{"ErrUnknownFacing", tok(`{"name":"Gob","x":0,"y":0,"facing":"up"}`), `tokens[0] "Gob".facing: unknown facing "up"`},
		{"ErrTokenUnknownField", tok(`{"name":"Gob","x":0,"y":0,"colour":7}`), `tokens[0] "Gob": unknown field "colour"`},
		{"ErrTokenXType", tok(`{"name":"Gob","x":"1","y":0}`), `tokens[0] "Gob".x: must be a whole number`},
		{"ErrReachNegative", tok(`{"name":"Gob","x":0,"y":0,"reach":-5}`), `tokens[0] "Gob".reach: must not be negative`},
		{"ErrHiddenType", tok(`{"name":"Gob","x":0,"y":0,"hidden":"yes"}`), `tokens[0] "Gob".hidden: must be true or false`},
		{"ErrBlankCondition", tok(`{"name":"Gob","x":0,"y":0,"conditions":[" "]}`), `tokens[0] "Gob".conditions[0]: is blank`},
		{"ErrOddTurn", `{"format":"encounter/1","name":"N","ruleset":"starship","map":{"rows":["."]},"tokens":[{"name":"S","x":0,"y":0,"size":"small","speeds":{"fly":300,"turn":75}}]}`, `tokens[0] "S".speeds.turn: must be an even number`},
		{"ErrNoteOffMap", head + `"map":{"rows":["."]},"notes":[{"x":3,"y":0,"text":"t"}]}`, `notes[0]: square (3, 0) is off`},
		{"ErrNoteField", head + `"map":{"rows":["."]},"notes":[{"x":0,"y":0,"txt":"t"}]}`, `notes[0]: unknown field "txt"`},
		{"ErrNotUTF8", "{\"format\":\"\xff\"}", "not UTF-8"},
		{"ErrRevealedKeptWithFog", head + `"map":{"rows":[".."],"revealed":["10"],"revealedKept":["01"]}}`, "map.revealedKept: is what fog of war revealed while it is off"},
		{"ErrRevealedKeptShape", head + `"map":{"rows":["..",".."],"revealedKept":["01"]}}`, "map.revealedKept: has 1 rows, but map.rows has 2"},
		{"ErrRevealedKeptDigit", head + `"map":{"rows":[".."],"revealedKept":["02"]}}`, "map.revealedKept[0][1]: must be 0 or 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeEncounter([]byte(c.file))
			if err == nil {
				t.Fatalf("accepted a bad file; want an error containing %q", c.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %q does not wrap ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\nwant it to contain %q", err, c.want)
			}
		})
	}
}

// FuzzReadEncounter: the reader never panics, and whatever it accepts writes
// canonically and reads back equal.
func FuzzReadEncounter(f *testing.F) {
	f.Add(sampleFile)
	f.Add([]byte(`{"format":"encounter/1","name":"N","ruleset":"pf1e","map":{"rows":["#d","~x"],"legend":{"x":["narrow","uneven"]}},"tokens":[{"name":"A","x":0,"y":0,"size":"fine"}]}`))
	f.Add([]byte(`{"format":"encounter/1","name":"N","ruleset":"starship","map":{"rows":["....","...."]},"tokens":[{"name":"S","x":0,"y":0,"size":"medium","facing":"SE","speeds":{"fly":300,"turn":100}}]}`))
	f.Add([]byte(`{}`))
	// The fields added with table play and the third dimension.
	f.Add([]byte(`{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["+/w.","....","...."],"edges":[{"kind":"wall","from":[0,0],"to":[2,0]},{"kind":"wall","from":[2,0],"to":[4,0]},{"kind":"door","from":[1,1],"to":[1,2]},{"kind":"open-door","from":[2,3],"to":[3,3]},{"kind":"secret-door","from":[4,1],"to":[4,2]}],"background":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==","backgroundPlacement":{"x":-3.5,"pxPerSquare":70},"gmOnly":["0100","0000","0001"],"revealed":["1111","0000","1010"]},` +
		`"tokens":[{"name":"Ogre","x":0,"y":0,"size":"large","side":"enemy","elevation":10,"level":3,"initiative":12,"hp":{"current":5,"max":30}},{"name":"Iseph","x":3,"y":2,"side":"party","conditions":["prone","dead"]}],` +
		`"party":{"side":"party","level":2,"size":5},"fight":{"round":2,"order":["Iseph","Ogre"],"turn":"Ogre","state":{"Ogre":{"actions":1,"diagonals":1,"spent":0},"Iseph":{}}},` +
		`"areas":[{"kind":"burst","x":2,"y":1,"radius":10,"label":"boom","player":true},{"kind":"emanation","token":"Ogre","radius":10},{"kind":"cone","token":"Ogre","dir":"E","length":15,"originOffset":-1},{"kind":"line","token":"Iseph","toward":[0,2],"length":30}]}`))
	// The app's own field: fog of war's reveals kept while it is off.
	f.Add([]byte(`{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["...","..."],"revealedKept":["110","000"]}}`))
	f.Add([]byte(`{"format":"encounter/1","name":"N","ruleset":"pf1e","map":{"rows":[".."],"edges":[{"kind":"wall","from":[0,0],"to":[0,1]},{"kind":"door","from":[0,0],"to":[1,0]}]},"tokens":[{"name":"A","x":0,"y":0,"image":"data:image/webp;base64,UklGRiAAAABXRUJQVlA4TAAAAAAvAAAAAAAAAAAAAAAAAAAAAAAA"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := DecodeEncounter(data)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error without ErrInvalid: %v", err)
			}
			return
		}
		b, err := EncodeEncounter(e)
		if err != nil {
			t.Fatalf("accepted but cannot write: %v", err)
		}
		e2, err := DecodeEncounter(b)
		if err != nil {
			t.Fatalf("cannot read what it wrote: %v\n%s", err, b)
		}
		if !reflect.DeepEqual(e, e2) {
			t.Fatalf("round trip changed the encounter")
		}
		b2, _ := EncodeEncounter(e2)
		if !bytes.Equal(b, b2) {
			t.Fatalf("not canonical")
		}
	})
}

// BenchmarkReadEncounter reads a 250x250 map with 200 tokens and some notes.
func BenchmarkReadEncounter(b *testing.B) {
	e := &Encounter{Name: "Bench", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(250, 250)}
	for i := range e.Grid.Cells {
		e.Grid.Cells[i] = Terrain(i % 7 * 3 % 256)
	}
	for i := 0; i < 200; i++ {
		r := 10
		e.Tokens = append(e.Tokens, Token{ID: NewID(), Name: fmt.Sprintf("Token %d", i), X: i, Y: i, Size: Medium,
			Side: "enemy", Speeds: map[string]int{"land": 30, "fly": 20}, Reach: &r, Conditions: []string{"prone"}})
	}
	for i := 0; i < 20; i++ {
		e.Notes = append(e.Notes, Note{X: i, Y: 0, Text: "trap"})
	}
	data, err := EncodeEncounter(e)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeEncounter(data); err != nil {
			b.Fatal(err)
		}
	}
}
