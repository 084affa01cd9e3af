package rules

import (
	"slices"

	"encounterplanner/model"
)

// Conditions the rules act on in sf2e and pf1e (rules-conventions.md,
// "Conditions the rules act on"): dead is as unconscious and prone, never
// blocks movement and gives no cover; a creature may end in the space of a
// prone creature that is unconscious or dead and its own size or smaller;
// HP 0 gives unconscious and prone, and healing from 0 HP wakes.

// unconscious reports whether t is unconscious or dead.
func unconscious(t *model.Token) bool {
	return t.Has(model.CondUnconscious) || t.Has(model.CondDead)
}

// Incapacity is the condition that keeps token t from acting, "" when
// none: `dead`, `unconscious` or `cannot-act`, the first it has in that
// order. Such a token never threatens or flanks (canMelee); the app shows
// it no reach of its own and does not drag it without Shift
// (rules-conventions.md "Conditions the rules act on"), while the
// queries' reach and path still answer for it.
func Incapacity(t *model.Token) string {
	for _, c := range []string{model.CondDead, model.CondUnconscious, model.CondCannotAct} {
		if t.Has(c) {
			return c
		}
	}
	return ""
}

// CannotAct reports whether t takes no actions (Incapacity names one):
// in the air it cannot Fly, so it falls whatever its Speeds
// (rules-conventions.md "Elevation", the falling sentences).
// O(conditions).
func CannotAct(t *model.Token) bool { return Incapacity(t) != "" }

// mayEndOnBody reports whether t may end its move in the space of o because
// o is a prone creature that is unconscious or dead and t's size or larger
// ("You can share a space with a prone creature if that creature is
// willing, unconscious, or dead and if it's your size or smaller", Player
// Core p. 414; pf1e the same).
func mayEndOnBody(t, o *model.Token) bool {
	return crawls(o) && unconscious(o) && o.Size <= t.Size
}

// MayEndOn reports whether token t may end its move where its space
// overlaps token o's: the sizes may share (MayShare), or, in sf2e and pf1e,
// o is a prone creature that is unconscious or dead and t's size or
// smaller. It is where a move, a drop or a forced move may end; the
// engines decide who may pass whom.
func (r *Ruleset) MayEndOn(t, o *model.Token) bool {
	if r.MayShare(t.Size, o.Size) {
		return true
	}
	// The conditions act in sf2e and pf1e only (rules-conventions.md).
	return (r.Name == model.SF2E || r.Name == model.PF1E) && mayEndOnBody(t, o)
}

// ApplyHP sets what a change of a token's hit points from was (nil: not
// tracked) to t.HP implies in ruleset r (rules-conventions.md "Conditions
// the rules act on"): at 0 HP it gets `unconscious` and `prone` (sf2e:
// dying is the GM's call); healed from 0 HP to more it loses `unconscious`
// ("If you're restored to 1 Hit Point or more via healing, you lose the
// dying and unconscious conditions", Player Core, Unconscious), but stays
// `prone` (standing up is its own action) and `dead`. In starship and
// points, whose texts name no conditions (a ship is never prone), 0 HP
// gives `cannot-act` instead, which healing from 0 takes away. It reports
// whether it changed a condition. The Conditions slice is copied before
// it changes (an undo step may share it).
func ApplyHP(r model.Ruleset, t *model.Token, was *model.HP) bool {
	if t.HP == nil {
		return false
	}
	out := []string{model.CondUnconscious, model.CondProne} // what 0 HP gives
	if r != model.SF2E && r != model.PF1E {
		out = []string{model.CondCannotAct}
	}
	if t.HP.Current > 0 {
		if was == nil || was.Current > 0 || !t.Has(out[0]) {
			return false
		}
		t.Conditions = slices.DeleteFunc(slices.Clone(t.Conditions), func(c string) bool { return c == out[0] })
		return true
	}
	var add []string
	for _, c := range out {
		if !t.Has(c) {
			add = append(add, c)
		}
	}
	if len(add) == 0 {
		return false
	}
	t.Conditions = append(slices.Clip(t.Conditions), add...)
	return true
}
