package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// Raised is token tok's elevation after dir presses of PageUp (dir > 0)
// or PageDown (dir < 0): one square's feet a press. It stops at the
// ground for a token that may not go below it (rules.MayGoBelow): then
// elevation is the token's own and refused says why, in the GM's words.
// ok is false where the ruleset has no elevation (rules.HasElevation) or
// tok is no token.
func Raised(e *model.Encounter, tok, dir int) (elevation int, refused string, ok bool) {
	if !rules.HasElevation(e.Ruleset) || tok < 0 || tok >= len(e.Tokens) {
		return 0, "", false
	}
	t := &e.Tokens[tok]
	z := t.Elevation + dir*e.Feet()
	if z < 0 && z < t.Elevation && !rules.MayGoBelow(e, tok) {
		return t.Elevation, belowRefusal(e, t), true
	}
	return z, "", true
}

// belowRefusal says why token t, which may not (rules.MayGoBelow), does
// not go below the ground: it neither burrows nor has water under its
// whole space to dive into.
func belowRefusal(e *model.Encounter, t *model.Token) string {
	return fmt.Sprintf("%s cannot go below the ground: %s", t.Name, belowWhy(e, t))
}

// belowWhy is belowRefusal's reason: "it has no burrow Speed, and no
// water is under it" (or "water is under only part of its space").
func belowWhy(e *model.Encounter, t *model.Token) string {
	k, wet := e.Space(t), 0
	for y := t.Y; y < t.Y+k; y++ {
		for x := t.X; x < t.X+k; x++ {
			if e.Grid.In(x, y) && e.Grid.At(x, y)&model.Water != 0 {
				wet++
			}
		}
	}
	under := "no water is under it"
	if wet > 0 {
		under = "water is under only part of its space"
	}
	return "it has no burrow Speed, and " + under
}

// DepthRefusal says why token t, as an edit would leave it on e's map
// (its place and Speeds), may not be set to elevation z, "" when it may:
// Raised's rule for PageDown, for the inspector's Elevation field. Below
// the ground takes a burrow Speed or water under its whole space
// (rules.MayGoBelow); going up, even while still below, is never refused.
// In the GM's words, naming the token: "-10 ft is below the ground, where
// Low cannot go: it has no burrow Speed, and no water is under it".
func DepthRefusal(e *model.Encounter, t *model.Token, z int) string {
	if !rules.HasElevation(e.Ruleset) || z >= 0 || z >= t.Elevation {
		return ""
	}
	one := model.Encounter{Ruleset: e.Ruleset, FeetPerSquare: e.FeetPerSquare, Grid: e.Grid, Tokens: []model.Token{*t}}
	if rules.MayGoBelow(&one, 0) {
		return ""
	}
	return fmt.Sprintf("%d ft is below the ground, where %s cannot go: %s", z, t.Name, belowWhy(e, t))
}

// underGround says why token t, where it stands (or where a drop would
// put it), may not be there below the ground, "" when it may: its
// elevation is negative without a burrow Speed or water under its whole
// space (rules.MayGoBelow's test, the one PageDown and the Elevation
// field ask). A diver dragged out of its pool onto dry ground was
// placed there 10 ft down, inside the earth, without a word. Short, as
// the hovered path's "cannot end there: ..." shares the status bar with
// it: "10 ft below the ground, with no burrow Speed and no water under
// it". O(space).
func underGround(e *model.Encounter, t *model.Token) string {
	if t.Elevation >= 0 || !rules.HasElevation(e.Ruleset) {
		return ""
	}
	if _, burrow := t.Speed(rules.ModeBurrow); burrow || rules.OverWater(e, t) {
		return ""
	}
	under := "no water under it"
	if spaceWet(e, t) {
		under = "water under only part of it"
	}
	return fmt.Sprintf("%d ft below the ground, with no burrow Speed and %s", -t.Elevation, under)
}

// spaceWet reports whether `water` is under any square of t's space.
func spaceWet(e *model.Encounter, t *model.Token) bool {
	k := e.Space(t)
	for y := t.Y; y < t.Y+k; y++ {
		for x := t.X; x < t.X+k; x++ {
			if e.Grid.In(x, y) && e.Grid.At(x, y)&model.Water != 0 {
				return true
			}
		}
	}
	return false
}

// Height words an elevation: "15 ft up", "10 ft down", "on the ground".
func Height(feet int) string {
	switch {
	case feet > 0:
		return fmt.Sprintf("%d ft up", feet)
	case feet < 0:
		return fmt.Sprintf("%d ft down", -feet)
	}
	return "on the ground"
}

