package model

// decode_added.go reads the fields added with table play and the third
// dimension (encounter-format.md): map.edges, map.backgroundPlacement,
// map.gmOnly, map.revealed, party, fight and areas. The token's new fields
// are read with the others in decode.go.

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// pointAt reads [x, y], two whole numbers, for the field prefix.key.
func (s *scanner) pointAt(o *objErrs, prefix, key string) ([2]int, bool) {
	var p [2]int
	if !s.arrayAt(o, prefix, key, "[x, y]") {
		return p, false
	}
	n, ok := 0, true
	s.array(func(int) {
		v, good := s.intAt(o, prefix, key)
		if n < 2 {
			p[n] = v
		}
		n++
		ok = ok && good
	})
	if n != 2 && !s.bad {
		o.wrongType(prefix, key, "[x, y]", fmt.Sprintf("an array of %d", n))
		return p, false
	}
	return p, ok
}

// floatAt reads a number for the field prefix.key.
func (s *scanner) floatAt(o *objErrs, prefix, key string) (float64, bool) {
	switch c := s.next(); {
	case c == '-' || c >= '0' && c <= '9':
		lit := s.number()
		if s.bad {
			return 0, false
		}
		v, err := strconv.ParseFloat(string(lit), 64)
		if err != nil {
			o.wrongType(prefix, key, "a number", "number "+string(lit))
			return 0, false
		}
		return v, true
	case c == 'n':
		s.literal("null")
	default:
		o.wrongType(prefix, key, "a number", kind(c))
		s.skip()
	}
	return 0, false
}

// edge reads one element of map.edges.
func (s *scanner) edge(fe *edgeIn) {
	if !s.objectAt(&fe.errs, "", "") {
		return
	}
	s.object(func(key string) {
		idx, null := fe.errs.member(s, edgeKeys, "", key)
		if null {
			return
		}
		switch idx {
		case 0:
			fe.kind, _ = s.stringAt(&fe.errs, "", key)
		case 1:
			fe.from, fe.hasFrom = s.pointAt(&fe.errs, "", key)
		case 2:
			fe.to, fe.hasTo = s.pointAt(&fe.errs, "", key)
		default:
			s.skip()
		}
	})
}

func (s *scanner) placementMember(p *placementIn, key string) {
	idx, null := p.errs.member(s, placementKeys, "", key)
	if null {
		return
	}
	switch idx {
	case 0:
		p.p.X, _ = s.floatAt(&p.errs, "", key)
	case 1:
		p.p.Y, _ = s.floatAt(&p.errs, "", key)
	case 2:
		p.p.PxPerSquare, p.hasPx = s.floatAt(&p.errs, "", key)
	default:
		s.skip()
	}
}

func (s *scanner) partyMember(p *partyIn, key string) {
	idx, null := p.errs.member(s, partyKeys, "", key)
	if null {
		return
	}
	switch idx {
	case 0:
		p.p.Side, _ = s.stringAt(&p.errs, "", key)
	case 1:
		p.p.Level, _ = s.intAt(&p.errs, "", key)
	case 2:
		p.p.Size, p.hasSize = s.intAt(&p.errs, "", key)
	default:
		s.skip()
	}
}

func (s *scanner) fightMember(f *fightIn, key string) {
	idx, null := f.errs.member(s, fightKeys, "", key)
	if null {
		return
	}
	switch idx {
	case 0:
		f.f.Round, f.hasRound = s.intAt(&f.errs, "", key)
	case 1:
		f.f.Order = s.stringsAt(&f.errs, "", key)
	case 2:
		f.f.Turn, _ = s.stringAt(&f.errs, "", key)
	case 3:
		f.state = f.state[:0]
		if s.objectAt(&f.errs, "", key) {
			s.object(func(name string) { s.stateEntry(f, name) })
		}
	default:
		s.skip()
	}
}

