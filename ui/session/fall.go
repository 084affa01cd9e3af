package session

import (
	"fmt"
	"slices"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// A token left in the air (rules.MustFall: no fly Speed, or one it cannot
// use) falls when the GM says so (FallCommand): down to the ground, or
// onto the water's surface, the fall counted as the rules count it
// (rules.FallOf); in a fight its HP takes the damage; prone when the fall
// says so. One undo step.

// FallPlan is token Token's fall as the app makes it: to elevation 0 (the
// ground, or the water's surface, the fall then counted shorter), what
// the rules say of it, and the creature it lands on, if any.
type FallPlan struct {
	Token int
	Fall  rules.Fall
	// Onto is the creature in the way down (rules.LandsOn, the first in
	// token order) where the ruleset has a rule for landing on one (sf2e;
	// not pf1e), -1 for none.
	Onto int
	// Roll is the damage the GM rolls, pf1e's dice ("3d6"), when the fall
	// does damage and the token's HP takes it (a fight, HP tracked); ""
	// otherwise. Apply then takes the total rolled.
	Roll string
}

// PlanFall is token tok's fall (FallPlan), or an error in the GM's words
// when it need not fall (rules.MustFall) or the rules cannot work it out.
func PlanFall(e *model.Encounter, tok int) (FallPlan, error) {
	if tok < 0 || tok >= len(e.Tokens) {
		return FallPlan{}, fmt.Errorf("select a token in the air to make it fall")
	}
	t := &e.Tokens[tok]
	if !rules.MustFall(e, tok) {
		if t.Elevation > 0 {
			return FallPlan{}, fmt.Errorf("%s flies (fly Speed %d): it stays %s; PageDown or a flight brings it down", t.Name, t.Speeds[rules.ModeFly], Height(t.Elevation))
		}
		return FallPlan{}, fmt.Errorf("%s is not in the air: only a token above the ground without a fly Speed, or unable to act, falls", t.Name)
	}
	q := rules.NewFallQuery(tok)
	p := FallPlan{Token: tok, Onto: rules.NoFallOnto}
	for j := range e.Tokens {
		if rules.LandsOn(e, tok, j, 0) {
			q.Onto = j
			break
		}
	}
	f, err := rules.FallOf(e, q)
	if err != nil && q.Onto != rules.NoFallOnto {
		// a ruleset without a rule for landing on a creature (pf1e): the
		// fall alone
		q.Onto = rules.NoFallOnto
		f, err = rules.FallOf(e, q)
	}
	p.Onto = q.Onto
	if err != nil {
		return FallPlan{}, fmt.Errorf("%s cannot fall: %s", t.Name, gmWords("fall", err))
	}
	p.Fall = f
	if f.Dice != "" && f.Dice != "0" && e.Fight != nil && t.HP != nil {
		p.Roll = f.Dice
	}
	return p, nil
}

// DiceRange is the least and the most a roll of dice ("3d6") totals; ok
// is false for anything else.
func DiceRange(dice string) (least, most int, ok bool) {
	var n, d int
	if _, err := fmt.Sscanf(dice, "%dd%d", &n, &d); err != nil || n < 1 || d < 1 || fmt.Sprintf("%dd%d", n, d) != dice {
		return 0, 0, false
	}
	return n, n * d, true
}

// Apply makes the fall in c (the encounter PlanFall was asked of, or its
// copy): the token goes to elevation 0, in a fight its HP takes the
// damage (sf2e's, or rolled, pf1e's total of Roll's dice: ChangeHP, so 0
// HP knocks it out), and it is prone when the fall says so. It returns
// what the status bar says ("Dae fell 30 ft: 15 bludgeoning damage (HP
// 9 → 0), prone"), with, when it landed on a creature, that creature's
// save and what it takes by it (its HP waits for the GM's roll).
func (p FallPlan) Apply(c *model.Encounter, rolled int) string {
	t := &c.Tokens[p.Token]
	f := p.Fall
	name := t.Name
	t.Elevation = 0
	damage := f.Damage
	if rules.Describe(c.Ruleset).DiceFalls {
		damage = 0
		if p.Roll != "" {
			damage = rolled
		}
	}
	verb, into := "fell", ""
	if f.Water {
		into = " into water"
	}
	if p.Onto >= 0 && p.Onto < len(c.Tokens) && f.Onto != nil {
		into += " onto " + c.Tokens[p.Onto].Name
	}
	wasOut := t.Has(model.CondUnconscious)
	var hurt string
	switch {
	case harmless(f):
		verb, hurt = "dropped", ", no damage"
	case c.Fight != nil && t.HP != nil:
		was := t.HP.Current
		ChangeHP(c.Ruleset, t, -damage)
		hurt = fmt.Sprintf(": %s (HP %d → %d)", damageWords(c.Ruleset, f, damage), was, t.HP.Current)
	case c.Fight != nil:
		hurt = fmt.Sprintf(": %s (its HP is not tracked)", damageWords(c.Ruleset, f, -1))
	default:
		hurt = fmt.Sprintf(": %s (not in a fight: HP unchanged)", damageWords(c.Ruleset, f, -1))
	}
	if f.Prone && !t.Has(model.CondProne) {
		t.Conditions = append(slices.Clone(t.Conditions), model.CondProne)
	}
	s := fmt.Sprintf("%s %s %d ft%s%s", name, verb, f.Feet, into, hurt)
	if f.Prone {
		s += ", prone"
	}
	if !wasOut && t.Has(model.CondUnconscious) {
		s += ", unconscious" // 0 HP (rules.ApplyHP)
	}
	if p.Onto >= 0 && p.Onto < len(c.Tokens) && f.Onto != nil {
		// its HP waits for the save the GM rolls; the two share squares
		// now, which the misplaced marks show
		o := f.Onto
		s += fmt.Sprintf("; %s: DC %d Reflex, takes %d on a critical failure, %d on a failure, %d on a success",
			c.Tokens[p.Onto].Name, o.DC, o.CriticalFailure, o.Failure, o.Success)
	}
	return s
}

// damageWords says a fall's damage: "15 bludgeoning damage" (sf2e),
// "11 damage (3d6)" for a pf1e total rolled, "3d6 damage" for dice
// unrolled (rolled < 0).
func damageWords(r model.Ruleset, f rules.Fall, rolled int) string {
	switch {
	case !rules.Describe(r).DiceFalls:
		return fmt.Sprintf("%d bludgeoning damage", f.Damage)
	case rolled >= 0:
		return fmt.Sprintf("%d damage (%s)", rolled, f.Dice)
	}
	return f.Dice + " damage"
}
