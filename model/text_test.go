package model

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// textFile is an encounter file named name on a 4 x 2 map with two
// tokens, at (0, 0) and (1, 0), whose other fields are a and b (JSON
// text: `"name":"A"` at least), and the top-level fields top ("" or
// starting with a comma). Names are JSON string text, escapes and all.
func textFile(name, a, b, top string) string {
	return `{"format":"encounter/1","name":"` + name + `","ruleset":"sf2e","map":{"rows":["....","...."]},` +
		`"tokens":[{` + a + `,"x":0,"y":0},{` + b + `,"x":1,"y":0}]` + top + `}`
}

// The tokens of textFile as most cases have them.
const tokA, tokB = `"name":"A"`, `"name":"B"`

// TestReadRefusesGarblingText: every text field a GM reads refuses the
// C0 and C1 control characters (newline and tab are fine in the two
// multi-line ones, a token's notes and a map note) and the bidirectional
// formatting characters, and a name, side, condition or label that shows
// nothing; the error names the field and the character. The JSON escapes
// in the files are read as the characters they stand for.
func TestReadRefusesGarblingText(t *testing.T) {
	const garble = ", a control character that would garble the text"
	for _, c := range []struct{ name, file, want string }{
		// QA's file: a NUL, a newline and a right-to-left override in the
		// encounter's name, tokens named with a NUL, a zero-width space
		// and a right-to-left override. The reader reads the tokens'
		// fields before it checks the whole (Validate), so the first
		// token's NUL is named.
		{"QAFile", `{"format":"encounter/1","name":"x\u0000y\nz\u202eevil","ruleset":"sf2e","map":{"rows":["...."]},"tokens":[{"name":"a\u0000b","x":0,"y":0,"speeds":{"land":25}},{"name":"\u200b","x":3,"y":0},{"name":"\u202eknil","x":2,"y":0}]}`,
			"tokens[0].name: contains U+0000 (null)" + garble},
		{"QAFileTokens", `{"format":"encounter/1","name":"QA","ruleset":"sf2e","map":{"rows":["...."]},"tokens":[{"name":"ab","x":0,"y":0,"speeds":{"land":25}},{"name":"c","x":3,"y":0},{"name":"\u202eknil","x":2,"y":0}]}`,
			"tokens[2].name: contains U+202E (right-to-left override)" + garble},
		{"NameRLO", textFile(`Crypt\u202e`, tokA, tokB, ""), "name: contains U+202E (right-to-left override)" + garble},
		{"NameZeroWidthSpace", textFile(`\u200b`, tokA, tokB, ""), "name: is blank"},
		{"NameSpaces", textFile(`  \u3000 `, tokA, tokB, ""), "name: is blank"},
		{"TokenNUL", textFile("Crypt", `"name":"a\u0000b"`, tokB, ""), "tokens[0].name: contains U+0000 (null)" + garble},
		{"TokenSpaces", textFile("Crypt", tokA, `"name":"   "`, ""), "tokens[1].name: is blank"},
		{"TokenZeroWidthSpace", textFile("Crypt", tokA, `"name":"\u200b"`, ""), "tokens[1].name: is blank"},
		{"TokenInvisibles", textFile("Crypt", tokA, `"name":"\u200b\u200c\u200d\u2060\ufeff\u00ad\u3164\ufe0f \u00a0"`, ""), "tokens[1].name: is blank"},
		{"TokenNewline", textFile("Crypt", tokA, `"name":"B\nC"`, ""), "tokens[1].name: contains U+000A (newline)" + garble},
		{"TokenTab", textFile("Crypt", tokA, `"name":"B\tC"`, ""), "tokens[1].name: contains U+0009 (tab)" + garble},
		{"TokenEscape", textFile("Crypt", tokA, `"name":"B\u001b[31m"`, ""), "tokens[1].name: contains U+001B (escape)" + garble},
		{"TokenDelete", textFile("Crypt", tokA, `"name":"B\u007f"`, ""), "tokens[1].name: contains U+007F (delete)" + garble},
		{"TokenC1", textFile("Crypt", tokA, `"name":"B\u0085"`, ""), "tokens[1].name: contains U+0085 (next line)" + garble},
		{"TokenC1Unnamed", textFile("Crypt", tokA, `"name":"B\u009b"`, ""), "tokens[1].name: contains U+009B" + garble},
		{"TokenLRM", textFile("Crypt", tokA, `"name":"B\u200e"`, ""), "tokens[1].name: contains U+200E (left-to-right mark)" + garble},
		{"TokenRLM", textFile("Crypt", tokA, `"name":"\u200fB"`, ""), "tokens[1].name: contains U+200F (right-to-left mark)" + garble},
		{"TokenALM", textFile("Crypt", tokA, `"name":"B\u061c"`, ""), "tokens[1].name: contains U+061C (Arabic letter mark)" + garble},
		{"TokenLRE", textFile("Crypt", tokA, `"name":"B\u202a"`, ""), "tokens[1].name: contains U+202A (left-to-right embedding)" + garble},
		{"TokenRLE", textFile("Crypt", tokA, `"name":"B\u202b"`, ""), "tokens[1].name: contains U+202B (right-to-left embedding)" + garble},
		{"TokenPDF", textFile("Crypt", tokA, `"name":"B\u202c"`, ""), "tokens[1].name: contains U+202C (pop directional formatting)" + garble},
		{"TokenLRO", textFile("Crypt", tokA, `"name":"B\u202d"`, ""), "tokens[1].name: contains U+202D (left-to-right override)" + garble},
		{"TokenLRI", textFile("Crypt", tokA, `"name":"B\u2066"`, ""), "tokens[1].name: contains U+2066 (left-to-right isolate)" + garble},
		{"TokenRLI", textFile("Crypt", tokA, `"name":"B\u2067"`, ""), "tokens[1].name: contains U+2067 (right-to-left isolate)" + garble},
		{"TokenFSI", textFile("Crypt", tokA, `"name":"B\u2068"`, ""), "tokens[1].name: contains U+2068 (first strong isolate)" + garble},
		{"TokenPDI", textFile("Crypt", tokA, `"name":"B\u2069"`, ""), "tokens[1].name: contains U+2069 (pop directional isolate)" + garble},
		{"Side", textFile("Crypt", tokA+`,"side":"enemy\u202e"`, tokB, ""), `tokens[0] "A".side: contains U+202E (right-to-left override)` + garble},
		{"SideBlank", textFile("Crypt", tokA+`,"side":"\u200b"`, tokB, ""), `tokens[0] "A".side: is blank`},
		{"Condition", textFile("Crypt", tokA+`,"conditions":["prone","frightened\u00002"]`, tokB, ""), `tokens[0] "A".conditions[1]: contains U+0000 (null)` + garble},
		{"ConditionBlank", textFile("Crypt", tokA+`,"conditions":["\u2060"]`, tokB, ""), `tokens[0] "A".conditions[0]: is blank`},
		{"TokenNotesCR", textFile("Crypt", tokA+`,"notes":"line one\r\nline two"`, tokB, ""), `tokens[0] "A".notes: contains U+000D (carriage return)` + garble},
		{"TokenNotesRLO", textFile("Crypt", tokA+`,"notes":"\u202eevil"`, tokB, ""), `tokens[0] "A".notes: contains U+202E (right-to-left override)` + garble},
		{"NoteBell", textFile("Crypt", tokA, tokB, `,"notes":[{"x":0,"y":1,"text":"trap\u0007"}]`), "notes[0].text: contains U+0007 (bell)" + garble},
		{"NoteRLI", textFile("Crypt", tokA, tokB, `,"notes":[{"x":0,"y":1,"text":"ok"},{"x":1,"y":1,"text":"a\u2067b"}]`), "notes[1].text: contains U+2067 (right-to-left isolate)" + garble},
		{"AreaLabel", textFile("Crypt", tokA, tokB, `,"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"label":"Fire\u202eball"}]`), "areas[0].label: contains U+202E (right-to-left override)" + garble},
		{"AreaLabelBlank", textFile("Crypt", tokA, tokB, `,"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"label":" \u200b "}]`), "areas[0].label: is blank"},
		{"PartySide", textFile("Crypt", tokA, tokB, `,"party":{"side":"party\u0000"}`), "party.side: contains U+0000 (null)" + garble},
		{"PartySideBlank", textFile("Crypt", tokA, tokB, `,"party":{"side":"\ufeff"}`), "party.side: is blank"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeEncounter([]byte(c.file))
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %q does not wrap ErrInvalid", err)
			}
			if err.Error() != c.want {
				t.Errorf("error %q\nwant  %q", err, c.want)
			}
		})
	}
}

