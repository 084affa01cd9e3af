package session

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// StartFight begins a fight in e over all its tokens (rules-conventions.md,
// "Turn state"): a token without an Initiative gets roll() (a d20), unless
// roll is nil; the order is by Initiative, highest first, tokens without
// one last. On equal Initiative the tokens not on the party's side
// (PartySide) go first ("If your result is tied with a foe's result, the
// adversary goes first", Player Core, Initiative; Starfinder 2e the same),
// then by name. Round 1, the first token's turn.
func StartFight(e *model.Encounter, roll func() int) error {
	if len(e.Tokens) == 0 {
		return fmt.Errorf("a fight needs tokens: place some first")
	}
	for i := range e.Tokens {
		if t := &e.Tokens[i]; t.Initiative == nil && roll != nil {
			v := roll()
			t.Initiative = &v
		}
	}
	idx := make([]int, len(e.Tokens))
	for i := range idx {
		idx[i] = i
	}
	party := PartySide(e)
	sort.SliceStable(idx, func(a, b int) bool {
		ta, tb := &e.Tokens[idx[a]], &e.Tokens[idx[b]]
		switch {
		case ta.Initiative == nil || tb.Initiative == nil:
			if (ta.Initiative == nil) != (tb.Initiative == nil) {
				return tb.Initiative == nil
			}
		case *ta.Initiative != *tb.Initiative:
			return *ta.Initiative > *tb.Initiative
		default: // a tie: the party's adversaries first
			if pa, pb := ta.SideOrNeutral() == party, tb.SideOrNeutral() == party; pa != pb {
				return pb
			}
		}
		return ta.Name < tb.Name
	})
	f := &model.Fight{Round: 1}
	for _, i := range idx {
		f.Order = append(f.Order, e.Tokens[i].Name)
	}
	f.Turn = f.Order[0]
	e.Fight = f
	return nil
}

// MoveInOrder moves the i-th token of the order by delta places (-1 up, +1
// down), clamped to the order; the turn stays with the same token. It
// reports whether anything moved.
func MoveInOrder(f *model.Fight, i, delta int) bool {
	if f == nil || i < 0 || i >= len(f.Order) {
		return false
	}
	j := min(max(i+delta, 0), len(f.Order)-1)
	if j == i {
		return false
	}
	n := f.Order[i]
	f.Order = slices.Delete(f.Order, i, i+1)
	f.Order = slices.Insert(f.Order, j, n)
	return true
}

// Delay moves the creature whose turn it is in e to just after the next
// one, whose turn begins (after the last creature, that is the first of
// the next round), unless DelayRefusal says why it may not: then it
// changes nothing and returns that reason. The creature takes the
// initiative of the one it now follows (nil when that one has none), so
// the numbers read down the order as it is: Player Core, Delay, "This
// permanently changes your initiative to the new position"; Pathfinder
// 1e, Delay, "Your initiative result becomes the count on which you took
// the delayed action". Its turn state stays fresh: it has not acted.
func Delay(e *model.Encounter) error {
	if why := DelayRefusal(e); why != "" {
		return errors.New(why)
	}
	f := e.Fight
	if len(f.Order) < 2 {
		f.NextTurn()
		return nil
	}
	me := f.Turn
	f.NextTurn()
	f.Order = slices.DeleteFunc(f.Order, func(n string) bool { return n == me })
	at := slices.Index(f.Order, f.Turn) + 1
	f.Order = slices.Insert(f.Order, at, me)
	if i, j := e.TokenIndex(me), e.TokenIndex(f.Turn); i >= 0 && j >= 0 {
		e.Tokens[i].Initiative = nil
		if v := e.Tokens[j].Initiative; v != nil {
			n := *v
			e.Tokens[i].Initiative = &n
		}
	}
	return nil
}

