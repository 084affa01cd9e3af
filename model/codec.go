package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Format is the value of the `format` field of every encounter file.
const Format = "encounter/1"

// NewID returns a fresh random (version 4) UUID for a token or an encounter,
// in the lower-case 8-4-4-4-12 form.
func NewID() string { return uuid.NewString() }

// The file shapes: field order here is the order the writer emits.
type fileEncounter struct {
	Format  string            `json:"format"`
	Name    string            `json:"name"`
	Ruleset string            `json:"ruleset"`
	Map     json.RawMessage   `json:"map"`
	Tokens  []json.RawMessage `json:"tokens,omitempty"`
	Notes   []json.RawMessage `json:"notes,omitempty"`
}

// fileMapOut is the map as the writer emits it, legend in first-use order.
type fileMapOut struct {
	FeetPerSquare       *json.Number   `json:"feetPerSquare,omitempty"`
	Rows                []string       `json:"rows"`
	Legend              *orderedLegend `json:"legend,omitempty"`
	Background          string         `json:"background,omitempty"`
	Edges               []fileEdge     `json:"edges,omitempty"`
	BackgroundPlacement *filePlacement `json:"backgroundPlacement,omitempty"`
	GMOnly              []string       `json:"gmOnly,omitempty"`
	Revealed            []string       `json:"revealed,omitempty"`
	RevealedKept        []string       `json:"revealedKept,omitempty"`
}

type fileEdge struct {
	Kind string `json:"kind"`
	From [2]int `json:"from"`
	To   [2]int `json:"to"`
}

type filePlacement struct {
	X           float64 `json:"x,omitempty"`
	Y           float64 `json:"y,omitempty"`
	PxPerSquare float64 `json:"pxPerSquare"`
}

type fileParty struct {
	Side  string `json:"side"`
	Level int    `json:"level,omitempty"`
	Size  int    `json:"size,omitempty"`
}

type fileFight struct {
	Round int           `json:"round,omitempty"`
	Order []string      `json:"order"`
	Turn  string        `json:"turn"`
	State *orderedState `json:"state,omitempty"`
}

type fileTurnState struct {
	Actions   int `json:"actions,omitempty"`
	Diagonals int `json:"diagonals,omitempty"`
	Spent     int `json:"spent,omitempty"`
}

type fileArea struct {
	Kind         string  `json:"kind"`
	X            *int    `json:"x,omitempty"`
	Y            *int    `json:"y,omitempty"`
	Token        string  `json:"token,omitempty"`
	Radius       int     `json:"radius,omitempty"`
	Dir          string  `json:"dir,omitempty"`
	Toward       *[2]int `json:"toward,omitempty"`
	Length       int     `json:"length,omitempty"`
	OriginOffset int     `json:"originOffset,omitempty"`
	Label        string  `json:"label,omitempty"`
	Player       bool    `json:"player,omitempty"`
}

type fileHP struct {
	Current int `json:"current"`
	Max     int `json:"max"`
}

type fileEncounterOut struct {
	Format  string            `json:"format"`
	Name    string            `json:"name"`
	Ruleset string            `json:"ruleset"`
	Map     *fileMapOut       `json:"map"`
	Tokens  []json.RawMessage `json:"tokens,omitempty"`
	Notes   []json.RawMessage `json:"notes,omitempty"`
	Party   *fileParty        `json:"party,omitempty"`
	Fight   *fileFight        `json:"fight,omitempty"`
	Areas   []fileArea        `json:"areas,omitempty"`
}

type fileSpeeds struct {
	Land     *int `json:"land,omitempty"`
	Fly      *int `json:"fly,omitempty"`
	Swim     *int `json:"swim,omitempty"`
	Climb    *int `json:"climb,omitempty"`
	Burrow   *int `json:"burrow,omitempty"`
	Turn     *int `json:"turn,omitempty"`
	Mobility *int `json:"mobility,omitempty"`
}

