package rules

import (
	"fmt"

	"encounterplanner/model"
)

// Falling (rules-conventions.md "Elevation", the falling sentences; sf2e
// Player Core p. 413 "Falling" and "Falling on a Creature"; pf1e 1d6 per
// 10 ft).

// UnlimitedDepth is FallQuery.WaterDepth when the water is deeper than any
// reduction (the default).
const UnlimitedDepth = -1

// Fall limits and the landing save (sf2e Player Core p. 413).
const (
	MaxFallFeet     = 1500 // "Treat falls longer than 1,500 feet as though they were 1,500 feet"
	WaterReduction  = 20   // "as though it were 20 feet shorter"
	DiveReduction   = 30   // "or 30 feet shorter if you intentionally dove in"
	FallOntoDC      = 15   // "that creature must attempt a DC 15 Reflex save"
	pf1eMaxFallDice = 20   // pf1e: at most 20d6
	pf1eFeetPerDie  = 10   // pf1e: 1d6 per full 10 ft
)

// FallQuery asks what token Token suffers falling from its elevation to To
// feet.
type FallQuery struct {
	Token int
	// To is the landing elevation in feet (0: the ground; queries.md
	// "fall" --to).
	To int
	// WaterDepth is the depth of the water landed in, in feet, when the
	// space lands on a water square; UnlimitedDepth for no limit. sf2e only.
	WaterDepth int
	Dive       bool // an intentional dive into water (30 ft shorter); sf2e only
	// Onto is the index of the creature landed on, or -1 (NoFallOnto).
	Onto int
}

// NoFallOnto is FallQuery.Onto when the token lands on no creature.
const NoFallOnto = -1

// NewFallQuery is a fall of token tok to the ground, with unlimited water
// depth and no creature below.
func NewFallQuery(tok int) FallQuery {
	return FallQuery{Token: tok, WaterDepth: UnlimitedDepth, Onto: NoFallOnto}
}

// FallOnto is what the creature landed on takes, by its Reflex save's
// degree of success (sf2e).
type FallOnto struct {
	Token                                              int
	DC                                                 int
	CriticalSuccess, Success, Failure, CriticalFailure int
}

// Fall is the outcome of a fall.
type Fall struct {
	Feet      int // the distance fallen, before any reduction (from - to)
	Effective int // after the 1,500-ft cap and the water reduction (sf2e)
	Water     bool
	// Damage is sf2e's bludgeoning damage: half of Effective, rounded down,
	// when Effective is more than 5 ft.
	Damage int
	// Dice is pf1e's damage: "6d6", or "0" below 10 ft.
	Dice  string
	Prone bool
	Onto  *FallOnto // sf2e with FallQuery.Onto set
}

// FallRefusal is FallOf's refusal of where a fall ends, for one field of
// the query, so that a caller can name what the user gave for it (the
// command line's --to and --onto): Field is "To" (a landing that is not
// a whole number of squares, above the token, or farther below the ground
// than the token may go: MayGoBelow, the app's own check) or "Onto"
// (that creature is not under the token: LandsOn). Reason says why, in the
// GM's words and naming the tokens. It is a bad query.
type FallRefusal struct {
	Field  string
	Reason string
}

func (r *FallRefusal) Error() string { return "fall: " + r.Reason }
func (r *FallRefusal) Is(target error) bool {
	return target == ErrBadQuery || target == model.ErrInvalid
}

// LandsOn reports whether token tok, falling from its elevation to
// elevation to, lands on creature c (sf2e "Falling on a Creature"): c is
// under it, their spaces sharing a square of the map, with c's top (its
// elevation plus its height, a space being as tall as it is wide) at or
// below tok's elevation and above to, so that c stands in the way down (a
// creature whose top is at or below the landing, such as one burrowed
// under the ground where tok lands, is not landed on). O(1).
func LandsOn(e *model.Encounter, tok, c, to int) bool {
	return landsOnWhy(e, tok, c, to) == ""
}

// landsOnWhy is "" when LandsOn, else why not.
func landsOnWhy(e *model.Encounter, tok, c, to int) string {
	if tok < 0 || tok >= len(e.Tokens) || c < 0 || c >= len(e.Tokens) || tok == c {
		return "no such pair of tokens"
	}
	t, o := &e.Tokens[tok], &e.Tokens[c]
	kt, ko := e.Space(t), e.Space(o)
	if t.X >= o.X+ko || o.X >= t.X+kt || t.Y >= o.Y+ko || o.Y >= t.Y+kt {
		return fmt.Sprintf("%s is not under %s", o.Name, t.Name)
	}
	top := o.Elevation + ko*e.Feet()
	switch {
	case top > t.Elevation:
		return fmt.Sprintf("%s is not under %s (it reaches up to %d ft, and %s falls from %d ft)", o.Name, t.Name, top, t.Name, t.Elevation)
	case top <= to:
		return fmt.Sprintf("%s is not in %s's way down (it reaches up to %d ft, and %s lands at %d ft)", o.Name, t.Name, top, t.Name, to)
	}
	return ""
}

// belowWhy says why token t may not go below the ground (it may not:
// MayGoBelow): no burrow Speed, and water under none or only part of its
// space.
func belowWhy(e *model.Encounter, t *model.Token) string {
	k, wet := e.Space(t), 0
	for y := t.Y; y < t.Y+k; y++ {
		for x := t.X; x < t.X+k; x++ {
			if e.Grid.In(x, y) && e.Grid.At(x, y)&model.Water != 0 {
				wet++
			}
		}
	}
	if wet > 0 {
		return "no burrow Speed, and water under only part of its space"
	}
	return "no burrow Speed, no water"
}

