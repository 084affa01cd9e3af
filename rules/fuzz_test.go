package rules

import (
	"errors"
	"math/rand/v2"
	"testing"

	"encounterplanner/model"
)

func fuzzRuleset(b byte) model.Ruleset {
	if b%2 == 0 {
		return model.SF2E
	}
	return model.PF1E
}

// fuzzSeed is one seed of the fuzz targets: an encounter in the encounter/1
// format and a query.
type fuzzSeed struct {
	data []byte
	q    MoveQuery
}

// fuzzSeeds are the rows of every reach table (allReachTables) and eight
// random maps of each of sf2e and pf1e, encoded.
func fuzzSeeds(f *testing.F) []fuzzSeed {
	var out []fuzzSeed
	add := func(e *model.Encounter, q MoveQuery) {
		data, err := model.EncodeEncounter(e)
		if err != nil {
			f.Fatalf("seed %q: %v", e.Name, err)
		}
		out = append(out, fuzzSeed{data, q})
	}
	for _, tb := range allReachTables() {
		for _, c := range tb.cases {
			e := withTokens(mapOf(f, tb.rs, c.rows...), c.toks...)
			e.Name = c.name
			add(e, c.q)
		}
	}
	for i := uint64(0); i < 16; i++ {
		add(randEncounter(rand.New(rand.NewPCG(i, 11)), fuzzRuleset(byte(i))))
	}
	return out
}

// fuzzQuery decodes a fuzz input: nil when the encounter is not valid.
func fuzzQuery(data []byte, tok, actions uint8, mode string, step bool) (*model.Encounter, MoveQuery) {
	e, err := model.DecodeEncounter(data)
	if err != nil || len(e.Tokens) == 0 {
		return nil, MoveQuery{}
	}
	return e, MoveQuery{Token: int(tok) % len(e.Tokens), Mode: mode, Actions: int(actions % 4), Step: step}
}

// FuzzReach: no panic; every listed square has a path of the same cost and
// actions; reach only grows with Speed and with actions.
func FuzzReach(f *testing.F) {
	for _, sd := range fuzzSeeds(f) {
		f.Add(sd.data, uint8(sd.q.Token), uint8(sd.q.Actions), sd.q.Mode, sd.q.Step)
	}
	f.Fuzz(func(t *testing.T, data []byte, tok, actions uint8, modeIn string, step bool) {
		e, q := fuzzQuery(data, tok, actions, modeIn, step)
		if e == nil {
			return
		}
		rs := e.Ruleset
		en := mustEngine(t, rs)
		sq, err := en.Reach(nil, e, q)
		if err != nil {
			if !errors.Is(err, ErrBadQuery) {
				t.Fatalf("error %v is not a bad query", err)
			}
			return
		}
		for _, s := range sq {
			p, err := en.Path(e, q, s.X, s.Y)
			if err != nil || !p.Reachable || p.Cost != s.Cost || p.Actions != s.Actions {
				t.Fatalf("path to %+v: %+v %v", s, p, err)
			}
		}
		subset := func(small, big []Square, what string) {
			t.Helper()
			if s, ok := covers(small, big); !ok {
				t.Fatalf("%s: %+v lost", what, s)
			}
		}
		// More Speed.
		tk := &e.Tokens[q.Token]
		mode := q.Mode
		if mode == "" || mode == ModeCrawl {
			mode = DefaultMode(rs)
		}
		if tk.Speeds == nil {
			tk.Speeds = map[string]int{}
		}
		if old, ok := tk.Speeds[mode]; ok {
			tk.Speeds[mode] = old + 5
			more, err := en.Reach(nil, e, q)
			if err != nil {
				t.Fatal(err)
			}
			subset(sq, more, "more Speed")
			tk.Speeds[mode] = old
		}
		// More actions.
		if a := max(q.Actions, 1); a < MaxActions(rs) && !q.Step {
			q2 := q
			q2.Actions = a + 1
			more, err := en.Reach(nil, e, q2)
			if err != nil {
				t.Fatal(err)
			}
			subset(sq, more, "more actions")
		}
	})
}

