package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"encounterplanner/model"
)

// TestReachFastMatchesReach1 compares the key-space search of a one-square
// space with the label search of reach1 on random maps, small and large.
func TestReachFastMatchesReach1(t *testing.T) {
	n := randomCases(400, 80)
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		k := kindOf(rs)
		var fast, slow searcher
		cases, squares := 0, 0
		for seed := 0; seed < n; seed++ {
			rng := rand.New(rand.NewPCG(uint64(seed), 11))
			side, speeds := 8, 7
			if seed%4 == 0 {
				side, speeds = 60, 40
			}
			e, q := randEncounterSized(rng, rs, side, speeds)
			q.Actions, q.Step = 1, false
			if e.Space(&e.Tokens[q.Token]) != 1 {
				continue
			}
			if seed%7 == 0 {
				e.Tokens[q.Token].Speeds[ModeLand] = 1 << 30
				q.Mode = ""
			}
			if _, err := slow.m.prepare(k, e, q); err != nil {
				continue
			}
			slow.reach1()
			want := slow.results1(nil)
			for _, mode := range []fastMode{fastSmooth, fastRough} {
				if _, err := fast.m.prepare(k, e, q); err != nil {
					t.Fatal(err)
				}
				fast.reachFastAs(mode)
				got := fast.results(nil)
				if !slices.Equal(got, want) {
					t.Fatalf("%s seed %d %+v mode %d: fast %d squares, reach1 %d\n%v\n%v", rs, seed, q, mode, len(got), len(want),
						fmt.Sprint(got), fmt.Sprint(want))
				}
			}
			cases++
			squares += len(want)
		}
		if cases < n/4 || squares < 10*n {
			t.Fatalf("%s: only %d cases, %d squares compared", rs, cases, squares)
		}
		t.Logf("%s: %d cases, %d squares", rs, cases, squares)
	}
}

// TestReachFastWork bounds the queue's work: reachFast takes a square
// from its queue about once (a later, better push makes the earlier
// one stale), in either relaxation mode, on random terrain and in the
// open; and fastAuto picks the mode by the terrain.
func TestReachFastWork(t *testing.T) {
	rough := benchMap(250, 250)
	rtok := benchMover(rough, model.Medium, map[string]int{"land": 1 << 30})
	pf := benchMap(250, 250)
	pf.Ruleset = model.PF1E
	ptok := benchMover(pf, model.Medium, map[string]int{"land": 1 << 30})
	walls := benchMap(250, 250)
	for i, c := range walls.Grid.Cells {
		walls.Grid.Cells[i] = c & model.Wall
	}
	wtok := benchMover(walls, model.Medium, map[string]int{"land": 1 << 30})
	open, oq := farCornerMap(200)
	cases := []struct {
		name string
		e    *model.Encounter
		q    MoveQuery
		auto fastMode
	}{
		{"sf2e random terrain", rough, MoveQuery{Token: rtok}, fastRough},
		{"pf1e random terrain", pf, MoveQuery{Token: ptok}, fastRough},
		{"walls", walls, MoveQuery{Token: wtok}, fastSmooth},
		{"open", open, oq, fastSmooth},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s searcher
			k := kindOf(c.e.Ruleset)
			var want []Square
			for _, mode := range []fastMode{fastAuto, fastSmooth, fastRough} {
				if _, err := s.m.prepare(k, c.e, c.q); err != nil {
					t.Fatal(err)
				}
				used, pops := s.reachFastAs(mode)
				per := float64(pops) / float64(s.fastN)
				t.Logf("mode %d: %d settled, %d taken from the queue: %.3f a square", mode, s.fastN, pops, per)
				if s.fastN < 10000 || per > 1.2 {
					t.Errorf("mode %d: %d squares settled, %d taken from the queue (%.3f a square); want at least 10000 and at most 1.2 a square",
						mode, s.fastN, pops, per)
				}
				got := s.results(nil)
				if mode == fastAuto {
					want = got
					if used != c.auto {
						t.Errorf("fastAuto used mode %d, want %d", used, c.auto)
					}
					continue
				}
				if !slices.Equal(got, want) {
					t.Errorf("mode %d: %d squares, fastAuto %d", mode, len(got), len(want))
				}
			}
			for _, mode := range []fastMode{fastSmooth, fastRough} {
				if a := testing.AllocsPerRun(3, func() {
					s.m.prepare(k, c.e, c.q)
					s.reachFastAs(mode)
				}); a != 0 {
					t.Errorf("mode %d: %v allocations a search after warm-up, want 0", mode, a)
				}
			}
		})
	}
}

// TestReachFastLeavesSpareCapacity: reachFast's answers are written
// without a branch per square into dst's spare room, yet nothing past
// the answers changes, and a dst without room gets the same answers.
func TestReachFastLeavesSpareCapacity(t *testing.T) {
	e := benchMap(60, 40)
	tok := benchMover(e, model.Medium, map[string]int{"land": 60})
	q := MoveQuery{Token: tok}
	en := mustEngine(t, e.Ruleset)
	want, err := en.Reach(nil, e, q)
	if err != nil || len(want) < 100 {
		t.Fatalf("%d squares, %v", len(want), err)
	}
	mark := Square{X: -1, Y: -2, Cost: -3, Actions: -4, Facings: 5}
	buf := make([]Square, 3, 3+len(want)+200)
	for i := range buf[:cap(buf)] {
		buf[:cap(buf)][i] = mark
	}
	got, _ := en.Reach(buf, e, q)
	if !slices.Equal(got[3:], want) || !slices.Equal(got[:3], buf[:3]) {
		t.Fatalf("with room: %d squares, want 3 kept and %d", len(got), len(want))
	}
	for i, sq := range got[len(got):cap(got)] {
		if sq != mark {
			t.Fatalf("spare slot %d past the answers is %+v, want it untouched", i, sq)
		}
	}
	// Room for a few rows only, then none.
	for _, room := range []int{0, 1, 70} {
		got, _ := en.Reach(make([]Square, 0, room), e, q)
		if !slices.Equal(got, want) {
			t.Fatalf("room %d: %d squares, want %d", room, len(got), len(want))
		}
	}
}
