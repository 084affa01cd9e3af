package cli

import (
	"encounterplanner/rules"
)

// runSight answers `sight FILE --token NAME` (queries.md, "Added with
// table play and the third dimension"; rules-conventions.md "Sight and fog
// of war"): the squares visible from the token, by y then x; wall squares,
// closed doors and blocking edges block sight.
func runSight(env Env, args []string) error {
	f, e, file, err := fileCmd(args, []string{"token"}, nil)
	if err != nil {
		return err
	}
	i, err := tokenArg(e, f, "token", file)
	if err != nil {
		return err
	}
	sq, err := rules.Sight(nil, e, i)
	if err != nil {
		return err
	}
	type pt struct {
		X int `json:"x"`
		Y int `json:"y"`
	}
	out := struct {
		Token   string `json:"token"`
		Squares []pt   `json:"squares"`
	}{Token: e.Tokens[i].Name, Squares: []pt{}}
	for _, p := range sq {
		out.Squares = append(out.Squares, pt{p.X, p.Y})
	}
	return writeJSON(env.Stdout, out)
}
