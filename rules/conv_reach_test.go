package rules

import (
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// rules-conventions.md sf2e "Reach": "The distance between two spaces is
// 5 x (max + floor(min / 2)) feet ... within reach when that distance is at
// most the reach, and also, for a reach of 10 ft or more, when both gaps are
// at most 2"; "an explicit reach overrides the size table and long"; pf1e
// "Tiny and smaller creatures ... have 0 reach. A token with reachWeapon
// reaches up to double its natural reach but not within it ...; the 10-ft
// two-squares-diagonal exception of sf2e applies."
//
// Threat maps: 'x' a square the token threatens, its first letter over its
// own space, '.' elsewhere.

func threatRows(e *model.Encounter, tok int, pts []Point) []string {
	n := map[Point]int{}
	for _, p := range pts {
		n[p]++
	}
	t := &e.Tokens[tok]
	k := e.Space(t)
	return asciiRows(e, func(x, y int) (string, bool) {
		own := x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k
		switch {
		case n[Point{x, y}] > 0 && (own || n[Point{x, y}] > 1):
			return "!", true // listed twice, or inside its own space
		case own:
			return string(t.Name[0]), true
		case n[Point{x, y}] > 0:
			return "x", true
		}
		return ".", true
	})
}

type threatCase struct {
	name string
	tk   tok
	size *model.Size // overrides tk.size (fine and diminutive, which tok cannot say)
	want []string
}

func runThreat(t *testing.T, rs model.Ruleset, cases []threatCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(string(rs)+"/"+c.name, func(t *testing.T) {
			rows := make([]string, len(c.want))
			for i := range rows {
				rows[i] = strings.Repeat(".", len(c.want[0]))
			}
			e := withTokens(mapOf(t, rs, rows...), c.tk)
			if c.size != nil {
				e.Tokens[0].Size = *c.size
			}
			got, want := threatRows(e, 0, mustEngine(t, rs).Threatened(nil, e, 0)), normRows(c.want)
			if !slices.Equal(got, want) {
				t.Errorf("threatened squares differ:\ngot:\n%swant:\n%s", asciiMap(got), asciiMap(want))
			}
		})
	}
}

func TestConvReachSF2E(t *testing.T) {
	at := func(size model.Size, reach int, long bool) tok {
		return tok{name: "R", x: 4, y: 4, size: size, side: "a", reach: reach, long: long}
	}
	ring1 := []string{
		".........",
		".........",
		".........",
		"...xxx...",
		"...xRx...",
		"...xxx...",
		".........",
		".........",
		".........",
	}
	// 10 ft: (2,1) is 5 x (2+0) = 10; (2,2) is 15 but the exception counts it.
	ring2 := []string{
		".........",
		".........",
		"..xxxxx..",
		"..xxxxx..",
		"..xxRxx..",
		"..xxxxx..",
		"..xxxxx..",
		".........",
		".........",
	}
	// 15 ft: (3,1) is 15, (3,2) 20 and (3,3) 20 are out.
	ring3 := []string{
		".........",
		"...xxx...",
		"..xxxxx..",
		".xxxxxxx.",
		".xxxRxxx.",
		".xxxxxxx.",
		"..xxxxx..",
		"...xxx...",
		".........",
	}
	// 20 ft: (4,1) 20, (3,3) 20, (4,2) 25 out.
	ring4 := []string{
		"...xxx...",
		".xxxxxxx.",
		".xxxxxxx.",
		"xxxxxxxxx",
		"xxxxRxxxx",
		"xxxxxxxxx",
		".xxxxxxx.",
		".xxxxxxx.",
		"...xxx...",
	}
	none := []string{
		".........", ".........", ".........", ".........", "....R....", ".........", ".........", ".........", ".........",
	}
	runThreat(t, model.SF2E, []threatCase{
		{"medium 5 ft", at(model.Medium, 0, false), nil, ring1},
		{"medium with explicit 10 ft", at(model.Medium, 10, false), nil, ring2},
		{"medium with explicit 15 ft", at(model.Medium, 15, false), nil, ring3},
		{"medium with explicit 20 ft", at(model.Medium, 20, false), nil, ring4},
		{"medium with explicit 0 ft", at(model.Medium, -1, false), nil, none},
		{"tiny 0 ft", at(model.Tiny, 0, false), nil, none},
		{"tiny with explicit 10 ft (exception)", at(model.Tiny, 10, false), nil, ring2},
		{"explicit reach overrides long", at(model.Medium, 10, true), nil, ring2},
		{"large long 5 ft", tok{name: "R", x: 3, y: 3, size: model.Large, side: "a", long: true}, nil, []string{
			"........",
			"........",
			"..xxxx..",
			"..xRRx..",
			"..xRRx..",
			"..xxxx..",
			"........",
			"........",
		}},
		{"large tall 10 ft, measured from the nearest square", tok{name: "R", x: 3, y: 3, size: model.Large, side: "a"}, nil, []string{
			"........",
			".xxxxxx.",
			".xxxxxx.",
			".xxRRxx.",
			".xxRRxx.",
			".xxxxxx.",
			".xxxxxx.",
			"........",
		}},
		{"huge long 10 ft", tok{name: "R", x: 3, y: 3, size: model.Huge, side: "a", long: true}, nil, []string{
			".........",
			".xxxxxxx.",
			".xxxxxxx.",
			".xxRRRxx.",
			".xxRRRxx.",
			".xxRRRxx.",
			".xxxxxxx.",
			".xxxxxxx.",
			".........",
		}},
	})
}

