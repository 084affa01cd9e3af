package session

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"sync"
	"unsafe"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// Area templates (sf2e): what the map shades for each placed area and the
// list of the creatures each one catches.

// AreaShades returns the shade of each area of e, in order, as the rules
// answer it; an area the rules refuse (another ruleset, a token since
// deleted) shades nothing. Time O(areas x rules.Area).
//
// Shown asks it for every frame's overlays on the window's goroutine, and
// a burst over a 1000 x 1000 map takes a second and more: the last answer
// is kept, keyed by a hash of what the squares depend on (the ruleset, the
// scale, the terrain, the edges, the tokens' places and sizes, the areas),
// so that a pointer move or a drag asks nothing again. The last few
// answers are kept, not one: the player display asks for the map without
// its hidden tokens between the editor's frames, and with one answer kept
// each would work out the other's again. The shades returned are shared:
// read them, never write them.
func AreaShades(e *model.Encounter) []render.AreaShade {
	if len(e.Areas) == 0 {
		return nil
	}
	k := areaKey(e)
	areaMemo.Lock()
	defer areaMemo.Unlock()
	m := &areaMemo
	for i := 0; i < m.n; i++ {
		if m.keys[i] == k {
			sh := m.shades[i]
			copy(m.keys[1:i+1], m.keys[:i])
			copy(m.shades[1:i+1], m.shades[:i])
			m.keys[0], m.shades[0] = k, sh
			return sh
		}
	}
	out := areaShades(e)
	m.n = min(m.n+1, len(m.keys))
	copy(m.keys[1:m.n], m.keys[:m.n-1])
	copy(m.shades[1:m.n], m.shades[:m.n-1])
	m.keys[0], m.shades[0] = k, out
	return out
}

// areaMemo is AreaShades' last answers and their keys, the latest asked
// first: n of them.
var areaMemo struct {
	sync.Mutex
	n      int
	keys   [4]uint64
	shades [4][]render.AreaShade
}

var areaSeed = maphash.MakeSeed()

// areaKey hashes what e's area shades depend on. O(map + tokens + areas):
// about a millisecond for a 1000 x 1000 map's terrain.
func areaKey(e *model.Encounter) uint64 {
	var h maphash.Hash
	h.SetSeed(areaSeed)
	var b [8]byte
	num := func(v int) {
		binary.LittleEndian.PutUint64(b[:], uint64(v))
		h.Write(b[:])
	}
	str := func(s string) {
		num(len(s))
		h.WriteString(s)
	}
	str(string(e.Ruleset))
	num(e.Feet())
	num(e.Grid.W)
	num(e.Grid.H)
	if len(e.Grid.Cells) > 0 {
		h.Write(unsafe.Slice((*byte)(unsafe.Pointer(&e.Grid.Cells[0])), len(e.Grid.Cells)*int(unsafe.Sizeof(e.Grid.Cells[0]))))
	}
	num(len(e.Edges))
	for _, ed := range e.Edges {
		num(int(ed.Kind))
		num(ed.X1)
		num(ed.Y1)
		num(ed.X2)
		num(ed.Y2)
	}
	num(len(e.Tokens))
	for i := range e.Tokens {
		t := &e.Tokens[i]
		str(t.Name)
		num(int(t.Size))
		num(t.X)
		num(t.Y)
	}
	num(len(e.Areas))
	for _, a := range e.Areas {
		num(int(a.Kind))
		num(a.X)
		num(a.Y)
		str(a.Token)
		num(a.Radius)
		num(int(a.Dir))
		num(a.Toward[0])
		num(a.Toward[1])
		num(a.Length)
		num(a.OriginOffset)
		str(a.Label)
		if a.Player {
			num(1)
		} else {
			num(0)
		}
	}
	return h.Sum64()
}

// areaShades is AreaShades worked out.
func areaShades(e *model.Encounter) []render.AreaShade {
	out := make([]render.AreaShade, len(e.Areas))
	for i, a := range e.Areas {
		out[i].Label, out[i].Player = a.Label, a.Player
		r, err := rules.Area(e, a)
		if err != nil {
			continue
		}
		out[i].Squares = make([]int, len(r.Squares))
		for j, p := range r.Squares {
			out[i].Squares[j] = p.Y*e.Grid.W + p.X
		}
	}
	return out
}

// AreaName is how the list names area a: its label, or its kind and size
// ("burst 10 ft").
func AreaName(a model.Area) string {
	size := a.Radius
	if a.Kind == model.Cone || a.Kind == model.Line {
		size = a.Length
	}
	n := fmt.Sprintf("%s %d ft", a.Kind, size)
	if a.Kind != model.Burst && a.Token != "" {
		n += " from " + a.Token
	}
	if a.Label != "" {
		n = a.Label + " (" + n + ")"
	}
	return n
}

