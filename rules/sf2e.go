package rules

import "encounterplanner/model"

// sf2e is a placeholder engine until the sf2e ruleset lands; every query says so.
type sf2eEngine struct{}

func newSF2E() Engine { return &sf2eEngine{} }

func (*sf2eEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	return dst, BadQuery("the sf2e ruleset is not implemented yet")
}
func (*sf2eEngine) Path(e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return Path{}, BadQuery("the sf2e ruleset is not implemented yet")
}
func (*sf2eEngine) Cover(e *model.Encounter, from, to int) (Cover, error) {
	return 0, BadQuery("the sf2e ruleset is not implemented yet")
}
func (*sf2eEngine) Flanking(e *model.Encounter) ([]Flank, error) {
	return nil, BadQuery("the sf2e ruleset is not implemented yet")
}
func (*sf2eEngine) Threatened(dst []Point, e *model.Encounter, tok int) []Point { return dst }
