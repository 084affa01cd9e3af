package cli

// spec_threat_test.go checks the threat query of queries.md ("Added with
// table play and the third dimension") and the budget it answers by
// (rules-conventions.md, "Threat"), sentence by sentence.

import (
	"fmt"
	"strings"
	"testing"
)

// threatFile is an encounter of ruleset with party (a JSON object, or ""
// for none) and tokens (JSON objects) on a 6x6 open map.
func threatFile(t *testing.T, ruleset, party string, tokens ...string) string {
	t.Helper()
	rows := strings.TrimSuffix(strings.Repeat(`"......",`, 6), ",")
	p := ""
	if party != "" {
		p = `"party":` + party + `,`
	}
	return specFile(t, "t.encounter.json", `{"format":"encounter/1","name":"T","ruleset":"`+ruleset+`","map":{"rows":[`+rows+`]},`+p+`"tokens":[`+strings.Join(tokens, ",")+`]}`)
}

// foe is a token with a level; i places it on the map (one square each).
func foe(name, side string, level, i int) string {
	return fmt.Sprintf(`{"name":%q,"x":%d,"y":%d,"side":%q,"level":%d}`, name, i%6, i/6, side, level)
}

// "encounter-planner threat FILE [--party-level L] [--party-size N]" and its
// example: {"party": {"level": 3, "size": 4}, "budget": {"trivial": 40,
// "low": 60, "moderate": 80, "severe": 120, "extreme": 160}, "xp": 100,
// "threat": "severe", "creatures": [{"name": "Ogre", "level": 4, "xp": 60},
// ...]}.
func TestSpecThreatExample(t *testing.T) {
	f := threatFile(t, "sf2e", `{"side":"party","level":3}`,
		foe("Iseph", "party", 3, 0), foe("Ogre", "enemy", 4, 1), foe("Goblin", "enemy", 3, 2))
	want := `{"party":{"level":3,"size":4},"budget":{"trivial":40,"low":60,"moderate":80,"severe":120,"extreme":160},"xp":100,"threat":"severe","creatures":[{"name":"Ogre","level":4,"xp":60},{"name":"Goblin","level":3,"xp":40}]}` + "\n"
	if out := okJSON(t, nil, "threat", f); out != want {
		t.Errorf("threat:\n got %s want %s", out, want)
	}
	// The same party given by the flags instead of the file.
	nf := threatFile(t, "sf2e", "", foe("Iseph", "party", 3, 0), foe("Ogre", "enemy", 4, 1), foe("Goblin", "enemy", 3, 2))
	if out := okJSON(t, nil, "threat", nf, "--party-level", "3", "--party-size", "4"); out != want {
		t.Errorf("threat with flags:\n got %s want %s", out, want)
	}
	if out := okJSON(t, nil, "threat", "--party-level=3", nf); out != want {
		t.Errorf("threat, flag first:\n got %s want %s", out, want)
	}
	// No creature: an empty list, not null.
	empty := threatFile(t, "sf2e", `{"side":"party","level":1}`)
	if out := okJSON(t, nil, "threat", empty); out != `{"party":{"level":1,"size":4},"budget":{"trivial":40,"low":60,"moderate":80,"severe":120,"extreme":160},"xp":0,"threat":"trivial","creatures":[]}`+"\n" {
		t.Errorf("no creatures: %s", out)
	}
}

// "Each token with a `level` on a side other than the party's and other
// than `neutral` adds XP by its level minus the party level: -4: 10, -3:
// 15, -2: 20, -1: 30, 0: 40, +1: 60, +2: 80, +3: 120, +4: 160. Below -4 it
// adds 0; above +4 it adds 160 and is flagged (`"beyond": true`)."; "a
// creature above the table adds `"beyond": true`".
func TestSpecThreatCreatureXP(t *testing.T) {
	var toks, creatures []string
	total := 0
	for i, level := range []int{-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 25} {
		// Party level 5: differences -6 to +20.
		xp, beyond := map[int]int{-6: 0, -5: 0, -4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120, 4: 160}[level-5], level-5 > 4
		if beyond {
			xp = 160
		}
		total += xp
		name := fmt.Sprintf("L%d", level)
		toks = append(toks, foe(name, "enemy", level, i))
		c := fmt.Sprintf(`{"name":%q,"level":%d,"xp":%d}`, name, level, xp)
		if beyond {
			c = fmt.Sprintf(`{"name":%q,"level":%d,"xp":%d,"beyond":true}`, name, level, xp)
		}
		creatures = append(creatures, c)
	}
	f := threatFile(t, "sf2e", `{"side":"party","level":5}`, toks...)
	want := fmt.Sprintf(`{"party":{"level":5,"size":4},"budget":{"trivial":40,"low":60,"moderate":80,"severe":120,"extreme":160},"xp":%d,"threat":"beyond extreme","creatures":[%s]}`+"\n", total, strings.Join(creatures, ","))
	if out := okJSON(t, nil, "threat", f); out != want {
		t.Errorf("threat:\n got %s want %s", out, want)
	}
	// The table at the ends of the levels: a level -1 creature against
	// party level 3 is -4; a level 25 one against party level 20 is +5.
	ends := threatFile(t, "sf2e", "", foe("Low", "enemy", -1, 0), foe("High", "enemy", 25, 1))
	if out := okJSON(t, nil, "threat", ends, "--party-level", "3"); !strings.Contains(out, `{"name":"Low","level":-1,"xp":10}`) {
		t.Errorf("level -1 against 3: %s", out)
	}
	if out := okJSON(t, nil, "threat", ends, "--party-level", "20"); !strings.Contains(out, `"creatures":[{"name":"Low","level":-1,"xp":0},{"name":"High","level":25,"xp":160,"beyond":true}]`) {
		t.Errorf("against 20: %s", out)
	}
}

