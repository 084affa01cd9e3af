package model

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestFieldErrorNamesTokenAndField: every problem with a field, from the
// reader or from Validate, is a *FieldError naming the token (index and
// name) and the field as the format names it, and its text is the message
// the command line has always printed.
func TestFieldErrorNamesTokenAndField(t *testing.T) {
	const head = `{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["....","....","....","...."]}`
	tok := func(s string) string { return head + `,"tokens":[` + s + `]}` }
	const gob = `{"name":"Gob","x":0,"y":0}`
	cases := []struct {
		name, file   string
		token        int
		tname, field string
		text         string
	}{
		{"SpeedNegative", tok(gob + `,{"name":"Bat","x":1,"y":0,"speeds":{"fly":-5}}`), 1, "Bat", "speeds.fly",
			`tokens[1] "Bat".speeds.fly: must not be negative, not -5`},
		{"SpeedType", tok(`{"name":"Gob","x":0,"y":0,"speeds":{"land":"fast"}}`), 0, "Gob", "speeds.land",
			`tokens[0] "Gob".speeds.land: must be a whole number, not string`},
		{"SpeedUnknown", tok(`{"name":"Gob","x":0,"y":0,"speeds":{"run":5}}`), 0, "Gob", "speeds",
			`tokens[0] "Gob".speeds: unknown field "run"`},
		{"SpeedsNotObject", tok(`{"name":"Gob","x":0,"y":0,"speeds":5}`), 0, "Gob", "speeds",
			`tokens[0] "Gob".speeds: must be an object, not number`},
		{"Size", tok(`{"name":"Gob","x":0,"y":0,"size":"enormous"}`), 0, "Gob", "size",
			`tokens[0] "Gob".size: unknown size "enormous"`},
		{"SizeNotInRuleset", tok(`{"name":"Gob","x":0,"y":0,"size":"colossal"}`), 0, "Gob", "size",
			`tokens[0] "Gob".size: colossal is not a size of the sf2e ruleset`},
		{"Facing", tok(`{"name":"Gob","x":0,"y":0,"facing":"up"}`), 0, "Gob", "facing",
			`tokens[0] "Gob".facing: unknown facing "up" (want N, NE, E, SE, S, SW, W or NW)`},
		{"X", tok(`{"name":"Gob","x":1.5,"y":0}`), 0, "Gob", "x", `tokens[0] "Gob".x: must be a whole number, not number 1.5`},
		{"Null", tok(`{"name":"Gob","x":0,"y":0,"side":null}`), 0, "Gob", "side", `tokens[0] "Gob".side: must not be null`},
		{"Twice", tok(`{"name":"Gob","x":0,"x":1,"y":0}`), 0, "Gob", "x", `tokens[0] "Gob".x: is given twice`},
		{"UnknownKey", tok(`{"name":"Gob","x":0,"y":0,"colour":7}`), 0, "Gob", "", `tokens[0] "Gob": unknown field "colour"`},
		{"OffMap", tok(gob + `,{"name":"Huge","x":2,"y":2,"size":"huge"}`), 1, "Huge", "",
			`tokens[1] "Huge": its 3x3 space at (2, 2) does not fit on the 4x4 map`},
		{"NoXY", tok(`{"name":"Gob"}`), 0, "Gob", "", `tokens[0] "Gob": needs x and y (the top-left square of its space)`},
		{"NotObject", tok(`5`), 0, "", "", `tokens[0]: must be an object, not number`},
		{"NoName", tok(`{"x":0,"y":0}`), 0, "", "name", `tokens[0].name: is required`},
		{"NameType", tok(`{"name":7,"x":0,"y":0}`), 0, "", "name", `tokens[0].name: must be a string, not number`},
		{"DuplicateName", tok(gob + `,` + gob), 1, "Gob", "name", `tokens[1] "Gob".name: duplicate name; tokens[0] has it already (names must be unique)`},
		{"BadID", tok(`{"id":"nope","name":"Gob","x":0,"y":0}`), 0, "Gob", "id", `tokens[0] "Gob".id: "nope" is not a UUID`},
		{"Condition", tok(`{"name":"Gob","x":0,"y":0,"conditions":["prone"," "]}`), 0, "Gob", "conditions[1]",
			`tokens[0] "Gob".conditions[1]: is blank`},
		{"Reach", tok(`{"name":"Gob","x":0,"y":0,"reach":-5}`), 0, "Gob", "reach", `tokens[0] "Gob".reach: must not be negative, not -5`},
		{"Name", `{"format":"encounter/1","name":"","ruleset":"sf2e","map":{"rows":["."]}}`, -1, "", "name",
			`name: must be 1 to 200 characters, not 0`},
		{"Format", `{"format":"encounter/2","name":"N","ruleset":"sf2e","map":{"rows":["."]}}`, -1, "", "format",
			`format: is "encounter/2", a newer format than this version reads ("encounter/1"): update Encounter Planner to read it`},
		{"RowColumn", `{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["...","..Z"]}}`, -1, "", "map.rows[1][2]",
			`map.rows[1][2]: unknown legend character 'Z' (add it to map.legend)`},
		{"Legend", head[:len(head)-1] + `,"legend":{"x":null}}}`, -1, "", `map.legend["x"]`, `map.legend["x"]: must not be null`},
		{"Note", head + `,"notes":[{"x":0,"y":"0"}]}`, -1, "", "notes[0].y", `notes[0].y: must be a whole number, not string`},
		{"NoteOffMap", head + `,"notes":[{"x":9,"y":0}]}`, -1, "", "notes[0]", `notes[0]: square (9, 0) is off the 4x4 map`},
		{"Syntax", `{"format" "x"}`, -1, "", "", `not valid JSON at line 1, column 11: invalid character '"' after object key`},
		// the offending character's own column, in characters: an editor's
		// column 18 of line 2 (it said 20: one past it, and "é" as two)
		{"SyntaxColumn", "{\n  \"name\": \"Café\" \"x\"}", -1, "", "", `not valid JSON at line 2, column 18: invalid character '"' after object key:value pair`},
		{"TopUnknown", head + `,"colour":"red"}`, -1, "", "", `unknown field "colour"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeEncounter([]byte(c.file))
			checkFieldError(t, err, c.token, c.tname, c.field, c.text)
		})
	}
}

func checkFieldError(t *testing.T, err error, token int, name, field, text string) {
	t.Helper()
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("error %v (%T) is not a *FieldError", err, err)
	}
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("error %q does not wrap ErrInvalid", err)
	}
	if fe.Token != token || fe.Name != name || fe.Field != field {
		t.Errorf("got Token %d, Name %q, Field %q; want %d, %q, %q", fe.Token, fe.Name, fe.Field, token, name, field)
	}
	if err.Error() != text || fe.Error() != text {
		t.Errorf("text %q\nwant %q", err, text)
	}
}

// TestValidateFieldErrors: Validate, which the app and the store call on
// encounters they build, gives the same structured errors as the reader.
func TestValidateFieldErrors(t *testing.T) {
	base := func() *Encounter {
		return &Encounter{Name: "N", Ruleset: Starship, FeetPerSquare: 50, Grid: NewGrid(4, 4), Tokens: []Token{
			{Name: "A", Size: Small}, {Name: "B", X: 1, Size: Small, Speeds: map[string]int{"fly": 10}}}}
	}
	cases := []struct {
		name         string
		edit         func(e *Encounter)
		token        int
		tname, field string
		text         string
	}{
		{"OddTurn", func(e *Encounter) { e.Tokens[1].Speeds["turn"] = 3 }, 1, "B", "speeds.turn",
			`tokens[1] "B".speeds.turn: must be an even number of feet, not 3`},
		{"UnknownSpeed", func(e *Encounter) { e.Tokens[1].Speeds["run"] = 3 }, 1, "B", "speeds",
			`tokens[1] "B".speeds: unknown speed "run" (want land, fly, swim, climb, burrow, turn, mobility)`},
		{"EmptyName", func(e *Encounter) { e.Tokens[0].Name = "" }, 0, "", "name", `tokens[0].name: is required`},
		{"BlankName", func(e *Encounter) { e.Tokens[0].Name = " " }, 0, "", "name", `tokens[0].name: is blank`},
		{"BlankSide", func(e *Encounter) { e.Tokens[0].Side = " " }, 0, "A", "side", `tokens[0] "A".side: is blank`},
		{"Facing", func(e *Encounter) { e.Tokens[1].Facing = 9 }, 1, "B", "facing", `tokens[1] "B".facing: unknown facing 9`},
		{"DuplicateID", func(e *Encounter) {
			e.Tokens[0].ID, e.Tokens[1].ID = "6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e0a", "6F1D2C3E-8A4B-4C5D-9E6F-0A1B2C3D4E0A"
		}, 1, "B", "id", `tokens[1] "B".id: duplicate id "6F1D2C3E-8A4B-4C5D-9E6F-0A1B2C3D4E0A"; tokens[0] has it already`},
		{"BracedID", func(e *Encounter) { e.Tokens[0].ID = "{6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e0a}" }, 0, "A", "id",
			`tokens[0] "A".id: "{6f1d2c3e-8a4b-4c5d-9e6f-0a1b2c3d4e0a}" is not a UUID`},
		{"HyphenlessID", func(e *Encounter) { e.Tokens[0].ID = "6f1d2c3e8a4b4c5d9e6f0a1b2c3d4e0a" }, 0, "A", "id",
			`tokens[0] "A".id: "6f1d2c3e8a4b4c5d9e6f0a1b2c3d4e0a" is not a UUID`},
		{"OffMap", func(e *Encounter) { e.Grid = NewGrid(1, 1) }, 1, "B", "", `tokens[1] "B": square (1, 0) is off the 1x1 map`},
		{"Terrain", func(e *Encounter) { e.Grid.Cells[5] = 1 << 15 }, -1, "", "map.rows[1][1]", `map.rows[1][1]: unknown terrain bits 0x8000`},
		{"Background", func(e *Encounter) { e.Background = "x" }, -1, "", "map.background",
			`map.background: must be a data:image/png;base64,..., data:image/jpeg;base64,... or data:image/webp;base64,... image`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := base()
			c.edit(e)
			checkFieldError(t, Validate(e), c.token, c.tname, c.field, c.text)
		})
	}
}

// TestFieldErrorText: a FieldError built by hand prints as the messages
// always have.
func TestFieldErrorText(t *testing.T) {
	for _, c := range []struct {
		fe   FieldError
		want string
	}{
		{FieldError{Token: -1, Msg: "the file is empty"}, "the file is empty"},
		{FieldError{Token: -1, Field: "map.rows", Msg: "is required"}, "map.rows: is required"},
		{FieldError{Token: 3, Msg: "needs x and y"}, "tokens[3]: needs x and y"},
		{FieldError{Token: 3, Name: `Big "Bad"`, Field: "speeds.fly", Msg: "must not be negative"}, `tokens[3] "Big \"Bad\"".speeds.fly: must not be negative`},
	} {
		if got := c.fe.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.fe, got, c.want)
		}
	}
}

// TestTokenLimit: "At most 5,000 tokens; more is an error"
// (encounter-format.md), from the reader and from Validate alike.
func TestTokenLimit(t *testing.T) {
	file := func(n int) []byte {
		var b strings.Builder
		b.WriteString(`{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["."]},"tokens":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"name":"T%d","x":0,"y":0}`, i)
		}
		b.WriteString(`]}`)
		return []byte(b.String())
	}
	e, err := DecodeEncounter(file(MaxTokens))
	if err != nil {
		t.Fatalf("%d tokens refused: %v", MaxTokens, err)
	}
	_, err = DecodeEncounter(file(MaxTokens + 1))
	checkFieldError(t, err, -1, "", "tokens", "tokens: 5001 tokens; at most 5000 are allowed")
	e.Tokens = append(e.Tokens, Token{Name: "one more", Size: Medium})
	checkFieldError(t, Validate(e), -1, "", "tokens", "tokens: 5001 tokens; at most 5000 are allowed")
}

// TestNewID: new ids are version 4 UUIDs in the lower-case form the
// writer keeps, and ValidID takes them.
func TestNewID(t *testing.T) {
	id := NewID()
	if !ValidID(id) || id != strings.ToLower(id) || id[14] != '4' || id == NewID() {
		t.Fatalf("NewID() = %q", id)
	}
}

// TestReaderKeysAreWriterFields: the reader takes exactly the keys the
// writer's file shapes write, in the same order.
func TestReaderKeysAreWriterFields(t *testing.T) {
	tags := func(v any) []string {
		var out []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			k, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			out = append(out, k)
		}
		return out
	}
	for _, c := range []struct {
		name string
		keys []string
		file any
	}{
		{"top", topKeys, fileEncounterOut{}}, {"map", mapKeys, fileMapOut{}}, {"token", tokenKeys, fileToken{}},
		{"speeds", SpeedKeys, fileSpeeds{}}, {"note", noteKeys, fileNote{}},
		{"edge", edgeKeys, fileEdge{}}, {"backgroundPlacement", placementKeys, filePlacement{}},
		{"party", partyKeys, fileParty{}}, {"fight", fightKeys, fileFight{}}, {"state", stateKeys, fileTurnState{}},
		{"area", areaKeys, fileArea{}}, {"hp", hpKeys, fileHP{}},
	} {
		if got := tags(c.file); !slices.Equal(got, c.keys) {
			t.Errorf("%s: writer %q, reader %q", c.name, got, c.keys)
		}
	}
}
