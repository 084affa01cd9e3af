package model

import (
	"fmt"
	"strings"
)

// Trait is one kind of terrain a square can carry. A square holds a small bit
// set of traits (Terrain), so a grid of any size is one flat slice of uint16.
// Eleven traits are known; a square's set no longer fits a byte.
type Trait uint16

// Terrain traits, in the order of encounter-format.md.
const (
	Wall Trait = 1 << iota
	Obstacle
	Difficult
	GreaterDifficult
	Hazardous
	Narrow
	Uneven
	Water
	Door         // a door square: closed (a wall square) unless Open
	Open         // with Door: the door stands open (open ground)
	ShallowWater // difficult for land and climb; no swim Speed needed
)

// Terrain is the set of traits of one square; the zero value is open ground.
type Terrain = Trait

// AllTraits lists every trait in canonical order.
var AllTraits = []Trait{Wall, Obstacle, Difficult, GreaterDifficult, Hazardous, Narrow, Uneven, Water, Door, Open, ShallowWater}

var traitNames = map[Trait]string{
	Wall: "wall", Obstacle: "obstacle", Difficult: "difficult", GreaterDifficult: "greater-difficult",
	Hazardous: "hazardous", Narrow: "narrow", Uneven: "uneven", Water: "water",
	Door: "door", Open: "open", ShallowWater: "shallow-water",
}

// traitMask holds every known trait bit; anything outside it is invalid.
const traitMask = Wall | Obstacle | Difficult | GreaterDifficult | Hazardous | Narrow | Uneven | Water | Door | Open | ShallowWater

// TraitMask holds every known trait bit: a square's terrain never has
// others (Validate refuses them).
const TraitMask = traitMask

// BlocksLikeWall reports whether the square is a wall square for movement,
// sight and effects: a wall, or a closed door (Door without Open).
func (t Trait) BlocksLikeWall() bool { return t&Wall != 0 || t&(Door|Open) == Door }

// ClosedDoor reports whether the square is a door that is not open.
func (t Trait) ClosedDoor() bool { return t&(Door|Open) == Door }

// ParseTrait reads one trait name as the file format spells it.
func ParseTrait(s string) (Trait, error) {
	for t, n := range traitNames {
		if n == s {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown terrain trait %q (want one of %s)", s, strings.Join(TraitNames(traitMask), ", "))
}

// Has reports whether every trait of u is set in t.
func (t Trait) Has(u Trait) bool { return t&u == u && u != 0 }

// Any reports whether any trait of u is set in t.
func (t Trait) Any(u Trait) bool { return t&u != 0 }

// TraitNames lists the names of the traits set in t, in canonical order.
func TraitNames(t Trait) []string {
	var out []string
	for _, u := range AllTraits {
		if t&u != 0 {
			out = append(out, traitNames[u])
		}
	}
	return out
}

// String names the traits joined by "+", or "open" for none.
func (t Trait) String() string {
	if t == 0 {
		return "open"
	}
	return strings.Join(TraitNames(t), "+")
}

// DefaultLegend maps the file format's default characters to terrain.
var DefaultLegend = map[rune]Terrain{
	'.': 0, '#': Wall, 'o': Obstacle, 'd': Difficult, 'D': GreaterDifficult,
	'h': Hazardous, 'n': Narrow, 'u': Uneven, '~': Water,
	'+': Door, '/': Door | Open, 'w': ShallowWater,
}

// defaultLegendOrder is the default legend in the format document's order,
// used to find the character for a terrain when writing.
var defaultLegendOrder = []rune{'.', '#', 'o', 'd', 'D', 'h', 'n', 'u', '~', '+', '/', 'w'}

// Grid is the terrain of a map: a flat slice indexed y*W+x.
type Grid struct {
	W, H  int
	Cells []Terrain
}

// MaxMapSide is the largest map side the product accepts, in squares.
const MaxMapSide = 1000

// NewGrid makes an open grid of w x h squares.
func NewGrid(w, h int) Grid {
	return Grid{W: w, H: h, Cells: make([]Terrain, w*h)}
}

// In reports whether (x, y) is on the map.
func (g *Grid) In(x, y int) bool { return x >= 0 && y >= 0 && x < g.W && y < g.H }

// At returns the terrain of (x, y); squares off the map are open.
func (g *Grid) At(x, y int) Terrain {
	if !g.In(x, y) {
		return 0
	}
	return g.Cells[y*g.W+x]
}

// Set replaces the terrain of (x, y); off-map squares are ignored.
func (g *Grid) Set(x, y int, t Terrain) {
	if g.In(x, y) {
		g.Cells[y*g.W+x] = t
	}
}

// Clone returns a deep copy.
func (g Grid) Clone() Grid {
	c := g
	c.Cells = append([]Terrain(nil), g.Cells...)
	return c
}

// Resize returns a copy of g with the new size, keeping the overlap.
func (g Grid) Resize(w, h int) Grid {
	n := NewGrid(w, h)
	for y := 0; y < h && y < g.H; y++ {
		for x := 0; x < w && x < g.W; x++ {
			n.Cells[y*w+x] = g.Cells[y*g.W+x]
		}
	}
	return n
}