// "Each token with a `level` on a side other than the party's and other
// than `neutral`" counts; "Hidden tokens count"; "The party is `party` in
// the file (`side`, ...)".
func TestSpecThreatWhoCounts(t *testing.T) {
	toks := []string{
		foe("Hero", "party", 3, 0),                                             // the party's side
		foe("Drone", "neutral", 3, 1),                                          // neutral
		`{"name":"Sideless","x":2,"y":0,"level":3}`,                            // no side is neutral
		`{"name":"Unlevelled","x":3,"y":0,"side":"enemy"}`,                     // no level
		`{"name":"Lurker","x":4,"y":0,"side":"enemy","level":3,"hidden":true}`, // hidden counts
		foe("Cultist", "cult", 2, 6),                                           // any other side
	}
	f := threatFile(t, "sf2e", `{"side":"party","level":3}`, toks...)
	out := okJSON(t, nil, "threat", f)
	if !strings.Contains(out, `"xp":70,"threat":"moderate","creatures":[{"name":"Lurker","level":3,"xp":40},{"name":"Cultist","level":2,"xp":30}]}`) {
		t.Errorf("side party: %s", out)
	}
	// With the party on another side, the tokens on side "party" count and
	// that side's do not.
	g := threatFile(t, "sf2e", `{"side":"cult","level":3}`, toks...)
	if out := okJSON(t, nil, "threat", g); !strings.Contains(out, `"xp":80,"threat":"moderate","creatures":[{"name":"Hero","level":3,"xp":40},{"name":"Lurker","level":3,"xp":40}]}`) {
		t.Errorf("side cult: %s", out)
	}
}

// "Budget for 4 players: trivial 40, low 60, moderate 80, severe 120,
// extreme 160; each player more or fewer adds or removes 10, 15, 20, 30,
// 40"; "`size` default 4"; "`--party-level` and `--party-size` override
// it".
func TestSpecThreatBudget(t *testing.T) {
	budget := func(n int) string {
		return fmt.Sprintf(`"budget":{"trivial":%d,"low":%d,"moderate":%d,"severe":%d,"extreme":%d}`,
			40+10*(n-4), 60+15*(n-4), 80+20*(n-4), 120+30*(n-4), 160+40*(n-4))
	}
	if b := budget(6); b != `"budget":{"trivial":60,"low":90,"moderate":120,"severe":180,"extreme":240}` {
		t.Fatalf("the test's own budget: %s", b)
	}
	for _, n := range []int{1, 2, 3, 4, 5, 6, 8} {
		viaFlag := threatFile(t, "sf2e", `{"side":"party","level":2}`)
		want := fmt.Sprintf(`{"party":{"level":2,"size":%d},%s,`, n, budget(n))
		if out := okJSON(t, nil, "threat", viaFlag, "--party-size", fmt.Sprint(n)); !strings.HasPrefix(out, want) {
			t.Errorf("--party-size %d: %s, want %s...", n, out, want)
		}
		viaFile := threatFile(t, "sf2e", fmt.Sprintf(`{"side":"party","level":2,"size":%d}`, n))
		if out := okJSON(t, nil, "threat", viaFile); !strings.HasPrefix(out, want) {
			t.Errorf("party size %d in the file: %s, want %s...", n, out, want)
		}
	}
	// The flags override the file's level and size.
	f := threatFile(t, "sf2e", `{"side":"party","level":3,"size":5}`, foe("Ogre", "enemy", 4, 0))
	if out := okJSON(t, nil, "threat", f, "--party-level", "7", "--party-size", "2"); !strings.HasPrefix(out, `{"party":{"level":7,"size":2},`+budget(2)+`,"xp":15,"threat":"trivial",`) {
		t.Errorf("overridden: %s", out)
	}
	if out := okJSON(t, nil, "threat", f, "--party-size", "3"); !strings.HasPrefix(out, `{"party":{"level":3,"size":3},`+budget(3)+`,"xp":60,"threat":"moderate",`) {
		t.Errorf("size overridden: %s", out)
	}
	if out := okJSON(t, nil, "threat", f); !strings.HasPrefix(out, `{"party":{"level":3,"size":5},`+budget(5)+`,"xp":60,"threat":"low",`) {
		t.Errorf("the file's party: %s", out)
	}
}

