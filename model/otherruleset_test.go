package model

import (
	"strings"
	"testing"
)

// Fields that belong to another ruleset are kept, as elevation is for
// starship and points (encounter-format.md): areas and party outside sf2e,
// facing outside starship, reachWeapon outside pf1e, a speed the ruleset
// does not use. They read, and write back byte for byte.
func TestOtherRulesetFieldsKept(t *testing.T) {
	for _, c := range []struct{ ruleset, token, top string }{
		{"pf1e", `"facing":"E"`, `,"areas":[{"kind":"burst","x":1,"y":0,"radius":10}],"party":{"side":"party","level":3}`},
		{"sf2e", `"facing":"SW","reachWeapon":true,"speeds":{"land":25,"turn":10,"mobility":3}`, ""},
		{"points", `"facing":"NW","reachWeapon":true`, `,"areas":[{"kind":"emanation","token":"A","radius":5}]`},
		{"starship", `"facing":"NW","reachWeapon":true,"speeds":{"fly":300,"land":5}`, `,"areas":[{"kind":"line","token":"A","toward":[3,0],"length":100}],"party":{"side":"x"}`},
	} {
		doc := `{"format":"encounter/1","name":"N","ruleset":"` + c.ruleset + `","map":{"rows":["....","...."]},` +
			`"tokens":[{"name":"A","x":0,"y":0,` + c.token + `}]` + c.top + `}`
		e := mustDecode(t, doc)
		out := roundTrip(t, e)
		for _, key := range []string{"facing", "reachWeapon", "turn", "areas", "party"} {
			if strings.Contains(doc, `"`+key+`"`) != strings.Contains(out, `"`+key+`"`) {
				t.Errorf("%s: %s read %v, written %v", c.ruleset, key, strings.Contains(doc, key), strings.Contains(out, key))
			}
		}
	}
}

// Token names are compared byte for byte (encounter-format.md): names that
// differ only in case or in Unicode normalisation are two names.
func TestTokenNamesAreByteExact(t *testing.T) {
	nfc, nfd := "Caf\u00e9", "Cafe\u0301"
	e := mustDecode(t, `{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["...."]},`+
		`"tokens":[{"name":"Iseph","x":0,"y":0},{"name":"iseph","x":1,"y":0},{"name":"`+nfc+`","x":2,"y":0},{"name":"`+nfd+`","x":3,"y":0}]}`)
	for i, name := range []string{"Iseph", "iseph", nfc, nfd} {
		if got := e.TokenIndex(name); got != i {
			t.Errorf("TokenIndex(%q) = %d, want %d", name, got, i)
		}
	}
	if got := e.TokenIndex("ISEPH"); got != -1 {
		t.Errorf("TokenIndex(ISEPH) = %d, want none", got)
	}
}
