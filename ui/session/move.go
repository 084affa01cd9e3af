package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// On its turn in a fight a drag moves a token as the creature would move
// itself: a token that cannot act does not move, and one that can goes no
// farther than what is left of its turn lets it (rules-conventions.md,
// "Turn state" and "Conditions the rules act on"). The editor refuses such
// a drag unless Shift is held; placed with Shift, the move spends nothing.

// incapable is how the status bar says that token t cannot act ("is
// unconscious", "is dead", "cannot act"), "" when it can (rules.Incapacity).
func incapable(t *model.Token) string {
	switch rules.Incapacity(t) {
	case model.CondDead:
		return "is dead"
	case model.CondUnconscious:
		return "is unconscious"
	case model.CondCannotAct:
		return "cannot act"
	}
	return ""
}

// CannotMove says why token i cannot move by itself at all, "Dae is
// unconscious: it cannot move" ("Dae cannot act or move"), "" when it can: it is dead, unconscious or
// cannot act, or it is in the air without a fly Speed and must fall first
// (rules.MustFall), where a Stride would walk on air. A token that must
// fall is told its fall and how to make it ("Low is 5 ft up without a fly
// Speed: it would drop 5 ft, no damage; it must fall before it moves
// (Encounter > Selected token falls)"), one that cannot act in the air
// too, its fly Speed no help ("Navasi is unconscious 15 ft up: it would
// fall ...; it cannot move, and falls with Encounter > Selected token
// falls"), which the status bar keeps while it is selected. The overlays
// show such a token no reach and no path.
func CannotMove(e *model.Encounter, i int) string {
	if i < 0 || i >= len(e.Tokens) {
		return ""
	}
	t := &e.Tokens[i]
	w := incapable(t)
	if f := FallWarning(e, i); f != "" {
		if w != "" {
			return fmt.Sprintf("%s; it cannot move, and falls with %s", f, FallCommand)
		}
		return fmt.Sprintf("%s; it must fall before it moves (%s)", f, FallCommand)
	}
	if w == "cannot act" {
		return t.Name + " cannot act or move"
	}
	if w != "" {
		return fmt.Sprintf("%s %s: it cannot move", t.Name, w)
	}
	return ""
}

// mustFallFirst says, after the token's name, why token i must fall
// before it moves ("is 15 ft up without a fly Speed and must fall first
// (Encounter > Selected token falls)", "is unconscious 15 ft up and must
// fall first (...)" for one that cannot act), "" when it need not
// (rules.MustFall).
func mustFallFirst(e *model.Encounter, i int) string {
	if !rules.MustFall(e, i) {
		return ""
	}
	t := &e.Tokens[i]
	return fmt.Sprintf("%s and must fall first (%s)", aloft(t), FallCommand)
}

// aloft says, after the token's name, why token t in the air must fall
// (rules.MustFall): "is unconscious 15 ft up" for one that cannot act (a
// fly Speed or not), else "is 15 ft up without a fly Speed".
func aloft(t *model.Token) string {
	if w := incapable(t); w != "" {
		return fmt.Sprintf("%s %s", w, Height(t.Elevation))
	}
	return fmt.Sprintf("is %s without a fly Speed", Height(t.Elevation))
}

// Unreached words, for the status bar, why the path of token i to the
// hovered (x, y) in the overlays' settings set does not get there: where
// the token may not end (EndRefusalAt, at the height the path ends:
// "cannot end there: occupied by Brute", a wall, a closed door), else, on
// its turn, "beyond its turn" (a fresh turn may reach it: "no path there"
// misled), else "no path there". An occupied square within reach said
// "beyond its turn".
func Unreached(e *model.Encounter, i, x, y int, set Settings) string {
	if i < 0 || i >= len(e.Tokens) {
		return ""
	}
	if why := EndRefusalAt(e, i, x, y, DropHeight(e, i, set)); why != "" {
		return "cannot end there: " + why
	}
	if _, turn := TurnOf(e, i); turn {
		return "beyond its turn"
	}
	return "no path there"
}

// FallCommand is where the GM makes a token fall: the Encounter menu's
// item (and the inspector's Fall button beside the Elevation field).
const FallCommand = "Encounter > Selected token falls"