// endHeight words where a path of the token ends in height, for rulesets
// with elevation, when the token flies or is off the ground: "ends 15 ft
// up", plus "dive attack" for a pf1e flight that qualifies.
func endHeight(e *model.Encounter, t *model.Token, p *rules.Path) []string {
	if !rules.HasElevation(e.Ruleset) {
		return nil
	}
	z := t.Elevation
	if p.Fly && len(p.Steps) > 0 {
		z = p.Steps[len(p.Steps)-1].Z
	}
	var out []string
	if z != 0 || t.Elevation != 0 {
		out = append(out, "ends "+Height(z))
	}
	if p.Dive {
		out = append(out, "dive attack")
	}
	return out
}

// ModeBack words the overlays' Mode going back to mode once token i's
// height no longer asks for the one it chose (HeightMode): "Navasi is on
// the ground: showing land" after a landing, "Navasi is unconscious 15 ft
// up: showing land" for a flyer that must fall (rules.MustFall).
func ModeBack(e *model.Encounter, i int, mode string) string {
	if i < 0 || i >= len(e.Tokens) {
		return ""
	}
	t := &e.Tokens[i]
	if rules.MustFall(e, i) {
		return fmt.Sprintf("%s %s: showing %s", t.Name, aloft(t), mode)
	}
	return fmt.Sprintf("%s is %s: showing %s", t.Name, Height(t.Elevation), mode)
}

// FallWarning words what happens to token tok, left in the air
// (rules.MustFall) without a fly Speed ("Dae is 30 ft up without a fly
// Speed: it would fall 30 ft for 15 bludgeoning damage and land prone")
// or unable to act, with a fly Speed or without ("Navasi is unconscious
// 15 ft up: it would fall ...").
// A fall that does no damage says so plainly ("it would drop 5 ft, no
// damage"). The creature it would land on (sf2e: PlanFall's) is named,
// "it would fall 30 ft onto Big for 15 bludgeoning damage", as the fall
// names it with its save. "" when it need not fall.
func FallWarning(e *model.Encounter, tok int) string {
	if !rules.MustFall(e, tok) {
		return ""
	}
	t := &e.Tokens[tok]
	head := t.Name + " " + aloft(t) // move.go
	// the fall the GM's command makes (fall.go), with whom it lands on
	p, err := PlanFall(e, tok)
	if err != nil {
		return fmt.Sprintf("%s: it would fall (%v)", head, err)
	}
	f := p.Fall
	water, onto := "", ""
	if f.Water {
		water = " into water"
	}
	if p.Onto >= 0 && f.Onto != nil {
		onto = " onto " + e.Tokens[p.Onto].Name
	}
	if harmless(f) {
		return fmt.Sprintf("%s: it would drop %d ft%s%s, no damage", head, f.Feet, water, onto)
	}
	s := fmt.Sprintf("%s: it would fall %d ft%s for %s", head, f.Feet, onto, damageWords(e.Ruleset, f, -1))
	if f.Water {
		s += " (into water)"
	}
	if f.Prone {
		s += " and land prone"
	}
	return s
}

// harmless reports whether fall f does no damage: sf2e's 5 ft or less
// (after water), pf1e's below 10 ft ("0" dice).
func harmless(f rules.Fall) bool {
	return f.Damage == 0 && (f.Dice == "" || f.Dice == "0")
}

// endElevation gives a flight query of the selected token the overlays
// panel's end elevation (rules.MoveQuery.Elevation), so its reach and its
// path to the hovered square end that high. Other modes keep the token's
// own height: the setting does not apply to them.
func endElevation(e *model.Encounter, set Settings, q *rules.MoveQuery) {
	if set.EndSet && q.Mode == rules.ModeFly && rules.HasElevation(e.Ruleset) {
		q.Elevation, q.SetElevation = set.End, true
	}
}

// endsElsewhere reports whether a flight of token sel is asked to end at
// another height than its own: then even its own square has a path
// (straight up or down).
func endsElsewhere(e *model.Encounter, sel int, set Settings) bool {
	q := rules.MoveQuery{Mode: set.Mode}
	endElevation(e, set, &q)
	return q.SetElevation && sel >= 0 && sel < len(e.Tokens) && q.Elevation != e.Tokens[sel].Elevation
}

// threatAt is enemy j's reach where the selected token sel would stand: the
// squares where j reaches some cube of sel's box, at sel's height and as
// tall as its space (the Enemy reach overlay and the path's provokers
// follow elevation), when either is off the ground; else the engine's own
// answer on the ground.
func threatAt(eng rules.Engine, e *model.Encounter, j, sel int) []rules.Point {
	me, foe := &e.Tokens[sel], &e.Tokens[j]
	if (me.Elevation != 0 || foe.Elevation != 0) && rules.HasElevation(e.Ruleset) {
		return rules.ThreatenedAt(nil, e, j, me.Elevation, e.Space(me))
	}
	return eng.Threatened(nil, e, j)
}
