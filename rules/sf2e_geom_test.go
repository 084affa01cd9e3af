package rules

import (
	"fmt"
	"reflect"
	"testing"

	"encounterplanner/model"
)

type coverCase struct {
	name     string
	rows     []string
	toks     []tok
	from, to string
	want     Cover
}

func runCover(t *testing.T, rs model.Ruleset, cases []coverCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := withTokens(mapOf(t, rs, c.rows...), c.toks...)
			got, err := mustEngine(t, rs).Cover(e, e.TokenIndex(c.from), e.TokenIndex(c.to))
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("cover of %s from %s = %v, want %v\n%s", c.to, c.from, got, c.want, reachMap(e, -1, nil))
			}
		})
	}
}

// Player Core p. 416, the cover diagram bullets rebuilt as small maps, and
// one case per clause of rules-conventions.md "Cover".
func TestSF2ECover(t *testing.T) {
	open5 := []string{".....", ".....", "....."}
	runCover(t, model.SF2E, []coverCase{
		{"Dae and the tashtari: no cover", open5,
			[]tok{{name: "Dae", y: 1, side: "party"}, {name: "Tashtari", x: 4, y: 1, side: "enemy"}}, "Dae", "Tashtari", CoverNone},
		{"tashtari and Chk Chk: lesser through Dae", open5,
			[]tok{{name: "Chk Chk", y: 1, size: model.Small, side: "party"}, {name: "Dae", x: 2, y: 1, side: "party"}, {name: "Tashtari", x: 4, y: 1, side: "enemy"}},
			"Tashtari", "Chk Chk", CoverLesser},
		{"Chk Chk and the tashtari: lesser the other way too", open5,
			[]tok{{name: "Chk Chk", y: 1, size: model.Small, side: "party"}, {name: "Dae", x: 2, y: 1, side: "party"}, {name: "Tashtari", x: 4, y: 1, side: "enemy"}},
			"Chk Chk", "Tashtari", CoverLesser},
		{"tashtari and Iseph: standard through terrain", []string{".....", "..o..", "....."},
			[]tok{{name: "Iseph", y: 1, side: "party"}, {name: "Tashtari", x: 4, y: 1, side: "enemy"}}, "Tashtari", "Iseph", CoverStandard},
		{"Navasi and the tashtari: much terrain is still standard", []string{"......", ".#oo#.", "......"},
			[]tok{{name: "Navasi", y: 1, side: "party"}, {name: "Tashtari", x: 5, y: 1, side: "enemy"}}, "Tashtari", "Navasi", CoverStandard},
		{"taken cover makes standard greater", []string{".....", "..o..", "....."},
			[]tok{{name: "Iseph", y: 1, side: "party", conds: []string{model.CondTakenCover}}, {name: "Tashtari", x: 4, y: 1, side: "enemy"}}, "Tashtari", "Iseph", CoverGreater},
		{"taken cover: only the target's counts", []string{".....", "..o..", "....."},
			[]tok{{name: "Iseph", y: 1, side: "party", conds: []string{model.CondTakenCover}}, {name: "Tashtari", x: 4, y: 1, side: "enemy"}}, "Iseph", "Tashtari", CoverStandard},
		{"taken cover does not raise lesser", open5,
			[]tok{{name: "A", y: 1, side: "a", conds: []string{model.CondTakenCover}}, {name: "B", x: 2, y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "C", "A", CoverLesser},
		{"creature two sizes larger than both: standard", []string{"......", "......", "......"},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "H", x: 2, size: model.Huge, side: "h"}, {name: "C", x: 5, y: 1, side: "c"}}, "C", "A", CoverStandard},
		{"creature only one size larger: lesser", []string{"......", "......", "......"},
			[]tok{{name: "A", y: 1, size: model.Small, side: "a"}, {name: "L", x: 2, y: 1, size: model.Large, side: "h"}, {name: "C", x: 5, y: 1, size: model.Medium, side: "c"}}, "C", "A", CoverLesser},
		{"tiny creatures give no cover", open5,
			[]tok{{name: "A", y: 1, side: "a"}, {name: "T", x: 2, y: 1, size: model.Tiny, side: "t"}, {name: "C", x: 4, y: 1, side: "c"}}, "C", "A", CoverNone},
		{"unconscious and hidden creatures still give cover", open5,
			[]tok{{name: "A", y: 1, side: "a"}, {name: "U", x: 2, y: 1, side: "t", conds: []string{model.CondUnconscious}}, {name: "C", x: 4, y: 1, side: "c"}}, "C", "A", CoverLesser},
		{"the seam between two walls counts", []string{"........", "...#....", "...#....", "........"},
			[]tok{{name: "A", y: 1, size: model.Large, side: "a"}, {name: "C", x: 6, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverStandard},
		{"a wall and an obstacle form one area", []string{"........", "...#....", "...o....", "........"},
			[]tok{{name: "A", y: 1, size: model.Large, side: "a"}, {name: "C", x: 6, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverStandard},
		{"touching only an outer edge does not count", []string{"........", "...#....", "........", "........"},
			[]tok{{name: "A", y: 1, size: model.Large, side: "a"}, {name: "C", x: 6, y: 1, size: model.Large, side: "c"}}, "A", "C", CoverNone},
		{"touching only the corner where two walls meet diagonally does not count", []string{".#..", "#...", "....", "...."},
			[]tok{{name: "A", side: "a"}, {name: "C", x: 1, y: 1, side: "c"}}, "A", "C", CoverNone},
		{"the other diagonal through the same corner: still only the corner", []string{"#...", ".#..", "..#.", "...."},
			[]tok{{name: "A", x: 1, y: 0, side: "a"}, {name: "C", x: 0, y: 1, side: "c"}}, "A", "C", CoverNone},
		{"a diagonal segment through a wall's inside counts", []string{"....", ".#..", "....", "...."},
			[]tok{{name: "A", side: "a"}, {name: "C", x: 2, y: 2, side: "c"}}, "A", "C", CoverStandard},
		{"a corner where four walls meet is inside", []string{"......", "..##..", "..##..", "......", "......", "......"},
			// Large A and C: the corner segment (4,4)->(8,8) doubled passes (4,4), inside the 2x2 block.
			[]tok{{name: "A", x: 0, y: 0, size: model.Large, side: "a"}, {name: "C", x: 4, y: 4, size: model.Large, side: "c"}}, "A", "C", CoverStandard},
		{"blocked when every corner segment passes through walls", []string{"..#..", "..#..", "..#.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverBlocked},
		{"a one-row wall is passed along its outer edges: standard, not blocked", []string{"..#.."},
			[]tok{{name: "A", side: "a"}, {name: "C", x: 4, side: "c"}}, "A", "C", CoverStandard},
		{"obstacles never block line of effect", []string{"..o..", "..o..", "..o.."},
			[]tok{{name: "A", y: 1, side: "a"}, {name: "C", x: 4, y: 1, side: "c"}}, "A", "C", CoverStandard},
	})
}

type flankCase struct {
	name string
	rows []string
	toks []tok
	want []string // "target: a+b"
}

func runFlanking(t *testing.T, rs model.Ruleset, cases []flankCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := withTokens(mapOf(t, rs, c.rows...), c.toks...)
			fl, err := mustEngine(t, rs).Flanking(e)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			for _, f := range fl {
				got = append(got, fmt.Sprintf("%s: %s+%s", e.Tokens[f.Target].Name, e.Tokens[f.By[0]].Name, e.Tokens[f.By[1]].Name))
			}
			if c.want == nil {
				c.want = []string{}
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("flanking %q, want %q\n%s", got, c.want, reachMap(e, -1, nil))
			}
		})
	}
}

// Player Core p. 417, the flanking diagram bullets rebuilt as small maps,
// and one case per clause of rules-conventions.md "Flanking".
func TestSF2EFlanking(t *testing.T) {
	open := []string{"......", "......", "......", "......", "......", "......"}
	alpha := tok{name: "Tashtari alpha", x: 2, y: 2, size: model.Large, side: "enemy"}
	chk := tok{name: "Chk Chk", x: 1, y: 2, size: model.Small, side: "party"}
	dae := tok{name: "Dae", x: 4, y: 3, side: "party"}
	oboz := tok{name: "Obozaya", x: 2, y: 1, side: "party"}
	runFlanking(t, model.SF2E, []flankCase{
		{"Chk Chk and Dae flank the tashtari alpha; Obozaya does not", open,
			[]tok{alpha, chk, dae, oboz}, []string{"Tashtari alpha: Chk Chk+Dae"}},
		{"the tashtari and the alpha with 10-ft reach flank Navasi", open,
			[]tok{{name: "Navasi", x: 3, y: 1, side: "party"}, {name: "Tashtari", x: 4, y: 1, side: "enemy"},
				{name: "Tashtari alpha", x: 0, y: 0, size: model.Large, side: "enemy", reach: 10}},
			[]string{"Navasi: Tashtari+Tashtari alpha"}},
		{"without 10 feet of reach the alpha does not flank Navasi", open,
			[]tok{{name: "Navasi", x: 3, y: 1, side: "party"}, {name: "Tashtari", x: 4, y: 1, side: "enemy"},
				{name: "Tashtari alpha", x: 0, y: 0, size: model.Large, side: "enemy", reach: 5}},
			nil},
		{"opposite corners flank", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 0, side: "p"}, {name: "B", x: 2, y: 2, side: "p"}},
			[]string{"F: A+B"}},
		{"adjacent corners do not", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 0, side: "p"}, {name: "B", x: 2, y: 0, side: "p"}},
			nil},
		{"a segment along a side touches both ends", open,
			// A and B Large, centres on the line y = 4 (doubled) that runs along F's top side.
			[]tok{{name: "F", x: 2, y: 2, side: "f"}, {name: "A", x: 0, y: 1, size: model.Large, side: "p", reach: 10}, {name: "B", x: 3, y: 1, size: model.Large, side: "p"}},
			[]string{"F: A+B"}},
		{"unconscious flanker does not flank", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p", conds: []string{model.CondUnconscious}}, {name: "B", x: 2, y: 1, side: "p"}},
			nil},
		{"cannot-act flanker does not flank", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p", conds: []string{model.CondCannotAct}}, {name: "B", x: 2, y: 1, side: "p"}},
			nil},
		{"no-melee flanker does not flank", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1, side: "p", conds: []string{model.CondNoMelee}}},
			nil},
		{"the foe's own conditions do not matter", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f", conds: []string{model.CondUnconscious}}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1, side: "p"}},
			[]string{"F: A+B"}},
		{"neutral is never flanked", open,
			[]tok{{name: "F", x: 1, y: 1}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 2, y: 1, side: "p"}},
			nil},
		{"neutral never flanks", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1}, {name: "B", x: 2, y: 1}},
			nil},
		{"out of reach does not flank", open,
			[]tok{{name: "F", x: 1, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p"}, {name: "B", x: 3, y: 1, side: "p"}},
			nil},
		// rules-conventions.md "Walls and doors on grid edges": "Reach
		// needs line of effect". A's 10-ft reach to F crosses the wall at
		// (1,1); B reaches F. The wall is not cover against flanking: with
		// A beside the wall the segment runs past it.
		{"reach 10 ft past an open square flanks", []string{"......", "......", "......"},
			[]tok{{name: "F", x: 2, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p", reach: 10}, {name: "B", x: 3, y: 1, side: "p"}},
			[]string{"F: A+B"}},
		{"a wall square between: no reach, no flank", []string{"......", ".#....", "......"},
			[]tok{{name: "F", x: 2, y: 1, side: "f"}, {name: "A", x: 0, y: 1, side: "p", reach: 10}, {name: "B", x: 3, y: 1, side: "p"}},
			nil},
		{"sorted by target, then pair names", open,
			[]tok{{name: "Z", x: 1, y: 1, side: "f"}, {name: "Y", x: 4, y: 4, side: "f"},
				{name: "d", x: 0, y: 1, side: "p"}, {name: "c", x: 2, y: 1, side: "p"}, {name: "b", x: 1, y: 0, side: "p"}, {name: "a", x: 1, y: 2, side: "p"},
				{name: "e", x: 3, y: 4, side: "p"}, {name: "g", x: 5, y: 4, side: "p"}},
			[]string{"Y: e+g", "Z: a+b", "Z: c+d"}},
	})
}

func TestSF2EThreatened(t *testing.T) {
	rows := make([]string, 15)
	for i := range rows {
		rows[i] = "..............."
	}
	at := func(name string, size model.Size, side string, long bool, conds ...string) tok {
		return tok{name: name, x: 6, y: 6, size: size, side: side, long: long, conds: conds}
	}
	e := withTokens(mapOf(t, model.SF2E, rows...),
		at("M", model.Medium, "a", false),
		at("L", model.Large, "a", false),
		at("H", model.Huge, "a", false),
		at("U", model.Medium, "a", false, model.CondUnconscious),
		at("N", model.Medium, "", false),
		at("T", model.Tiny, "a", false),
		at("LL", model.Large, "a", true),
	)
	en := mustEngine(t, model.SF2E)
	for _, c := range []struct {
		name string
		n    int
	}{
		{"M", 8},            // adjacent squares
		{"L", 6*6 - 4},      // 10 ft: two squares, diagonals included
		{"H", 9*9 - 12 - 9}, // 15 ft: not the (3,2), (2,3), (3,3) corners
		{"U", 0}, {"N", 0}, {"T", 0},
		{"LL", 4*4 - 4}, // long: 5 ft
	} {
		got := en.Threatened(nil, e, e.TokenIndex(c.name))
		if len(got) != c.n {
			t.Errorf("%s threatens %d squares, want %d: %v", c.name, len(got), c.n, got)
		}
	}
}

// rules-conventions.md "Walls and doors on grid edges": "Reach needs line
// of effect: a token reaches a square (flanking, reactions) when the square
// is within its reach distance and, for some square of its space within
// that distance, the segment between the two squares' centres does not
// pass through wall squares". E has a 10-ft reach; the wall at (3,1)
// hides (2,2), (3,2) and (4,2) from it: no threat there, and leaving them
// is no reaction. Without the wall, all three are threatened.
func TestConvReachNeedsLineOfEffect(t *testing.T) {
	for _, rs := range []model.Ruleset{model.SF2E, model.PF1E} {
		for _, wall := range []bool{true, false} {
			rows := []string{".......", "...#...", ".......", "......."}
			if !wall {
				rows[1] = "......."
			}
			e := withTokens(mapOf(t, rs, rows...), tok{name: "E", x: 3, y: 0, side: "foe", reach: 10},
				tok{name: "M", x: 3, y: 2, side: "party", speeds: "land=30"})
			en := mustEngine(t, rs)
			th := map[Point]bool{}
			for _, p := range en.Threatened(nil, e, 0) {
				th[p] = true
			}
			for _, p := range []Point{{2, 2}, {3, 2}, {4, 2}} {
				if th[p] == wall {
					t.Errorf("%s wall %v: (%d, %d) threatened %v, want %v", rs, wall, p.X, p.Y, th[p], !wall)
				}
			}
			if !th[Point{5, 2}] || !th[Point{1, 2}] {
				t.Errorf("%s wall %v: (1, 2) and (5, 2) see past the wall's corners: threatened %v", rs, wall, th)
			}
			p, err := en.Path(e, MoveQuery{Token: 1}, 3, 3)
			if err != nil || !p.Reachable || len(p.Steps) != 1 {
				t.Fatalf("%s: path %+v %v", rs, p, err)
			}
			if got := p.Steps[0].Flags&FlagReaction != 0; got == wall {
				t.Errorf("%s wall %v: leaving (3, 2) draws a reaction: %v, want %v", rs, wall, got, !wall)
			}
		}
	}
}
