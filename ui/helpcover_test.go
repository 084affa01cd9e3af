package ui

import (
	"strings"
	"testing"
)

// TestTheHelpNamesEachRulesetsCoverBadges: the help said "L lesser" for
// every ruleset, though pf1e has no lesser cover (a creature in the way
// gives soft cover, whose badge is So there). It names pf1e's badge and
// word beside sf2e's.
func TestTheHelpNamesEachRulesetsCoverBadges(t *testing.T) {
	for _, want := range []string{"L lesser (pf1e: So soft cover)", "creatures lesser (pf1e: soft cover)"} {
		if !strings.Contains(helpText, want) {
			t.Errorf("the help does not say %q", want)
		}
	}
}