func (s *fileSpeeds) ptrs() []**int {
	return []**int{&s.Land, &s.Fly, &s.Swim, &s.Climb, &s.Burrow, &s.Turn, &s.Mobility}
}

type fileToken struct {
	ID          string      `json:"id"`
	Name        *string     `json:"name"`
	X           *int        `json:"x"`
	Y           *int        `json:"y"`
	Size        string      `json:"size,omitempty"`
	Side        string      `json:"side,omitempty"`
	Speeds      *fileSpeeds `json:"speeds,omitempty"`
	Reach       *int        `json:"reach,omitempty"`
	Long        bool        `json:"long,omitempty"`
	ReachWeapon bool        `json:"reachWeapon,omitempty"`
	Facing      string      `json:"facing,omitempty"`
	Hidden      bool        `json:"hidden,omitempty"`
	Conditions  []string    `json:"conditions,omitempty"`
	Notes       string      `json:"notes,omitempty"`
	Elevation   int         `json:"elevation,omitempty"`
	Level       *int        `json:"level,omitempty"`
	Initiative  *int        `json:"initiative,omitempty"`
	HP          *fileHP     `json:"hp,omitempty"`
	Image       string      `json:"image,omitempty"`
	Color       string      `json:"color,omitempty"`
}

type fileNote struct {
	X      *int    `json:"x"`
	Y      *int    `json:"y"`
	Text   *string `json:"text,omitempty"`
	Player bool    `json:"player,omitempty"`
}

// strictDecode decodes one JSON value as encoding/json does, refusing
// unknown fields, trailing data and wrong types. DecodeEncounter calls it
// only on a file that is not one JSON value, for encoding/json's words on
// why.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return jsonErr(err, data)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fieldErr("", "unexpected data after the JSON value")
	}
	return nil
}

func join(prefix, field string) string {
	switch {
	case prefix == "":
		return field
	case field == "":
		return prefix
	}
	return prefix + "." + field
}

func jsonErr(err error, data []byte) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return fieldErr(te.Field, "must be %s, not %s", jsonKind(te.Type.String()), te.Value)
	case errors.As(err, &se) && se.Error() != "unexpected end of JSON input":
		// Offset counts the bytes read, the offending one included
		line, col := LineCol(data, se.Offset-1)
		return fieldErr("", "not valid JSON at line %d, column %d: %v", line, col, se)
	case err == io.EOF:
		return fieldErr("", "the file is empty")
	case errors.Is(err, io.ErrUnexpectedEOF) || se != nil:
		// a file cut short, most often a download or copy that did not
		// finish: say where, as the Universal VTT import does
		line, _ := LineCol(data, int64(len(data)))
		return fieldErr("", "the JSON ends too early, at byte %d (line %d), as a download or copy that did not finish does", len(data), line)
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fieldErr("", "unknown field %s", f)
	}
	return fieldErr("", "%s", strings.TrimPrefix(msg, "json: "))
}

func jsonKind(goType string) string {
	switch goType {
	case "int", "*int", "int64":
		return "a whole number"
	case "string", "*string":
		return "a string"
	case "bool":
		return "true or false"
	case "[]string":
		return "an array of strings"
	case "json.Number", "*json.Number":
		return "a number"
	}
	if strings.HasPrefix(goType, "[]") {
		return "an array"
	}
	return "an object"
}

// LineCol is the line and column, both from 1, of the character at byte
// off of data, as a text editor counts them: the column in characters,
// not bytes (an "é" before it is one column). The Universal VTT import
// says where a file is not JSON with it, as the encounter reader does.
func LineCol(data []byte, off int64) (int, int) {
	off = min(max(off, 0), int64(len(data)))
	line, col := 1, 1
	for _, b := range data[:off] {
		switch {
		case b == '\n':
			line++
			col = 1
		case !utf8.RuneStart(b): // a continuation byte of the character before
		default:
			col++
		}
	}
	return line, col
}

