package rules

import (
	"fmt"

	"encounterplanner/model"
)

// The threat budget of sf2e (rules-conventions.md, "Threat": the encounter
// budget of GM Core, which Starfinder 2e shares).

// Rating is an encounter's threat, trivial to beyond extreme.
type Rating uint8

// Threat ratings, lowest first.
const (
	Trivial Rating = iota
	Low
	Moderate
	Severe
	Extreme
	BeyondExtreme
)

var ratingNames = [...]string{"trivial", "low", "moderate", "severe", "extreme", "beyond extreme"}

func (r Rating) String() string {
	if int(r) < len(ratingNames) {
		return ratingNames[r]
	}
	return fmt.Sprintf("rating(%d)", int(r))
}

// Budget is the XP budget of each rating from trivial to extreme.
type Budget [5]int

// baseBudget is the budget for 4 players; perPlayer what each player more
// adds (each fewer removes).
var (
	baseBudget = Budget{40, 60, 80, 120, 160}
	perPlayer  = Budget{10, 15, 20, 30, 40}
)

// BudgetFor is the budget for a party of size players: 40, 60, 80, 120,
// 160 for 4, each player more or fewer adding or removing 10, 15, 20, 30,
// 40.
func BudgetFor(size int) Budget {
	var b Budget
	for i := range b {
		b[i] = baseBudget[i] + (size-model.DefaultPartySize)*perPlayer[i]
	}
	return b
}

// Rate is the lowest rating whose budget xp does not exceed, and
// BeyondExtreme above extreme.
func (b Budget) Rate(xp int) Rating {
	for i, v := range b {
		if xp <= v {
			return Rating(i)
		}
	}
	return BeyondExtreme
}

// xpByDifference is the XP of a creature of level party level -4 to +4.
var xpByDifference = [9]int{10, 15, 20, 30, 40, 60, 80, 120, 160}

// CreatureXP is the XP a creature of level adds against a party of
// partyLevel: by level minus party level, -4: 10, -3: 15, -2: 20, -1: 30,
// 0: 40, +1: 60, +2: 80, +3: 120, +4: 160; below -4 it adds 0; above +4
// it adds 160 and beyond is true (the table ends there).
func CreatureXP(level, partyLevel int) (xp int, beyond bool) {
	d := level - partyLevel
	switch {
	case d < -4:
		return 0, false
	case d > 4:
		return xpByDifference[8], true
	}
	return xpByDifference[d+4], false
}

// Creature is one token's part of the threat.
type Creature struct {
	Token  int // index into Encounter.Tokens
	Name   string
	Level  int
	XP     int
	Beyond bool // above party level + 4: off the table
}

// Threat is an encounter's XP against its party and the rating it earns.
type Threat struct {
	PartySide  string
	PartyLevel int
	PartySize  int
	Budget     Budget
	XP         int
	Rating     Rating
	Creatures  []Creature // in token order
}

// DefaultPartySide is the party's side when the encounter names no party.
const DefaultPartySide = "party"

// ThreatOf rates encounter e (sf2e only). The party is e.Party; a
// partyLevel or partySize above 0 overrides it. Without a party level it
// is a bad query, as is a level outside 1 to 20 or a size below 1. Each
// token with a level on a side other than the party's and other than
// neutral adds its CreatureXP, hidden ones too. O(tokens).
func ThreatOf(e *model.Encounter, partyLevel, partySize int) (Threat, error) {
	if e.Ruleset != model.SF2E {
		return Threat{}, BadQuery("the threat budget is sf2e's; this encounter's ruleset is %s", e.Ruleset)
	}
	th := Threat{PartySide: DefaultPartySide, PartySize: model.DefaultPartySize}
	if p := e.Party; p != nil {
		th.PartySide, th.PartyLevel, th.PartySize = p.Side, p.Level, p.Size
	}
	if partyLevel > 0 {
		th.PartyLevel = partyLevel
	}
	if partySize > 0 {
		th.PartySize = partySize
	}
	switch {
	case th.PartyLevel == 0:
		return Threat{}, BadQuery("the party has no level: give party.level in the file or --party-level")
	case th.PartyLevel < model.MinPartyLevel || th.PartyLevel > model.MaxPartyLevel:
		return Threat{}, BadQuery("party level %d is outside %d to %d", th.PartyLevel, model.MinPartyLevel, model.MaxPartyLevel)
	case th.PartySize < 1 || th.PartySize > model.MaxPartySize:
		return Threat{}, BadQuery("party size %d is outside 1 to %d", th.PartySize, model.MaxPartySize)
	}
	th.Budget = BudgetFor(th.PartySize)
	for i := range e.Tokens {
		t := &e.Tokens[i]
		side := t.SideOrNeutral()
		if t.Level == nil || side == th.PartySide || side == model.Neutral {
			continue
		}
		xp, beyond := CreatureXP(*t.Level, th.PartyLevel)
		th.XP += xp
		th.Creatures = append(th.Creatures, Creature{Token: i, Name: t.Name, Level: *t.Level, XP: xp, Beyond: beyond})
	}
	th.Rating = th.Budget.Rate(th.XP)
	return th, nil
}
