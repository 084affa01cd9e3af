package model

import (
	"strings"
	"testing"
)

// A \u escape that is half of a UTF-16 surrogate pair is no character:
// the reader refuses it naming the field, where encoding/json would read
// U+FFFD ("never a silent guess"). A whole pair is one character.
func TestLoneSurrogateRefusedNamingTheField(t *testing.T) {
	file := func(name, tok, rest string) string {
		return `{"format":"encounter/1","name":"` + name + `","ruleset":"sf2e","map":{"rows":["a.."],"legend":{"a":["wall"]}},` +
			`"tokens":[{"name":"Iseph","x":0,"y":0},{"name":"` + tok + `","x":1,"y":0,"conditions":["prone"]}]` + rest + `}`
	}
	for _, c := range []struct{ doc, want string }{
		{file(`Bay\ud800`, "Ogre", ""), `name: \ud800 is half of a UTF-16 surrogate pair`},
		{file("Bay", `Og\ud800re`, ""), `tokens[1].name: \ud800 is half`},
		{file("Bay", `Og\udc00re`, ""), `tokens[1].name: \udc00 is half`},
		{file("Bay", `Og\ud83d\ud83dre`, ""), `tokens[1].name: \ud83d is half`},
		{file("Bay", `Ogre\ud83d`, ""), `tokens[1].name: \ud83d is half`},
		{strings.Replace(file("Bay", "Ogre", ""), `"prone"`, `"prone","a\uDBFFb"`, 1), `tokens[1] "Ogre".conditions[1]: \uDBFF is half`},
		{file("Bay", "Ogre", `,"notes":[{"x":0,"y":0,"text":"trap"},{"x":1,"y":0,"text":"\udfff"}]`), `notes[1].text: \udfff is half`},
		{strings.Replace(file("Bay", "Ogre", ""), `"a":["wall"]`, `"a":["wall"],"\ud800":["water"]`, 1), "map.legend: key \"\ufffd\": \\ud800 is half"},
		{file("Bay", "Ogre", `,"fight":{"order":["Ogre"],"turn":"Ogre","state":{"Og\ud800re":{}}}`), "fight.state: key \"Og\ufffdre\": \\ud800 is half"},
		{strings.Replace(file("Bay", "Ogre", ""), `"x":1,`, `"x\ud800":1,`, 1), "tokens[1] \"Ogre\": key \"x\ufffd\": \\ud800 is half"},
	} {
		mustRefuse(t, c.doc, c.want)
	}
	e := mustDecode(t, file("Bay", `Og\ud83d\ude00re\u00e9`, ""))
	if got := e.Tokens[1].Name; got != "Og😀reé" {
		t.Errorf("a whole surrogate pair: name %q, want %q", got, "Og😀reé")
	}
}
