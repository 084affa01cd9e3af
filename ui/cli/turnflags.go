package cli

import (
	"encounterplanner/model"
	"encounterplanner/rules"
)

// turnValued are the turn state flags of reach and path (queries.md,
// "Added with table play and the third dimension").
var turnValued = []string{"spent-actions", "diagonals", "spent"}

// turnFlags reads --spent-actions, --diagonals and --spent into q.Turn:
// each only where the ruleset counts it (exit 2 otherwise), in range, and
// checks --actions against the actions still to use (rules-conventions.md,
// "Turn state"). Without them the query is a fresh turn; the file's
// fight.state is never applied.
func turnFlags(e *model.Encounter, f *flags, q *rules.MoveQuery) error {
	r := e.Ruleset
	given := func(name string) bool { _, ok := f.vals[name]; return ok }
	const most = 1 << 30
	actions, diagonals, spent := rules.Describe(r).TurnCounts()
	var err error
	if given("spent-actions") {
		if !actions {
			return usagef("--spent-actions: the %s ruleset counts no actions spent on movement (sf2e and pf1e do)", r)
		}
		if q.Turn.Actions, err = f.num("spent-actions", 0, 0, rules.MaxActions(r)-1); err != nil {
			return err
		}
	}
	if given("diagonals") {
		if !diagonals {
			return usagef("--diagonals: the %s ruleset counts no diagonals (every step costs the same)", r)
		}
		if q.Turn.Diagonals, err = f.num("diagonals", 0, 0, model.MaxTurnDiagonals); err != nil {
			return err
		}
	}
	if given("spent") {
		if !spent {
			return usagef("--spent: the %s ruleset counts actions, not feet spent (use --spent-actions)", r)
		}
		if q.Turn.Spent, err = f.num("spent", 0, 0, most); err != nil {
			return err
		}
	}
	if left := rules.ActionsLeft(r, q.Turn); q.Actions > left {
		return usagef("--actions: %d actions spent leave %d of the %s ruleset's %d, not %d", q.Turn.Actions, left, r, rules.MaxActions(r), q.Actions)
	}
	return nil
}
