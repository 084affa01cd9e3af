package ui

import (
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/library"
)

// TestCoverListSpeaksTheRuleset: pf1e's answers say "soft cover" and
// "Flanked:" (its text has no lesser cover and no off-guard condition);
// sf2e's say "lesser" and "Flanked (off-guard):".
func TestCoverListSpeaksTheRuleset(t *testing.T) {
	for _, c := range []struct {
		rs            model.Ruleset
		cover, flank  string
		notCover, not string
	}{
		{model.PF1E, "Ogre: soft cover", "Flanked:\n  Ogre by Ann and Cat", "lesser", "off-guard"},
		{model.SF2E, "Ogre: lesser", "Flanked (off-guard):\n  Ogre by Ann and Cat", "soft cover", "Flanked:\n"},
	} {
		t.Run(string(c.rs), func(t *testing.T) {
			e, err := library.NewEncounter("Words", c.rs, 10, 5, 5)
			if err != nil {
				t.Fatal(err)
			}
			land := map[string]int{model.SpeedLand: 30}
			e.Tokens = []model.Token{
				{ID: model.NewID(), Name: "Bo", X: 1, Y: 2, Size: model.Medium, Side: "party", Speeds: land},
				{ID: model.NewID(), Name: "Ann", X: 4, Y: 2, Size: model.Medium, Side: "party", Speeds: land},
				{ID: model.NewID(), Name: "Ogre", X: 5, Y: 2, Size: model.Medium, Side: "enemy", Speeds: land},
				{ID: model.NewID(), Name: "Cat", X: 6, Y: 2, Size: model.Medium, Side: "party", Speeds: land},
			}
			ed, _, p := newTestEditor(t, e)
			ed.Select(0)
			ed.requestOverlays()
			settle(t, ed, p)
			got := ed.ovp.coverLabel.Text
			for _, want := range []string{c.cover, c.flank} {
				if !strings.Contains(got, want) {
					t.Errorf("answers %q should say %q", got, want)
				}
			}
			for _, bad := range []string{c.notCover, c.not} {
				if strings.Contains(got, bad) {
					t.Errorf("answers %q should not say %q", got, bad)
				}
			}
		})
	}
}
