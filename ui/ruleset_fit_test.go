package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestRulesetSwitchScaleSpeedsAndSpaces: switching keeps what a GM meant:
// the default scale follows the ruleset, land speeds convert between feet
// and movement points, and tokens that would newly overlap or stand on a wall
// because ship spaces are larger are listed before the switch.
func TestRulesetSwitchScaleSpeedsAndSpaces(t *testing.T) {
	e := model.Sample()
	c := e.Clone()
	fitRuleset(c, model.Starship)
	if c.Feet() != 50 {
		t.Errorf("sf2e -> starship: %d ft a square, want 50", c.Feet())
	}
	fitRuleset(c, model.SF2E)
	if c.Feet() != 5 {
		t.Errorf("starship -> sf2e: %d ft a square, want 5", c.Feet())
	}
	odd := e.Clone()
	odd.FeetPerSquare = 10
	fitRuleset(odd, model.PF1E)
	if odd.Feet() != 10 {
		t.Errorf("a GM's own scale must stay: %d", odd.Feet())
	}

	p := e.Clone()
	fitRuleset(p, model.Points)
	iseph := p.Tokens[p.TokenIndex("Iseph")]
	if v := iseph.Speeds[model.SpeedLand]; v != 5 {
		t.Errorf("Iseph's 25 ft is %d points, want 5", v)
	}
	if e.Tokens[e.TokenIndex("Iseph")].Speeds[model.SpeedLand] != 25 {
		t.Errorf("the original encounter was changed")
	}
	fitRuleset(p, model.SF2E)
	if v := p.Tokens[p.TokenIndex("Iseph")].Speeds[model.SpeedLand]; v != 25 {
		t.Errorf("back to sf2e: %d ft, want 25", v)
	}

	probs := strings.Join(rulesetProblems(e, model.Starship), "\n")
	for _, want := range []string{"Tashtari: its 4x4 space would overlap Chk Chk", "Navasi: its 2x2 space would stand on a wall or obstacle"} {
		if !strings.Contains(probs, want) {
			t.Errorf("the starship switch should list %q (ship spaces are larger):\n%s", want, probs)
		}
	}
	if strings.Contains(strings.Join(rulesetProblems(e, model.PF1E), "\n"), "space would") {
		t.Errorf("sf2e -> pf1e changes no space: %q", rulesetProblems(e, model.PF1E))
	}
}