// stateEntry reads fight.state[name]; any name may be there once, not null.
func (s *scanner) stateEntry(f *fightIn, name string) {
	null := s.null()
	field := fmt.Sprintf("state[%q]", name)
	if f.stateErrs.key == nil {
		switch {
		case f.stateSeen[name]:
			f.stateErrs.key = &FieldError{Token: -1, Field: field, Msg: "is given twice"}
		case null:
			f.stateErrs.key = &FieldError{Token: -1, Field: field, Msg: "must not be null"}
		default:
			if f.stateSeen == nil {
				f.stateSeen = make(map[string]bool)
			}
			f.stateSeen[name] = true
		}
	}
	if null {
		return
	}
	f.state = append(f.state, stateIn{name: name})
	st := &f.state[len(f.state)-1]
	if !s.objectAt(&st.errs, field, "") {
		return
	}
	s.object(func(key string) {
		idx, null := st.errs.member(s, stateKeys, field, key)
		if null {
			return
		}
		switch idx {
		case 0:
			st.st.Actions, _ = s.intAt(&st.errs, field, key)
		case 1:
			st.st.Diagonals, _ = s.intAt(&st.errs, field, key)
		case 2:
			st.st.Spent, _ = s.intAt(&st.errs, field, key)
		default:
			s.skip()
		}
	})
}

// area reads one element of areas.
func (s *scanner) area(fa *areaIn) {
	if !s.objectAt(&fa.errs, "", "") {
		return
	}
	s.object(func(key string) {
		idx, null := fa.errs.member(s, areaKeys, "", key)
		if null {
			return
		}
		a := &fa.a
		switch idx {
		case 0:
			fa.kind, _ = s.stringAt(&fa.errs, "", key)
		case 1:
			a.X, _ = s.intAt(&fa.errs, "", key)
		case 2:
			a.Y, _ = s.intAt(&fa.errs, "", key)
		case 3:
			a.Token, _ = s.stringAt(&fa.errs, "", key)
		case 4:
			a.Radius, _ = s.intAt(&fa.errs, "", key)
		case 5:
			fa.dir, _ = s.stringAt(&fa.errs, "", key)
		case 6:
			a.Toward, _ = s.pointAt(&fa.errs, "", key)
		case 7:
			a.Length, _ = s.intAt(&fa.errs, "", key)
		case 8:
			a.OriginOffset, _ = s.intAt(&fa.errs, "", key)
		case 9:
			a.Label, _ = s.stringAt(&fa.errs, "", key)
		case 10:
			a.Player = s.boolAt(&fa.errs, "", key)
		default:
			s.skip()
		}
	})
}

// within reports o's first problem with its field put under prefix.
func within(o *objErrs, prefix string) error {
	if fe := o.firstErr(); fe != nil {
		fe.Field = join(prefix, fe.Field)
		return invalid{fe}
	}
	return nil
}

// decodeAdded reads the map's edges, background placement, GM-only squares
// and fog, after the rows.
func (m *mapIn) decodeAdded(e *Encounter) error {
	g := &e.Grid
	if len(m.edges) > 0 {
		edges := make([]Edge, len(m.edges))
		for i := range m.edges {
			fe := &m.edges[i]
			at := fmt.Sprintf("map.edges[%d]", i)
			if err := within(&fe.errs, at); err != nil {
				return err
			}
			if fe.kind == "" {
				return fieldErr(at+".kind", "is required (wall, door, open-door or secret-door)")
			}
			k, err := ParseEdgeKind(fe.kind)
			if err != nil {
				return fieldErr(at+".kind", "%v", err)
			}
			if !fe.hasFrom || !fe.hasTo {
				return fieldErr(at, "needs from and to, each [x, y]")
			}
			edges[i] = Edge{Kind: k, X1: fe.from[0], Y1: fe.from[1], X2: fe.to[0], Y2: fe.to[1]}
		}
		var err error
		if e.Edges, err = CanonicalEdges(edges, g.W, g.H); err != nil {
			return err
		}
	}
	if p := m.placement; p != nil {
		if err := within(&p.errs, "map.backgroundPlacement"); err != nil {
			return err
		}
		if !p.hasPx {
			return fieldErr("map.backgroundPlacement.pxPerSquare", "is required: the image's pixels per square")
		}
		pl := p.p
		e.Placement = &pl
	}
	var err error
	if m.gmOnly != nil {
		if e.GMOnly, err = readMask("map.gmOnly", m.gmOnly, g); err != nil {
			return err
		}
		if !anyTrue(e.GMOnly) {
			e.GMOnly = nil // all 0 is the default: none
		}
	}
	if m.hasRevealed {
		if e.Revealed, err = readMask("map.revealed", m.revealed, g); err != nil {
			return err
		}
	}
	if m.kept != nil {
		if e.RevealedKept, err = readMask("map.revealedKept", m.kept, g); err != nil {
			return err
		}
		if !anyTrue(e.RevealedKept) {
			e.RevealedKept = nil // all 0 is the default: none kept
		}
	}
	return nil
}

