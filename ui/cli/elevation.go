package cli

import (
	"encounterplanner/model"
	"encounterplanner/rules"
)

// elevationFlag reads `--elevation E` of reach and path (queries.md, "Added
// with table play and the third dimension"): the end elevation in feet,
// default the token's own. Only sf2e and pf1e have elevation; a flight ends
// there, any other mode must keep the token's own (the rules say so, exit
// 2).
func elevationFlag(e *model.Encounter, f *flags, q *rules.MoveQuery) error {
	if _, given := f.vals["elevation"]; !given {
		return nil
	}
	if !rules.HasElevation(e.Ruleset) {
		return usagef("--elevation: the %s ruleset has no elevation (sf2e and pf1e do)", e.Ruleset)
	}
	n, err := f.num("elevation", 0, -model.MaxElevation, model.MaxElevation)
	if err != nil {
		return err
	}
	q.Elevation, q.SetElevation = n, true
	return nil
}

// stepZ is a path step's "z": its elevation in feet, on the steps of a
// flying token's path (sf2e, pf1e), else nil (no key).
func stepZ(e *model.Encounter, q rules.MoveQuery, s rules.Step) *int {
	if q.Mode != rules.ModeFly || !rules.HasElevation(e.Ruleset) {
		return nil
	}
	z := s.Z
	return &z
}
