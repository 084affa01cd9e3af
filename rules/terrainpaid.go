package rules

import "encounterplanner/model"

// What a mover pays for terrain, asked by the engines that classify the map
// (mover.classify) and by the words and marks of a path (ui/session), so
// that the two cannot disagree.

// PaidTerrain is what token t, moving in mode ("" is the ruleset's default
// mode), pays for the terrain a path step entered, given the step's flags
// f: 0 nothing, 1 the cost of difficult terrain, 2 that of greater
// difficult terrain. The flags say what the step entered; this says what
// it costs (rules-conventions.md): a flyer or a token that ignores
// difficult terrain pays nothing for difficult terrain and greater
// difficult as difficult (the two do not stack), a burrower pays nothing
// for either (sf2e, pf1e), and starship counts greater difficult as
// difficult. O(1).
func (r *Ruleset) PaidTerrain(t *model.Token, mode string, f Flag) int {
	raw := 0
	switch {
	case f&FlagGreaterDifficult != 0:
		raw = 2
	case f&FlagDifficult != 0:
		raw = 1
	}
	return r.paidLevel(raw, mode, t != nil && t.Has(model.CondIgnoresDifficult))
}

// paidLevel is PaidTerrain for the worst terrain entered, raw (0 none, 1
// difficult, 2 greater difficult), by a mover in mode that has the
// ignores-difficult-terrain condition when ignores.
func (r *Ruleset) paidLevel(raw int, mode string, ignores bool) int {
	if mode == "" {
		mode = r.DefaultMode
	}
	if r.GreaterAsDifficult {
		raw = min(raw, 1)
	}
	if r.BurrowIgnoresTerrain && mode == ModeBurrow {
		return 0
	}
	if r.FlyIgnoresDifficult && mode == ModeFly || r.ConditionIgnoresDifficult && ignores {
		raw = max(raw-1, 0)
	}
	return raw
}