// readMask reads rows of 0 and 1 of the map's shape.
func readMask(field string, rows []string, g *Grid) ([]bool, error) {
	if len(rows) != g.H {
		return nil, fieldErr(field, "has %d rows, but map.rows has %d (it must have the shape of rows)", len(rows), g.H)
	}
	out := make([]bool, g.W*g.H)
	for y, row := range rows {
		if n := utf8.RuneCountInString(row); n != g.W {
			return nil, fieldErr(fmt.Sprintf("%s[%d]", field, y), "has %d columns, but the map has %d", n, g.W)
		}
		for x, c := range []byte(row) {
			switch c {
			case '0':
			case '1':
				out[y*g.W+x] = true
			default:
				r, _ := utf8.DecodeRuneInString(row[x:])
				return nil, fieldErr(fmt.Sprintf("%s[%d][%d]", field, y, utf8.RuneCountInString(row[:x])), "must be 0 or 1, not %q", r)
			}
		}
	}
	return out, nil
}

func anyTrue(m []bool) bool {
	for _, b := range m {
		if b {
			return true
		}
	}
	return false
}

// added reads party, fight and areas, after the tokens.
func (f *fileIn) added(e *Encounter) error {
	if p := f.party; p != nil {
		if err := within(&p.errs, "party"); err != nil {
			return err
		}
		pa := p.p
		if p.errs.seen&(1<<1) != 0 && pa.Level == 0 {
			return fieldErr("party.level", "must be %d to %d, not 0 (leave it out when the level is not known)", MinPartyLevel, MaxPartyLevel)
		}
		if !p.hasSize {
			pa.Size = DefaultPartySize
		}
		e.Party = &pa
	}
	if fi := f.fight; fi != nil {
		if err := within(&fi.errs, "fight"); err != nil {
			return err
		}
		if err := within(&fi.stateErrs, "fight"); err != nil {
			return err
		}
		fg := fi.f
		if !fi.hasRound {
			fg.Round = 1
		}
		for i := range fi.state {
			st := &fi.state[i]
			if err := within(&st.errs, "fight"); err != nil {
				return err
			}
			if !slices.Contains(fg.Order, st.name) {
				return fieldErr(fmt.Sprintf("fight.state[%q]", st.name), "%q is not in fight.order", st.name)
			}
			if st.st == (TurnState{}) {
				continue // a fresh turn, as if absent
			}
			if fg.State == nil {
				fg.State = make(map[string]TurnState, len(fi.state))
			}
			fg.State[st.name] = st.st
		}
		e.Fight = &fg
	}
	for i := range f.areas {
		fa := &f.areas[i]
		at := fmt.Sprintf("areas[%d]", i)
		if err := within(&fa.errs, at); err != nil {
			return err
		}
		a := fa.a
		if fa.kind == "" {
			return fieldErr(at+".kind", "is required (burst, emanation, cone or line)")
		}
		k, err := ParseAreaKind(fa.kind)
		if err != nil {
			return fieldErr(at+".kind", "%v", err)
		}
		a.Kind = k
		// The keys each kind takes, by index in areaKeys; any other is an
		// error, even at its default.
		uses := map[AreaKind][]int{Burst: {1, 2, 4}, Emanation: {3, 4}, Cone: {3, 5, 7, 8}, Line: {3, 6, 7}}[k]
		for j := 1; j <= 8; j++ {
			if fa.errs.seen&(1<<j) != 0 && !slices.Contains(uses, j) {
				return fieldErr(at+"."+areaKeys[j], "%s has no %s", k.withArticle(), areaKeys[j])
			}
		}
		for _, j := range map[AreaKind][]int{Burst: {1, 2}, Cone: {5}, Line: {6}}[k] {
			if fa.errs.seen&(1<<j) == 0 {
				return fieldErr(at+"."+areaKeys[j], "is required for %s", k.withArticle())
			}
		}
		if fa.dir != "" {
			if a.Dir, err = ParseFacing(fa.dir); err != nil {
				return fieldErr(at+".dir", "%v", err)
			}
		}
		e.Areas = append(e.Areas, a)
	}
	return nil
}