// WriteEncounter writes e canonically (encounter-format.md): fields in table
// order, defaults left out, legend keys only for terrain the default legend
// lacks, 2-space indentation, no HTML escaping, a final newline. Writing what
// was read gives the same bytes.
//
// It validates first, so a file it writes is always one ReadEncounter
// accepts: Validate holds the file to MaxFileBytes (checkFileSize), and a
// file that would still be larger (an image that is not base64 text, which
// no reader or import makes) is refused before a byte is written. The
// images, most of a large file, are written from e's own strings: memory
// is that of the rest of the file, not of the file.
func WriteEncounter(w io.Writer, e *Encounter) error {
	if err := Validate(e); err != nil {
		return err
	}
	return writeCanonical(w, e, nil)
}

// EncodeEncounter is WriteEncounter into bytes, held once.
func EncodeEncounter(e *Encounter) ([]byte, error) {
	if err := Validate(e); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err := writeCanonical(&buf, e, buf.Grow)
	return buf.Bytes(), err
}

// The lines of the canonical file that hold an image, its text written as
// "x" (writeCanonical). A string's own line breaks are written \n, so only
// these lines begin so.
var (
	backgroundLine = []byte("\n    \"background\": \"x\"")
	imageLine      = []byte("\n      \"image\": \"x\"")
)

// writeCanonical writes a valid e: the file without its images (each "x"),
// with the images written in their places. grow, when not nil, is told the
// file's size first.
func writeCanonical(w io.Writer, e *Encounter, grow func(int)) error {
	c, images := withoutImages(e)
	rest, err := encode(c)
	if err != nil {
		return err
	}
	quoted := make([][]byte, len(images)) // an image that is not plain text, as JSON writes it
	size := int64(len(rest))
	for i, im := range images {
		if !plainJSON(im) {
			if quoted[i], err = marshal(im); err != nil {
				return err
			}
			size += int64(len(quoted[i])) - 3
		} else {
			size += int64(len(im)) - 1
		}
	}
	if size > MaxFileBytes {
		return fieldErr("", "the encounter file would be %s, over the %s an encounter file may hold (an image is not base64 text)", sizeWords(size), sizeWords(MaxFileBytes))
	}
	if grow != nil {
		grow(int(size))
	}
	for i, im := range images {
		line := imageLine
		if i == 0 && e.Background != "" {
			line = backgroundLine
		}
		j := bytes.Index(rest, line) + len(line) - len(`"x"`)
		if _, err := w.Write(rest[:j]); err != nil {
			return err
		}
		if quoted[i] != nil {
			_, err = w.Write(quoted[i])
		} else {
			err = writeQuoted(w, im)
		}
		if err != nil {
			return err
		}
		rest = rest[j+len(`"x"`):]
	}
	_, err = w.Write(rest)
	return err
}

// writeQuoted writes "s" without copying s whole: through w's WriteString
// when it has one (bufio.Writer, bytes.Buffer, os.File), else 32 KiB at a
// time.
func writeQuoted(w io.Writer, s string) error {
	sw, ok := w.(io.StringWriter)
	if !ok {
		var buf [32 << 10]byte
		sw = stringChunks{w, buf[:]}
	}
	for _, part := range []string{`"`, s, `"`} {
		if _, err := sw.WriteString(part); err != nil {
			return err
		}
	}
	return nil
}

// stringChunks writes a string through buf.
type stringChunks struct {
	w   io.Writer
	buf []byte
}

func (c stringChunks) WriteString(s string) (int, error) {
	n := 0
	for n < len(s) {
		k := copy(c.buf, s[n:])
		if _, err := c.w.Write(c.buf[:k]); err != nil {
			return n, err
		}
		n += k
	}
	return n, nil
}

