package rules

import "encounterplanner/model"

// starship is a placeholder engine until the starship ruleset lands; every query says so.
type starshipEngine struct{}

func newStarship() Engine { return &starshipEngine{} }

func (*starshipEngine) Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error) {
	return dst, BadQuery("the starship ruleset is not implemented yet")
}
func (*starshipEngine) Path(e *model.Encounter, q MoveQuery, x, y int) (Path, error) {
	return Path{}, BadQuery("the starship ruleset is not implemented yet")
}
func (*starshipEngine) Cover(e *model.Encounter, from, to int) (Cover, error) {
	return 0, BadQuery("the starship ruleset is not implemented yet")
}
func (*starshipEngine) Flanking(e *model.Encounter) ([]Flank, error) {
	return nil, BadQuery("the starship ruleset is not implemented yet")
}
func (*starshipEngine) Threatened(dst []Point, e *model.Encounter, tok int) []Point { return dst }
