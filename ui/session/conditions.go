package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// ConditionChoices are the conditions the inspector offers for ruleset r:
// the ones the rules act on (model.KnownConditions) first, then the
// ruleset's own (sf2e, pf1e), sorted.
func ConditionChoices(r model.Ruleset) []string {
	own := slices.Clone(rules.Describe(r).Conditions)
	own = slices.DeleteFunc(own, func(c string) bool { return slices.Contains(model.KnownConditions, c) })
	slices.Sort(own)
	return append(slices.Clone(model.KnownConditions), own...)
}

// Valued reports whether condition name takes a value in ruleset r.
func Valued(r model.Ruleset, name string) bool {
	return slices.Contains(rules.Describe(r).Valued, name)
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