// TestReadKeepsText: what the check lets through reads and writes back
// unchanged: newlines and tabs in notes, invisible characters within a
// name (a zero-width joiner in an emoji, a non-joiner in a Persian word),
// spaces round a name, a combining accent, right-to-left script itself.
func TestReadKeepsText(t *testing.T) {
	file := textFile(` Crypt\u00a0II `,
		`"name":"\ud83d\udc69\u200d\ud83d\ude80","side":"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645","conditions":["frightened 2"],"notes":"a\n\tb"`,
		`"name":"Cafe\u0301"`,
		`,"notes":[{"x":0,"y":1,"text":"line one\nline two\tthree"}],"areas":[{"kind":"burst","x":1,"y":1,"radius":5,"label":"\u05d0\u05e9"}],"party":{"side":"party"}`)
	e := mustDecode(t, file)
	want := []string{" Crypt\u00a0II ", "👩\u200d🚀", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Cafe\u0301", "line one\nline two\tthree", "אש", "a\n\tb"}
	got := []string{e.Name, e.Tokens[0].Name, e.Tokens[0].Side, e.Tokens[1].Name, e.Notes[0].Text, e.Areas[0].Label, e.Tokens[0].Notes}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read %q\nwant %q", got, want)
	}
	if e2 := mustDecode(t, mustEncode(t, e)); !reflect.DeepEqual(e, e2) {
		t.Errorf("round trip changed the encounter")
	}
}

