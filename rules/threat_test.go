package rules

// threat_test.go holds rules-conventions.md, "Threat", sentence by sentence.

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"encounterplanner/model"
)

// "Each token with a level ... adds XP by its level minus the party level:
// -4: 10, -3: 15, -2: 20, -1: 30, 0: 40, +1: 60, +2: 80, +3: 120, +4: 160.
// Below -4 it adds 0; above +4 it adds 160 and is flagged (beyond: true)."
func TestThreatCreatureXP(t *testing.T) {
	want := map[int]int{-4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120, 4: 160}
	for party := 1; party <= 20; party++ {
		for level := -1; level <= 25; level++ {
			d := level - party
			xp, beyond := CreatureXP(level, party)
			w, ok := want[d]
			switch {
			case d < -4:
				w = 0
			case d > 4:
				w = 160
			case !ok:
				t.Fatalf("no table entry for %d", d)
			}
			if xp != w || beyond != (d > 4) {
				t.Errorf("level %d vs party %d: %d XP beyond %v, want %d beyond %v", level, party, xp, beyond, w, d > 4)
			}
		}
	}
}

// "Budget for 4 players: trivial 40, low 60, moderate 80, severe 120,
// extreme 160; each player more or fewer adds or removes 10, 15, 20, 30,
// 40."
func TestThreatBudget(t *testing.T) {
	for _, c := range []struct {
		size int
		want Budget
	}{
		{4, Budget{40, 60, 80, 120, 160}},
		{5, Budget{50, 75, 100, 150, 200}},
		{6, Budget{60, 90, 120, 180, 240}},
		{3, Budget{30, 45, 60, 90, 120}},
		{2, Budget{20, 30, 40, 60, 80}},
		{1, Budget{10, 15, 20, 30, 40}},
	} {
		if got := BudgetFor(c.size); got != c.want {
			t.Errorf("%d players: %v, want %v", c.size, got, c.want)
		}
	}
}

// "The threat is the lowest rating whose budget the XP does not exceed,
// and "beyond extreme" above extreme."
func TestThreatRating(t *testing.T) {
	b := BudgetFor(4)
	for _, c := range []struct {
		xp   int
		want string
	}{
		{0, "trivial"}, {40, "trivial"}, {41, "low"}, {60, "low"}, {61, "moderate"}, {80, "moderate"},
		{81, "severe"}, {120, "severe"}, {121, "extreme"}, {160, "extreme"}, {161, "beyond extreme"}, {1000, "beyond extreme"},
	} {
		if got := b.Rate(c.xp).String(); got != c.want {
			t.Errorf("%d XP: %s, want %s", c.xp, got, c.want)
		}
	}
}

func threatEncounter(party *model.Party, tokens ...model.Token) *model.Encounter {
	e := &model.Encounter{Name: "Threat", Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(10, 10), Party: party}
	for i, t := range tokens {
		t.X, t.Size = i%10, model.Medium
		if t.Name == "" {
			t.Name = fmt.Sprintf("T%d", i)
		}
		e.Tokens = append(e.Tokens, t)
	}
	return e
}

func lvl(v int) *int { return &v }

