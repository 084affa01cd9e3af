package model

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxTokens is the most tokens an encounter may hold (encounter-format.md).
const MaxTokens = 5000

// ReadEncounter reads an encounter/1 file strictly: an unknown field, a wrong
// type, a ragged row, an unknown legend character, a token off the map or any
// other problem is an error wrapping ErrInvalid that names the field (and for
// rows, the row and column, counted from 0). The error is a *FieldError
// (errors.As finds it).
func ReadEncounter(r io.Reader) (*Encounter, error) {
	data, err := readLimited(r, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	return DecodeEncounter(data)
}

// readLimited reads all of r, refusing more than limit bytes with an error
// naming the limit. A regular file (r has Stat, as *os.File has) is
// measured first: one over the limit is refused before a byte of it is
// read, and one within it is read into a buffer of its size, never grown.
// Anything else (a pipe) is read through a LimitReader of limit+1 bytes.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	tooLarge := fieldErr("", "the file is larger than %d MiB", limit>>20)
	var buf bytes.Buffer
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
			if fi.Size() > limit {
				return nil, tooLarge
			}
			buf.Grow(int(fi.Size()) + bytes.MinRead)
		}
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, fmt.Errorf("read encounter: %w", err)
	}
	if int64(buf.Len()) > limit {
		return nil, tooLarge
	}
	return buf.Bytes(), nil
}

// DecodeEncounter is ReadEncounter on bytes.
//
// It reads the file in one pass, noting the first problem of each kind in
// each object, then reports them in a fixed order that does not depend on
// the order of the keys: for the file, then the map, then each token and
// each note, first a key that is unknown, given twice or null, then a value
// of the wrong type, then what the values mean; Validate last.
func DecodeEncounter(data []byte) (*Encounter, error) {
	if kind := otherKind(data); kind != "" {
		return nil, fieldErr("", "the file is %s", kind)
	}
	data = bytes.TrimPrefix(data, UTF8BOM)
	if !utf8.Valid(data) {
		return nil, fieldErr("", "the file is not UTF-8 text")
	}
	s := scanner{data: data}
	var f fileIn
	s.file(&f)
	if s.bad {
		// Not one JSON value: encoding/json words where and why.
		if err := strictDecode(data, new(fileEncounter)); err != nil {
			return nil, err
		}
		return nil, fieldErr("", "not valid JSON")
	}
	if s.lone != 0 {
		return nil, loneSurrogate(data, s.lone-1, &f)
	}
	return f.encounter()
}

// loneSurrogate is the error for the \u escape at off of data, half of a
// UTF-16 surrogate pair without its other half: no character, so the
// reader refuses it rather than guess U+FFFD. It names the string's field,
// found by reading data again.
func loneSurrogate(data []byte, off int, f *fileIn) error {
	msg := fmt.Sprintf("%s is half of a UTF-16 surrogate pair without its other half, not a character; write the character itself", data[off:off+6])
	s := scanner{data: data}
	var path []string // the field, one element a key or an [index]
	var found []string
	var walk func()
	walk = func() {
		switch s.next() {
		case '{':
			s.object(func(key string) {
				if found == nil && s.lone != 0 { // the key itself
					found = append(slices.Clone(path), fmt.Sprintf("key %q", key))
				}
				path = append(path, key)
				walk()
				path = path[:len(path)-1]
			})
		case '[':
			s.array(func(i int) {
				path = append(path, fmt.Sprintf("[%d]", i))
				walk()
				path = path[:len(path)-1]
			})
		case '"':
			s.str()
			if found == nil && s.lone != 0 {
				found = slices.Clone(path)
			}
		default:
			s.skip()
		}
	}
	walk()
	fe := &FieldError{Token: -1, Msg: msg}
	if len(found) >= 2 && found[0] == "tokens" {
		if i, err := strconv.Atoi(strings.Trim(found[1], "[]")); err == nil && i < len(f.tokens) {
			fe.Token, fe.Name, found = i, f.tokens[i].peek, found[2:]
			if len(found) > 0 && found[0] == "name" {
				fe.Name = "" // not its name with U+FFFD in it
			}
		}
	}
	for _, p := range found {
		switch {
		case strings.HasPrefix(p, "["):
			fe.Field += p
		case strings.HasPrefix(p, "key "):
			fe.Msg = p + ": " + msg
		default:
			fe.Field = join(fe.Field, p)
		}
	}
	return invalid{fe}
}

