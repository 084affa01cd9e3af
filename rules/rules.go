// Package rules computes movement, paths, cover and flanking by the book for
// each ruleset (../shared/rules-text, docs/rules-conventions.md). It is pure:
// it imports model/ and the standard library only.
package rules

import (
	"errors"
	"fmt"

	"encounterplanner/model"
)

// Movement modes a query may ask for.
const (
	ModeLand   = "land"
	ModeFly    = "fly"
	ModeSwim   = "swim"
	ModeClimb  = "climb"
	ModeBurrow = "burrow"
	ModeCrawl  = "crawl" // points only: spends land points at +1 per square
)

// MoveQuery asks where token Token of the encounter can move.
type MoveQuery struct {
	Token   int    // index into Encounter.Tokens
	Mode    string // "" = the ruleset's default (fly for starship, land otherwise)
	Actions int    // 0 = 1; the actions still to use (points: the total committed this turn)
	Step    bool   // sf2e: a single Step instead of Strides
	// Turn is what the token already did this turn (rules-conventions.md
	// "Turn state"); the zero value is a fresh turn. See CheckTurn.
	Turn model.TurnState
	// Elevation is the end elevation in feet when SetElevation is set
	// (sf2e, pf1e): a flight ends there; other modes keep the token's own
	// (asking another is a bad query). Unset: the token's own.
	Elevation    int
	SetElevation bool
}

// Square is a position where a token can end its movement: the top-left
// square of its space, the fewest actions any route there needs and the least
// cost among routes with that many actions.
type Square struct {
	X, Y    int
	Cost    int   // feet; points for the points ruleset
	Actions int   // 1..3
	Facings uint8 // starship: bit f set when the ship can end there facing model.Facing(f)
}

// Flag marks what a path step passes: terrain to warn about and reactions.
type Flag uint8

// Step flags, in the order the queries list them.
const (
	FlagDifficult Flag = 1 << iota
	FlagGreaterDifficult
	FlagHazardous
	FlagNarrow
	FlagUneven
	FlagReaction // leaves a square within an enemy's reach during a move action
)

var flagNames = []string{"difficult", "greater-difficult", "hazardous", "narrow", "uneven", "reaction"}

// Names lists the flags set, in canonical order; never nil.
func (f Flag) Names() []string {
	out := []string{}
	for i, n := range flagNames {
		if f&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// NoTurn is Step.Turn for a step that moves.
const NoTurn = -1

// Step is one move of a path: the new top-left square of the space (or, for
// a starship turn in place, the new facing), what it cost and the total.
type Step struct {
	X, Y  int
	Turn  int // NoTurn, or the model.Facing the ship turns to (in place)
	Cost  int
	Total int
	Flags Flag
	Z     int // feet: the elevation of the space after the step (flying paths)
}

// Path is the route to one square (see queries.md for the tie-break order).
type Path struct {
	Reachable bool
	Cost      int
	Actions   int
	Steps     []Step
	// Diagonals is the turn's diagonal count after the path: the query's
	// Turn.Diagonals plus the diagonals the path counts (pf1e: a doubled
	// diagonal leaves the count unchanged; points counts every diagonal).
	Diagonals int
	// Fly is set for a flight over elevation layers (sf2e, pf1e): the steps
	// carry Z. Dive (pf1e) marks a flight that qualifies for a dive attack.
	Fly, Dive bool
}

// Cover is the cover a target has from an attacker.
type Cover uint8

// Cover degrees, weakest first; Blocked means no line of effect.
const (
	CoverNone Cover = iota
	CoverLesser
	CoverStandard
	CoverGreater
	CoverBlocked
)

var coverNames = [...]string{"none", "lesser", "standard", "greater", "blocked"}

func (c Cover) String() string {
	if int(c) < len(coverNames) {
		return coverNames[c]
	}
	return fmt.Sprintf("cover(%d)", int(c))
}

// Flank says that tokens By[0] and By[1] (indices, By[0] < By[1] by name
// order) flank token Target.
type Flank struct {
	Target int
	By     [2]int
}

// Point is a square of the map.
type Point struct{ X, Y int }

// Engine is one ruleset. An Engine keeps search buffers between calls, so it
// is not safe for concurrent use: make one per goroutine with For.
type Engine interface {
	// Reach appends to dst every square where the token can end its move,
	// its start excluded, sorted by y then x.
	Reach(dst []Square, e *model.Encounter, q MoveQuery) ([]Square, error)
	// Path returns the route to the top-left position (x, y).
	Path(e *model.Encounter, q MoveQuery, x, y int) (Path, error)
	// Cover returns the cover token `to` has against token `from`.
	Cover(e *model.Encounter, from, to int) (Cover, error)
	// Flanking lists every flanking pair of every foe, sorted by target
	// name, then pair names.
	Flanking(e *model.Encounter) ([]Flank, error)
	// Threatened appends the squares token tok can attack in melee (its
	// reach area; where leaving a square triggers its reactions).
	Threatened(dst []Point, e *model.Encounter, tok int) []Point
}

// Mover is the extra movement of the points ruleset: leap, teleport and
// forced movement. Each appends the squares the token can end in.
type Mover interface {
	Leap(dst []Square, e *model.Encounter, tok int) ([]Square, error)
	Teleport(dst []Square, e *model.Encounter, tok, rangeSquares int) ([]Square, error)
	// Forced moves tok by source; Square.Facings is 1 where it stopped
	// against a creature, wall or obstacle (a collision).
	Forced(dst []Square, e *model.Encounter, tok int, kind string, source, distance int) ([]Square, error)
}

// ErrBadQuery is wrapped by every error that a user's input causes (an
// unknown mode, a missing Speed, 3 actions in pf1e): the command line exits 2.
var ErrBadQuery = errors.New("bad query")

type badQuery struct{ msg string }

func (b badQuery) Error() string        { return b.msg }
func (b badQuery) Is(target error) bool { return target == ErrBadQuery || target == model.ErrInvalid }

// BadQuery makes an error wrapping ErrBadQuery with a message for the user.
func BadQuery(format string, args ...any) error { return badQuery{fmt.Sprintf(format, args...)} }

// For returns a fresh engine for the ruleset.
func For(r model.Ruleset) (Engine, error) {
	switch r {
	case model.SF2E:
		return newSF2E(), nil
	case model.PF1E:
		return newPF1E(), nil
	case model.Starship:
		return newStarship(), nil
	case model.Points:
		return newPoints(), nil
	}
	return nil, BadQuery("unknown ruleset %q", r)
}

// DefaultMode is fly for starship and land for every other ruleset.
func DefaultMode(r model.Ruleset) string {
	if r == model.Starship {
		return ModeFly
	}
	return ModeLand
}

// Modes lists the movement modes a ruleset knows, default first.
func Modes(r model.Ruleset) []string {
	switch r {
	case model.Starship:
		return []string{ModeFly}
	case model.Points:
		return []string{ModeLand, ModeCrawl, ModeClimb, ModeSwim}
	}
	return []string{ModeLand, ModeFly, ModeSwim, ModeClimb, ModeBurrow}
}

// MaxActions is the most actions a query may ask for: 2 in pf1e (a double
// move), 1 for starship, 3 otherwise.
func MaxActions(r model.Ruleset) int {
	switch r {
	case model.PF1E:
		return 2
	case model.Starship:
		return 1
	}
	return 3
}
