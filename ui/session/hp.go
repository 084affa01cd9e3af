package session

import (
	"encounterplanner/model"
	"encounterplanner/rules"
)

// ChangeHP adds delta (negative: damage) to the token's current HP within
// 0 and its max, then applies what the change means (rules.ApplyHP: 0 HP
// knocks it out, healing from 0 HP wakes it). A token without HP is left
// alone.
func ChangeHP(r model.Ruleset, t *model.Token, delta int) {
	if t.HP == nil {
		return
	}
	was := t.HP
	hp := *t.HP
	// add no more than the room left: a heal of the largest whole number
	// the amount field takes wrapped around to 0 HP and knocked it out
	switch {
	case delta >= 0:
		hp.Current += min(delta, max(hp.Max-hp.Current, 0))
	case delta < -hp.Current:
		hp.Current = 0
	default:
		hp.Current += delta
	}
	hp.Current = min(max(hp.Current, 0), hp.Max)
	t.HP = &hp
	rules.ApplyHP(r, t, was)
}