// DelayRefusal is why the creature whose turn it is in e may not Delay
// now, "" when it may. A Delay puts off a whole turn, before its first
// action: Player Core's Delay is a free action whose trigger is "Your
// turn begins", and Pathfinder 1e's says "you take no action" (Core
// Rulebook, Delay); the starship and points rules name no Delay, and
// the app holds them to the same. What the app knows a creature did this
// turn is its movement (its TurnState: actions or points spent, feet
// flown, diagonals counted), so one that has moved may not Delay: it
// came back from a Delay with a whole turn again.
func DelayRefusal(e *model.Encounter) string {
	f := e.Fight
	if f == nil {
		return "no fight in progress: Encounter > Start fight…"
	}
	if f.State[f.Turn] != (model.TurnState{}) {
		return fmt.Sprintf("%s has already moved this turn: a creature can Delay only before it acts (N ends its turn)", f.Turn)
	}
	return ""
}

// TurnOf is the turn state the overlays of token sel use: in a fight, on
// its turn, what it already did (a fresh turn otherwise). ok reports
// whether it is sel's turn.
func TurnOf(e *model.Encounter, sel int) (ts model.TurnState, ok bool) {
	if e.Fight == nil || sel < 0 || sel >= len(e.Tokens) || e.Tokens[sel].Name != e.Fight.Turn {
		return model.TurnState{}, false
	}
	return e.Fight.State[e.Fight.Turn], true
}

// TurnQuery fills q's turn state for token sel and bounds its actions by
// what the turn has left. It returns a message instead when the token has
// no movement left this turn.
func TurnQuery(e *model.Encounter, sel int, q *rules.MoveQuery) string {
	ts, ok := TurnOf(e, sel)
	if !ok {
		return ""
	}
	q.Turn = ts
	if a, _, _ := rules.Describe(e.Ruleset).TurnCounts(); a {
		left := rules.ActionsLeft(e.Ruleset, ts)
		if left == 0 {
			return fmt.Sprintf("%s has no actions left for movement this turn", e.Tokens[sel].Name)
		}
		if ts.Actions > 0 {
			q.Actions = min(max(q.Actions, 1), left)
		}
	}
	return ""
}

// SpendMove records in after.Fight what moving token i of before to (x, y)
// spent, when it is that token's turn (PlanMove, then Move.Spend): the
// path is asked of the rules with the turn so far (rules.Spend). A move
// the turn cannot pay for (placed with Shift), or of a token that cannot
// act (the GM moving a body), spends nothing.
func SpendMove(before, after *model.Encounter, i, x, y int, mode string) {
	PlanMove(before, i, x, y, Settings{Mode: mode}).Spend(after)
}

// KeepFight carries after's fight over the token edits from before to
// after: a renamed token keeps its place (matched by id), a deleted one
// leaves the order (the turn passes on when it was its), a token added
// joins it (joinOrder), and a fight left with nobody ends.
func KeepFight(before, after *model.Encounter) {
	f := after.Fight
	if f == nil {
		return
	}
	names := map[string]string{} // old name -> new name ("" = gone)
	for _, t := range before.Tokens {
		names[t.Name] = ""
		if j := after.TokenIndex(t.ID); j >= 0 && t.ID != "" {
			names[t.Name] = after.Tokens[j].Name
		}
	}
	exists := func(n string) bool {
		for i := range after.Tokens {
			if after.Tokens[i].Name == n {
				return true
			}
		}
		return false
	}
	rename := func(n string) string {
		if nn, ok := names[n]; ok {
			return nn
		}
		if exists(n) {
			return n
		}
		return ""
	}
	turn := rename(f.Turn)
	if turn == "" {
		// the turn passes to the next token that is still there
		i := slices.Index(f.Order, f.Turn)
		for k := 1; k < len(f.Order) && turn == ""; k++ {
			turn = rename(f.Order[(i+k)%len(f.Order)])
		}
	}
	var order []string
	state := map[string]model.TurnState{}
	for _, n := range f.Order {
		nn := rename(n)
		if nn == "" || slices.Contains(order, nn) {
			continue
		}
		order = append(order, nn)
		if st, ok := f.State[n]; ok {
			state[nn] = st
		}
	}
	if len(order) == 0 || turn == "" {
		after.Fight = nil
		return
	}
	order = joinOrder(before, after, order)
	f.Order, f.Turn, f.State = order, turn, state
	if len(state) == 0 {
		f.State = nil
	}
}