// AreaCaught lists the creatures area i of e catches with their cover
// against it ("Goblin B — standard"), or the rules' refusal.
// Only the creatures' squares are tested (rules.AreaCreatures): this runs
// on the window's goroutine, and a burst over a 1000 x 1000 map took a
// second and more as a whole area.
func AreaCaught(e *model.Encounter, i int) ([]string, error) {
	caught, err := rules.AreaCreatures(e, e.Areas[i])
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(caught))
	for _, c := range caught {
		out = append(out, e.Tokens[c.Token].Name+" — "+coverWord(c.Cover))
	}
	return out, nil
}

func coverWord(c rules.Cover) string {
	switch c {
	case rules.CoverStandard:
		return "standard"
	case rules.CoverGreater:
		return "greater"
	}
	return "no cover"
}

// AreaAt returns the index of the last area of e whose squares hold (x, y),
// or -1: the one drawn on top is picked.
// Only that square is tested (rules.AreaHolds): every click of the Select
// tool asks it.
func AreaAt(e *model.Encounter, x, y int) int {
	for i := len(e.Areas) - 1; i >= 0; i-- {
		if in, err := rules.AreaHolds(e, e.Areas[i], x, y); err == nil && in {
			return i
		}
	}
	return -1
}

// MoveArea moves burst i of e by (dx, dy) grid lines, kept on the grid;
// other kinds follow their token and do not move.
func MoveArea(e *model.Encounter, i, dx, dy int) error {
	a := &e.Areas[i]
	if a.Kind != model.Burst {
		return fmt.Errorf("%s follows %s: move the token", AreaName(*a), a.Token)
	}
	a.X = min(max(a.X+dx, 0), e.Grid.W)
	a.Y = min(max(a.Y+dy, 0), e.Grid.H)
	return nil
}

// RotateArea turns cone or line i of e by steps eighths of a turn
// (clockwise for positive steps). A line keeps its length in squares and
// points to the square that far in the new direction from its token's
// space, clamped to the map.
func RotateArea(e *model.Encounter, i, steps int) error {
	a := &e.Areas[i]
	switch a.Kind {
	case model.Cone:
		a.Dir = model.Facing(((int(a.Dir)+steps)%8 + 8) % 8)
		if a.Dir%2 != 0 {
			a.OriginOffset = 0
		}
		return nil
	case model.Line:
		t := tokenNamed(e, a.Token)
		if t == nil {
			return fmt.Errorf("no token is named %q", a.Token)
		}
		k := e.Space(t)
		cx, cy := 2*t.X+k, 2*t.Y+k // the space's centre, doubled
		dx, dy := 2*a.Toward[0]+1-cx, 2*a.Toward[1]+1-cy
		f := nearestFacing(dx, dy)
		f = model.Facing(((int(f)+steps)%8 + 8) % 8)
		n := a.Length / e.Feet()
		d := model.Dir[f]
		// from the edge square of the space on the side it points to
		ex, ey := t.X+(k-1)*max(d[0], 0), t.Y+(k-1)*max(d[1], 0)
		a.Toward = [2]int{min(max(ex+d[0]*n, 0), e.Grid.W-1), min(max(ey+d[1]*n, 0), e.Grid.H-1)}
		if a.Toward[0] >= t.X && a.Toward[0] < t.X+k && a.Toward[1] >= t.Y && a.Toward[1] < t.Y+k {
			return fmt.Errorf("the line from %s has no room to point %s", a.Token, f)
		}
		return nil
	}
	return fmt.Errorf("%s has no direction to turn", AreaName(*a))
}

// nearestFacing is the facing closest to the vector (dx, dy), y down.
func nearestFacing(dx, dy int) model.Facing {
	best, bd := model.N, -1.0
	for f, d := range model.Dir {
		// cosine without the vector's own length, which is the same for all
		n := float64(d[0]*dx+d[1]*dy) / hyp(d[0], d[1])
		if n > bd {
			best, bd = model.Facing(f), n
		}
	}
	return best
}

func hyp(x, y int) float64 {
	if x != 0 && y != 0 {
		return 1.41421356
	}
	return 1
}

func tokenNamed(e *model.Encounter, name string) *model.Token {
	for i := range e.Tokens {
		if e.Tokens[i].Name == name {
			return &e.Tokens[i]
		}
	}
	return nil
}

// KeepAreas carries after's areas over the token edits from before to
// after: an area from a renamed token follows it (matched by id), one from
// a deleted token goes with it. Areas from a name no token had before are
// left for model.Validate to judge.
func KeepAreas(before, after *model.Encounter) {
	if len(after.Areas) == 0 {
		return
	}
	names := map[string]string{} // old name -> new name ("" = gone)
	for _, t := range before.Tokens {
		names[t.Name] = ""
		for j := range after.Tokens {
			if t.ID != "" && after.Tokens[j].ID == t.ID {
				names[t.Name] = after.Tokens[j].Name
			}
		}
	}
	kept := after.Areas[:0:0]
	for _, a := range after.Areas {
		if n, ok := names[a.Token]; ok && a.Token != "" {
			if n == "" {
				continue
			}
			a.Token = n
		}
		kept = append(kept, a)
	}
	after.Areas = kept
}
