package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// ConditionChoices are the conditions the inspector offers for ruleset r:
// the ones the rules act on there (actedOn) first, then the ruleset's own
// (sf2e, pf1e), sorted.
func ConditionChoices(r model.Ruleset) []string {
	own := slices.Clone(rules.Describe(r).Conditions)
	own = slices.DeleteFunc(own, func(c string) bool { return slices.Contains(model.KnownConditions, c) })
	slices.Sort(own)
	return append(actedOn(r), own...)
}

// actedOn are the conditions of model.KnownConditions the app acts on in
// ruleset r: all of them in sf2e and pf1e; in starship and points, whose
// texts name no conditions ("a ship is never prone", rules-conventions.md),
// only those that keep a token from acting (rules.Incapacity; 0 HP gives
// cannot-act there). Prone, taken cover, no melee and ignoring difficult
// terrain change nothing there: a starship was offered them all.
func actedOn(r model.Ruleset) []string {
	if namesConditions(r) {
		return slices.Clone(model.KnownConditions)
	}
	return slices.DeleteFunc(slices.Clone(model.KnownConditions), func(c string) bool {
		return c != model.CondCannotAct && c != model.CondUnconscious && c != model.CondDead
	})
}

// namesConditions reports whether ruleset r's text names conditions: the
// descriptor lists its own (sf2e, pf1e), where the rules act on every one
// of model.KnownConditions; starship and points list none.
func namesConditions(r model.Ruleset) bool { return len(rules.Describe(r).Conditions) > 0 }

// ConditionsHint is the free Conditions field's placeholder in ruleset r,
// two conditions the rules act on there in words ("Prone, Taken cover"),
// or the one that stops a ship ("Cannot act") where the text names none.
func ConditionsHint(r model.Ruleset) string {
	if namesConditions(r) {
		return ConditionWords(model.CondProne) + ", " + ConditionWords(model.CondTakenCover)
	}
	return ConditionWords(model.CondCannotAct)
}

// Valued reports whether condition name takes a value in ruleset r.
func Valued(r model.Ruleset, name string) bool {
	return slices.Contains(rules.Describe(r).Valued, name)
}

// conditionName is a condition's name without its value ("frightened 2"
// -> "frightened").
func conditionName(c string) string {
	name, _ := splitCondition(c)
	return name
}

// splitCondition is a condition's name and its value, "" for none
// ("frightened 2" -> "frightened", "2").
func splitCondition(c string) (name, value string) {
	if i := strings.LastIndexByte(c, ' '); i > 0 {
		if _, err := strconv.Atoi(c[i+1:]); err == nil {
			return c[:i], c[i+1:]
		}
	}
	return c, ""
}

// knownConditions are the conditions the app offers in any ruleset
// (ConditionChoices), by their stored names.
var knownConditions = sync.OnceValue(func() []string {
	out := slices.Clone(model.KnownConditions)
	for _, r := range model.Rulesets {
		for _, c := range rules.Describe(r).Conditions {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
})

// ConditionWords is how the app shows a stored condition c, in the
// books' style, as a label starts: "prone" -> "Prone", "frightened 2" ->
// "Frightened 2", "off-guard" -> "Off-guard", and the rules' own names in
// words ("cannot-act" -> "Cannot act"). A label the GM typed that is no
// condition of the app's shows as typed. Every place the app names a
// condition shows these words; the file and the command line keep the
// stored names.
func ConditionWords(c string) string {
	name, value := splitCondition(c)
	w, ok := model.ConditionText[name]
	switch {
	case ok:
	case slices.Contains(knownConditions(), name):
		w = name
	default:
		return c
	}
	w = strings.ToUpper(w[:1]) + w[1:]
	if value != "" {
		w += " " + value
	}
	return w
}

// ConditionInText is a condition's words inside a sentence, where the
// books write it in lower case: "unconscious", "cannot act", "frightened
// 2" ("Round 2 · unconscious: cannot move"); a label of the GM's as typed.
func ConditionInText(c string) string {
	w := ConditionWords(c)
	if w == c {
		return c
	}
	return strings.ToLower(w[:1]) + w[1:]
}

// ConditionLabel is the condition to store for text the GM typed or
// picked: a condition of the app's by its words or its name, in any case
// ("Taken cover", "taken cover", "taken-cover" -> "taken-cover";
// "Frightened 2" -> "frightened 2"), any other label as typed, trimmed.
func ConditionLabel(text string) string {
	text = strings.TrimSpace(text)
	name, value := splitCondition(text)
	for _, k := range knownConditions() {
		if strings.EqualFold(name, k) || strings.EqualFold(name, ConditionWords(k)) {
			if value != "" {
				return k + " " + value
			}
			return k
		}
	}
	return text
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
			w := ConditionWords(name)
			return nil, fmt.Errorf("conditions: %s takes a value, a whole number from 1 (%s 2)", w, w)
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