// joinOrder puts into order the tokens of after that before did not have
// (placed, duplicated or pasted in the middle of a fight: reinforcements,
// a summoned creature), each after the last creature whose initiative is
// at least its own, or last in the order when it has none, as Start fight
// puts a token without one (a duplicate keeps its original's initiative,
// and acts after it). The turn stays where it was. Without this the GM
// had to start the fight again for a newcomer to get a turn, back to
// round 1 with every initiative asked again. A token before had and the
// order leaves out (a file's fight of a few) stays out. It costs
// O(tokens + order x added).
func joinOrder(before, after *model.Encounter, order []string) []string {
	had := make(map[string]bool, 2*len(before.Tokens))
	for _, t := range before.Tokens {
		had[t.Name] = true
		if t.ID != "" {
			had["\x00"+t.ID] = true
		}
	}
	for i := range after.Tokens {
		t := &after.Tokens[i]
		if had[t.Name] || (t.ID != "" && had["\x00"+t.ID]) || slices.Contains(order, t.Name) {
			continue
		}
		at := len(order)
		if t.Initiative != nil {
			at = 0
			for j, n := range order {
				if k := after.TokenIndex(n); k >= 0 {
					if v := after.Tokens[k].Initiative; v != nil && *v >= *t.Initiative {
						at = j + 1
					}
				}
			}
		}
		order = slices.Insert(order, at, t.Name)
	}
	return order
}

// PlayersTurn is the turn the players' order line marks: a round and a
// creature they can see ("" marks none).
type PlayersTurn struct {
	Round int
	Name  string
}

// PlayersOrder is the initiative order as the players see it, "Round 2 ·
// ▶ Ann · Bo · Cy", and the turn it marks; "" (and the zero PlayersTurn)
// without a fight. Hidden tokens and those wholly in fog are left out.
// While such an unseen creature has its turn, the line keeps the round
// and the marker it showed before that turn began, shown (what the last
// call returned): a marker that vanished, or moved on, told the table
// that something unseen was acting (README, Player display).
// Without that (the display opened during the unseen turn, or the
// creature shown has gone from sight or from the order) the marker is on
// the last creature the players can see whose turn came before, by the
// order as it is; in round 1 before any such creature, the first they can
// see, as if the unseen creatures did not exist.
func PlayersOrder(e *model.Encounter, shown PlayersTurn) (string, PlayersTurn) {
	f := e.Fight
	if f == nil {
		return "", PlayersTurn{}
	}
	seen := func(n string) bool {
		i := e.TokenIndex(n)
		return i >= 0 && e.SeenByPlayers(&e.Tokens[i])
	}
	var mark PlayersTurn
	switch {
	case seen(f.Turn):
		mark = PlayersTurn{f.Round, f.Turn}
	case shown.Name != "" && seen(shown.Name) && slices.Contains(f.Order, shown.Name) &&
		shown.Round <= f.Round && shown.Round >= f.Round-1:
		mark = shown
	default:
		mark = seenBefore(f, seen)
	}
	parts := []string{fmt.Sprintf("Round %d", mark.Round)}
	for _, n := range f.Order {
		if !seen(n) {
			continue
		}
		if n == mark.Name {
			n = "▶ " + n
		}
		parts = append(parts, n)
	}
	return strings.Join(parts, " · "), mark
}

// seenBefore is the turn of the last creature seen before the turn of f
// by its order (into the round before when need be); in round 1 before
// any, the first creature seen; no creature when none is seen. It costs
// one pass over the order.
func seenBefore(f *model.Fight, seen func(string) bool) PlayersTurn {
	i := slices.Index(f.Order, f.Turn)
	if i < 0 {
		return PlayersTurn{Round: f.Round}
	}
	for k := 1; k < len(f.Order); k++ {
		j, r := i-k, f.Round
		if j < 0 {
			j, r = j+len(f.Order), r-1
		}
		if seen(f.Order[j]) {
			if r >= 1 {
				return PlayersTurn{r, f.Order[j]}
			}
			break
		}
	}
	for _, n := range f.Order {
		if seen(n) {
			return PlayersTurn{f.Round, n}
		}
	}
	return PlayersTurn{Round: f.Round}
}
