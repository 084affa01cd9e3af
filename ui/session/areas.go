package session

import (
	"fmt"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
)

// Area templates (sf2e): what the map shades for each placed area and the
// list of the creatures each one catches.

// AreaShades returns the shade of each area of e, in order, as the rules
// answer it; an area the rules refuse (another ruleset, a token since
// deleted) shades nothing. Time O(areas x rules.Area).
func AreaShades(e *model.Encounter) []render.AreaShade {
	if len(e.Areas) == 0 {
		return nil
	}
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
func AreaCaught(e *model.Encounter, i int) ([]string, error) {
	r, err := rules.Area(e, e.Areas[i])
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(r.Creatures))
	for _, c := range r.Creatures {
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
func AreaAt(e *model.Encounter, x, y int) int {
	for i := len(e.Areas) - 1; i >= 0; i-- {
		r, err := rules.Area(e, e.Areas[i])
		if err != nil {
			continue
		}
		for _, p := range r.Squares {
			if p.X == x && p.Y == y {
				return i
			}
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