// What the reader keeps of the file until it has read all of it.
type (
	// objErrs are the first problems met in one object.
	objErrs struct {
		key  *FieldError // a key unknown, given twice or null
		typ  *FieldError // a value of the wrong type
		seen uint32      // the keys met so far, by index in the object's fields
	}

	fileIn struct {
		top                   objErrs
		format, name, ruleset string
		hasMap                bool
		m                     mapIn
		tokens                []tokenIn
		ntokens               int
		notes                 []noteIn
		party                 *partyIn
		fight                 *fightIn
		areas                 []areaIn
		uvtt                  bool // a top-level "resolution": a Universal VTT map
	}

	edgeIn struct {
		errs           objErrs
		kind           string
		from, to       [2]int
		hasFrom, hasTo bool
	}

	partyIn struct {
		errs    objErrs
		p       Party
		hasSize bool
	}

	fightIn struct {
		errs, stateErrs objErrs
		stateSeen       map[string]bool
		f               Fight
		hasRound        bool
		state           []stateIn
	}

	stateIn struct {
		name string
		errs objErrs
		st   TurnState
	}

	areaIn struct {
		errs      objErrs
		kind, dir string
		a         Area
	}

	mapIn struct {
		errs        objErrs
		legendErrs  objErrs
		legendSeen  map[string]bool
		feet        []byte // the value as written; nil when absent
		rows        []string
		legend      []legendIn
		background  string
		edges       []edgeIn
		placement   *placementIn
		gmOnly      []string
		revealed    []string
		hasRevealed bool
		kept        []string // revealedKept
	}

	placementIn struct {
		errs  objErrs
		p     BackgroundPlacement
		hasPx bool
	}

	legendIn struct {
		key    string
		traits []string
	}

	tokenIn struct {
		errs, speedErrs objErrs
		peek            string // the name, looked for leniently so any error can name the token
		hasName, hasX   bool
		hasY            bool
		name            string
		size, facing    string
		t               Token  // the fields read as they are
		speeds          [7]int // by index in SpeedKeys
		speedSet        uint8
		hpErrs          objErrs
		hasHP           bool
		hp              [2]int
		hpSet           uint8
		nconds          int // conditions, all counted, at most MaxConditions kept
	}

	noteIn struct {
		errs       objErrs
		hasX, hasY bool
		n          Note
	}
)

// The keys of each object, in the order of the format's tables (and of the
// writer's file shapes; TestReaderKeysAreWriterFields).
var (
	topKeys       = []string{"format", "name", "ruleset", "map", "tokens", "notes", "party", "fight", "areas"}
	mapKeys       = []string{"feetPerSquare", "rows", "legend", "background", "edges", "backgroundPlacement", "gmOnly", "revealed", "revealedKept"}
	tokenKeys     = []string{"id", "name", "x", "y", "size", "side", "speeds", "reach", "long", "reachWeapon", "facing", "hidden", "conditions", "notes", "elevation", "level", "initiative", "hp", "image", "color"}
	noteKeys      = []string{"x", "y", "text", "player"}
	edgeKeys      = []string{"kind", "from", "to"}
	placementKeys = []string{"x", "y", "pxPerSquare"}
	partyKeys     = []string{"side", "level", "size"}
	fightKeys     = []string{"round", "order", "turn", "state"}
	stateKeys     = []string{"actions", "diagonals", "spent"}
	areaKeys      = []string{"kind", "x", "y", "token", "radius", "dir", "toward", "length", "originOffset", "label", "player"}
	hpKeys        = []string{"current", "max"}
)