// Move is a drag of a token as PlanMove judged it: why the creature may
// not make it itself ("" when it may), the height it ends at, and, on its
// turn, what making it spends.
type Move struct {
	// Refusal says why token i of e may not move itself to (x, y), in
	// words that follow "Goblin Warrior not moved: "; "" when it may.
	Refusal string
	// Elevation is where the move ends in height (DropHeight): the
	// overlays' End elevation for a flight, else the token's own. A move
	// placed with Shift ends there too: it is where the drawn path ends.
	Elevation int
	pays      bool            // the move is its turn's to pay for
	next      model.TurnState // its turn state once it has moved
	token     int             // the token moved
	turned    bool            // a ship's path turned it: it ends facing facing
	facing    model.Facing
}

// PlanMove judges the move of token i of e to (x, y) with the overlays'
// settings set: its movement mode (as FitMode reads it for the token) and,
// for a flight, the End elevation the path ends at (DropHeight), which is
// where the move puts the token. On its turn in a fight a token that
// cannot act does not move, one in the air without a fly Speed must fall
// first (rules.MustFall), and one that can moves only where what is left
// of its turn reaches: not with no actions left, nor without a Speed for
// the mode, nor beyond its movement ("(0, 0) is beyond its movement (3 of
// 3 actions left)"). Outside its turn, or outside a fight, the GM moves it
// freely (setting up the map, dragging a body aside), and a leap,
// teleport or forced movement (points), which has no path, is the GM's
// call too. Whether the token may stand at (x, y) at that height is
// EndRefusalAt's question, asked first: a square it may not end on is
// beyond any path. It costs one path query on the token's turn, which
// Spend then reuses.
func PlanMove(e *model.Encounter, i, x, y int, set Settings) Move {
	if i < 0 || i >= len(e.Tokens) {
		return Move{}
	}
	m := planMove(e, i, x, y, set)
	m.Elevation = DropHeight(e, i, set)
	return m
}

func planMove(e *model.Encounter, i, x, y int, set Settings) Move {
	if _, turn := TurnOf(e, i); !turn {
		return Move{} // the GM places it (setting up the map, a body dragged aside)
	}
	if why := StaysPut(e, i); why != "" {
		return Move{Refusal: why}
	}
	p, ts, why, ok := turnPath(e, i, x, y, set)
	if !ok || why != "" {
		return Move{Refusal: why}
	}
	m := Move{pays: true, next: rules.Spend(e.Ruleset, ts, p), token: i}
	for _, s := range p.Steps { // a ship flies on facing where its path left it
		if s.Turn != rules.NoTurn {
			m.turned, m.facing = true, model.Facing(s.Turn)
		}
	}
	return m
}

// StaysPut says why token i, on its turn in a fight, makes no move of its
// own wherever it is dragged ("it is unconscious and cannot move", "it is
// 15 ft up without a fly Speed and must fall first"), "" when it may move
// or it is not its turn (the GM places it). It asks no path: the drag's
// ghost asks it at every square the pointer crosses.
func StaysPut(e *model.Encounter, i int) string {
	if _, turn := TurnOf(e, i); !turn {
		return ""
	}
	if w := mustFallFirst(e, i); w != "" { // unable to act or not, its fall first
		return "it " + w
	}
	if w := incapable(&e.Tokens[i]); w == "cannot act" {
		return "it cannot act or move"
	} else if w != "" {
		return fmt.Sprintf("it %s and cannot move", w)
	}
	return ""
}

// Spend records in after.Fight what the move spent: nothing unless it was
// the turn's to pay for (a refused move placed with Shift, or a token
// moved off its turn, spends nothing). A ship whose path turned it ends
// facing as the path does ("ends facing E" in the status bar), so the
// rest of its turn flies on from there.
func (m Move) Spend(after *model.Encounter) {
	if !m.pays || after.Fight == nil {
		return
	}
	if m.turned && m.token < len(after.Tokens) {
		after.Tokens[m.token].Facing = m.facing
	}
	if after.Fight.State == nil {
		after.Fight.State = map[string]model.TurnState{}
	}
	after.Fight.State[after.Fight.Turn] = m.next
}

// MoveRefusal is PlanMove's refusal alone, for a move in mode at the
// token's own height.
func MoveRefusal(e *model.Encounter, i, x, y int, mode string) string {
	return PlanMove(e, i, x, y, Settings{Mode: mode}).Refusal
}

// DropHeight is where a drag of token i with the overlays' settings set
// ends in height: the End elevation when the drag is a flight that asks
// one (endElevation: mode fly, as FitMode reads it, in a ruleset with
// elevation), else the token's own. The path the overlays draw ends
// there, and so does the move.
func DropHeight(e *model.Encounter, i int, set Settings) int {
	if i < 0 || i >= len(e.Tokens) {
		return 0
	}
	q := rules.MoveQuery{Mode: FitMode(e, i, set.Mode)}
	endElevation(e, set, &q)
	if q.SetElevation {
		return q.Elevation
	}
	return e.Tokens[i].Elevation
}

