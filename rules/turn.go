package rules

import "encounterplanner/model"

// Turn state (rules-conventions.md "Turn state"): reach and path continue
// the turn a token has begun. sf2e and pf1e count the actions spent on
// movement and the diagonals; starship the feet flown and the diagonals;
// points the points spent. The zero model.TurnState is a fresh turn and
// gives exactly the answers of a query without one.

// ActionsLeft is how many actions (sf2e Strides, pf1e move actions) a token
// with turn state ts still has for movement: MaxActions minus the actions
// spent, never below 0. starship has its one move (broken up or not) and
// points its total, whatever was spent.
func ActionsLeft(r model.Ruleset, ts model.TurnState) int {
	switch r {
	case model.SF2E, model.PF1E:
		return max(MaxActions(r)-ts.Actions, 0)
	}
	return MaxActions(r)
}

// TurnCounts says which fields of model.TurnState the ruleset counts
// (rules-conventions.md "Turn state"): sf2e and pf1e actions spent on
// movement and diagonals; starship diagonals and feet flown (Spent); points
// points spent (Spent). The others must stay 0.
func (r *Ruleset) TurnCounts() (actions, diagonals, spent bool) {
	switch r.Name {
	case model.SF2E, model.PF1E:
		return true, true, false
	case model.Starship:
		return false, true, true
	case model.Points:
		return false, false, true
	}
	return false, false, false
}

// CheckTurn reports whether turn state ts applies to ruleset r, as the
// queries check it: sf2e and pf1e take spent actions (0 to MaxActions-1)
// and diagonals; starship diagonals and feet flown; points points spent.
// Nothing is negative. The error names the token and the field.
func CheckTurn(r model.Ruleset, name string, ts model.TurnState) error {
	if ts.Actions < 0 || ts.Diagonals < 0 || ts.Spent < 0 {
		return BadQuery("token %q: the turn state must not be negative (%d actions spent, %d diagonals, %d spent)", name, ts.Actions, ts.Diagonals, ts.Spent)
	}
	if ts.Diagonals > model.MaxTurnDiagonals {
		return BadQuery("token %q: the turn's diagonals must be at most %d, not %d", name, model.MaxTurnDiagonals, ts.Diagonals)
	}
	actions, diagonals, spent := Describe(r).TurnCounts()
	switch {
	case !actions && ts.Actions != 0:
		return BadQuery("token %q: the %s ruleset counts no actions spent on movement (%d given)", name, r, ts.Actions)
	case !diagonals && ts.Diagonals != 0:
		return BadQuery("token %q: the %s ruleset counts no diagonals (%d given)", name, r, ts.Diagonals)
	case !spent && ts.Spent != 0:
		return BadQuery("token %q: the %s ruleset counts actions, not feet or points spent (%d given)", name, r, ts.Spent)
	}
	if m := MaxActions(r); actions && ts.Actions >= m {
		return BadQuery("token %q has spent %d of its %d actions on movement: none is left", name, ts.Actions, m)
	}
	return nil
}

// turnActions checks q.Turn and the actions asked (0 = 1) against what is
// left of the turn, and returns the actions from now.
func turnActions(r model.Ruleset, t *model.Token, q MoveQuery) (int, error) {
	if err := CheckTurn(r, t.Name, q.Turn); err != nil {
		return 0, err
	}
	n := max(q.Actions, 1)
	if left := ActionsLeft(r, q.Turn); q.Turn.Actions > 0 && n > left {
		return 0, BadQuery("token %q has spent %d of its %d actions on movement: %d left, not %d", t.Name, q.Turn.Actions, MaxActions(r), left, n)
	}
	return n, nil
}

// countDiagonals is the turn's diagonal count after a path of plain steps
// (starship and points: every diagonal step counts) that began with
// diagonals counted.
func countDiagonals(p Path, x, y, diagonals int) int {
	for _, s := range p.Steps {
		if s.Turn != NoTurn {
			continue
		}
		if s.X != x && s.Y != y {
			diagonals++
		}
		x, y = s.X, s.Y
	}
	return diagonals
}

// crawls reports whether the token's land movement is a Crawl: it is prone
// (or dead, which is prone too). A Crawl moves one square an action, a step
// of at most 5 ft, continuing the turn's diagonal count (sf2e); pf1e 5 ft a
// move action (rules-conventions.md "Conditions the rules act on").
func crawls(t *model.Token) bool { return t.Has(model.CondProne) || t.Has(model.CondDead) }

// Spend is the turn state after the token moved along path p, found with
// turn state ts (rules-conventions.md "Turn state": "Moving a token during
// its turn spends"): sf2e and pf1e the Strides or move actions the path
// used (leftover feet of a Stride are lost) and its diagonals; starship its
// cost and diagonals; points its cost (leftover points stay until the end
// of the turn). An unreachable path spends nothing.
func Spend(r model.Ruleset, ts model.TurnState, p Path) model.TurnState {
	if !p.Reachable {
		return ts
	}
	switch r {
	case model.SF2E, model.PF1E:
		ts.Actions += p.Actions
		ts.Diagonals = keptDiagonals(p.Diagonals)
	case model.Starship:
		ts.Spent += p.Cost
		ts.Diagonals = keptDiagonals(p.Diagonals)
	case model.Points:
		ts.Spent += p.Cost
	}
	return ts
}

// keptDiagonals is a turn's diagonal count as the turn state keeps it:
// itself up to model.MaxTurnDiagonals, beyond it the largest count within
// it of the same parity, which is all the next diagonal's cost asks. A
// path from a count at the bound would otherwise store one past it, which
// the encounter's save refuses.
func keptDiagonals(n int) int {
	if n <= model.MaxTurnDiagonals {
		return n
	}
	return model.MaxTurnDiagonals - (n-model.MaxTurnDiagonals)%2
}
