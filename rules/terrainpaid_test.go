package rules

import (
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

// TestPaidTerrainSaysWhatEachMoverPays: what a step onto difficult (D) and
// greater difficult (G) terrain is paid as, for every ruleset, mode and the
// ignores-difficult-terrain condition (rules-conventions.md): a flyer and a
// token that ignores difficult terrain pay nothing for D and G as D, not
// further together; a burrower pays nothing; a swimmer pays as on land;
// starship pays G as D; points pays what it enters, the condition aside.
func TestPaidTerrainSaysWhatEachMoverPays(t *testing.T) {
	both := FlagDifficult | FlagGreaterDifficult
	for _, c := range []struct {
		rs      model.Ruleset
		mode    string
		ignores bool
		d, g    int // paid for FlagDifficult, for FlagGreaterDifficult (and both)
	}{
		{model.SF2E, ModeLand, false, 1, 2},
		{model.SF2E, "", false, 1, 2},
		{model.SF2E, ModeLand, true, 0, 1},
		{model.SF2E, ModeClimb, true, 0, 1},
		{model.SF2E, ModeFly, false, 0, 1},
		{model.SF2E, ModeFly, true, 0, 1},
		{model.SF2E, ModeBurrow, false, 0, 0},
		{model.SF2E, ModeBurrow, true, 0, 0},
		{model.SF2E, ModeSwim, false, 1, 2},
		{model.SF2E, ModeSwim, true, 0, 1},
		{model.PF1E, ModeLand, false, 1, 2},
		{model.PF1E, ModeLand, true, 0, 1},
		{model.PF1E, ModeFly, true, 0, 1},
		{model.PF1E, ModeBurrow, false, 0, 0},
		{model.PF1E, ModeSwim, false, 1, 2},
		{model.Starship, ModeFly, false, 1, 1},
		{model.Starship, ModeFly, true, 1, 1},
		{model.Points, ModeLand, false, 1, 2},
		{model.Points, ModeSwim, false, 1, 2},
		{model.Points, ModeCrawl, true, 1, 2},
	} {
		tok := &model.Token{Name: "M"}
		if c.ignores {
			tok.Conditions = []string{model.CondIgnoresDifficult}
		}
		d := Describe(c.rs)
		for _, f := range []struct {
			f    Flag
			want int
		}{{0, 0}, {FlagHazardous, 0}, {FlagDifficult, c.d}, {FlagGreaterDifficult, c.g}, {both, c.g}} {
			if got := d.PaidTerrain(tok, c.mode, f.f); got != f.want {
				t.Errorf("%s %q ignores %v: %v paid as %d, want %d", c.rs, c.mode, c.ignores, f.f.Names(), got, f.want)
			}
		}
	}
	if got := Describe(model.SF2E).PaidTerrain(nil, ModeLand, FlagDifficult); got != 1 {
		t.Errorf("no token: difficult paid as %d, want 1", got)
	}
}

// TestPaidTerrainIsWhatTheEnginesCharge: on random maps, every step of
// every path costs what its diagonal and PaidTerrain of its flags say, in
// each ruleset's units: sf2e base + feet a level; pf1e a doubling a level
// (3 x 2^(n-1) squares on a diagonal, the count left alone); points 1, +1
// crawling, climbing or swimming, + the level; starship base, doubled at
// level 1. So a path's words, which count PaidTerrain, say what it costs.
func TestPaidTerrainIsWhatTheEnginesCharge(t *testing.T) {
	n := randomCases(150, 30)
	for _, rs := range model.Rulesets {
		t.Run(string(rs), func(t *testing.T) {
			en := mustEngine(t, rs)
			d := Describe(rs)
			rng := rand.New(rand.NewPCG(7, uint64(len(rs))))
			steps := 0
			for i := 0; i < n; i++ {
				e, q := paidRandom(rng, rs)
				tok := &e.Tokens[0]
				for y := 0; y < e.Grid.H; y++ {
					for x := 0; x < e.Grid.W; x++ {
						p, err := en.Path(e, q, x, y)
						if err != nil {
							t.Fatalf("case %d: %v", i, err)
						}
						if !p.Reachable {
							continue
						}
						if rs == model.PF1E && p.Actions >= 2 && len(p.Steps) == 1 && p.Cost == e.Feet() {
							continue // the full-round minimum move: 5 ft whatever it enters
						}
						px, py, par := tok.X, tok.Y, 0
						for _, st := range p.Steps {
							if st.Turn != NoTurn {
								continue // a ship turning in place
							}
							diag := st.X != px && st.Y != py
							px, py = st.X, st.Y
							lvl := d.PaidTerrain(tok, q.Mode, st.Flags)
							want := paidStepCost(rs, e.Feet(), q.Mode, diag, &par, lvl)
							if st.Cost != want {
								t.Fatalf("case %d, %s %q %v: step to (%d, %d) %v (paid as %d) costs %d, want %d\n%s",
									i, tok.Name, q.Mode, tok.Conditions, st.X, st.Y, st.Flags.Names(), lvl, st.Cost, want, tokenMap(e))
							}
							steps++
						}
					}
				}
			}
			if steps < 100 {
				t.Errorf("only %d steps checked", steps)
			}
		})
	}
}

// paidStepCost is the cost of one step, diagonal or not, paid as terrain
// level lvl, in each ruleset's text; par is the turn's diagonal parity.
func paidStepCost(rs model.Ruleset, feet int, mode string, diag bool, par *int, lvl int) int {
	base := func() int {
		if !diag {
			return feet
		}
		*par ^= 1
		if *par == 0 {
			return 2 * feet // the even diagonal
		}
		return feet
	}
	switch rs {
	case model.PF1E:
		if lvl > 0 {
			if diag {
				return 3 * feet << (lvl - 1)
			}
			return feet << lvl
		}
		return base()
	case model.Points:
		c := 1 + lvl
		if mode == ModeCrawl || mode == ModeClimb || mode == ModeSwim {
			c++
		}
		return c
	case model.Starship:
		return base() << lvl
	}
	return base() + feet*lvl
}

// paidRandom is a small random map of every terrain, shallow water
// included, with a mover (token 0) of every Speed the ruleset has, now and
// then ignoring difficult terrain, and another creature now and then.
func paidRandom(rng *rand.Rand, rs model.Ruleset) (*model.Encounter, MoveQuery) {
	w, h := 3+rng.IntN(7), 3+rng.IntN(7)
	g := model.NewGrid(w, h)
	pool := []model.Trait{0, 0, 0, 0, model.Wall, model.Obstacle, model.Difficult, model.Difficult, model.GreaterDifficult,
		model.Water, model.Water, model.ShallowWater, model.Hazardous, model.Difficult | model.GreaterDifficult,
		model.Water | model.Difficult, model.Water | model.GreaterDifficult, model.ShallowWater | model.GreaterDifficult}
	for i := range g.Cells {
		g.Cells[i] = pool[rng.IntN(len(pool))]
	}
	e := &model.Encounter{Name: "paid", Ruleset: rs, Grid: g}
	d := Describe(rs)
	mv := model.Token{Name: "M", Size: model.Medium, Side: "a", Speeds: map[string]int{}, Facing: model.Facing(rng.IntN(8))}
	if rng.IntN(4) == 0 && d.AllowsSize(model.Large) && w > 3 && h > 3 {
		mv.Size = model.Large
	}
	for _, k := range d.SpeedKeys {
		mv.Speeds[k] = d.NewSpeed
	}
	if d.NewTurn > 0 {
		mv.Speeds[model.SpeedTurn] = d.NewTurn
	}
	if rng.IntN(3) == 0 {
		mv.Conditions = []string{model.CondIgnoresDifficult}
	}
	modes := d.Modes
	q := MoveQuery{Mode: modes[rng.IntN(len(modes))], Actions: d.MaxActions}
	k := e.Space(&mv)
	mv.X, mv.Y = rng.IntN(w-k+1), rng.IntN(h-k+1)
	for y := mv.Y; y < mv.Y+k; y++ {
		for x := mv.X; x < mv.X+k; x++ {
			if q.Mode == ModeSwim {
				g.Set(x, y, model.Water)
			} else {
				g.Set(x, y, 0)
			}
		}
	}
	e.Tokens = append(e.Tokens, mv)
	if rng.IntN(2) == 0 {
		o := model.Token{Name: "O", Size: model.Medium, Side: []string{"a", "b"}[rng.IntN(2)], X: rng.IntN(w), Y: rng.IntN(h)}
		if o.X < mv.X || o.X >= mv.X+k || o.Y < mv.Y || o.Y >= mv.Y+k {
			if ko := e.Space(&o); o.X+ko <= w && o.Y+ko <= h {
				e.Tokens = append(e.Tokens, o)
			}
		}
	}
	return e, q
}