// turnPath is the path token i of e takes to (x, y) in the settings' mode
// with what is left of its turn, ending at the settings' End elevation
// for a flight (endElevation), and the turn state it starts from. ok is
// false when the move is not the turn's to pay for: not i's turn, no
// fight, or a mode without a path (leap, teleport, forced). why, when not
// "", says why the turn cannot pay for it (as MoveRefusal).
func turnPath(e *model.Encounter, i, x, y int, set Settings) (p rules.Path, ts model.TurnState, why string, ok bool) {
	ts, ok = TurnOf(e, i)
	mode := FitMode(e, i, set.Mode)
	if !ok || MoverMode(mode) {
		return rules.Path{}, ts, "", false
	}
	if missingSpeed(e, i, mode) != "" {
		return rules.Path{}, ts, fmt.Sprintf("it has no %s Speed", mode), true
	}
	q := rules.MoveQuery{Token: i, Mode: mode, Actions: rules.Describe(e.Ruleset).MaxActions}
	endElevation(e, set, &q)
	if TurnQuery(e, i, &q) != "" {
		return rules.Path{}, ts, "it has no actions left for movement this turn", true
	}
	eng, err := rules.For(e.Ruleset)
	if err != nil {
		return rules.Path{}, ts, gmWords("rules", err), true
	}
	q.Actions = rules.ActionsLeft(e.Ruleset, ts)
	p, err = eng.Path(e, q, x, y)
	if err != nil {
		return rules.Path{}, ts, gmWords("path", err), true
	}
	if !p.Reachable {
		why = fmt.Sprintf("(%d, %d) is beyond its movement", x, y)
		if w := TurnWords(e.Ruleset, &e.Tokens[i], ts); w != "" {
			why += " (" + w + ")"
		}
	}
	return p, ts, why, true
}

// TurnWords says what token t with turn state ts has had or has left of
// its turn under ruleset r: "2 of 3 actions left" (sf2e, pf1e), "5 of 5
// points spent, +2 per extra action" (points: pointsSpentWords), "100 of
// 300 ft flown" (starship: the feet flown of its fly Speed, the move it
// may break up; "no fly Speed: cannot move" without one, where "0 ft
// flown" said nothing of why).
func TurnWords(r model.Ruleset, t *model.Token, ts model.TurnState) string {
	actions, _, spent := rules.Describe(r).TurnCounts()
	switch {
	case actions:
		return fmt.Sprintf("%d of %d actions left", rules.ActionsLeft(r, ts), rules.MaxActions(r))
	case spent && rules.Describe(r).Points:
		return pointsSpentWords(t, ts.Spent, rules.Describe(r).MaxActions)
	case spent:
		if speed, ok := t.Speed(model.SpeedFly); ok {
			return fmt.Sprintf("%d of %d ft flown", ts.Spent, speed)
		}
		return "no fly Speed: cannot move"
	}
	return ""
}

// pointsSpentWords says the points token t has spent of those its turn
// has given so far, and what more actions would give (docs/ui.md):
// the move action gives its Speed and each extra action its mobility,
// up to most actions, and the turn records only the points spent, so
// "of" counts the fewest actions that pay for them: "3 of 5 points
// spent, +2 per extra action", "6 of 7 points spent, +2 for a third
// action", "8 of 9 points spent"; "Speed 0: cannot move".
func pointsSpentWords(t *model.Token, spent, most int) string {
	if rules.PointsFor(t, most) == 0 {
		return "Speed 0: cannot move"
	}
	n := 1
	for n < most && rules.PointsFor(t, n) < spent {
		n++
	}
	have := rules.PointsFor(t, n)
	w := fmt.Sprintf("%d of %d points spent", spent, have)
	switch more := rules.PointsFor(t, n+1) - have; {
	case n >= most || more <= 0:
	case n == most-1:
		w += fmt.Sprintf(", +%d for %s action", more, ordinalAction(n+1))
	default:
		w += fmt.Sprintf(", +%d per extra action", more)
	}
	return w
}

// ordinalAction is "a second", "a third", "a 4th" ... action.
func ordinalAction(n int) string {
	switch n {
	case 2:
		return "a second"
	case 3:
		return "a third"
	}
	return fmt.Sprintf("a %dth", n)
}