// formatErr refuses a file whose format is not Format: a newer
// encounter/N says to update the app.
func formatErr(format string) error {
	if n, ok := strings.CutPrefix(format, "encounter/"); ok {
		if v, err := strconv.Atoi(n); err == nil && v > 1 && strconv.Itoa(v) == n {
			fe := &FieldError{Token: -1, Field: "format", Msg: fmt.Sprintf("is %q, a newer format than this version reads (%q): update Encounter Planner to read it", format, Format)}
			return newerFormat{invalid{fe}}
		}
	}
	return fieldErr("format", "is %q; this version reads %q", format, Format)
}

// encounter reports the problems f noted in the reader's order, or builds
// the encounter.
func (f *fileIn) encounter() (*Encounter, error) {
	if f.format != "" && f.format != Format && !f.uvtt {
		// Another format's fields are not this one's: the format is the
		// problem, not its first field ("unknown field" read as a typo).
		return nil, formatErr(f.format)
	}
	if err := f.top.first(); err != nil {
		if f.uvtt && f.format != Format {
			fe := *f.top.firstErr()
			fe.Msg += ": this is a Universal VTT map (.dd2vtt), not an encounter/1 file; import it as one"
			return nil, uvttFile{invalid{&fe}}
		}
		return nil, err
	}
	if f.format != Format {
		if f.format == "" {
			return nil, fieldErr("format", "is required and must be %q", Format)
		}
		return nil, formatErr(f.format)
	}
	e := &Encounter{Name: f.name}
	if f.ruleset == "" {
		return nil, fieldErr("ruleset", "is required (sf2e, pf1e, starship or points)")
	}
	rs, err := ParseRuleset(f.ruleset)
	if err != nil {
		return nil, fieldErr("ruleset", "%v", err)
	}
	e.Ruleset = rs
	if !f.hasMap {
		return nil, fieldErr("map", "is required")
	}
	if err := f.m.errs.first(); err != nil {
		return nil, err
	}
	if err := f.m.legendErrs.first(); err != nil {
		return nil, err
	}
	if err := f.m.decode(e); err != nil {
		return nil, err
	}
	if f.ntokens > MaxTokens {
		return nil, fieldErr("tokens", "%d tokens; at most %d are allowed", f.ntokens, MaxTokens)
	}
	if len(f.tokens) > 0 {
		e.Tokens = make([]Token, 0, len(f.tokens))
	}
	for i := range f.tokens {
		t, err := f.tokens[i].token(i)
		if err != nil {
			return nil, err
		}
		e.Tokens = append(e.Tokens, t)
	}
	for i := range f.notes {
		fn := &f.notes[i]
		if fe := fn.errs.firstErr(); fe != nil {
			fe.Field = join(fmt.Sprintf("notes[%d]", i), fe.Field)
			return nil, invalid{fe}
		}
		if !fn.hasX || !fn.hasY {
			return nil, fieldErr(fmt.Sprintf("notes[%d]", i), "needs x and y")
		}
		e.Notes = append(e.Notes, fn.n)
	}
	if err := f.added(e); err != nil {
		return nil, err
	}
	if err := Validate(e); err != nil {
		return nil, err
	}
	for i := range e.Tokens {
		if e.Tokens[i].ID == "" {
			e.Tokens[i].ID = NewID()
		}
	}
	return e, nil
}