// TestValidateRefusesGarblingText: what the app does to an encounter
// (a rename in the inspector, a note, a label) is checked by Validate
// and ValidateToken as a file is, with the same words: no edit makes
// an encounter whose file the reader would refuse.
func TestValidateRefusesGarblingText(t *testing.T) {
	base := func() *Encounter {
		return &Encounter{Name: "N", Ruleset: SF2E, Grid: NewGrid(4, 2), Tokens: []Token{{Name: "A", Size: Medium}, {Name: "B", X: 1, Size: Medium}}}
	}
	for _, c := range []struct {
		name         string
		edit         func(e *Encounter)
		token        int
		tname, field string
		text         string
	}{
		{"RenameRLO", func(e *Encounter) { e.Tokens[1].Name = "\u202eknil" }, 1, "", "name",
			"tokens[1].name: contains U+202E (right-to-left override), a control character that would garble the text"},
		{"RenameZeroWidth", func(e *Encounter) { e.Tokens[1].Name = "\u200b" }, 1, "", "name", "tokens[1].name: is blank"},
		{"RenameTab", func(e *Encounter) { e.Tokens[0].Name = "A\tB" }, 0, "", "name",
			"tokens[0].name: contains U+0009 (tab), a control character that would garble the text"},
		{"Encounter", func(e *Encounter) { e.Name = "N\u2066" }, -1, "", "name",
			"name: contains U+2066 (left-to-right isolate), a control character that would garble the text"},
		{"EncounterBlank", func(e *Encounter) { e.Name = "\u200b\u200b" }, -1, "", "name", "name: is blank"},
		{"TokenNotes", func(e *Encounter) { e.Tokens[1].Notes = "ok\n\x00" }, 1, "B", "notes",
			`tokens[1] "B".notes: contains U+0000 (null), a control character that would garble the text`},
		{"Note", func(e *Encounter) { e.Notes = []Note{{X: 3, Y: 1, Text: "\u200f"}} }, -1, "", "notes[0].text",
			"notes[0].text: contains U+200F (right-to-left mark), a control character that would garble the text"},
		{"Label", func(e *Encounter) { e.Areas = []Area{{Kind: Emanation, Token: "A", Radius: 5, Label: "\t"}} }, -1, "", "areas[0].label",
			"areas[0].label: contains U+0009 (tab), a control character that would garble the text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := base()
			c.edit(e)
			checkFieldError(t, Validate(e), c.token, c.tname, c.field, c.text)
			if c.token >= 0 {
				checkFieldError(t, ValidateToken(e, c.token), c.token, c.tname, c.field, c.text)
			}
		})
	}
}

