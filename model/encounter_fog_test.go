package model

import "testing"

// TestInFog: a token is in fog when every square of its space on the map
// is fogged; one revealed square under a Large token shows it; no fog means
// never in fog; a hidden token is never seen by the players.
func TestInFog(t *testing.T) {
	e := &Encounter{Ruleset: SF2E, Grid: NewGrid(6, 6), Tokens: []Token{
		{Name: "m", X: 1, Y: 1, Size: Medium},
		{Name: "L", X: 3, Y: 3, Size: Large},
		{Name: "edge", X: 5, Y: 5, Size: Large}, // half off the map
	}}
	for i := range e.Tokens {
		if e.InFog(&e.Tokens[i]) || !e.SeenByPlayers(&e.Tokens[i]) {
			t.Errorf("%s in fog without fog", e.Tokens[i].Name)
		}
	}
	e.Revealed = make([]bool, 36)
	for i := range e.Tokens {
		if !e.InFog(&e.Tokens[i]) {
			t.Errorf("%s not in fog with nothing revealed", e.Tokens[i].Name)
		}
	}
	e.Revealed[4*6+4] = true // the Large token's bottom-right square
	if e.InFog(&e.Tokens[1]) || !e.SeenByPlayers(&e.Tokens[1]) {
		t.Error("Large with one revealed square is in fog")
	}
	e.Revealed[5*6+5] = true
	if e.InFog(&e.Tokens[2]) {
		t.Error("the token's one square on the map is revealed")
	}
	e.Tokens[1].Hidden = true
	if e.SeenByPlayers(&e.Tokens[1]) {
		t.Error("a hidden token is seen")
	}
}