func (m *mapIn) decode(e *Encounter) error {
	e.FeetPerSquare = e.Ruleset.DefaultFeetPerSquare()
	if m.feet != nil {
		v, err := strconv.ParseInt(string(m.feet), 10, 64)
		if err != nil || v < 1 || v > 10000 {
			return fieldErr("map.feetPerSquare", "must be a whole number of feet from 1 to 10000, not %s", m.feet)
		}
		e.FeetPerSquare = int(v)
	}
	legend := make(map[rune]Terrain, len(DefaultLegend)+len(m.legend))
	for k, v := range DefaultLegend {
		legend[k] = v
	}
	sort.Slice(m.legend, func(i, j int) bool { return m.legend[i].key < m.legend[j].key })
	for _, l := range m.legend {
		if utf8.RuneCountInString(l.key) != 1 {
			return fieldErr("map.legend", "key %q must be exactly one character", l.key)
		}
		var t Terrain
		for j, name := range l.traits {
			tr, err := ParseTrait(name)
			if err != nil {
				return fieldErr(fmt.Sprintf("map.legend[%q][%d]", l.key, j), "%v", err)
			}
			t |= tr
		}
		r, _ := utf8.DecodeRuneInString(l.key)
		legend[r] = t
	}
	if len(m.rows) == 0 {
		return fieldErr("map.rows", "is required: at least one row")
	}
	if len(m.rows) > MaxMapSide {
		return fieldErr("map.rows", "%d rows; at most %d are allowed", len(m.rows), MaxMapSide)
	}
	w := utf8.RuneCountInString(m.rows[0])
	if w == 0 {
		return fieldErr("map.rows[0]", "is empty; rows need at least one square")
	}
	if w > MaxMapSide {
		return fieldErr("map.rows[0]", "%d columns; at most %d are allowed", w, MaxMapSide)
	}
	// ASCII characters, the usual ones, by table rather than by map.
	var ascii [utf8.RuneSelf]Terrain
	var known [utf8.RuneSelf]bool
	for c, t := range legend {
		if c < utf8.RuneSelf {
			ascii[c], known[c] = t, true
		}
	}
	e.Grid = NewGrid(w, len(m.rows))
	for y, row := range m.rows {
		if n := utf8.RuneCountInString(row); n != w {
			return fieldErr(fmt.Sprintf("map.rows[%d]", y), "has %d columns, but row 0 has %d (rows must all be the same length)", n, w)
		}
		x := 0
		for _, c := range row {
			t, ok := Terrain(0), false
			if c < utf8.RuneSelf {
				t, ok = ascii[c], known[c]
			} else {
				t, ok = legend[c]
			}
			if !ok {
				return fieldErr(fmt.Sprintf("map.rows[%d][%d]", y, x), "unknown legend character %q (add it to map.legend)", c)
			}
			e.Grid.Cells[y*w+x] = t
			x++
		}
	}
	e.Background = m.background
	if msg := imageText(e.Background); msg != "" {
		return fieldErr("map.background", "%s", msg)
	}
	return m.decodeAdded(e)
}

// imageText is what is wrong with an image's text, "" if nothing the file
// size depends on: after its data: prefix, an image is base64, which JSON
// writes as it is. A character the writer escapes (a control character, a
// quote, a backslash, U+2028 or U+2029) would make the written file larger
// than the text, past what Validate measured (sizeBound). Other damage to
// the image is Validate's to name.
func imageText(s string) string {
	_, payload, ok := imagePrefix(s)
	if !ok {
		return ""
	}
	for i := 0; i < len(payload); i++ {
		c := payload[i]
		if c >= 0x20 && c != '"' && c != '\\' && c != 0xE2 {
			continue
		}
		r, _ := utf8.DecodeRuneInString(payload[i:])
		if c == 0xE2 && r != '\u2028' && r != '\u2029' {
			continue
		}
		return fmt.Sprintf("holds %q at character %d of its base64 text, which has only A-Z, a-z, 0-9, +, / and =", r, utf8.RuneCountInString(payload[:i]))
	}
	return ""
}

