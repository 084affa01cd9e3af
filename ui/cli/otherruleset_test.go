package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// Switching an encounter's ruleset (the app's Encounter > Ruleset, which
// is rules.Convert) keeps its areas and party and writes a file the reader
// reads back equal, to and from every ruleset: the reader keeps fields of
// another ruleset rather than refuse them (encounter-format.md).
func TestRulesetSwitchWritesWhatTheReaderReads(t *testing.T) {
	start := &model.Encounter{Name: "Bay", Ruleset: model.SF2E, FeetPerSquare: 5, Grid: model.NewGrid(8, 6),
		Tokens: []model.Token{
			{ID: model.NewID(), Name: "Ogre", X: 1, Y: 1, Size: model.Large, Side: "enemy", Speeds: map[string]int{"land": 30}},
			{ID: model.NewID(), Name: "Iseph", X: 5, Y: 4, Size: model.Medium, Side: "party", Speeds: map[string]int{"land": 25}},
		},
		Party: &model.Party{Side: "party", Level: 2, Size: 4},
		Areas: []model.Area{{Kind: model.Burst, X: 4, Y: 3, Radius: 50, Label: "Fireball"}, {Kind: model.Emanation, Token: "Ogre", Radius: 50}},
	}
	for _, from := range model.Rulesets {
		for _, to := range model.Rulesets {
			e := start.Clone()
			rules.Convert(e, from)
			rules.Convert(e, to)
			if len(e.Areas) != 2 || e.Party == nil {
				t.Errorf("%s to %s: areas %v, party %v", from, to, e.Areas, e.Party)
			}
			data, err := model.EncodeEncounter(e)
			if err != nil {
				t.Errorf("%s to %s: cannot write: %v", from, to, err)
				continue
			}
			back, err := model.DecodeEncounter(data)
			if err != nil || !reflect.DeepEqual(back, e) {
				t.Errorf("%s to %s: read back %v, equal %v", from, to, err, reflect.DeepEqual(back, e))
			}
		}
	}
	// A radius that is no whole number of the new ruleset's squares makes
	// the switch an invalid encounter, which the app's edit refuses (it
	// validates), naming the area: never a file the reader refuses.
	e := start.Clone()
	e.Areas[0].Radius = 10
	rules.Convert(e, model.Starship)
	if err := model.Validate(e); err == nil || !strings.Contains(err.Error(), "areas[0].radius") {
		t.Errorf("a 10-ft burst on 50-ft squares: %v", err)
	}
}

// A facing on an sf2e token is kept and ignored: reach is the same as
// without it; areas in a pf1e file are kept, and the area query, which is
// sf2e's, answers exit 2 there.
func TestOtherRulesetFieldsIgnoredByQueries(t *testing.T) {
	dir := t.TempDir()
	write := func(name, doc string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	doc := `{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":["......","..#...","......"]},"tokens":[{"name":"A","x":1,"y":1,"speeds":{"land":10}FACING}]}`
	plain := okJSON(t, nil, "reach", write("plain.json", strings.Replace(doc, "FACING", "", 1)), "--token", "A")
	faced := okJSON(t, nil, "reach", write("faced.json", strings.Replace(doc, "FACING", `,"facing":"E"`, 1)), "--token", "A")
	if plain != faced {
		t.Errorf("facing E changed an sf2e reach:\n%s\n%s", plain, faced)
	}
	pf := write("pf1e.json", `{"format":"encounter/1","name":"N","ruleset":"pf1e","map":{"rows":["....","...."]},"tokens":[{"name":"A","x":0,"y":0}],"areas":[{"kind":"burst","x":1,"y":0,"radius":10}]}`)
	okJSON(t, nil, "flanking", pf)
	if code, _, errs := runCLI(t, "area", pf, "--burst", "1,0", "--radius", "10"); code != ExitBad || !strings.Contains(errs, "sf2e") {
		t.Errorf("area on pf1e: exit %d, %q", code, errs)
	}
}
