package rules

import "encounterplanner/model"

// pf1e is a placeholder engine until the pf1e ruleset lands; every query says so.
type pf1eEngine struct{}

func newPF1E() Engine { return &pf1eEngine{} }

func (*pf1eEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	return dst, BadQuery("the pf1e ruleset is not implemented yet")
}
func (*pf1eEngine) Path(e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return Path{}, BadQuery("the pf1e ruleset is not implemented yet")
}
func (*pf1eEngine) Cover(e *model.Encounter, from, to int) (Cover, error) {
	return 0, BadQuery("the pf1e ruleset is not implemented yet")
}
func (*pf1eEngine) Flanking(e *model.Encounter) ([]Flank, error) {
	return nil, BadQuery("the pf1e ruleset is not implemented yet")
}
func (*pf1eEngine) Threatened(dst []Point, e *model.Encounter, tok int) []Point { return dst }
