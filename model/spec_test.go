package model

// spec_test.go checks encounter-format.md sentence by sentence; each test
// names the sentence it holds to.

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

const specHead = `{"format":"encounter/1","name":"N","ruleset":"sf2e",`

func mustDecode(t *testing.T, s string) *Encounter {
	t.Helper()
	e, err := DecodeEncounter([]byte(s))
	if err != nil {
		t.Fatalf("refused a good file: %v\n%s", err, s)
	}
	return e
}

func mustRefuse(t *testing.T, s, want string) {
	t.Helper()
	_, err := DecodeEncounter([]byte(s))
	if err == nil {
		t.Fatalf("accepted a bad file; want an error containing %q\n%.300s", want, s)
	}
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("error %q does not wrap ErrInvalid", err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q\nwant it to contain %q", err, want)
	}
}

func mustEncode(t *testing.T, e *Encounter) string {
	t.Helper()
	b, err := EncodeEncounter(e)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// roundTrip holds "write(read(write(e))) is byte for byte write(e), and
// read(write(e)) equals e".
func roundTrip(t *testing.T, e *Encounter) string {
	t.Helper()
	b1 := mustEncode(t, e)
	back := mustDecode(t, b1)
	if !reflect.DeepEqual(back, e) {
		t.Fatalf("read(write(e)) != e\n got %#v\nwant %#v", back, e)
	}
	if b2 := mustEncode(t, back); b2 != b1 {
		t.Fatalf("write(read(write(e))) differs:\n%s\n---\n%s", b1, b2)
	}
	return b1
}

func specID(n int) string { return fmt.Sprintf("6f1d2c3e-8a4b-4c5d-9e6f-%012d", n) }

// "Readers are strict: an unknown field ... is an error that names the
// field": JSON keys are case-sensitive, so "Name" is not "name"; a key
// given twice or a null is no silent guess either.
func TestSpecUnknownFieldsAreCaseSensitive(t *testing.T) {
	tok := func(s string) string { return specHead + `"map":{"rows":["...."]},"tokens":[` + s + `]}` }
	cases := []struct{ name, file, want string }{
		{"TopLevel", `{"format":"encounter/1","NAME":"x","name":"N","ruleset":"sf2e","map":{"rows":["."]}}`, `unknown field "NAME"`},
		{"TopLevelOnly", `{"format":"encounter/1","Name":"N","ruleset":"sf2e","map":{"rows":["."]}}`, `unknown field "Name"`},
		{"WrongCaseWrongType", `{"format":"encounter/1","Name":5,"ruleset":"sf2e","map":{"rows":["."]}}`, `unknown field "Name"`},
		{"Map", specHead + `"map":{"Rows":["."]}}`, `map: unknown field "Rows"`},
		{"Token", tok(`{"name":"A","X":0,"y":0}`), `tokens[0] "A": unknown field "X"`},
		{"Speeds", tok(`{"name":"A","x":0,"y":0,"speeds":{"Land":5}}`), `tokens[0] "A".speeds: unknown field "Land"`},
		{"Note", specHead + `"map":{"rows":["."]},"notes":[{"x":0,"y":0,"Text":"t"}]}`, `notes[0]: unknown field "Text"`},
		{"DuplicateKey", `{"format":"encounter/1","name":"A","name":"B","ruleset":"sf2e","map":{"rows":["."]}}`, `name: is given twice`},
		{"DuplicateLegendKey", specHead + `"map":{"rows":["x"],"legend":{"x":["wall"],"x":["water"]}}}`, `map.legend["x"]: is given twice`},
		{"NullSize", tok(`{"name":"A","x":0,"y":0,"size":null}`), `tokens[0] "A".size: must not be null`},
		{"NullLegendEntry", specHead + `"map":{"rows":["x"],"legend":{"x":null}}}`, `map.legend["x"]: must not be null`},
		{"NullTokens", specHead + `"map":{"rows":["."]},"tokens":null}`, `tokens: must not be null`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { mustRefuse(t, c.file, c.want) })
	}
}

// "a wrong type, a ragged map row or a token outside the map is an error
// that names the field (and for rows, the row and column)"; "Error messages
// count rows and columns the same way, from 0".
func TestSpecStrictErrorsNameTheField(t *testing.T) {
	tok := func(s string) string { return specHead + `"map":{"rows":["...","...","..."]},"tokens":[` + s + `]}` }
	cases := []struct{ name, file, want string }{
		{"RulesetType", `{"format":"encounter/1","name":"N","ruleset":1,"map":{"rows":["."]}}`, "ruleset: must be a string"},
		{"RowsType", specHead + `"map":{"rows":"..."}}`, "map.rows: must be an array"},
		{"RowType", specHead + `"map":{"rows":[".", 5]}}`, "map.rows"},
		{"FeetType", specHead + `"map":{"feetPerSquare":"5","rows":["."]}}`, "map.feetPerSquare"},
		{"LegendType", specHead + `"map":{"rows":["x"],"legend":{"x":"wall"}}}`, "map.legend"},
		{"TokensType", specHead + `"map":{"rows":["."]},"tokens":{}}`, "tokens: must be an array"},
		{"NotesType", specHead + `"map":{"rows":["."]},"notes":[{"x":0,"y":0,"player":"yes"}]}`, "notes[0].player: must be true or false"},
		{"TokenNameType", tok(`{"name":7,"x":0,"y":0}`), "tokens[0].name: must be a string"},
		{"TokenYType", tok(`{"name":"A","x":0,"y":1.5}`), `tokens[0] "A".y: must be a whole number`},
		{"SideType", tok(`{"name":"A","x":0,"y":0,"side":1}`), `tokens[0] "A".side: must be a string`},
		{"ConditionsType", tok(`{"name":"A","x":0,"y":0,"conditions":"prone"}`), `tokens[0] "A".conditions: must be an array of strings`},
		{"LongType", tok(`{"name":"A","x":0,"y":0,"long":1}`), `tokens[0] "A".long: must be true or false`},
		{"RaggedLastRow", specHead + `"map":{"rows":["...","...","...."]}}`, "map.rows[2]: has 4 columns, but row 0 has 3"},
		{"UnknownCharRowCol", specHead + `"map":{"rows":["...","...","..?"]}}`, "map.rows[2][2]"},
		{"TokenBelowMap", tok(`{"name":"Gob","x":0,"y":3}`), `tokens[0] "Gob": square (0, 3) is off the 3x3 map`},
		{"SecondTokenOff", tok(`{"name":"A","x":0,"y":0},{"name":"Huge","x":1,"y":1,"size":"huge"}`), `tokens[1] "Huge": its 3x3 space at (1, 1) does not fit on the 3x3 map`},
		{"NoteNeedsXY", specHead + `"map":{"rows":["."]},"notes":[{"text":"t"}]}`, "notes[0]: needs x and y"},
		{"FormatCase", `{"format":"Encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["."]}}`, "format:"},
		{"RulesetCase", `{"format":"encounter/1","name":"N","ruleset":"SF2E","map":{"rows":["."]}}`, "ruleset:"},
		{"NameMissing", `{"format":"encounter/1","ruleset":"sf2e","map":{"rows":["."]}}`, "name:"},
		{"RowsMissing", specHead + `"map":{}}`, "map.rows"},
		{"SizeCase", tok(`{"name":"A","x":0,"y":0,"size":"Large"}`), `tokens[0] "A".size`},
		{"TraitCase", specHead + `"map":{"rows":["x"],"legend":{"x":["Wall"]}}}`, `map.legend["x"][0]: unknown terrain trait "Wall"`},
		{"EmptyLegendKey", specHead + `"map":{"rows":["."],"legend":{"":["wall"]}}}`, "map.legend: key \"\" must be exactly one character"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { mustRefuse(t, c.file, c.want) })
	}
}

// "`rows` ... 1 to 1000 rows and columns".
func TestSpecMapSideLimits(t *testing.T) {
	mustDecode(t, specHead+`"map":{"rows":["."]}}`)
	row := strings.Repeat(".", 1000)
	rows := `"` + strings.Repeat(row+`","`, 999) + row + `"`
	e := mustDecode(t, specHead+`"map":{"rows":[`+rows+`]}}`)
	if e.Grid.W != 1000 || e.Grid.H != 1000 {
		t.Fatalf("1000x1000 read as %dx%d", e.Grid.W, e.Grid.H)
	}
	mustRefuse(t, specHead+`"map":{"rows":[`+rows+`,"`+row+`"]}}`, "map.rows: 1001 rows; at most 1000")
	mustRefuse(t, specHead+`"map":{"rows":["`+row+`.","`+row+`."]}}`, "1001 columns")
	e = &Encounter{Name: "big", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(1001, 1)}
	if _, err := EncodeEncounter(e); !errors.Is(err, ErrInvalid) {
		t.Errorf("wrote a 1001-column map: %v", err)
	}
}

// "`name` ... 1-200 characters" (characters, not bytes).
func TestSpecNameLength(t *testing.T) {
	for _, n := range []string{"A", strings.Repeat("x", 200), strings.Repeat("é", 200), strings.Repeat("🐉", 200)} {
		e := mustDecode(t, `{"format":"encounter/1","name":"`+n+`","ruleset":"pf1e","map":{"rows":["."]}}`)
		if e.Name != n {
			t.Errorf("name read as %q", e.Name)
		}
	}
	mustRefuse(t, `{"format":"encounter/1","name":"`+strings.Repeat("é", 201)+`","ruleset":"pf1e","map":{"rows":["."]}}`, "name: must be 1 to 200 characters")
	mustRefuse(t, `{"format":"encounter/1","name":"","ruleset":"pf1e","map":{"rows":["."]}}`, "name: must be 1 to 200 characters")
}

// "`format` exactly "encounter/1""; "`ruleset` "sf2e", "pf1e", "starship"
// or "points""; "`feetPerSquare` ... default 5, and 50 for starship".
func TestSpecRulesetsAndFeetDefaults(t *testing.T) {
	for _, c := range []struct {
		rs   string
		feet int
	}{{"sf2e", 5}, {"pf1e", 5}, {"starship", 50}, {"points", 5}} {
		e := mustDecode(t, `{"format":"encounter/1","name":"N","ruleset":"`+c.rs+`","map":{"rows":["."]}}`)
		if string(e.Ruleset) != c.rs || e.FeetPerSquare != c.feet || e.Feet() != c.feet {
			t.Errorf("%s: ruleset %q feet %d (Feet %d), want %d", c.rs, e.Ruleset, e.FeetPerSquare, e.Feet(), c.feet)
		}
		// The default is left out; any other value is written.
		if s := mustEncode(t, e); strings.Contains(s, "feetPerSquare") {
			t.Errorf("%s: wrote the default feetPerSquare:\n%s", c.rs, s)
		}
		other := 5
		if c.feet == 5 {
			other = 50
		}
		e.FeetPerSquare = other
		if s := roundTrip(t, e); !strings.Contains(s, fmt.Sprintf(`"feetPerSquare": %d,`, other)) {
			t.Errorf("%s: feetPerSquare %d not written:\n%s", c.rs, other, s)
		}
	}
	mustRefuse(t, `{"format":"encounter/1 ","name":"N","ruleset":"sf2e","map":{"rows":["."]}}`, "format:")
}

// "Default legend" table, and "`legend` ... it adds to, or replaces entries
// of, the default legend"; "A square can carry several traits".
func TestSpecLegend(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":[".#odDhnu~"]}}`)
	want := []Terrain{0, Wall, Obstacle, Difficult, GreaterDifficult, Hazardous, Narrow, Uneven, Water}
	if !reflect.DeepEqual(e.Grid.Cells, want) {
		t.Errorf("default legend read as %v, want %v", e.Grid.Cells, want)
	}
	e = mustDecode(t, specHead+`"map":{"rows":["xh.d#é"],"legend":{"x":["difficult","hazardous"],"h":["hazardous","difficult"],"d":["wall"],"é":["water","narrow"],"z":["uneven"]}}}`)
	want = []Terrain{Difficult | Hazardous, Difficult | Hazardous, 0, Wall, Wall, Water | Narrow}
	if !reflect.DeepEqual(e.Grid.Cells, want) {
		t.Errorf("legend read as %v, want %v", e.Grid.Cells, want)
	}
	// Empty trait list: open ground, under any key.
	e = mustDecode(t, specHead+`"map":{"rows":["#x"],"legend":{"#":[],"x":[]}}}`)
	if e.Grid.Cells[0] != 0 || e.Grid.Cells[1] != 0 {
		t.Errorf("empty trait lists read as %v", e.Grid.Cells)
	}
}

// "legend entries only for characters the rows use that the default legend
// lacks, keys given from `a` upward in first-use order (skipping keys of the
// default legend)".
func TestSpecWriterLegendKeys(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["1234567","#d.~hzz"],"legend":{"1":["wall","water"],"2":["narrow","uneven"],"3":["difficult","hazardous"],"4":["obstacle","water"],"5":["greater-difficult","hazardous"],"6":["wall","narrow"],"7":["uneven","water"],"z":["wall"],"q":["water","wall"]}}}`)
	s := roundTrip(t, e)
	wantMap := `  "map": {
    "rows": [
      "abcefgi",
      "#d.~h##"
    ],
    "legend": {
      "a": [
        "wall",
        "water"
      ],
      "b": [
        "narrow",
        "uneven"
      ],
      "c": [
        "difficult",
        "hazardous"
      ],
      "e": [
        "obstacle",
        "water"
      ],
      "f": [
        "greater-difficult",
        "hazardous"
      ],
      "g": [
        "wall",
        "narrow"
      ],
      "i": [
        "uneven",
        "water"
      ]
    }
  }
}
`
	if !strings.HasSuffix(s, wantMap) {
		t.Errorf("got\n%s\nwant it to end with\n%s", s, wantMap)
	}
	// A map using only default terrain writes no legend at all.
	e = mustDecode(t, specHead+`"map":{"rows":["x."],"legend":{"x":["wall"],"y":["water","wall"]}}}`)
	if s := roundTrip(t, e); strings.Contains(s, "legend") || !strings.Contains(s, `"#."`) {
		t.Errorf("default terrain wrote a legend:\n%s", s)
	}
	// Beyond z come capital letters, D skipped.
	e = &Encounter{Name: "many", Ruleset: SF2E, FeetPerSquare: 5, Grid: NewGrid(40, 1)}
	combos := []Terrain{}
	for t := Terrain(1); len(combos) < 40; t++ {
		if _, def := map[Terrain]bool{Wall: true, Obstacle: true, Difficult: true, GreaterDifficult: true, Hazardous: true, Narrow: true, Uneven: true, Water: true}[t]; !def {
			combos = append(combos, t)
		}
	}
	copy(e.Grid.Cells, combos)
	s = roundTrip(t, e)
	back := mustDecode(t, s)
	_ = back
	if !strings.Contains(s, `"abcefgijklmpqrstvxyzABCEFGHIJKLMNOPQRSTU"`) {
		t.Errorf("legend keys are not a, b, c, e, ... skipping default keys:\n%.400s", s)
	}
}

// "2-space indentation, no HTML escaping, a final newline"; "fields in the
// order of the tables below"; "`reach` only when the GM set it"; defaults
// left out; always format, name, ruleset, map.rows and each token's id,
// name, x, y.
func TestSpecCanonicalBytes(t *testing.T) {
	five := 5
	e := &Encounter{Name: `<Bar & "Grill"> é`, Ruleset: Starship, FeetPerSquare: 50, Grid: NewGrid(4, 2),
		Background: tinyWebP,
		Tokens: []Token{
			{ID: specID(1), Name: "Ship <1>", X: 0, Y: 0, Size: Medium, Side: Neutral},
			{ID: specID(2), Name: "Raider", X: 2, Y: 0, Size: Small, Side: "pirates", Speeds: map[string]int{"mobility": 1, "turn": 2, "fly": 300},
				Reach: &five, Facing: SW, Hidden: true, Conditions: []string{"frightened 2", "taken-cover"}, Notes: "a & b"},
		},
		Notes: []Note{{X: 3, Y: 1, Text: "GM only"}, {X: 0, Y: 1, Text: "<see>", Player: true}},
	}
	want := `{
  "format": "encounter/1",
  "name": "<Bar & \"Grill\"> é",
  "ruleset": "starship",
  "map": {
    "rows": [
      "....",
      "...."
    ],
    "background": "` + tinyWebP + `"
  },
  "tokens": [
    {
      "id": "6f1d2c3e-8a4b-4c5d-9e6f-000000000001",
      "name": "Ship <1>",
      "x": 0,
      "y": 0
    },
    {
      "id": "6f1d2c3e-8a4b-4c5d-9e6f-000000000002",
      "name": "Raider",
      "x": 2,
      "y": 0,
      "size": "small",
      "side": "pirates",
      "speeds": {
        "fly": 300,
        "turn": 2,
        "mobility": 1
      },
      "reach": 5,
      "facing": "SW",
      "hidden": true,
      "conditions": [
        "frightened 2",
        "taken-cover"
      ],
      "notes": "a & b"
    }
  ],
  "notes": [
    {
      "x": 3,
      "y": 1,
      "text": "GM only"
    },
    {
      "x": 0,
      "y": 1,
      "text": "<see>",
      "player": true
    }
  ]
}
`
	if got := roundTrip(t, e); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// The smallest file: the required fields only, one final newline.
	e = &Encounter{Name: "N", Ruleset: Points, FeetPerSquare: 5, Grid: NewGrid(1, 1)}
	want = "{\n  \"format\": \"encounter/1\",\n  \"name\": \"N\",\n  \"ruleset\": \"points\",\n  \"map\": {\n    \"rows\": [\n      \".\"\n    ]\n  }\n}\n"
	if got := roundTrip(t, e); got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// "`reach` ... feet; default from size": only a reach the GM set is
// written, even when it equals the size's default; zero speeds are kept.
func TestSpecReachOnlyWhenSet(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["...."]},"tokens":[{"name":"A","x":0,"y":0},{"name":"B","x":1,"y":0,"reach":5},{"name":"C","x":2,"y":0,"reach":0,"speeds":{"land":0}}]}`)
	if e.Tokens[0].Reach != nil || e.Tokens[1].Reach == nil || *e.Tokens[1].Reach != 5 || e.Tokens[2].Reach == nil || *e.Tokens[2].Reach != 0 {
		t.Fatalf("reach read as %v %v %v", e.Tokens[0].Reach, e.Tokens[1].Reach, e.Tokens[2].Reach)
	}
	if v, ok := e.Tokens[2].Speed("land"); !ok || v != 0 {
		t.Errorf("a land Speed of 0 read as %d, %v", v, ok)
	}
	s := roundTrip(t, e)
	if strings.Count(s, `"reach"`) != 2 || !strings.Contains(s, `"reach": 5`) || !strings.Contains(s, `"reach": 0`) || !strings.Contains(s, `"land": 0`) {
		t.Errorf("reach written wrongly:\n%s", s)
	}
}