func (ft *tokenIn) token(i int) (Token, error) {
	at := func(fe *FieldError) error {
		fe.Token, fe.Name = i, ft.peek
		return invalid{fe}
	}
	if fe := ft.errs.firstErr(); fe != nil {
		return Token{}, at(fe)
	}
	if !ft.hasName || ft.name == "" {
		return Token{}, tokenErr(i, ft.peek, "name", "is required")
	}
	if msg := nameProblem(ft.name); msg != "" {
		return Token{}, tokenErr(i, "", "name", "%s", msg)
	}
	if !ft.hasX || !ft.hasY {
		return Token{}, tokenErr(i, ft.peek, "", "needs x and y (the top-left square of its space)")
	}
	if ft.nconds > MaxConditions {
		return Token{}, tokenErr(i, ft.peek, "conditions", "%d conditions; at most %d are allowed", ft.nconds, MaxConditions)
	}
	t := ft.t
	t.Name = ft.name
	if t.Side == "" {
		t.Side = Neutral
	}
	t.Size = Medium
	if ft.size != "" {
		s, err := ParseSize(ft.size)
		if err != nil {
			return Token{}, tokenErr(i, ft.peek, "size", "%v", err)
		}
		t.Size = s
	}
	if ft.facing != "" {
		f, err := ParseFacing(ft.facing)
		if err != nil {
			return Token{}, tokenErr(i, ft.peek, "facing", "%v", err)
		}
		t.Facing = f
	}
	if fe := ft.speedErrs.firstErr(); fe != nil {
		return Token{}, at(fe)
	}
	if fe := ft.hpErrs.firstErr(); fe != nil {
		return Token{}, at(fe)
	}
	if ft.hasHP {
		if ft.hpSet != 3 {
			return Token{}, tokenErr(i, ft.peek, "hp", "needs current and max")
		}
		t.HP = &HP{Current: ft.hp[0], Max: ft.hp[1]}
	}
	if ft.speedSet != 0 {
		t.Speeds = make(map[string]int, 2)
		for k, key := range SpeedKeys {
			if ft.speedSet&(1<<k) != 0 {
				t.Speeds[key] = ft.speeds[k]
			}
		}
	}
	if msg := imageText(t.Image); msg != "" {
		return Token{}, tokenErr(i, ft.peek, "image", "%s", msg)
	}
	return t, nil
}

// member checks key of an object with the given fields before its value is
// read, noting the first key that is unknown, given twice or null (in that
// order of checks); prefix names the object's field ("" for a token's or
// the file's own). It reads a null value itself and reports it; any other
// value is the caller's to read. It returns the key's index in fields, -1
// when unknown.
func (o *objErrs) member(s *scanner, fields []string, prefix, key string) (idx int, null bool) {
	idx = slices.Index(fields, key)
	null = s.null()
	if o.key != nil {
		return idx, null
	}
	switch {
	case idx < 0:
		o.key = &FieldError{Token: -1, Field: prefix, Msg: fmt.Sprintf("unknown field %q", key)}
	case o.seen&(1<<idx) != 0:
		o.key = &FieldError{Token: -1, Field: join(prefix, key), Msg: "is given twice"}
	default:
		o.seen |= 1 << idx
		if null {
			o.key = &FieldError{Token: -1, Field: join(prefix, key), Msg: "must not be null"}
		}
	}
	return idx, null
}

// wrongType notes a value of kind got where the field prefix.key wants one
// of kind want.
func (o *objErrs) wrongType(prefix, key, want, got string) {
	if o.typ == nil {
		o.typ = &FieldError{Token: -1, Field: join(prefix, key), Msg: "must be " + want + ", not " + got}
	}
}

// firstErr is the problem of o the reader reports first.
func (o *objErrs) firstErr() *FieldError {
	if o.key != nil {
		return o.key
	}
	return o.typ
}

func (o *objErrs) first() error {
	if fe := o.firstErr(); fe != nil {
		return invalid{fe}
	}
	return nil
}

// object reads an object where the field prefix.key wants one; false when
// the value is null or of another kind (noted in o).
func (s *scanner) objectAt(o *objErrs, prefix, key string) bool {
	switch c := s.next(); c {
	case '{':
		return true
	case 'n':
		s.literal("null")
	default:
		o.wrongType(prefix, key, "an object", kind(c))
		s.skip()
	}
	return false
}

// arrayAt is objectAt for an array; want names its kind.
func (s *scanner) arrayAt(o *objErrs, prefix, key, want string) bool {
	switch c := s.next(); c {
	case '[':
		return true
	case 'n':
		s.literal("null")
	default:
		o.wrongType(prefix, key, want, kind(c))
		s.skip()
	}
	return false
}