// withoutImages is a shallow copy of e with each image "x", and the images
// in the file's order: the map's, then the tokens'.
func withoutImages(e *Encounter) (*Encounter, []string) {
	c := *e
	var images []string
	if c.Background != "" {
		images, c.Background = append(images, c.Background), "x"
	}
	c.Tokens = slices.Clone(e.Tokens)
	for i := range c.Tokens {
		if im := c.Tokens[i].Image; im != "" {
			images, c.Tokens[i].Image = append(images, im), "x"
		}
	}
	return &c, images
}

// plainJSON reports whether JSON writes s as its bytes between quotes:
// printable ASCII without a quote or a backslash, as base64 is.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// encode writes a valid e canonically.
func encode(e *Encounter) ([]byte, error) {
	f := fileEncounterOut{Format: Format, Name: e.Name, Ruleset: string(e.Ruleset), Map: encodeMap(e)}
	for i := range e.Tokens {
		raw, err := marshal(encodeToken(e, &e.Tokens[i]))
		if err != nil {
			return nil, err
		}
		f.Tokens = append(f.Tokens, raw)
	}
	for _, n := range e.Notes {
		x, y, text := n.X, n.Y, n.Text
		fn := fileNote{X: &x, Y: &y, Player: n.Player}
		if text != "" { // "" is the default: a note read without text
			fn.Text = &text
		}
		raw, err := marshal(fn)
		if err != nil {
			return nil, err
		}
		f.Notes = append(f.Notes, raw)
	}
	encodeAdded(e, &f)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, fmt.Errorf("write encounter %q: %w", e.Name, err)
	}
	return buf.Bytes(), nil
}

func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

func encodeMap(e *Encounter) *fileMapOut {
	m := &fileMapOut{Background: e.Background}
	if fps := e.Feet(); fps != e.Ruleset.DefaultFeetPerSquare() {
		n := json.Number(fmt.Sprint(fps))
		m.FeetPerSquare = &n
	}
	chars := make(map[Terrain]rune, len(DefaultLegend))
	for _, c := range defaultLegendOrder {
		chars[DefaultLegend[c]] = c
	}
	next := 0
	var legend orderedLegend
	g := &e.Grid
	m.Rows = make([]string, g.H)
	var sb strings.Builder
	for y := 0; y < g.H; y++ {
		sb.Reset()
		for x := 0; x < g.W; x++ {
			t := g.Cells[y*g.W+x]
			c, ok := chars[t]
			if !ok {
				c = legendKeys[next]
				next++
				chars[t] = c
				legend.keys = append(legend.keys, string(c))
				legend.traits = append(legend.traits, TraitNames(t))
			}
			sb.WriteRune(c)
		}
		m.Rows[y] = sb.String()
	}
	if len(legend.keys) > 0 {
		m.Legend = &legend
	}
	edges, _ := CanonicalEdges(e.Edges, g.W, g.H) // Validate has checked them
	for _, ed := range edges {
		m.Edges = append(m.Edges, fileEdge{Kind: ed.Kind.String(), From: [2]int{ed.X1, ed.Y1}, To: [2]int{ed.X2, ed.Y2}})
	}
	if p := e.Placement; p != nil {
		m.BackgroundPlacement = &filePlacement{X: p.X, Y: p.Y, PxPerSquare: p.PxPerSquare}
	}
	if anyTrue(e.GMOnly) {
		m.GMOnly = maskRows(e.GMOnly, g)
	}
	if e.Revealed != nil {
		m.Revealed = maskRows(e.Revealed, g)
	}
	if anyTrue(e.RevealedKept) {
		m.RevealedKept = maskRows(e.RevealedKept, g)
	}
	return m
}

// maskRows writes a per-square flag as rows of 0 and 1.
func maskRows(mask []bool, g *Grid) []string {
	rows := make([]string, g.H)
	b := make([]byte, g.W)
	for y := range rows {
		for x := range b {
			b[x] = '0'
			if mask[y*g.W+x] {
				b[x] = '1'
			}
		}
		rows[y] = string(b)
	}
	return rows
}