// tokens[] defaults: "id ... generated when absent; unique", size medium,
// side neutral, facing N, "conditions ... any other string ... is kept as a
// label"; notes "player" default false.
func TestSpecTokenAndNoteDefaults(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["...."]},"tokens":[{"name":"A","x":0,"y":0},{"name":"B","x":1,"y":0},{"name":"C","x":2,"y":0,"id":"6F1D2C3E-8A4B-4C5D-9E6F-0A1B2C3D4E01","conditions":["prone","frightened 2","unconscious","Prone"]}],
		"notes":[{"x":0,"y":0,"text":"gm"},{"x":1,"y":0,"text":"all","player":true},{"x":2,"y":0}]}`)
	a, b, c := e.Tokens[0], e.Tokens[1], e.Tokens[2]
	if !isUUID(a.ID) || !isUUID(b.ID) || a.ID == b.ID {
		t.Errorf("generated ids %q %q: want two different UUIDs", a.ID, b.ID)
	}
	if c.ID != "6F1D2C3E-8A4B-4C5D-9E6F-0A1B2C3D4E01" {
		t.Errorf("given id changed to %q", c.ID)
	}
	for _, tk := range e.Tokens {
		if tk.Size != Medium || tk.SideOrNeutral() != Neutral || tk.Facing != N || tk.Hidden || tk.Long || tk.ReachWeapon || tk.Reach != nil {
			t.Errorf("defaults of %s: %+v", tk.Name, tk)
		}
	}
	if !reflect.DeepEqual(c.Conditions, []string{"prone", "frightened 2", "unconscious", "Prone"}) || !c.Has("unconscious") {
		t.Errorf("conditions read as %q", c.Conditions)
	}
	if e.Notes[0].Player || !e.Notes[1].Player || e.Notes[2].Text != "" {
		t.Errorf("notes read as %+v", e.Notes)
	}
	// Generated ids are written, so they survive the next read.
	s := roundTrip(t, e)
	if !strings.Contains(s, `"id": "`+a.ID+`"`) {
		t.Errorf("generated id not written:\n%s", s)
	}
	// A note without text is written without text (its default).
	if !strings.Contains(s, "{\n      \"x\": 2,\n      \"y\": 0\n    }") {
		t.Errorf("note without text written as:\n%s", s)
	}
	// Ids are unique within the encounter.
	mustRefuse(t, specHead+`"map":{"rows":[".."]},"tokens":[{"id":"`+specID(1)+`","name":"A","x":0,"y":0},{"id":"`+specID(1)+`","name":"B","x":1,"y":0}]}`, `tokens[1] "B".id: duplicate id`)
	// The same UUID in capitals is the same id.
	mustRefuse(t, specHead+`"map":{"rows":[".."]},"tokens":[{"id":"6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e0a","name":"A","x":0,"y":0},{"id":"6F1D2C3E-8A4B-4C5D-9E6F-0A1B2C3D4E0A","name":"B","x":1,"y":0}]}`, `tokens[1] "B".id: duplicate id`)
	// "name | required; unique within the encounter".
	mustRefuse(t, specHead+`"map":{"rows":[".."]},"tokens":[{"name":"A","x":0,"y":0},{"name":"A","x":1,"y":0}]}`, `tokens[1] "A".name: duplicate name`)
}

// "A token's whole space must lie on the map; tokens may overlap each
// other or stand on walls".
func TestSpecTokensOverlapAndStandOnWalls(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["##.","##.","..."]},"tokens":[{"name":"Ogre","x":0,"y":0,"size":"large"},{"name":"Rat","x":1,"y":1,"size":"tiny"},{"name":"Gob","x":1,"y":1}]}`)
	if len(e.Tokens) != 3 {
		t.Fatal("tokens lost")
	}
	mustRefuse(t, specHead+`"map":{"rows":["##.","##.","..."]},"tokens":[{"name":"Ogre","x":2,"y":0,"size":"large"}]}`, `tokens[0] "Ogre": its 2x2 space at (2, 0) does not fit on the 3x3 map`)
	mustRefuse(t, specHead+`"map":{"rows":["##.","##.","..."]},"tokens":[{"name":"Ogre","x":0,"y":-1}]}`, `tokens[0] "Ogre": square (0, -1) is off the 3x3 map`)
}

