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
	f, e, file, err := fileCmd(args, []string{"from", "to"}, nil)
	if err != nil {
		return err
	}
	a, err := tokenArg(e, f, "from", file)
	if err != nil {
		return err
	}
	b, err := tokenArg(e, f, "to", file)
	if err != nil {
		return err
	}
	if a == b {
		// As for cover: one token twice is a slip, not a question.
		return usagef("--from and --to name the same token %q", e.Tokens[a].Name)
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
