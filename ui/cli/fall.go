package cli

import (
	"encoding/json"
	"errors"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// runFall answers `fall FILE --token NAME [--to E] [--water-depth FEET]
// [--dive] [--onto NAME]` (queries.md, "Added with table play and the third
// dimension"): the token falls from its elevation to E feet (default 0) by
// rules.FallOf. `feet` is the distance fallen before any reduction; a water
// square under the token gives sf2e's soft landing; `onto` appears with
// --onto. pf1e answers its damage as dice ("6d6", "0" below 10 ft) and has
// no water or creature rule (those flags are exit 2, from the rules). A
// landing above the token, between squares or below the ground for a
// token that may not go there, or a creature to land on that is not under
// it, is exit 2 naming --to or --onto and what was given (rules.FallRefusal).
func runFall(env Env, args []string) error {
	f, e, file, err := fileCmd(args, []string{"token", "to", "water-depth", "onto"}, []string{"dive"})
	if err != nil {
		return err
	}
	tok, err := tokenArg(e, f, "token", file)
	if err != nil {
		return err
	}
	q := rules.NewFallQuery(tok)
	if q.To, err = f.num("to", 0, -model.MaxElevation, model.MaxElevation); err != nil {
		return err
	}
	if q.WaterDepth, err = f.num("water-depth", rules.UnlimitedDepth, 0, model.MaxElevation); err != nil {
		return err
	}
	q.Dive = f.bools["dive"]
	if _, given := f.vals["onto"]; given {
		if q.Onto, err = tokenArg(e, f, "onto", file); err != nil {
			return err
		}
		if q.Onto == tok {
			return usagef("--token and --onto name the same token %q", e.Tokens[tok].Name)
		}
	}
	fall, err := rules.FallOf(e, q)
	var no *rules.FallRefusal
	if errors.As(err, &no) {
		switch no.Field {
		case "To":
			return usagef("--to %d: %s", q.To, no.Reason)
		case "Onto":
			return usagef("--onto %s: %s", e.Tokens[q.Onto].Name, no.Reason)
		}
	}
	if err != nil {
		return err
	}
	type onto struct {
		Name            string `json:"name"`
		DC              int    `json:"dc"`
		CriticalSuccess int    `json:"criticalSuccess"`
		Success         int    `json:"success"`
		Failure         int    `json:"failure"`
		CriticalFailure int    `json:"criticalFailure"`
	}
	out := struct {
		Token  string          `json:"token"`
		Feet   int             `json:"feet"`
		Damage json.RawMessage `json:"damage"` // a number (sf2e) or dice (pf1e)
		Prone  bool            `json:"prone"`
		Onto   *onto           `json:"onto,omitempty"`
	}{Token: e.Tokens[tok].Name, Feet: fall.Feet, Prone: fall.Prone}
	var dmg any = fall.Damage
	if e.Ruleset == model.PF1E {
		dmg = fall.Dice
	}
	if out.Damage, err = json.Marshal(dmg); err != nil {
		return err
	}
	if o := fall.Onto; o != nil {
		out.Onto = &onto{e.Tokens[o.Token].Name, o.DC, o.CriticalSuccess, o.Success, o.Failure, o.CriticalFailure}
	}
	return writeJSON(env.Stdout, out)
}