// "`size` tiny, small, medium (default), large, huge, gargantuan; `pf1e`
// adds fine, diminutive, colossal"; space per size.
func TestSpecSizes(t *testing.T) {
	for _, rs := range []string{"sf2e", "starship", "points", "pf1e"} {
		for _, s := range []string{"fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"} {
			file := `{"format":"encounter/1","name":"N","ruleset":"` + rs + `","map":{"rows":[` + strings.Repeat(`"`+strings.Repeat(".", 16)+`",`, 15) + `"` + strings.Repeat(".", 16) + `"]},"tokens":[{"name":"A","x":0,"y":0,"size":"` + s + `"}]}`
			pf1eOnly := s == "fine" || s == "diminutive" || s == "colossal"
			if pf1eOnly && rs != "pf1e" {
				mustRefuse(t, file, `tokens[0] "A".size: `+s+` is not a size of the `+rs+` ruleset`)
				continue
			}
			e := mustDecode(t, file)
			if e.Tokens[0].Size.String() != s {
				t.Errorf("%s %s read as %s", rs, s, e.Tokens[0].Size)
			}
			roundTrip(t, e)
		}
	}
}

// "`facing` ... N, NE, E, SE, S, SW, W, NW; default N"; "`long`",
// "`reachWeapon`" read and written. (The reader keeps a facing or a
// reachWeapon in any ruleset: storage's export round trip relies on it.)
func TestSpecFacingLongReachWeapon(t *testing.T) {
	for i, f := range []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"} {
		e := mustDecode(t, `{"format":"encounter/1","name":"N","ruleset":"starship","map":{"rows":["."]},"tokens":[{"name":"S","x":0,"y":0,"size":"small","facing":"`+f+`"}]}`)
		if e.Tokens[0].Facing != Facing(i) {
			t.Errorf("facing %s read as %v", f, e.Tokens[0].Facing)
		}
		if s := roundTrip(t, e); strings.Contains(s, "facing") != (f != "N") {
			t.Errorf("facing %s written as:\n%s", f, s)
		}
	}
	mustRefuse(t, `{"format":"encounter/1","name":"N","ruleset":"starship","map":{"rows":["."]},"tokens":[{"name":"S","x":0,"y":0,"facing":"n"}]}`, `tokens[0] "S".facing: unknown facing "n"`)
	e := mustDecode(t, `{"format":"encounter/1","name":"N","ruleset":"pf1e","map":{"rows":["."]},"tokens":[{"name":"A","x":0,"y":0,"reachWeapon":true,"long":true}]}`)
	if !e.Tokens[0].ReachWeapon || !e.Tokens[0].Long {
		t.Errorf("pf1e reachWeapon/long lost: %+v", e.Tokens[0])
	}
	if s := roundTrip(t, e); !strings.Contains(s, "\"long\": true,\n      \"reachWeapon\": true") {
		t.Errorf("long, reachWeapon written as:\n%s", s)
	}
}

