package session

import (
	"testing"

	"encounterplanner/model"
)

// TestThreatWords: sf2e with a party level rates the enemies; no party
// level, another ruleset: nothing to say.
func TestThreatWords(t *testing.T) {
	e := fightEnc()
	e.Tokens[0].Side, e.Tokens[0].Level = "party", ip(3)
	e.Tokens[1].Side, e.Tokens[1].Level = "enemy", ip(3)
	e.Tokens[2].Side, e.Tokens[2].Level = "enemy", ip(5)
	if got := ThreatWords(e); got != "" {
		t.Errorf("no party: %q", got)
	}
	e.Party = &model.Party{Side: "party", Level: 3, Size: 4}
	if got := ThreatWords(e); got != "XP 120 · severe" {
		t.Errorf("sf2e: %q", got)
	}
	for _, c := range []struct {
		tok   int
		level *int
		want  string
	}{
		{1, ip(3), "40 XP (party level 3)"},
		{2, ip(8), "160 XP, beyond the table (party level 3)"},
		{0, ip(3), "no XP: on the party's side"},
		{3, ip(3), "no XP: neutral"},
		{1, nil, ""},
	} {
		if got := CreatureXPWords(e, &e.Tokens[c.tok], c.level); got != c.want {
			t.Errorf("token %d: %q, want %q", c.tok, got, c.want)
		}
	}
	e.Ruleset = model.PF1E
	if got := ThreatWords(e); got != "" {
		t.Errorf("pf1e: %q", got)
	}
}