// encodeAdded fills in the top-level fields added with table play.
func encodeAdded(e *Encounter, f *fileEncounterOut) {
	if p := e.Party; p != nil {
		f.Party = &fileParty{Side: p.Side, Level: p.Level, Size: p.Size}
		if p.Size == DefaultPartySize {
			f.Party.Size = 0
		}
	}
	if fg := e.Fight; fg != nil {
		f.Fight = &fileFight{Round: fg.Round, Order: fg.Order, Turn: fg.Turn}
		if fg.Round == 1 {
			f.Fight.Round = 0
		}
		var st orderedState
		for _, n := range fg.Order {
			if v, ok := fg.State[n]; ok && v != (TurnState{}) {
				st.names = append(st.names, n)
				st.states = append(st.states, fileTurnState(v))
			}
		}
		if len(st.names) > 0 {
			f.Fight.State = &st
		}
	}
	for _, a := range e.Areas {
		fa := fileArea{Kind: a.Kind.String(), Token: a.Token, Radius: a.Radius, Length: a.Length,
			OriginOffset: a.OriginOffset, Label: a.Label, Player: a.Player}
		switch a.Kind {
		case Burst:
			x, y := a.X, a.Y
			fa.X, fa.Y = &x, &y
		case Cone:
			fa.Dir = a.Dir.String()
		case Line:
			t := a.Toward
			fa.Toward = &t
		}
		f.Areas = append(f.Areas, fa)
	}
}

// orderedState marshals fight.state in the order of fight.order.
type orderedState struct {
	names  []string
	states []fileTurnState
}

func (o *orderedState) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, n := range o.names {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, err := marshal(n)
		if err != nil {
			return nil, err
		}
		vb, _ := json.Marshal(o.states[i])
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// legendKeys are the keys the writer gives new legend entries, in order:
// letters the default legend leaves free, digits, Latin letters with
// accents, Cyrillic, then CJK ideographs: one key for each of the 2,048
// terrain combinations of the 11 traits.
var legendKeys = func() []rune {
	var out []rune
	add := func(from, to rune) {
		for c := from; c <= to; c++ {
			if _, taken := DefaultLegend[c]; !taken {
				out = append(out, c)
			}
		}
	}
	add('a', 'z')
	add('A', 'Z')
	add('0', '9')
	add(0xC0, 0x24F)
	add(0x400, 0x4FF)
	add(0x4E00, 0x4E00+2047-rune(len(out)))
	return out
}()

// orderedLegend marshals legend entries in first-use order.
type orderedLegend struct {
	keys   []string
	traits [][]string
}

func (l *orderedLegend) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range l.keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, _ := json.Marshal(l.traits[i])
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func encodeToken(e *Encounter, t *Token) fileToken {
	name, x, y := t.Name, t.X, t.Y
	ft := fileToken{ID: t.ID, Name: &name, X: &x, Y: &y, Reach: t.Reach, Long: t.Long,
		ReachWeapon: t.ReachWeapon, Hidden: t.Hidden, Conditions: t.Conditions, Notes: t.Notes}
	if t.Size != Medium {
		ft.Size = t.Size.String()
	}
	if s := t.SideOrNeutral(); s != Neutral {
		ft.Side = s
	}
	if t.Facing != N {
		ft.Facing = t.Facing.String()
	}
	if len(t.Speeds) > 0 {
		var s fileSpeeds
		for k, p := range s.ptrs() {
			if v, ok := t.Speeds[SpeedKeys[k]]; ok {
				v := v
				*p = &v
			}
		}
		ft.Speeds = &s
	}
	if len(ft.Conditions) == 0 {
		ft.Conditions = nil
	}
	ft.Elevation, ft.Level, ft.Initiative, ft.Image, ft.Color = t.Elevation, t.Level, t.Initiative, t.Image, t.Color
	if t.HP != nil {
		ft.HP = &fileHP{Current: t.HP.Current, Max: t.HP.Max}
	}
	return ft
}
