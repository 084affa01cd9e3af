package rules

import (
	"fmt"
	"testing"

	"encounterplanner/model"
)

// pathTry gives what mover.try gives for every step of the mover's box,
// worked out (the first call) and read back (the second), for every space
// of 2 squares or more in sf2e and pf1e, over walls, difficult and
// greater-difficult, hazardous terrain and an enemy's reach: the byte a
// step is kept in holds the hazardous squares a Colossal diagonal enters
// (11), every level and the threat.
func TestPathTryMatchesTry(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for _, sz := range []model.Size{model.Large, model.Huge, model.Gargantuan, model.Colossal} {
			if rs == model.SF2E && sz == model.Colossal {
				continue
			}
			e := scatterMap(40, rs, 8, 20, 30, uint64(sz))
			for i := range e.Grid.Cells {
				if i%7 == 3 && e.Grid.Cells[i]&model.Wall == 0 {
					e.Grid.Cells[i] |= model.GreaterDifficult
				}
			}
			for y := 28; y <= 32; y++ {
				for x := 6; x <= 10; x++ {
					e.Grid.Set(x, y, model.Hazardous) // the foe's reach, walls out of its way
				}
			}
			centreMover(e, sz, 60)
			e.Tokens = append(e.Tokens, model.Token{Name: "foe", X: 8, Y: 30, Size: model.Medium, Side: "foes", Speeds: map[string]int{"land": 30}})
			kd := kindSF2E
			if rs == model.PF1E {
				kd = kindPF1E
			}
			t.Run(fmt.Sprintf("%s %v", rs, sz), func(t *testing.T) {
				var s searcher
				m := &s.m
				if _, err := m.prepare(kd, e, MoveQuery{Token: 0, Actions: 2}); err != nil {
					t.Fatal(err)
				}
				s.resetSteps()
				if !s.strides.sc.on {
					t.Fatal("the cache is off for a space of 2 squares or more")
				}
				threats, hazMax := 0, 0
				for pass := 0; pass < 2; pass++ {
					for y := m.by0; y <= m.by1-m.k+1; y++ {
						for x := m.bx0; x <= m.bx1-m.k+1; x++ {
							for d := 0; d < 8; d++ {
								np, lvl, haz, thr, ok := m.try(x, y, d)
								cp, clvl, chaz, cthr, cok := s.pathTry(x, y, d)
								if ok != cok || (ok && (np != cp || lvl != clvl || haz != chaz || thr != cthr)) {
									t.Fatalf("pass %d, (%d, %d) d %d: try (%d %d %d %v %v), pathTry (%d %d %d %v %v)",
										pass, x, y, d, np, lvl, haz, thr, ok, cp, clvl, chaz, cthr, cok)
								}
								if ok && thr {
									threats++
								}
								hazMax = max(hazMax, haz)
							}
						}
					}
				}
				if threats == 0 || hazMax < 2*m.k-2 {
					t.Errorf("the map tests too little: %d threatened steps, at most %d hazardous squares entered", threats, hazMax)
				}
				// A second query finds the cache empty.
				s.resetSteps()
				for _, w := range s.strides.sc.w {
					if w != 0 {
						t.Fatal("resetSteps left a step worked out")
					}
				}
			})
		}
	}
}
