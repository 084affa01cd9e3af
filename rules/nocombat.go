package rules

import "encounterplanner/model"

// noCombat is the Cover, Flanking and Threatened of a ruleset whose text
// defines no cover, flanking or reactions to movement (starship, points):
// cover and flanking are bad queries saying why, and nothing is threatened.
type noCombat struct {
	ruleset model.Ruleset
	why     string
}

// Cover refuses: the ruleset has no cover rules.
func (n noCombat) Cover(e *model.Encounter, from, to int) (Cover, error) {
	return 0, n.refuse()
}

// Flanking refuses: the ruleset has no flanking rules.
func (n noCombat) Flanking(e *model.Encounter) ([]Flank, error) {
	return nil, n.refuse()
}

// Threatened is empty: no reactions to movement.
func (noCombat) Threatened(dst []Point, e *model.Encounter, tok int) []Point { return dst }

func (n noCombat) refuse() error {
	return BadQuery("the %s ruleset has no cover or flanking rules: %s", n.ruleset, n.why)
}
