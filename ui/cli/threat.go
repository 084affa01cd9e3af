package cli

import (
	"encounterplanner/model"
	"encounterplanner/rules"
)

// runThreat answers `threat FILE [--party-level L] [--party-size N]`
// (queries.md, "Added with table play and the third dimension"): the XP of
// the creatures against the party and the threat it earns, by the sf2e
// budget (rules.ThreatOf). The flags override the file's party; a bad
// number names its flag here, before the rules see it, because ThreatOf
// reads 0 as "not given".
func runThreat(env Env, args []string) error {
	f, e, _, err := fileCmd(args, []string{"party-level", "party-size"}, nil)
	if err != nil {
		return err
	}
	level, err := f.num("party-level", 0, model.MinPartyLevel, model.MaxPartyLevel)
	if err != nil {
		return err
	}
	size, err := f.num("party-size", 0, 1, model.MaxPartySize)
	if err != nil {
		return err
	}
	th, err := rules.ThreatOf(e, level, size)
	if err != nil {
		return err
	}
	type party struct {
		Level int `json:"level"`
		Size  int `json:"size"`
	}
	// The budget's keys in the order of the ratings, trivial to extreme.
	type budget struct {
		Trivial  int `json:"trivial"`
		Low      int `json:"low"`
		Moderate int `json:"moderate"`
		Severe   int `json:"severe"`
		Extreme  int `json:"extreme"`
	}
	type creature struct {
		Name   string `json:"name"`
		Level  int    `json:"level"`
		XP     int    `json:"xp"`
		Beyond bool   `json:"beyond,omitempty"`
	}
	b := th.Budget
	out := struct {
		Party     party      `json:"party"`
		Budget    budget     `json:"budget"`
		XP        int        `json:"xp"`
		Threat    string     `json:"threat"`
		Creatures []creature `json:"creatures"`
	}{
		Party:     party{th.PartyLevel, th.PartySize},
		Budget:    budget{b[rules.Trivial], b[rules.Low], b[rules.Moderate], b[rules.Severe], b[rules.Extreme]},
		XP:        th.XP,
		Threat:    th.Rating.String(),
		Creatures: make([]creature, 0, len(th.Creatures)),
	}
	for _, c := range th.Creatures {
		out.Creatures = append(out.Creatures, creature{c.Name, c.Level, c.XP, c.Beyond})
	}
	return writeJSON(env.Stdout, out)
}
