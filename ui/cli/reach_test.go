package cli

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"encounterplanner/rules"
)

// TestReachStreamIsJSON compares reach's streamed output, byte for byte,
// with writeJSON of the whole answer (what reach printed before it
// streamed), on every ruleset, starship facings, an empty answer, a name
// JSON must escape, and a map of several bands.
func TestReachStreamIsJSON(t *testing.T) {
	rows := func(w, h int, fill string) string {
		r := make([]string, h)
		for i := range r {
			r[i] = fmt.Sprintf("%q", strings.Repeat(fill, w))
		}
		return strings.Join(r, ",")
	}
	enc := func(rs, rowsJSON, tokens string) string {
		return specFile(t, "e.encounter.json", `{"format":"encounter/1","name":"E","ruleset":"`+rs+`","map":{"rows":[`+rowsJSON+`]},"tokens":[`+tokens+`]}`)
	}
	cases := []struct {
		file string
		args []string
	}{
		{"testdata/iseph.encounter.json", []string{"--token", "Iseph", "--actions", "3"}},
		{"testdata/iseph.encounter.json", []string{"--token", "Tashtari", "--actions", "2"}},
		{"testdata/iseph.encounter.json", []string{"--token", "Iseph", "--step"}},
		{enc("pf1e", `"..d..","..#..","....."`, `{"name":"A","x":0,"y":0,"size":"large","speeds":{"land":30}}`), []string{"--token", "A", "--actions", "2"}},
		{enc("starship", `"........","........","........"`, `{"name":"Gull","x":2,"y":1,"size":"small","facing":"E","speeds":{"fly":150,"turn":50}}`), []string{"--token", "Gull"}},
		{enc("points", `"......","..##..","......"`, `{"name":"P","x":0,"y":0,"size":"medium","speeds":{"land":6}}`), []string{"--token", "P"}},
		{enc("sf2e", `"#.#","###","#.#"`, `{"name":"Shut <in> & \"stuck\" é","x":1,"y":1,"size":"medium","speeds":{"land":30}}`), []string{"--token", `Shut <in> & "stuck" é`}},
		{enc("sf2e", rows(300, 300, "."), `{"name":"Drake","x":100,"y":100,"size":"gargantuan","speeds":{"land":40,"fly":500}}`), []string{"--token", "Drake", "--mode", "fly", "--actions", "3"}},
	}
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			got := okJSON(t, nil, append([]string{"reach", c.file}, c.args...)...)
			e, err := loadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			_, _, q, eng, err := moveCmd(append([]string{c.file}, c.args...))
			if err != nil {
				t.Fatal(err)
			}
			sq, err := eng.Reach(nil, e, q)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := writeJSON(&want, wholeReach(e.Tokens[q.Token].Name, q, sq, e.Ruleset == "starship")); err != nil {
				t.Fatal(err)
			}
			if got != want.String() {
				t.Fatalf("streamed:\n%.2000s\nwriteJSON:\n%.2000s", got, want.String())
			}
			if len(sq) == 0 && !strings.Contains(got, `"squares":[]`) {
				t.Fatalf("an empty reach must list no squares: %s", got)
			}
		})
	}
}

// wholeReach is reach's answer as one value, as reach built it before it
// streamed.
func wholeReach(name string, q rules.MoveQuery, sq []rules.Square, ship bool) any {
	type jsonSquare struct {
		X       int      `json:"x"`
		Y       int      `json:"y"`
		Cost    int      `json:"cost"`
		Actions int      `json:"actions"`
		Facings []string `json:"facings,omitempty"`
	}
	out := struct {
		Token   string       `json:"token"`
		Mode    string       `json:"mode"`
		Actions int          `json:"actions"`
		Squares []jsonSquare `json:"squares"`
	}{name, q.Mode, q.Actions, []jsonSquare{}}
	for _, s := range sq {
		js := jsonSquare{X: s.X, Y: s.Y, Cost: s.Cost, Actions: s.Actions}
		if ship {
			for f := 0; f < 8; f++ {
				if s.Facings&(1<<f) != 0 {
					js.Facings = append(js.Facings, [...]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}[f])
				}
			}
		}
		out.Squares = append(out.Squares, js)
	}
	return out
}