// "`background` ... a data:image/png;base64,... or data:image/webp;base64,...
// image"; "`background` also accepts data:image/jpeg;base64,...".
func TestSpecBackground(t *testing.T) {
	for _, bg := range []string{tinyPNG, tinyWebP, jpegURL(t, 1, 1)} {
		e := mustDecode(t, specHead+`"map":{"rows":["."],"background":"`+bg+`"}}`)
		if e.Background != bg {
			t.Errorf("background read as %q", e.Background)
		}
		if s := roundTrip(t, e); !strings.Contains(s, `"background": "`+bg+`"`) {
			t.Errorf("background not written:\n%s", s)
		}
	}
	for _, bg := range []string{"data:image/gif;base64,R0lG", "data:image/PNG;base64,AA", "iVBORw0KGgo=", "https://example.com/map.png", "data:image/png,raw"} {
		mustRefuse(t, specHead+`"map":{"rows":["."],"background":"`+bg+`"}}`, "map.background:")
	}
}

// "`speeds` ... feet (squares for points): land, fly, swim, climb, burrow;
// starship uses fly and turn; points uses land and mobility", written in
// that order.
func TestSpecSpeeds(t *testing.T) {
	e := mustDecode(t, specHead+`"map":{"rows":["."]},"tokens":[{"name":"A","x":0,"y":0,"speeds":{"mobility":1,"burrow":5,"climb":10,"swim":15,"fly":20,"land":25,"turn":4}}]}`)
	want := map[string]int{"land": 25, "fly": 20, "swim": 15, "climb": 10, "burrow": 5, "turn": 4, "mobility": 1}
	if !reflect.DeepEqual(e.Tokens[0].Speeds, want) {
		t.Errorf("speeds read as %v", e.Tokens[0].Speeds)
	}
	s := roundTrip(t, e)
	order := []string{`"land"`, `"fly"`, `"swim"`, `"climb"`, `"burrow"`, `"turn"`, `"mobility"`}
	last := 0
	for _, k := range order {
		i := strings.Index(s, k)
		if i < last {
			t.Fatalf("speeds not in table order:\n%s", s)
		}
		last = i
	}
}