// FallOf computes a fall (rules-conventions.md "Elevation"). sf2e: the fall
// is capped at 1,500 ft; onto a water square (any square of the space) it
// counts 20 ft shorter (30 with Dive), the reduction never more than
// WaterDepth; more than 5 ft left does half of it in damage, rounded down,
// and leaves the token prone; a creature landed on takes by its DC 15
// Reflex save nothing, a quarter, half or all of that damage, each rounded
// down. pf1e: 1d6 per full 10 ft, at most 20d6, "0" below 10 ft, prone when
// any; no water rule and no rule for landing on a creature (a query for
// either is bad). Other rulesets are bad queries; so are, as a
// *FallRefusal of the field at fault, a landing above the token, an
// elevation not a multiple of feetPerSquare, a landing below the ground
// for a token that may not go there (MayGoBelow: a burrow Speed, or water
// under its whole space; the app refuses PageDown there the same way) and
// a creature to land on that is not under the token (LandsOn). O(space).
func FallOf(e *model.Encounter, q FallQuery) (Fall, error) {
	if e.Ruleset != model.SF2E && e.Ruleset != model.PF1E {
		return Fall{}, BadQuery("falling is an sf2e and pf1e rule; this encounter's ruleset is %s", e.Ruleset)
	}
	if q.Token < 0 || q.Token >= len(e.Tokens) {
		return Fall{}, BadQuery("fall: no token %d (the encounter has %d)", q.Token, len(e.Tokens))
	}
	t := &e.Tokens[q.Token]
	fps := e.Feet()
	to := q.To
	if q.Onto != NoFallOnto {
		if q.Onto < 0 || q.Onto >= len(e.Tokens) {
			return Fall{}, BadQuery("fall: no token %d to land on (the encounter has %d)", q.Onto, len(e.Tokens))
		}
		if q.Onto == q.Token {
			return Fall{}, BadQuery("fall: token %q cannot land on itself", t.Name)
		}
		if e.Ruleset == model.PF1E {
			return Fall{}, BadQuery("fall: pf1e has no rule for landing on a creature (--onto is sf2e's)")
		}
	}
	if to%fps != 0 {
		return Fall{}, &FallRefusal{"To", fmt.Sprintf("the landing elevation %d ft is not a multiple of %d ft (one square)", to, fps)}
	}
	if to > t.Elevation {
		return Fall{}, &FallRefusal{"To", fmt.Sprintf("%s is at %d ft and cannot fall up to %d ft", t.Name, t.Elevation, to)}
	}
	if e.Ruleset == model.PF1E && (q.Dive || q.WaterDepth != UnlimitedDepth) {
		return Fall{}, BadQuery("fall: pf1e has no soft landing in water (--water-depth and --dive are sf2e's)")
	}
	if q.WaterDepth < UnlimitedDepth {
		return Fall{}, BadQuery("fall: water depth %d ft is negative", q.WaterDepth)
	}
	if to < 0 && to < t.Elevation && !MayGoBelow(e, q.Token) {
		return Fall{}, &FallRefusal{"To", fmt.Sprintf("%s cannot go below the ground here (%s)", t.Name, belowWhy(e, t))}
	}
	if q.Onto != NoFallOnto {
		if why := landsOnWhy(e, q.Token, q.Onto, to); why != "" {
			return Fall{}, &FallRefusal{"Onto", why}
		}
	}
	f := Fall{Feet: t.Elevation - to}
	if e.Ruleset == model.PF1E {
		n := min(f.Feet/pf1eFeetPerDie, pf1eMaxFallDice)
		f.Effective = f.Feet
		f.Dice = "0"
		if n > 0 {
			f.Dice = fmt.Sprintf("%dd6", n)
			f.Prone = true
		}
		return f, nil
	}
	f.Effective = min(f.Feet, MaxFallFeet)
	if spaceHasTrait(e, t, model.Water) {
		f.Water = true
		cut := WaterReduction
		if q.Dive {
			cut = DiveReduction
		}
		if q.WaterDepth != UnlimitedDepth {
			cut = min(cut, q.WaterDepth)
		}
		f.Effective = max(0, f.Effective-cut)
	}
	if f.Effective > 5 {
		f.Damage = f.Effective / 2
	}
	f.Prone = f.Damage > 0
	if q.Onto != NoFallOnto {
		f.Onto = &FallOnto{Token: q.Onto, DC: FallOntoDC, Success: f.Damage / 4, Failure: f.Damage / 2, CriticalFailure: f.Damage}
	}
	return f, nil
}

// spaceHasTrait reports whether any square of t's space on the map has a
// trait of mask.
func spaceHasTrait(e *model.Encounter, t *model.Token, mask model.Trait) bool {
	k := e.Space(t)
	for y := t.Y; y < t.Y+k; y++ {
		for x := t.X; x < t.X+k; x++ {
			if e.Grid.In(x, y) && e.Grid.At(x, y)&mask != 0 {
				return true
			}
		}
	}
	return false
}

// MustFall reports whether token tok is left in the air (sf2e and pf1e):
// above the ground (elevation > 0) without a fly Speed, or with one but
// unable to act (CannotAct), since staying up takes its Fly actions. The
// app shows such a token's fall (FallOf). O(conditions).
func MustFall(e *model.Encounter, tok int) bool {
	if e.Ruleset != model.SF2E && e.Ruleset != model.PF1E || tok < 0 || tok >= len(e.Tokens) {
		return false
	}
	t := &e.Tokens[tok]
	if t.Elevation <= 0 {
		return false
	}
	_, fly := t.Speed(ModeFly)
	return !fly || CannotAct(t)
}

// Falling lists, in token order, every token that MustFall. O(tokens).
func Falling(e *model.Encounter) []int {
	var out []int
	for i := range e.Tokens {
		if MustFall(e, i) {
			out = append(out, i)
		}
	}
	return out
}
