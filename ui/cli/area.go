package cli

import (
	"encounterplanner/model"
	"encounterplanner/rules"
)

// runArea answers `area FILE --burst X,Y --radius FEET | --emanation NAME
// --radius FEET | --cone NAME --dir D --length FEET [--origin-offset K] |
// --line NAME --toward X,Y --length FEET` (queries.md, "Added with table
// play and the third dimension"; rules-conventions.md "Areas"): the squares
// inside, by y then x, and every creature with a square inside, by name,
// with its cover against the area. sf2e only.
func runArea(env Env, args []string) error {
	f, e, file, err := fileCmd(args, []string{"burst", "emanation", "cone", "line", "radius", "length", "dir", "origin-offset", "toward"}, nil)
	if err != nil {
		return err
	}
	if e.Ruleset != model.SF2E {
		return usagef("area: areas are an sf2e rule; %s is %s", file, e.Ruleset)
	}
	var a model.Area
	n := 0
	for _, k := range []string{"burst", "emanation", "cone", "line"} {
		if _, ok := f.vals[k]; ok {
			n++
			a.Kind, _ = model.ParseAreaKind(k)
		}
	}
	if n != 1 {
		return usagef("area: give exactly one of --burst X,Y, --emanation NAME, --cone NAME, --line NAME")
	}
	// Only the flags of the kind asked.
	allowed := map[model.AreaKind][]string{
		model.Burst: {"burst", "radius"}, model.Emanation: {"emanation", "radius"},
		model.Cone: {"cone", "dir", "length", "origin-offset"}, model.Line: {"line", "toward", "length"},
	}[a.Kind]
	for name := range f.vals {
		ok := false
		for _, al := range allowed {
			ok = ok || al == name
		}
		if !ok {
			return usagef("--%s does not apply to %s", name, a.Kind)
		}
	}
	feet := func(name string) (int, error) {
		s, err := f.str(name, true)
		if err != nil {
			return 0, err
		}
		v, err := f.num(name, 0, -1<<30, 1<<30)
		if err != nil {
			return 0, err
		}
		if v <= 0 || v%e.Feet() != 0 {
			return 0, usagef("--%s: %s is not a positive multiple of %d (feet)", name, s, e.Feet())
		}
		return v, nil
	}
	switch a.Kind {
	case model.Burst:
		s, _ := f.str("burst", true)
		if a.X, a.Y, err = xyArg("burst", s); err != nil {
			return err
		}
		if a.X < 0 || a.Y < 0 || a.X > e.Grid.W || a.Y > e.Grid.H {
			return usagef("--burst: (%d, %d) is not a grid intersection of %s (x 0 to %d, y 0 to %d)", a.X, a.Y, file, e.Grid.W, e.Grid.H)
		}
		if a.Radius, err = feet("radius"); err != nil {
			return err
		}
	case model.Emanation:
		if _, err := tokenArg(e, f, "emanation", file); err != nil {
			return err
		}
		a.Token = f.vals["emanation"]
		if a.Radius, err = feet("radius"); err != nil {
			return err
		}
	case model.Cone:
		if _, err := tokenArg(e, f, "cone", file); err != nil {
			return err
		}
		a.Token = f.vals["cone"]
		d, err := f.str("dir", true)
		if err != nil {
			return err
		}
		if a.Dir, err = model.ParseFacing(d); err != nil {
			return usagef("--dir: %q is not one of N, NE, E, SE, S, SW, W, NW", d)
		}
		if a.Length, err = feet("length"); err != nil {
			return err
		}
		if a.OriginOffset, err = f.num("origin-offset", 0, -model.MaxMapSide, model.MaxMapSide); err != nil {
			return err
		}
	case model.Line:
		i, err := tokenArg(e, f, "line", file)
		if err != nil {
			return err
		}
		a.Token = e.Tokens[i].Name
		s, err := f.str("toward", true)
		if err != nil {
			return err
		}
		if a.Toward[0], a.Toward[1], err = xyArg("toward", s); err != nil {
			return err
		}
		if a.Length, err = feet("length"); err != nil {
			return err
		}
	}
	res, err := rules.Area(e, a)
	if err != nil {
		return err
	}
	type pt struct {
		X int `json:"x"`
		Y int `json:"y"`
	}
	type creature struct {
		Name  string `json:"name"`
		Cover string `json:"cover"`
	}
	out := struct {
		Squares   []pt       `json:"squares"`
		Creatures []creature `json:"creatures"`
	}{Squares: []pt{}, Creatures: []creature{}}
	for _, p := range res.Squares {
		out.Squares = append(out.Squares, pt{p.X, p.Y})
	}
	for _, c := range res.Creatures {
		out.Creatures = append(out.Creatures, creature{e.Tokens[c.Token].Name, c.Cover.String()})
	}
	return writeJSON(env.Stdout, out)
}

// xyArg reads X,Y for flag name.
func xyArg(name, s string) (int, int, error) {
	x, y, err := parseXY(s)
	if err != nil {
		return 0, 0, usagef("--%s: %q is not X,Y (two whole numbers, e.g. 3,4)", name, s)
	}
	return x, y, nil
}