// "The threat is the lowest rating whose budget the XP does not exceed, and
// "beyond extreme" above extreme"; "`threat` is one of trivial, low,
// moderate, severe, extreme, beyond extreme".
func TestSpecThreatRating(t *testing.T) {
	// Party level 5 of 4: a level 1 creature adds 10, level 5 40, 6 60,
	// 7 80, 8 120, 9 160.
	for _, c := range []struct {
		levels []int
		xp     int
		want   string
	}{
		{nil, 0, "trivial"},
		{[]int{1}, 10, "trivial"},
		{[]int{5}, 40, "trivial"},
		{[]int{5, 1}, 50, "low"},
		{[]int{6}, 60, "low"},
		{[]int{6, 1}, 70, "moderate"},
		{[]int{7}, 80, "moderate"},
		{[]int{7, 1}, 90, "severe"},
		{[]int{8}, 120, "severe"},
		{[]int{8, 1}, 130, "extreme"},
		{[]int{9}, 160, "extreme"},
		{[]int{9, 1}, 170, "beyond extreme"},
	} {
		var toks []string
		for i, l := range c.levels {
			toks = append(toks, foe(fmt.Sprintf("F%d", i), "enemy", l, i))
		}
		f := threatFile(t, "sf2e", `{"side":"party","level":5}`, toks...)
		want := fmt.Sprintf(`"xp":%d,"threat":%q,`, c.xp, c.want)
		if out := okJSON(t, nil, "threat", f); !strings.Contains(out, want) {
			t.Errorf("levels %v: %s, want %s", c.levels, out, want)
		}
	}
}

// "without a level the query is exit 2. Party level 1 to 20; creature
// `level` -1 to 25"; "sf2e only"; "A query that does not apply to the
// encounter's ruleset is exit 2 with a message saying so"; bad numbers
// name their flag.
func TestSpecThreatBadInput(t *testing.T) {
	f := threatFile(t, "sf2e", `{"side":"party","level":3}`, foe("Ogre", "enemy", 4, 0))
	noParty := threatFile(t, "sf2e", "", foe("Ogre", "enemy", 4, 0))
	noLevel := threatFile(t, "sf2e", `{"side":"party"}`, foe("Ogre", "enemy", 4, 0))
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"threat", noParty}, []string{"no level", "--party-level"}},
		{[]string{"threat", noLevel}, []string{"no level", "party.level", "--party-level"}},
		{[]string{"threat", noLevel, "--party-size", "5"}, []string{"--party-level"}},
		{[]string{"threat", f, "--party-level", "0"}, []string{"--party-level: 0 is out of range (1 to 20)"}},
		{[]string{"threat", f, "--party-level", "21"}, []string{"--party-level: 21 is out of range (1 to 20)"}},
		{[]string{"threat", f, "--party-level", "-2"}, []string{"--party-level: -2 is out of range"}},
		{[]string{"threat", f, "--party-level", "three"}, []string{`--party-level: "three" is not a whole number`}},
		{[]string{"threat", f, "--party-level", ""}, []string{"--party-level: the value is empty; give a whole number"}},
		{[]string{"threat", f, "--party-level", "2.5"}, []string{`--party-level: "2.5" is not a whole number`}},
		{[]string{"threat", f, "--party-size", "0"}, []string{"--party-size: 0 is out of range (1 to 100)"}},
		{[]string{"threat", f, "--party-size", "101"}, []string{"--party-size: 101 is out of range (1 to 100)"}},
		{[]string{"threat", f, "--party-size", "four"}, []string{`--party-size: "four" is not a whole number`}},
		{[]string{"threat", f, "--party-size"}, []string{"--party-size needs a value"}},
		{[]string{"threat", f, "--party-level", "3", "--party-level", "4"}, []string{"--party-level given twice"}},
		{[]string{"threat", f, "--level", "3"}, []string{"unknown flag --level"}},
		{[]string{"threat", f, "more"}, []string{`unexpected argument "more"`}},
		{[]string{"threat"}, []string{"missing FILE"}},
		{[]string{"threat", threatFile(t, "sf2e", `{"side":"party","level":21}`)}, []string{"party.level", "21"}},
		{[]string{"threat", threatFile(t, "sf2e", `{"side":"party","level":0}`)}, []string{"party.level", "not 0"}},
		{[]string{"threat", threatFile(t, "sf2e", "", foe("Titan", "enemy", 26, 0)), "--party-level", "3"}, []string{`"Titan"`, "level", "26"}},
		{[]string{"threat", threatFile(t, "sf2e", "", foe("Mite", "enemy", -2, 0)), "--party-level", "3"}, []string{`"Mite"`, "level", "-2"}},
	}
	for _, rs := range []string{"pf1e", "starship", "points"} {
		other := threatFile(t, rs, `{"side":"party","level":3}`)
		cases = append(cases, struct {
			args []string
			want []string
		}{[]string{"threat", other}, []string{"sf2e", "ruleset is " + rs}})
	}
	for _, c := range cases {
		bad(t, c.args, c.want...)
	}
}
