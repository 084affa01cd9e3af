package session

import (
	"regexp"
	"strconv"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// TestPathTextShip: a ship's path text said "path 300 ft · 1 action",
// the same as a creature's, though a ship has one move and what the GM
// steers by is its turns and the facing it ends with (the map drew the
// turn only as a merged dot).
func TestPathTextShip(t *testing.T) {
	e, err := newEncounter("Ship fight", model.Starship, 16, 10, 50)
	if err != nil {
		t.Fatal(err)
	}
	e.Tokens = []model.Token{{Name: "Sunrise", X: 2, Y: 5, Size: model.Medium, Side: "party",
		Speeds: map[string]int{model.SpeedFly: 300, model.SpeedTurn: 100}}}
	eng, err := rules.For(model.Starship)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y int
		want string
	}{
		{5, 1, "path 300 ft · turns NE · ends facing NE"},
		{0, 5, "path 200 ft · turns W · ends facing W"},
		{2, 1, "path 200 ft · ends facing N"},
	} {
		p, err := eng.Path(e, rules.MoveQuery{Token: 0, Mode: rules.DefaultMode(model.Starship), Actions: 1}, c.x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		if got := DescribePath(e, 0, "", &p, nil); got != c.want {
			t.Errorf("to (%d, %d): %q, want %q", c.x, c.y, got, c.want)
		}
	}
	two := &rules.Path{Reachable: true, Cost: 200, Actions: 1, Steps: []rules.Step{
		{Turn: int(model.NE), Cost: 50, Total: 50}, {Turn: int(model.E), Cost: 50, Total: 100},
		{X: 3, Y: 5, Turn: rules.NoTurn, Cost: 50, Total: 150}}}
	if got, want := DescribePath(e, 0, "", two, nil), "path 200 ft · turns NE, E · ends facing E"; got != want {
		t.Errorf("two turns: %q, want %q", got, want)
	}
}

// TestPathTextPF1E: pf1e has move actions, not sf2e's three actions:
// the path text names a move action, a double move, and the full-round
// 5-foot minimum move (which read "path 5 ft · 2 actions", as if two
// move actions were spent on 5 feet).
func TestPathTextPF1E(t *testing.T) {
	e, err := newEncounter("Pf ambush", model.PF1E, 8, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	e.Grid.Set(3, 2, model.GreaterDifficult)
	e.Tokens = []model.Token{{Name: "Valeros", X: 2, Y: 2, Size: model.Medium, Side: "party",
		Speeds: map[string]int{model.SpeedLand: 5}}}
	eng, err := rules.For(model.PF1E)
	if err != nil {
		t.Fatal(err)
	}
	q := rules.MoveQuery{Token: 0, Mode: rules.DefaultMode(model.PF1E), Actions: rules.MaxActions(model.PF1E)}
	for _, c := range []struct {
		x, y int
		want string
	}{
		{2, 3, "path 5 ft · move action"},
		{2, 4, "path 10 ft · double move"},
		{3, 2, "path 5 ft · full-round minimum move · 1 greater difficult"},
	} {
		p, err := eng.Path(e, q, c.x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		if got := DescribePath(e, 0, "", &p, nil); got != c.want {
			t.Errorf("to (%d, %d): %q, want %q", c.x, c.y, got, c.want)
		}
	}
}

// TestPathTextGreater: a greater-difficult step was counted as
// "difficult" in the path text, though it costs more (sf2e +10 ft, pf1e x4,
// points 3): the text now tells the two apart.
func TestPathTextGreater(t *testing.T) {
	e := model.Sample()
	i := e.TokenIndex("Iseph")
	p := &rules.Path{Reachable: true, Cost: 30, Actions: 1, Steps: []rules.Step{
		{X: 3, Y: 10, Turn: rules.NoTurn, Cost: 10, Total: 10, Flags: rules.FlagDifficult},
		{X: 4, Y: 10, Turn: rules.NoTurn, Cost: 15, Total: 25, Flags: rules.FlagGreaterDifficult},
		{X: 5, Y: 10, Turn: rules.NoTurn, Cost: 5, Total: 30},
	}}
	if got, want := DescribePath(e, i, "", p, nil), "path 30 ft · 1 action · 1 difficult · 1 greater difficult"; got != want {
		t.Errorf("describePath = %q, want %q", got, want)
	}
}

// TestDescribePath: a path across difficult and hazardous squares that
// provokes an enemy, an unreachable square, and a points path.
func TestDescribePath(t *testing.T) {
	e := model.Sample()
	i := e.TokenIndex("Iseph")
	tash := e.TokenIndex("Tashtari")
	p := &rules.Path{Reachable: true, Cost: 25, Actions: 1, Steps: []rules.Step{
		{X: 3, Y: 10, Turn: rules.NoTurn, Cost: 5, Total: 5},
		{X: 4, Y: 10, Turn: rules.NoTurn, Cost: 5, Total: 10, Flags: rules.FlagHazardous | rules.FlagReaction},
		{X: 5, Y: 10, Turn: rules.NoTurn, Cost: 10, Total: 20, Flags: rules.FlagDifficult},
	}}
	threat := map[int][]rules.Point{tash: {{X: 3, Y: 10}}}
	got := DescribePath(e, i, "", p, threat)
	want := "path 25 ft · 1 action · 1 difficult · 1 hazard · provokes Tashtari"
	if got != want {
		t.Errorf("DescribePath = %q, want %q", got, want)
	}
	if got := DescribePath(e, i, "", &rules.Path{}, nil); got != "no path there" {
		t.Errorf("unreachable: %q", got)
	}
	e.Ruleset = model.Points
	if got := DescribePath(e, i, "", &rules.Path{Reachable: true, Cost: 3, Actions: 2}, nil); got != "path 3 pt · 2 actions" {
		t.Errorf("points: %q", got)
	}
}

// newEncounter is an empty encounter with an open map.
func newEncounter(name string, r model.Ruleset, w, h, feet int) (*model.Encounter, error) {
	e := &model.Encounter{Name: name, Ruleset: r, Grid: model.NewGrid(w, h)}
	if feet != r.DefaultFeetPerSquare() {
		e.FeetPerSquare = feet
	}
	return e, model.Validate(e)
}

// TestAnswers: the panel's answers for a selection, per ruleset and
// switches, from a hand-made worker answer.
func TestAnswers(t *testing.T) {
	e := &model.Encounter{Name: "x", Ruleset: model.SF2E, Grid: model.NewGrid(8, 8), Tokens: []model.Token{
		{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bo"}, {ID: "o", Name: "Ogre"},
	}}
	full := &Result{Sel: 0, NTok: 3,
		Cover:     []render.CoverLine{{From: 0, To: 1, Cover: rules.CoverNone}, {From: 0, To: 2, Cover: rules.CoverLesser}},
		CoverBack: []render.CoverLine{{From: 2, To: 0, Cover: rules.CoverStandard}},
		Flanks:    []rules.Flank{{Target: 2, By: [2]int{0, 1}}},
		Reach:     []rules.Square{{X: 1}, {X: 2}}, Collide: []rules.Point{{X: 2}},
	}
	on := Settings{Cover: true, CoverBack: true, Flank: true, Reach: true}
	for _, c := range []struct {
		name string
		rs   model.Ruleset
		sel  int
		set  Settings
		r    *Result
		want string
	}{
		{"no answer yet", model.SF2E, 0, on, nil, ""},
		{"stale: another token list", model.SF2E, 0, on, &Result{NTok: 2}, ""},
		{"sf2e both ways and flanked", model.SF2E, 0, on, full,
			"Cover from Ann:\n  Bo: none\n  Ogre: lesser\nCover Ann has from:\n  Ogre: standard\nFlanked (off-guard):\n  Ogre by Ann and Bo"},
		{"pf1e words", model.PF1E, 0, on, full,
			"Cover from Ann:\n  Bo: none\n  Ogre: soft cover\nCover Ann has from:\n  Ogre: standard\nFlanked:\n  Ogre by Ann and Bo"},
		{"cover off", model.SF2E, 0, Settings{Flank: true}, full, "Flanked (off-guard):\n  Ogre by Ann and Bo"},
		{"nothing selected: what to click, and the flanks", model.SF2E, -1, on, full, "Click a token to see where it can move, its path and its cover.\nFlanked (off-guard):\n  Ogre by Ann and Bo"},
		{"nothing selected, flanking only on", model.SF2E, -1, Settings{Flank: true}, full, "Flanked (off-guard):\n  Ogre by Ann and Bo"},
		// ships and movement points have no cover to promise
		{"starship, nothing selected: no cover to see", model.Starship, -1, Settings{Reach: true, Path: true}, &Result{Sel: -1, NTok: 3},
			"Click a ship to see where it can fly and its path."},
		{"points, nothing selected: no cover to see", model.Points, -1, Settings{Reach: true, Path: true}, &Result{Sel: -1, NTok: 3},
			"Click a token to see where it can move and its path."},
		{"answer for another selection", model.SF2E, 1, Settings{Cover: true}, full, ""},
		{"points: why no cover", model.Points, 0, Settings{}, &Result{Sel: 0, NTok: 3},
			rules.Describe(model.Points).NoCombatNote},
		{"points forced push", model.Points, 0, Settings{Reach: true, Mode: rules.ModeForced, ForcedKind: rules.ForcedPush, ForcedSource: "o", ForcedDist: 2},
			&Result{Sel: 0, NTok: 3, Reach: full.Reach, Collide: full.Collide},
			rules.Describe(model.Points).NoCombatNote + "\nPush Ann by Ogre, up to 2 squares: 2 squares it can end in, 1 collision (marked ×)."},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.Ruleset = c.rs
			if got := Answers(e, c.sel, c.set, c.r); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// TestPathTextShipCountsGreaterAsDifficult: a ship's path through greater
// difficult terrain said "1 greater difficult", though in starship combat
// greater difficult counts as difficult (rules-conventions.md, starship:
// it doubles the step once, as difficult does): the path says "difficult",
// as it does for a step through another ship's space.
func TestPathTextShipCountsGreaterAsDifficult(t *testing.T) {
	e, err := newEncounter("Nebula", model.Starship, 16, 10, 50)
	if err != nil {
		t.Fatal(err)
	}
	e.Grid.Set(4, 5, model.GreaterDifficult)
	e.Grid.Set(6, 5, model.Difficult)
	e.Tokens = []model.Token{{Name: "Sunrise", X: 2, Y: 5, Size: model.Small, Side: "party", Facing: model.E,
		Speeds: map[string]int{model.SpeedFly: 500, model.SpeedTurn: 100}}}
	eng, err := rules.For(model.Starship)
	if err != nil {
		t.Fatal(err)
	}
	p, err := eng.Path(e, rules.MoveQuery{Token: 0, Mode: rules.DefaultMode(model.Starship), Actions: 1}, 7, 5)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := DescribePath(e, 0, rules.ModeFly, &p, nil), "path 350 ft · ends facing E · 2 difficult"; got != want {
		t.Errorf("through greater difficult and difficult: %q, want %q", got, want)
	}
}

// TestPathTextFlyerSaysWhatItPays: an sf2e flyer's path through greater
// difficult and difficult terrain said "1 difficult · 1 greater difficult",
// though a flyer pays nothing for difficult terrain and counts greater
// difficult as difficult (rules-conventions.md, sf2e; pf1e "as sf2e"):
// it says "1 difficult", the greater square's. On land both are counted.
func TestPathTextFlyerSaysWhatItPays(t *testing.T) {
	for _, c := range []struct {
		r         model.Ruleset
		fly, land string
	}{
		{model.SF2E, "path 25 ft · 1 action · 1 difficult", "path 35 ft · 2 actions · 1 difficult · 1 greater difficult"},
		{model.PF1E, "path 25 ft · move action · 1 difficult", "path 40 ft · double move · 1 difficult · 1 greater difficult"},
	} {
		e, err := newEncounter("Canyon", c.r, 10, 1, 5) // one row: no way around
		if err != nil {
			t.Fatal(err)
		}
		e.Grid.Set(2, 0, model.GreaterDifficult)
		e.Grid.Set(4, 0, model.Difficult)
		e.Tokens = []model.Token{{Name: "Navasi", X: 1, Y: 0, Size: model.Medium, Side: "party",
			Speeds: map[string]int{model.SpeedLand: 30, model.SpeedFly: 30}}}
		eng, err := rules.For(c.r)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []struct{ mode, want string }{{rules.ModeFly, c.fly}, {rules.ModeLand, c.land}} {
			q := rules.MoveQuery{Token: 0, Mode: m.mode, Actions: rules.MaxActions(c.r)}
			p, err := eng.Path(e, q, 5, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := DescribePath(e, 0, m.mode, &p, nil); got != m.want {
				t.Errorf("%s %s: %q, want %q", c.r, m.mode, got, m.want)
			}
		}
	}
}

// TestDrawnPathMarksOnlyTerrainPaidFor: the path the map draws (the
// worker's answer) carries a warning mark only where the words count
// terrain: a flyer's step onto difficult terrain, which it pays nothing
// for, is unmarked, its step onto greater difficult (paid as difficult)
// keeps its mark; on land both keep theirs.
func TestDrawnPathMarksOnlyTerrainPaidFor(t *testing.T) {
	e, err := newEncounter("Canyon", model.SF2E, 10, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	e.Grid.Set(2, 0, model.GreaterDifficult)
	e.Grid.Set(4, 0, model.Difficult)
	e.Tokens = []model.Token{{Name: "Navasi", X: 1, Y: 0, Size: model.Medium, Side: "party",
		Speeds: map[string]int{model.SpeedLand: 30, model.SpeedFly: 30}}}
	terrain := rules.FlagDifficult | rules.FlagGreaterDifficult
	for _, c := range []struct {
		mode     string
		at2, at4 bool // a terrain mark on the step onto (2, 0), (4, 0)
	}{{rules.ModeFly, true, false}, {rules.ModeLand, true, true}} {
		res := (&Worker{}).Compute(&Request{Enc: e, Sel: 0, Drag: -1, Hover: &rules.Point{X: 5, Y: 0},
			Set: Settings{Mode: c.mode, Actions: 3, Path: true}})
		if res.Path == nil || !res.Path.Reachable {
			t.Fatalf("%s: no path: %+v", c.mode, res.Errs)
		}
		for _, st := range res.Path.Steps {
			want := st.X == 2 && c.at2 || st.X == 4 && c.at4
			if got := st.Flags&terrain != 0; got != want {
				t.Errorf("%s: step onto (%d, %d) terrain mark %v, want %v", c.mode, st.X, st.Y, got, want)
			}
		}
	}
}

// paidRow is a one-row canyon (no way around): the mover at (1, 0),
// greater difficult terrain at (2, 0), difficult at (4, 0), and the path
// asked to (5, 0), in mode: for swim every square is water too.
func paidRow(t *testing.T, r model.Ruleset, mode string, conds ...string) (*model.Encounter, rules.Path) {
	t.Helper()
	d := rules.Describe(r)
	feet := r.DefaultFeetPerSquare()
	e, err := newEncounter("Canyon", r, 10, 1, feet)
	if err != nil {
		t.Fatal(err)
	}
	var water model.Trait
	if mode == rules.ModeSwim {
		water = model.Water
	}
	for x := 0; x < 10; x++ {
		e.Grid.Set(x, 0, water)
	}
	e.Grid.Set(2, 0, water|model.GreaterDifficult)
	e.Grid.Set(4, 0, water|model.Difficult)
	tok := model.Token{Name: "Navasi", X: 1, Y: 0, Size: d.Sizes[0], Side: "party", Facing: model.E,
		Speeds: map[string]int{}, Conditions: conds}
	for _, k := range d.SpeedKeys {
		tok.Speeds[k] = d.NewSpeed
	}
	if d.NewTurn > 0 {
		tok.Speeds[model.SpeedTurn] = d.NewTurn
	}
	e.Tokens = []model.Token{tok}
	eng, err := rules.For(r)
	if err != nil {
		t.Fatal(err)
	}
	p, err := eng.Path(e, rules.MoveQuery{Token: 0, Mode: mode, Actions: d.MaxActions}, 5, 0)
	if err != nil || !p.Reachable {
		t.Fatalf("%s %s: no path: %v", r, mode, err)
	}
	return e, p
}

var (
	pathCostWords    = regexp.MustCompile(`^path (\d+) (ft|pt)`)
	difficultWords   = regexp.MustCompile(` · (\d+) difficult`)
	greaterDiffWords = regexp.MustCompile(` · (\d+) greater difficult`)
)

// wordsCount is the number a path's words put before what re matches, 0
// where they say nothing of it.
func wordsCount(re *regexp.Regexp, words string) int {
	m := re.FindStringSubmatch(words)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestPathTextSaysWhatTheMoverPays: a token that ignores difficult
// terrain and a burrower were told "1 difficult · 1 greater difficult"
// for a path through both, though the first pays nothing for difficult
// terrain and greater difficult as difficult, and a burrower pays nothing
// (rules-conventions.md, sf2e; pf1e "as sf2e"; rules.PaidTerrain). The
// words count what is paid, and the cost they say is what the squares
// and that terrain cost in each ruleset's text: in the row of
// paidRow, four straight steps, each difficult one paying 5 ft more
// (sf2e), doubling (pf1e: greater difficult twice), 1 point more (points:
// greater difficult 2), doubling once (starship, whatever the kind).
func TestPathTextSaysWhatTheMoverPays(t *testing.T) {
	ignores := model.CondIgnoresDifficult
	for _, c := range []struct {
		r          model.Ruleset
		mode, cond string
		want       string
	}{
		{model.SF2E, rules.ModeLand, "", "path 35 ft · 2 actions · 1 difficult · 1 greater difficult"},
		{model.SF2E, rules.ModeLand, ignores, "path 25 ft · 1 action · 1 difficult"},
		{model.SF2E, rules.ModeClimb, ignores, "path 25 ft · 1 action · 1 difficult"},
		{model.SF2E, rules.ModeFly, ignores, "path 25 ft · 1 action · 1 difficult"},
		{model.SF2E, rules.ModeBurrow, "", "path 20 ft · 1 action"},
		{model.SF2E, rules.ModeBurrow, ignores, "path 20 ft · 1 action"},
		{model.SF2E, rules.ModeSwim, "", "path 35 ft · 2 actions · 1 difficult · 1 greater difficult"},
		{model.SF2E, rules.ModeSwim, ignores, "path 25 ft · 1 action · 1 difficult"},
		{model.PF1E, rules.ModeLand, "", "path 40 ft · double move · 1 difficult · 1 greater difficult"},
		{model.PF1E, rules.ModeLand, ignores, "path 25 ft · move action · 1 difficult"},
		{model.PF1E, rules.ModeBurrow, "", "path 20 ft · move action"},
		{model.PF1E, rules.ModeSwim, ignores, "path 25 ft · move action · 1 difficult"},
		{model.Points, rules.ModeLand, "", "path 7 pt · 2 actions · 1 difficult · 1 greater difficult"},
		{model.Points, rules.ModeSwim, "", "path 11 pt · 3 actions · 1 difficult · 1 greater difficult"},
		{model.Starship, rules.ModeFly, "", "path 300 ft · ends facing E · 2 difficult"},
	} {
		var conds []string
		if c.cond != "" {
			conds = []string{c.cond}
		}
		e, p := paidRow(t, c.r, c.mode, conds...)
		got := DescribePath(e, 0, c.mode, &p, nil)
		if got != c.want {
			t.Errorf("%s %s %v: %q, want %q", c.r, c.mode, conds, got, c.want)
		}
		// the words' cost: four squares, and what the words say the
		// terrain among them cost
		cost, diff, greater := wordsCount(pathCostWords, got), wordsCount(difficultWords, got), wordsCount(greaterDiffWords, got)
		plain := len(p.Steps) - diff - greater
		var want int
		switch unit := e.Feet(); c.r {
		case model.SF2E:
			want = unit*len(p.Steps) + unit*diff + 2*unit*greater
		case model.PF1E:
			want = unit*plain + 2*unit*diff + 4*unit*greater
		case model.Points:
			per := 1
			if c.mode == rules.ModeSwim {
				per = 2
			}
			want = per*len(p.Steps) + diff + 2*greater
		case model.Starship:
			want = unit*plain + 2*unit*diff + 2*unit*greater
		}
		if cost != p.Cost || cost != want {
			t.Errorf("%s %s %v: the words say %d, the squares and the terrain they count cost %d, the rules charge %d (%q)",
				c.r, c.mode, conds, cost, want, p.Cost, got)
		}
	}
}

// TestDrawnPathMarksWhatTheMoverPays: on the path the map draws, a step
// onto terrain the mover pays nothing for carries no warning mark, and
// greater difficult terrain paid as difficult is marked difficult: a
// token that ignores difficult terrain (on land, swimming, flying) and a
// burrower had every step onto either marked, where their words count
// only what they pay.
func TestDrawnPathMarksWhatTheMoverPays(t *testing.T) {
	ignores := []string{model.CondIgnoresDifficult}
	for _, c := range []struct {
		r        model.Ruleset
		mode     string
		conds    []string
		at2, at4 rules.Flag // the terrain flags of the drawn steps onto (2, 0), (4, 0)
	}{
		{model.SF2E, rules.ModeLand, nil, rules.FlagGreaterDifficult, rules.FlagDifficult},
		{model.SF2E, rules.ModeLand, ignores, rules.FlagDifficult, 0},
		{model.SF2E, rules.ModeFly, nil, rules.FlagDifficult, 0},
		{model.SF2E, rules.ModeFly, ignores, rules.FlagDifficult, 0},
		{model.SF2E, rules.ModeBurrow, nil, 0, 0},
		{model.SF2E, rules.ModeSwim, nil, rules.FlagGreaterDifficult, rules.FlagDifficult},
		{model.SF2E, rules.ModeSwim, ignores, rules.FlagDifficult, 0},
		{model.PF1E, rules.ModeLand, ignores, rules.FlagDifficult, 0},
		{model.PF1E, rules.ModeBurrow, ignores, 0, 0},
		{model.Points, rules.ModeLand, ignores, rules.FlagGreaterDifficult, rules.FlagDifficult},
		{model.Starship, rules.ModeFly, nil, rules.FlagDifficult, rules.FlagDifficult},
	} {
		e, _ := paidRow(t, c.r, c.mode, c.conds...)
		res := (&Worker{}).Compute(&Request{Enc: e, Sel: 0, Drag: -1, Hover: &rules.Point{X: 5, Y: 0},
			Set: Settings{Mode: c.mode, Actions: rules.Describe(c.r).MaxActions, Path: true}})
		if res.Path == nil || !res.Path.Reachable {
			t.Fatalf("%s %s: no path: %+v", c.r, c.mode, res.Errs)
		}
		for _, st := range res.Path.Steps {
			var want rules.Flag
			switch {
			case st.Turn != rules.NoTurn:
				continue
			case st.X == 2:
				want = c.at2
			case st.X == 4:
				want = c.at4
			}
			if got := st.Flags & (rules.FlagDifficult | rules.FlagGreaterDifficult); got != want {
				t.Errorf("%s %s %v: step onto (%d, %d) marked %v, want %v (%s)", c.r, c.mode, c.conds, st.X, st.Y, got.Names(), want.Names(), res.PathText)
			}
		}
	}
}
