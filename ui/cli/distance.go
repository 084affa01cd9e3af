package cli

import (
	"encounterplanner/model"
	"encounterplanner/rules"
)

// runDistance answers `distance FILE --from A --to B` (queries.md, "Added
// with table play and the third dimension"): the distance between the two
// tokens' nearest squares by the ruleset's diagonal rule, in three
// dimensions when their elevations differ (rules.TokenDistance). points
// measures in squares only, so it prints no feet.
func runDistance(env Env, args []string) error {
	e, a, b, err := fromTo(args)
	if err != nil {
		return err
	}
	d := rules.TokenDistance(e, a, b)
	out := struct {
		From    string `json:"from"`
		To      string `json:"to"`
		Squares int    `json:"squares"`
		Feet    *int   `json:"feet,omitempty"`
	}{From: e.Tokens[a].Name, To: e.Tokens[b].Name, Squares: d.Squares}
	if e.Ruleset != model.Points {
		out.Feet = &d.Feet
	}
	return writeJSON(env.Stdout, out)
}