// The example of encounter-format.md reads as it says, and its canonical
// form is stable.
func TestSpecDocExample(t *testing.T) {
	e := mustDecode(t, `{
  "format": "encounter/1",
  "name": "Derelict cargo bay",
  "ruleset": "sf2e",
  "map": {
    "feetPerSquare": 5,
    "rows": [
      "..........",
      "..##..dd..",
      "..##..dd..",
      "......hh.."
    ],
    "legend": { "h": ["hazardous", "difficult"] }
  },
  "tokens": [
    { "name": "Iseph", "x": 0, "y": 0, "size": "medium", "side": "party", "speeds": { "land": 25 } },
    { "name": "Tashtari", "x": 8, "y": 2, "size": "large", "side": "enemy", "speeds": { "land": 30 }, "reach": 10 }
  ]
}`)
	if e.Grid.W != 10 || e.Grid.H != 4 || e.Grid.At(6, 3) != Hazardous|Difficult || e.Grid.At(2, 1) != Wall || e.Grid.At(6, 1) != Difficult {
		t.Errorf("map read wrongly: %+v", e.Grid)
	}
	if ta := e.Tokens[1]; ta.Size != Large || ta.Side != "enemy" || *ta.Reach != 10 || ta.Speeds["land"] != 30 {
		t.Errorf("Tashtari read as %+v", ta)
	}
	s := roundTrip(t, e)
	if strings.Contains(s, "feetPerSquare") || strings.Contains(s, `"size": "medium"`) || !strings.Contains(s, `"......aa.."`) {
		t.Errorf("canonical form:\n%s", s)
	}
	var buf bytes.Buffer
	if err := WriteEncounter(&buf, e); err != nil || buf.String() != s {
		t.Errorf("WriteEncounter differs from EncodeEncounter: %v", err)
	}
}

