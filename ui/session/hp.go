package session

import (
	"encounterplanner/model"
	"encounterplanner/rules"
)

// ChangeHP adds delta (negative: damage) to the token's current HP within
// 0 and its max, then applies what the change means (rules.ApplyHP: 0 HP
// knocks it out, healing from 0 HP wakes it). A token without HP is left
// alone.
func ChangeHP(t *model.Token, delta int) {
	if t.HP == nil {
		return
	}
	was := t.HP
	hp := *t.HP
	hp.Current = min(max(hp.Current+delta, 0), hp.Max)
	t.HP = &hp
	rules.ApplyHP(t, was)
}