// TestNameFromFileCleans: a file may be named with any character but
// "/"; the encounter made from it is named without those no name holds,
// or FileNameFallback when nothing readable is left.
func TestNameFromFileCleans(t *testing.T) {
	for _, c := range []struct {
		file, name string
		fromFile   bool
	}{
		{"/maps/Crypt.dd2vtt", "Crypt", true},
		{"/maps/\u202eCrypt.dd2vtt", "Crypt", true},
		{"/maps/Crypt\tlevel 2.uvtt", "Crypt level 2", true},
		{"/maps/Crypt\u200b.dd2vtt", "Crypt\u200b", true},
		{"/maps/\u200b.dd2vtt", FileNameFallback, false},
		{"/maps/\u202e\u2066 \u200d.dd2vtt", FileNameFallback, false},
		{"/maps/\x01.df2vtt", FileNameFallback, false},
		{"/maps/" + strings.Repeat("\u200b", MaxName) + "x.dd2vtt", FileNameFallback, false},
	} {
		name, fromFile := NameFromFile(c.file)
		if name != c.name || fromFile != c.fromFile {
			t.Errorf("NameFromFile(%q) = %q, %v; want %q, %v", c.file, name, fromFile, c.name, c.fromFile)
		}
		e := &Encounter{Name: name, Ruleset: SF2E, Grid: NewGrid(1, 1)}
		if err := Validate(e); err != nil {
			t.Errorf("NameFromFile(%q) = %q, which Validate refuses: %v", c.file, name, err)
		}
	}
}

// TestMendTextMakesAStoredEncounterValid: an encounter a database stored
// before Validate refused garbling text opened, but no edit or save of it
// went through, and with two such names no single edit could mend it.
// MendText mends every such field, says each, keeps the fight and the
// areas naming the renamed tokens, and leaves a valid encounter.
func TestMendTextMakesAStoredEncounterValid(t *testing.T) {
	e := &Encounter{Name: "Den\u202e", Ruleset: SF2E, Grid: NewGrid(6, 2),
		Tokens: []Token{
			{Name: "\u202eknil", Size: Medium, Side: "enemy\a", Conditions: []string{"prone", "\x1bprone", "\u200b"}, Notes: "one\r\ntwo\u2066"},
			{Name: "\u200b", X: 1, Size: Medium},
			{Name: "knil", X: 2, Size: Medium},
			{Name: "Dae", X: 3, Size: Medium},
		},
		Notes: []Note{{X: 5, Y: 1, Text: "trap\x00here"}},
		Areas: []Area{{Kind: Emanation, Token: "\u202eknil", Radius: 10, Label: "\u202a"}},
		Party: &Party{Side: "\u2067", Size: 4},
		Fight: &Fight{Round: 1, Order: []string{"Dae", "\u202eknil", "\u200b", "knil"}, Turn: "\u202eknil",
			State: map[string]TurnState{"\u202eknil": {Actions: 1}}},
	}
	if Validate(e) == nil {
		t.Fatal("the stored encounter should not pass Validate before it is mended")
	}
	said := MendText(e)
	if err := Validate(e); err != nil {
		t.Fatalf("mended, Validate says %v", err)
	}
	if e.Name != "Den" || e.Tokens[0].Name != "knil (2)" || e.Tokens[1].Name != "Token 2" || e.Tokens[0].Side != "enemy" {
		t.Errorf("mended names %q, %q, %q, side %q", e.Name, e.Tokens[0].Name, e.Tokens[1].Name, e.Tokens[0].Side)
	}
	if c := e.Tokens[0].Conditions; !slices.Equal(c, []string{"prone"}) {
		t.Errorf("conditions %q, want prone once", c)
	}
	if n := e.Tokens[0].Notes; n != "one\ntwo" {
		t.Errorf("notes %q", n)
	}
	if n := e.Notes[0].Text; n != "trap here" {
		t.Errorf("map note %q", n)
	}
	if a := e.Areas[0]; a.Token != "knil (2)" || a.Label != "" {
		t.Errorf("area %+v: its token renamed, its label gone", a)
	}
	if e.Party.Side != "party" {
		t.Errorf("party side %q", e.Party.Side)
	}
	f := e.Fight
	if !slices.Equal(f.Order, []string{"Dae", "knil (2)", "Token 2", "knil"}) || f.Turn != "knil (2)" || f.State["knil (2)"].Actions != 1 {
		t.Errorf("fight %+v", f)
	}
	if len(said) != 10 {
		t.Errorf("%d messages, want one a field mended (10):\n%s", len(said), strings.Join(said, "\n"))
	}
	for _, m := range said {
		if strings.ContainsFunc(m, func(r rune) bool { return garbles(r, false) }) {
			t.Errorf("the message %q holds a character that garbles text", m)
		}
	}
	if again := MendText(e); again != nil {
		t.Errorf("a mended encounter was mended again: %q", again)
	}
}

func TestReadableName(t *testing.T) {
	for in, want := range map[string]string{"Den": "Den", "Den\u202e": "Den", "\u200b": "Unnamed encounter", "a\tb": "a b"} {
		if got := ReadableName(in); got != want {
			t.Errorf("ReadableName(%q) = %q, want %q", in, got, want)
		}
	}
}