// "Each token with a level on a side other than the party's and other than
// neutral adds XP ... Hidden tokens count." The party is `party` in the
// file.
func TestThreatOfEncounter(t *testing.T) {
	e := threatEncounter(&model.Party{Side: "heroes", Level: 3, Size: 4},
		model.Token{Name: "Ogre", Side: "enemy", Level: lvl(4)},                // +1: 60
		model.Token{Name: "Boss", Side: "enemy", Level: lvl(8)},                // +5: 160, beyond
		model.Token{Name: "Rat", Side: "vermin", Level: lvl(-1)},               // -4: 10
		model.Token{Name: "Mite", Side: "enemy", Level: lvl(-1), Hidden: true}, // -4, hidden: counts
		model.Token{Name: "Gnat", Side: "enemy", Level: lvl(-1)},               // counts 10
		model.Token{Name: "Iseph", Side: "heroes", Level: lvl(3)},              // the party's own: no XP
		model.Token{Name: "Merchant", Side: model.Neutral, Level: lvl(5)},      // neutral: no XP
		model.Token{Name: "Crate", Side: "enemy"},                              // no level: no XP
	)
	e.Tokens[3].Level = lvl(-1)
	if err := model.Validate(e); err != nil {
		t.Fatal(err)
	}
	th, err := ThreatOf(e, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []Creature{
		{Token: 0, Name: "Ogre", Level: 4, XP: 60},
		{Token: 1, Name: "Boss", Level: 8, XP: 160, Beyond: true},
		{Token: 2, Name: "Rat", Level: -1, XP: 10},
		{Token: 3, Name: "Mite", Level: -1, XP: 10},
		{Token: 4, Name: "Gnat", Level: -1, XP: 10},
	}
	if !reflect.DeepEqual(th.Creatures, want) || th.XP != 250 || th.Rating != BeyondExtreme || th.PartySide != "heroes" || th.PartyLevel != 3 || th.PartySize != 4 {
		t.Errorf("got %+v", th)
	}
	// Below -4: 0 XP, still listed.
	e = threatEncounter(&model.Party{Side: "party", Level: 10, Size: 4}, model.Token{Name: "Rat", Side: "enemy", Level: lvl(5)})
	if th, _ := ThreatOf(e, 0, 0); th.XP != 0 || th.Rating != Trivial || len(th.Creatures) != 1 || th.Creatures[0].XP != 0 {
		t.Errorf("level -5: %+v", th)
	}
}

// "--party-level and --party-size override it; without a level the query
// is exit 2. Party level 1 to 20".
func TestThreatPartyOverrides(t *testing.T) {
	ogre := model.Token{Name: "Ogre", Side: "enemy", Level: lvl(4)}
	e := threatEncounter(&model.Party{Side: "party", Level: 3, Size: 4}, ogre, ogre, ogre)
	e.Tokens[1].Name, e.Tokens[2].Name = "Ogre 2", "Ogre 3"
	for _, c := range []struct {
		level, size int
		xp          int
		rating      string
	}{
		{0, 0, 180, "beyond extreme"}, // 3 x 60 against 160
		{0, 5, 180, "extreme"},        // 5 players: severe 150 < 180 <= extreme 200
		{4, 0, 120, "severe"},         // level 4: 3 x 40
		{2, 6, 240, "extreme"},        // level 2: 3 x 80 against 6 players' 240
	} {
		th, err := ThreatOf(e, c.level, c.size)
		if err != nil || th.XP != c.xp || th.Rating.String() != c.rating {
			t.Errorf("--party-level %d --party-size %d: %+v %v, want %d XP %s", c.level, c.size, th, err, c.xp, c.rating)
		}
	}
	// Without a level, in the file or given: a bad query (exit 2).
	e.Party = &model.Party{Side: "party", Size: 4}
	if _, err := ThreatOf(e, 0, 0); !errors.Is(err, ErrBadQuery) {
		t.Errorf("no party level: %v", err)
	}
	if th, err := ThreatOf(e, 3, 0); err != nil || th.XP != 180 {
		t.Errorf("--party-level 3: %+v %v", th, err)
	}
	if _, err := ThreatOf(e, 21, 0); !errors.Is(err, ErrBadQuery) {
		t.Errorf("party level 21: %v", err)
	}
	if _, err := ThreatOf(e, 3, 101); !errors.Is(err, ErrBadQuery) {
		t.Errorf("party size 101: %v", err)
	}
	// No party in the file: the side "party", 4 players, the level given.
	e.Party = nil
	th, err := ThreatOf(e, 3, 0)
	if err != nil || th.PartySide != "party" || th.PartySize != 4 || th.XP != 180 {
		t.Errorf("no party: %+v %v", th, err)
	}
	// sf2e only.
	e.Ruleset = model.PF1E
	if _, err := ThreatOf(e, 3, 0); !errors.Is(err, ErrBadQuery) {
		t.Errorf("pf1e threat: %v", err)
	}
}