// FuzzPath: no panic; a path's cost and actions equal reach's for its end,
// and an unreachable end is not listed by reach.
func FuzzPath(f *testing.F) {
	for i, sd := range fuzzSeeds(f) {
		f.Add(sd.data, uint8(sd.q.Token), uint8(sd.q.Actions), sd.q.Mode, sd.q.Step, uint8(i), uint8(i*3))
	}
	f.Fuzz(func(t *testing.T, data []byte, tok, actions uint8, mode string, step bool, px, py uint8) {
		e, q := fuzzQuery(data, tok, actions, mode, step)
		if e == nil {
			return
		}
		en := mustEngine(t, e.Ruleset)
		x, y := int(px)%e.Grid.W, int(py)%e.Grid.H
		p, err := en.Path(e, q, x, y)
		sq, rerr := en.Reach(nil, e, q)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("path error %v, reach error %v", err, rerr)
		}
		if err != nil {
			return
		}
		s, ok := costAt(sq, x, y)
		if ok != p.Reachable || (ok && (s.Cost != p.Cost || s.Actions != p.Actions)) {
			t.Fatalf("path %+v, reach %+v %v", p, s, ok)
		}
		if !p.Reachable && len(p.Steps) != 0 {
			t.Fatalf("unreachable path with steps %+v", p.Steps)
		}
	})
}

// FuzzCover: no panic; in sf2e, cover A->B equals B->A when neither has
// taken cover (the centre segment, the size rule and the corner segments
// are all symmetric). pf1e is not symmetric (the attacker picks a corner of
// its own space), so only the range is checked there; the rulesets without
// cover answer ErrBadQuery.
func FuzzCover(f *testing.F) {
	for _, sd := range fuzzSeeds(f) {
		f.Add(sd.data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := model.DecodeEncounter(data)
		if err != nil {
			return
		}
		rs := e.Ruleset
		en := mustEngine(t, rs)
		for a := range e.Tokens {
			for b := range e.Tokens {
				if a == b {
					continue
				}
				ab, err := en.Cover(e, a, b)
				if rs != model.SF2E && rs != model.PF1E {
					if !errors.Is(err, ErrBadQuery) {
						t.Fatalf("%s cover: %v", rs, err)
					}
					continue
				}
				if err != nil || ab > CoverBlocked {
					t.Fatalf("cover %d->%d: %v %v", a, b, ab, err)
				}
				if rs == model.PF1E && ab == CoverGreater {
					t.Fatalf("pf1e has no greater cover")
				}
				if rs != model.SF2E || e.Tokens[a].Has(model.CondTakenCover) || e.Tokens[b].Has(model.CondTakenCover) {
					continue
				}
				ba, _ := en.Cover(e, b, a)
				if ab != ba {
					t.Fatalf("cover %s->%s %v but %s->%s %v\n%s", e.Tokens[a].Name, e.Tokens[b].Name, ab,
						e.Tokens[b].Name, e.Tokens[a].Name, ba, reachMap(e, -1, nil))
				}
			}
		}
		if rs == model.SF2E || rs == model.PF1E {
			if _, err := en.Flanking(e); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzReachLayers: reachLayers answers as the label search it replaced
// does (TestReachLayersMatchesLabelSearch's check) on any encounter the
// fuzzer makes: every space size, Stride count, mode, terrain, edge and
// creature, either diagonal parity to start. Maps of more than 4096
// squares are left out, so that the label search stays quick.
func FuzzReachLayers(f *testing.F) {
	for _, sd := range fuzzSeeds(f) {
		f.Add(sd.data, uint8(sd.q.Token), uint8(3), sd.q.Mode, false)
	}
	var fast, slow searcher
	f.Fuzz(func(t *testing.T, data []byte, tok, actions uint8, mode string, odd bool) {
		e, q := fuzzQuery(data, tok, actions, mode, false)
		if e == nil || e.Grid.W*e.Grid.H > 4096 || (e.Ruleset != model.SF2E && e.Ruleset != model.PF1E) {
			return
		}
		if odd {
			q.Turn.Diagonals = 1
		}
		layersAgainstLabels(t, &fast, &slow, kindOf(e.Ruleset), e, q, "fuzz")
	})
}