func TestConvReachPF1E(t *testing.T) {
	runThreat(t, model.PF1E, []threatCase{
		{"medium with a reach weapon: 10 ft, not adjacent, corners by the exception", tok{name: "R", x: 3, y: 3, side: "a", rw: true}, nil, []string{
			".......",
			".xxxxx.",
			".x...x.",
			".x.R.x.",
			".x...x.",
			".xxxxx.",
			".......",
		}},
		// Natural 10 ft, a reach weapon 20 ft but not within 10: gaps with
		// max 3, or max 4 and min 0 or 1.
		{"large with a reach weapon: 20 ft, not within 10", tok{name: "R", x: 5, y: 5, size: model.Large, side: "a", rw: true}, nil, []string{
			"............",
			"....xxxx....",
			"..xxxxxxxx..",
			"..x......x..",
			".xx......xx.",
			".xx..RR..xx.",
			".xx..RR..xx.",
			".xx......xx.",
			"..x......x..",
			"..xxxxxxxx..",
			"....xxxx....",
			"............",
		}},
		{"large natural 10 ft threatens adjacent squares too", tok{name: "R", x: 2, y: 2, size: model.Large, side: "a"}, nil, []string{
			"xxxxxx",
			"xxxxxx",
			"xxRRxx",
			"xxRRxx",
			"xxxxxx",
			"xxxxxx",
		}},
		{"tiny: 0 ft", tok{name: "R", x: 1, y: 1, size: model.Tiny, side: "a"}, nil, []string{"...", ".R.", "..."}},
		{"diminutive: 0 ft", tok{name: "R", x: 1, y: 1, side: "a"}, sizeP(model.Diminutive), []string{"...", ".R.", "..."}},
		{"fine: 0 ft", tok{name: "R", x: 1, y: 1, side: "a"}, sizeP(model.Fine), []string{"...", ".R.", "..."}},
		{"colossal tall 30 ft reaches (6,0)", tok{name: "R", x: 6, y: 0, size: model.Colossal, side: "a"}, nil, []string{
			"xxxxxxRRRRRRxxxxxx",
			"xxxxxxRRRRRRxxxxxx",
			"xxxxxxRRRRRRxxxxxx",
			"xxxxxxRRRRRRxxxxxx",
			"xxxxxxRRRRRRxxxxxx",
			"xxxxxxRRRRRRxxxxxx",
			"xxxxxxxxxxxxxxxxxx",
			".xxxxxxxxxxxxxxxx.",
			".xxxxxxxxxxxxxxxx.",
			"..xxxxxxxxxxxxxx..",
			"...xxxxxxxxxxxx...",
		}},
	})
}

func sizeP(s model.Size) *model.Size { return &s }
