package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"encounterplanner/model"
)

// sf2eValued are sf2e's conditions that carry a value ("frightened 2").
var sf2eValued = []string{"clumsy", "doomed", "drained", "dying", "enfeebled", "frightened", "sickened", "slowed", "stunned", "stupefied", "wounded"}

// sf2eOther are sf2e's other conditions the GM tracks (the rules act only
// on model.KnownConditions).
var sf2eOther = []string{"blinded", "concealed", "confused", "controlled", "dazzled", "deafened", "encumbered", "fatigued", "fleeing", "grabbed", "hidden", "immobilized", "off-guard", "paralyzed", "petrified", "quickened", "restrained", "undetected", "unnoticed"}

// pf1eOther are pf1e's conditions (none carries a value).
var pf1eOther = []string{"blinded", "confused", "cowering", "dazed", "dazzled", "deafened", "entangled", "exhausted", "fascinated", "fatigued", "flat-footed", "frightened", "grappled", "helpless", "nauseated", "panicked", "paralyzed", "pinned", "shaken", "sickened", "staggered", "stunned"}

// ConditionChoices are the conditions the inspector offers for ruleset r:
// the ones the rules act on (model.KnownConditions) first, then the
// ruleset's own (sf2e, pf1e), sorted.
func ConditionChoices(r model.Ruleset) []string {
	var own []string
	switch r {
	case model.SF2E:
		own = append(append(own, sf2eValued...), sf2eOther...)
	case model.PF1E:
		own = append(own, pf1eOther...)
	}
	own = slices.DeleteFunc(own, func(c string) bool { return slices.Contains(model.KnownConditions, c) })
	slices.Sort(own)
	return append(slices.Clone(model.KnownConditions), own...)
}

// Valued reports whether condition name takes a value in ruleset r.
func Valued(r model.Ruleset, name string) bool {
	return r == model.SF2E && slices.Contains(sf2eValued, name)
}

// conditionName is a condition's name without its value ("frightened 2"
// -> "frightened").
func conditionName(c string) string {
	if i := strings.LastIndexByte(c, ' '); i > 0 {
		if _, err := strconv.Atoi(c[i+1:]); err == nil {
			return c[:i]
		}
	}
	return c
}

// AddCondition returns conds with condition name added (with value, when
// it takes one): a condition already there by that name is replaced
// ("frightened 1" becomes "frightened 2"), so each shows once. The slice
// is new (an undo step may share the old one).
func AddCondition(r model.Ruleset, conds []string, name, value string) ([]string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, fmt.Errorf("conditions: pick a condition")
	}
	label := name
	if Valued(r, name) {
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || v < 1 {
			return nil, fmt.Errorf("conditions: %s takes a value, a whole number from 1 (%s 2)", name, name)
		}
		label = fmt.Sprintf("%s %d", name, v)
	}
	out := slices.DeleteFunc(slices.Clone(conds), func(c string) bool { return conditionName(c) == name })
	return append(out, label), nil
}

// RemoveCondition returns conds without the i-th, in a new slice.
func RemoveCondition(conds []string, i int) []string {
	if i < 0 || i >= len(conds) {
		return slices.Clone(conds)
	}
	return slices.Delete(slices.Clone(conds), i, i+1)
}