// read(write(e)) == e and write(read(write(e))) == write(e) across every
// ruleset and every field.
func TestSpecRoundTripEveryField(t *testing.T) {
	r0, r10 := 0, 10
	for _, rs := range Rulesets {
		e := &Encounter{Name: "Round " + string(rs), Ruleset: rs, FeetPerSquare: 10, Grid: NewGrid(6, 6),
			Background: tinyPNG,
			Tokens: []Token{
				{ID: specID(1), Name: "A", X: 0, Y: 0, Size: Large, Side: "party", Speeds: map[string]int{"land": 30}, Reach: &r10, Long: true, Hidden: true, Conditions: []string{"prone"}, Notes: "n\n2"},
				{ID: specID(2), Name: "B", X: 5, Y: 5, Size: Tiny, Side: Neutral, Reach: &r0},
			},
			Notes: []Note{{X: 5, Y: 5, Text: "x", Player: true}, {X: 0, Y: 0}},
		}
		if rs == Starship {
			e.Tokens[1].Facing = NW
		}
		if rs == PF1E {
			e.Tokens[0].ReachWeapon = true
			e.Tokens[1].Size = Colossal
			e.Tokens[1].X, e.Tokens[1].Y = 0, 0
		}
		for i := range e.Grid.Cells {
			e.Grid.Cells[i] = Terrain(i * 7 % 256)
		}
		roundTrip(t, e)
	}
}
