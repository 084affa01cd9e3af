package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// ThreatWords is the status bar's threat: "XP 80 · moderate" for an sf2e
// encounter whose party has a level, "" otherwise (rules.ThreatOf).
func ThreatWords(e *model.Encounter) string {
	th, err := rules.ThreatOf(e, 0, 0)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("XP %d · %s", th.XP, th.Rating)
}

// CreatureXPWords is what token t at level adds to the threat of e, for
// the inspector: "40 XP (party level 3)", "off the table" beyond party
// level +4, "" when nothing is rated (no sf2e, no party level, no level)
// and "no XP: on the party's side" or "no XP: neutral" for those sides.
func CreatureXPWords(e *model.Encounter, t *model.Token, level *int) string {
	if !rules.Describe(e.Ruleset).Threat || e.Party == nil || e.Party.Level == 0 || level == nil {
		return ""
	}
	side := e.Party.Side
	if side == "" {
		side = rules.DefaultPartySide
	}
	switch t.SideOrNeutral() {
	case side:
		return "no XP: on the party's side"
	case model.Neutral:
		return "no XP: neutral"
	}
	xp, beyond := rules.CreatureXP(*level, e.Party.Level)
	if beyond {
		return fmt.Sprintf("%d XP, beyond the table (party level %d)", xp, e.Party.Level)
	}
	return fmt.Sprintf("%d XP (party level %d)", xp, e.Party.Level)
}
