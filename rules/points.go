package rules

import "encounterplanner/model"

// points is a placeholder engine until the points ruleset lands; every query says so.
type pointsEngine struct{}

func newPoints() Engine { return &pointsEngine{} }

func (*pointsEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	return dst, BadQuery("the points ruleset is not implemented yet")
}
func (*pointsEngine) Path(e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return Path{}, BadQuery("the points ruleset is not implemented yet")
}
func (*pointsEngine) Cover(e *model.Encounter, from, to int) (Cover, error) {
	return 0, BadQuery("the points ruleset is not implemented yet")
}
func (*pointsEngine) Flanking(e *model.Encounter) ([]Flank, error) {
	return nil, BadQuery("the points ruleset is not implemented yet")
}
func (*pointsEngine) Threatened(dst []Point, e *model.Encounter, tok int) []Point { return dst }