// stringAt reads a string for the field prefix.key; null reads as "".
func (s *scanner) stringAt(o *objErrs, prefix, key string) (string, bool) {
	switch c := s.next(); c {
	case '"':
		v := s.str()
		return v, !s.bad
	case 'n':
		s.literal("null")
	default:
		o.wrongType(prefix, key, "a string", kind(c))
		s.skip()
	}
	return "", false
}

// intAt reads a whole number for the field prefix.key, as encoding/json
// reads one into an int.
func (s *scanner) intAt(o *objErrs, prefix, key string) (int, bool) {
	switch c := s.next(); {
	case c == '-' || c >= '0' && c <= '9':
		lit := s.number()
		if s.bad {
			return 0, false
		}
		v, err := parseInt(lit)
		if err != nil {
			o.wrongType(prefix, key, "a whole number", "number "+string(lit))
			return 0, false
		}
		return v, true
	case c == 'n':
		s.literal("null")
	default:
		o.wrongType(prefix, key, "a whole number", kind(c))
		s.skip()
	}
	return 0, false
}

// parseInt is strconv.ParseInt(string(b), 10, 64) without the string for
// the short numbers files are made of.
func parseInt(b []byte) (int, error) {
	if n := len(b); n > 0 && n < 19 {
		neg, i, v := b[0] == '-', 0, 0
		if neg {
			i = 1
		}
		for ; i < n && b[i] >= '0' && b[i] <= '9'; i++ {
			v = v*10 + int(b[i]-'0')
		}
		if i == n && n > btoi(neg) {
			if neg {
				v = -v
			}
			return v, nil
		}
	}
	v, err := strconv.ParseInt(string(b), 10, 64)
	return int(v), err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// boolAt reads true or false for the field prefix.key.
func (s *scanner) boolAt(o *objErrs, prefix, key string) bool {
	switch c := s.next(); c {
	case 't':
		s.literal("true")
		return true
	case 'f':
		s.literal("false")
	case 'n':
		s.literal("null")
	default:
		o.wrongType(prefix, key, "true or false", kind(c))
		s.skip()
	}
	return false
}

// stringsAt reads an array of strings for the field prefix.key, as
// encoding/json does into a []string: null elements read as "", an empty
// array as an empty, non-nil slice.
func (s *scanner) stringsAt(o *objErrs, prefix, key string) []string {
	out, _ := s.stringsUpTo(o, prefix, key, -1)
	return out
}

// stringsUpTo is stringsAt keeping at most max strings (all when max is
// negative); n counts them all.
func (s *scanner) stringsUpTo(o *objErrs, prefix, key string, max int) (out []string, n int) {
	if !s.arrayAt(o, prefix, key, "an array of strings") {
		return nil, 0
	}
	out = []string{}
	s.array(func(int) {
		if n++; max >= 0 && n > max {
			s.skip() // refused once read; no need to keep it
			return
		}
		v, _ := s.stringAt(o, prefix, key)
		out = append(out, v)
	})
	return out, n
}

// file reads the whole file into f.
func (s *scanner) file(f *fileIn) {
	if s.objectAt(&f.top, "", "") {
		s.object(func(key string) { s.top(f, key) })
	}
	if s.next(); s.pos != len(s.data) {
		s.fail()
	}
}

func (s *scanner) top(f *fileIn, key string) {
	idx, null := f.top.member(s, topKeys, "", key)
	if null {
		return
	}
	switch idx {
	case 0:
		f.format, _ = s.stringAt(&f.top, "", key)
	case 1:
		f.name, _ = s.stringAt(&f.top, "", key)
	case 2:
		f.ruleset, _ = s.stringAt(&f.top, "", key)
	case 3:
		f.hasMap = true
		// The map as a whole is checked after format and ruleset.
		if s.objectAt(&f.m.errs, "", "map") {
			s.object(func(key string) { s.mapMember(&f.m, key) })
		}
	case 4:
		f.tokens, f.ntokens = f.tokens[:0], 0
		if s.arrayAt(&f.top, "", key, "an array") {
			s.array(func(int) {
				if f.ntokens++; f.ntokens > MaxTokens {
					s.skip() // refused after the map; no need to keep it
					return
				}
				f.tokens = append(f.tokens, tokenIn{})
				s.token(&f.tokens[len(f.tokens)-1])
			})
		}
	case 5:
		f.notes = f.notes[:0]
		if s.arrayAt(&f.top, "", key, "an array") {
			s.array(func(int) {
				f.notes = append(f.notes, noteIn{})
				s.note(&f.notes[len(f.notes)-1])
			})
		}
	case 6:
		f.party = &partyIn{}
		if s.objectAt(&f.party.errs, "", "") {
			s.object(func(k string) { s.partyMember(f.party, k) })
		}
	case 7:
		f.fight = &fightIn{}
		if s.objectAt(&f.fight.errs, "", "") {
			s.object(func(k string) { s.fightMember(f.fight, k) })
		}
	case 8:
		f.areas = f.areas[:0]
		if s.arrayAt(&f.top, "", key, "an array") {
			s.array(func(int) {
				f.areas = append(f.areas, areaIn{})
				s.area(&f.areas[len(f.areas)-1])
			})
		}
	default:
		f.uvtt = f.uvtt || key == "resolution"
		s.skip()
	}
}

func (s *scanner) mapMember(m *mapIn, key string) {
	idx, null := m.errs.member(s, mapKeys, "map", key)
	if null {
		return
	}
	switch idx {
	case 0:
		start := s.pos
		s.skip()
		m.feet = s.data[start:s.pos]
	case 1:
		m.rows = s.stringsAt(&m.errs, "map", key)
	case 2:
		m.legend = m.legend[:0]
		if s.objectAt(&m.errs, "map", key) {
			s.object(func(k string) { s.legendEntry(m, k) })
		}
	case 3:
		m.background, _ = s.stringAt(&m.errs, "map", key)
	case 4:
		m.edges = m.edges[:0]
		if s.arrayAt(&m.errs, "map", key, "an array") {
			s.array(func(int) {
				m.edges = append(m.edges, edgeIn{})
				s.edge(&m.edges[len(m.edges)-1])
			})
		}
	case 5:
		m.placement = &placementIn{}
		if s.objectAt(&m.placement.errs, "", "") {
			s.object(func(k string) { s.placementMember(m.placement, k) })
		}
	case 6:
		m.gmOnly = s.stringsAt(&m.errs, "map", key)
	case 7:
		m.revealed, m.hasRevealed = s.stringsAt(&m.errs, "map", key), true
	case 8:
		m.kept = s.stringsAt(&m.errs, "map", key)
	default:
		s.skip()
	}
}

// legendEntry reads one legend entry; any key may be there once, not null.
func (s *scanner) legendEntry(m *mapIn, k string) {
	null := s.null()
	if m.legendErrs.key == nil {
		field := func() string { return fmt.Sprintf("map.legend[%q]", k) }
		switch {
		case m.legendSeen[k]:
			m.legendErrs.key = &FieldError{Token: -1, Field: field(), Msg: "is given twice"}
		case null:
			m.legendErrs.key = &FieldError{Token: -1, Field: field(), Msg: "must not be null"}
		default:
			if m.legendSeen == nil {
				m.legendSeen = make(map[string]bool)
			}
			m.legendSeen[k] = true
		}
	}
	if !null {
		// encoding/json names the legend, not the entry, in a type error.
		m.legend = append(m.legend, legendIn{key: k, traits: s.stringsAt(&m.errs, "map", "legend")})
	}
}

// token reads one element of tokens; null reads as a token with no fields.
func (s *scanner) token(ft *tokenIn) {
	if !s.objectAt(&ft.errs, "", "") {
		return
	}
	s.object(func(key string) {
		idx, null := ft.errs.member(s, tokenKeys, "", key)
		isName := strings.EqualFold(key, "name")
		if isName {
			ft.peek = "" // the last key that is "name" in any case, as json.Unmarshal does
		}
		if null {
			return
		}
		switch idx {
		case 0:
			ft.t.ID, _ = s.stringAt(&ft.errs, "", key)
		case 1:
			ft.name, ft.hasName = s.stringAt(&ft.errs, "", key)
			ft.peek = ft.name
		case 2:
			ft.t.X, ft.hasX = s.intAt(&ft.errs, "", key)
		case 3:
			ft.t.Y, ft.hasY = s.intAt(&ft.errs, "", key)
		case 4:
			ft.size, _ = s.stringAt(&ft.errs, "", key)
		case 5:
			ft.t.Side, _ = s.stringAt(&ft.errs, "", key)
		case 6:
			if s.objectAt(&ft.speedErrs, "", key) {
				s.object(func(k string) { s.speed(ft, k) })
			}
		case 7:
			if v, ok := s.intAt(&ft.errs, "", key); ok {
				ft.t.Reach = &v
			}
		case 8:
			ft.t.Long = s.boolAt(&ft.errs, "", key)
		case 9:
			ft.t.ReachWeapon = s.boolAt(&ft.errs, "", key)
		case 10:
			ft.facing, _ = s.stringAt(&ft.errs, "", key)
		case 11:
			ft.t.Hidden = s.boolAt(&ft.errs, "", key)
		case 12:
			ft.t.Conditions, ft.nconds = s.stringsUpTo(&ft.errs, "", key, MaxConditions)
		case 13:
			ft.t.Notes, _ = s.stringAt(&ft.errs, "", key)
		case 14:
			ft.t.Elevation, _ = s.intAt(&ft.errs, "", key)
		case 15:
			if v, ok := s.intAt(&ft.errs, "", key); ok {
				ft.t.Level = &v
			}
		case 16:
			if v, ok := s.intAt(&ft.errs, "", key); ok {
				ft.t.Initiative = &v
			}
		case 17:
			if s.objectAt(&ft.hpErrs, "", key) {
				ft.hasHP = true
				s.object(func(k string) {
					idx, null := ft.hpErrs.member(s, hpKeys, "hp", k)
					if null || idx < 0 {
						if !null {
							s.skip()
						}
						return
					}
					if v, ok := s.intAt(&ft.hpErrs, "hp", k); ok {
						ft.hp[idx] = v
						ft.hpSet |= 1 << idx
					}
				})
			}
		case 18:
			ft.t.Image, _ = s.stringAt(&ft.errs, "", key)
		case 19:
			ft.t.Color, _ = s.stringAt(&ft.errs, "", key)
		default:
			if isName && s.next() == '"' {
				ft.peek = s.str()
				return
			}
			s.skip()
		}
	})
}

func (s *scanner) speed(ft *tokenIn, k string) {
	idx, null := ft.speedErrs.member(s, SpeedKeys, "speeds", k)
	if null {
		return
	}
	if idx < 0 {
		s.skip()
		return
	}
	if v, ok := s.intAt(&ft.speedErrs, "speeds", k); ok {
		ft.speeds[idx] = v
		ft.speedSet |= 1 << idx
	}
}

// note reads one element of notes; null reads as a note with no fields.
func (s *scanner) note(fn *noteIn) {
	if !s.objectAt(&fn.errs, "", "") {
		return
	}
	s.object(func(key string) {
		idx, null := fn.errs.member(s, noteKeys, "", key)
		if null {
			return
		}
		switch idx {
		case 0:
			fn.n.X, fn.hasX = s.intAt(&fn.errs, "", key)
		case 1:
			fn.n.Y, fn.hasY = s.intAt(&fn.errs, "", key)
		case 2:
			fn.n.Text, _ = s.stringAt(&fn.errs, "", key)
		case 3:
			fn.n.Player = s.boolAt(&fn.errs, "", key)
		default:
			s.skip()
		}
	})
}
