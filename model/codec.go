package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Format is the value of the `format` field of every encounter file.
const Format = "encounter/1"

// MaxFileBytes bounds what ReadEncounter accepts: a 1000x1000 map with its
// tokens and a background fits well below it.
const MaxFileBytes = 64 << 20

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

type fileMap struct {
	FeetPerSquare json.RawMessage     `json:"feetPerSquare,omitempty"` // a number; json.Number would take "5" too
	Rows          []string            `json:"rows"`
	Legend        map[string][]string `json:"legend,omitempty"`
	Background    string              `json:"background,omitempty"`
}

// fileMapOut is fileMap as the writer emits it, legend in first-use order.
type fileMapOut struct {
	FeetPerSquare *json.Number   `json:"feetPerSquare,omitempty"`
	Rows          []string       `json:"rows"`
	Legend        *orderedLegend `json:"legend,omitempty"`
	Background    string         `json:"background,omitempty"`
}

type fileEncounterOut struct {
	Format  string            `json:"format"`
	Name    string            `json:"name"`
	Ruleset string            `json:"ruleset"`
	Map     *fileMapOut       `json:"map"`
	Tokens  []json.RawMessage `json:"tokens,omitempty"`
	Notes   []json.RawMessage `json:"notes,omitempty"`
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
}

// fileTokenIn is fileToken as read: speeds are decoded on their own so an
// error inside them names the token.
type fileTokenIn struct {
	fileToken
	Speeds json.RawMessage `json:"speeds"`
}

type fileNote struct {
	X      *int    `json:"x"`
	Y      *int    `json:"y"`
	Text   *string `json:"text,omitempty"`
	Player bool    `json:"player,omitempty"`
}

// ReadEncounter reads an encounter/1 file strictly: an unknown field, a wrong
// type, a ragged row, an unknown legend character, a token off the map or any
// other problem is an error wrapping ErrInvalid that names the field (and for
// rows, the row and column, counted from 0).
func ReadEncounter(r io.Reader) (*Encounter, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read encounter: %w", err)
	}
	if len(data) > MaxFileBytes {
		return nil, fieldErr("", "the file is larger than %d MiB", MaxFileBytes>>20)
	}
	return DecodeEncounter(data)
}

// DecodeEncounter is ReadEncounter on bytes.
func DecodeEncounter(data []byte) (*Encounter, error) {
	if !utf8.Valid(data) {
		return nil, fieldErr("", "the file is not UTF-8 text")
	}
	if json.Valid(data) { // else strictDecode names the syntax error
		if err := checkKeys(data, "", topFields, nil); err != nil {
			return nil, err
		}
	}
	var f fileEncounter
	if err := strictDecode(data, &f); err != nil {
		return nil, err
	}
	if f.Format != Format {
		if f.Format == "" {
			return nil, fieldErr("format", "is required and must be %q", Format)
		}
		return nil, fieldErr("format", "is %q; this version reads %q", f.Format, Format)
	}
	e := &Encounter{Name: f.Name}
	if f.Ruleset == "" {
		return nil, fieldErr("ruleset", "is required (sf2e, pf1e, starship or points)")
	}
	rs, err := ParseRuleset(f.Ruleset)
	if err != nil {
		return nil, fieldErr("ruleset", "%v", err)
	}
	e.Ruleset = rs
	if len(f.Map) == 0 || string(f.Map) == "null" {
		return nil, fieldErr("map", "is required")
	}
	var fm fileMap
	if err := checkKeys(f.Map, "map", mapFields, nil); err != nil {
		return nil, err
	}
	if err := strictDecodeAt(f.Map, &fm, "map"); err != nil {
		return nil, err
	}
	var lm struct {
		Legend json.RawMessage `json:"legend"`
	}
	_ = json.Unmarshal(f.Map, &lm)
	legendKey := func(k string) string { return fmt.Sprintf("map.legend[%q]", k) }
	if err := checkKeys(lm.Legend, "map.legend", nil, legendKey); err != nil {
		return nil, err
	}
	if err := decodeMap(&fm, e); err != nil {
		return nil, err
	}
	for i, raw := range f.Tokens {
		t, err := decodeToken(raw, i, rs)
		if err != nil {
			return nil, err
		}
		e.Tokens = append(e.Tokens, t)
	}
	for i, raw := range f.Notes {
		var fn fileNote
		field := fmt.Sprintf("notes[%d]", i)
		if err := checkKeys(raw, field, noteFields, nil); err != nil {
			return nil, err
		}
		if err := strictDecodeAt(raw, &fn, field); err != nil {
			return nil, err
		}
		if fn.X == nil || fn.Y == nil {
			return nil, fieldErr(field, "needs x and y")
		}
		n := Note{X: *fn.X, Y: *fn.Y, Player: fn.Player}
		if fn.Text != nil {
			n.Text = *fn.Text
		}
		e.Notes = append(e.Notes, n)
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

func decodeMap(m *fileMap, e *Encounter) error {
	e.FeetPerSquare = e.Ruleset.DefaultFeetPerSquare()
	if m.FeetPerSquare != nil {
		v, err := json.Number(m.FeetPerSquare).Int64()
		if err != nil || v < 1 || v > 10000 {
			return fieldErr("map.feetPerSquare", "must be a whole number of feet from 1 to 10000, not %s", m.FeetPerSquare)
		}
		e.FeetPerSquare = int(v)
	}
	legend := make(map[rune]Terrain, len(DefaultLegend)+len(m.Legend))
	for k, v := range DefaultLegend {
		legend[k] = v
	}
	keys := make([]string, 0, len(m.Legend))
	for k := range m.Legend {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if utf8.RuneCountInString(k) != 1 {
			return fieldErr("map.legend", "key %q must be exactly one character", k)
		}
		var t Terrain
		for j, name := range m.Legend[k] {
			tr, err := ParseTrait(name)
			if err != nil {
				return fieldErr(fmt.Sprintf("map.legend[%q][%d]", k, j), "%v", err)
			}
			t |= tr
		}
		r, _ := utf8.DecodeRuneInString(k)
		legend[r] = t
	}
	if len(m.Rows) == 0 {
		return fieldErr("map.rows", "is required: at least one row")
	}
	if len(m.Rows) > MaxMapSide {
		return fieldErr("map.rows", "%d rows; at most %d are allowed", len(m.Rows), MaxMapSide)
	}
	w := utf8.RuneCountInString(m.Rows[0])
	if w == 0 {
		return fieldErr("map.rows[0]", "is empty; rows need at least one square")
	}
	if w > MaxMapSide {
		return fieldErr("map.rows[0]", "%d columns; at most %d are allowed", w, MaxMapSide)
	}
	e.Grid = NewGrid(w, len(m.Rows))
	for y, row := range m.Rows {
		if n := utf8.RuneCountInString(row); n != w {
			return fieldErr(fmt.Sprintf("map.rows[%d]", y), "has %d columns, but row 0 has %d (rows must all be the same length)", n, w)
		}
		x := 0
		for _, c := range row {
			t, ok := legend[c]
			if !ok {
				return fieldErr(fmt.Sprintf("map.rows[%d][%d]", y, x), "unknown legend character %q (add it to map.legend)", c)
			}
			e.Grid.Cells[y*w+x] = t
			x++
		}
	}
	e.Background = m.Background
	return nil
}

func decodeToken(raw json.RawMessage, i int, rs Ruleset) (Token, error) {
	var ft fileTokenIn
	// A first, lenient look for the name, so even a type error names the token.
	var peek struct {
		Name any `json:"name"`
	}
	_ = json.Unmarshal(raw, &peek)
	pname, _ := peek.Name.(string)
	field := TokenField(i, pname)
	if err := checkKeys(raw, field, tokenFields, nil); err != nil {
		return Token{}, err
	}
	if err := strictDecodeAt(raw, &ft, field); err != nil {
		return Token{}, err
	}
	if ft.Name == nil || strings.TrimSpace(*ft.Name) == "" {
		return Token{}, fieldErr(field+".name", "is required")
	}
	if ft.X == nil || ft.Y == nil {
		return Token{}, fieldErr(field, "needs x and y (the top-left square of its space)")
	}
	t := Token{ID: ft.ID, Name: *ft.Name, X: *ft.X, Y: *ft.Y, Size: Medium, Side: ft.Side,
		Reach: ft.Reach, Long: ft.Long, ReachWeapon: ft.ReachWeapon, Hidden: ft.Hidden,
		Conditions: ft.Conditions, Notes: ft.Notes}
	if t.Side == "" {
		t.Side = Neutral
	}
	if ft.Size != "" {
		s, err := ParseSize(ft.Size)
		if err != nil {
			return Token{}, fieldErr(field+".size", "%v", err)
		}
		t.Size = s
	}
	if ft.Facing != "" {
		f, err := ParseFacing(ft.Facing)
		if err != nil {
			return Token{}, fieldErr(field+".facing", "%v", err)
		}
		t.Facing = f
	}
	var fs fileSpeeds
	if len(ft.Speeds) > 0 && string(ft.Speeds) != "null" {
		if err := checkKeys(ft.Speeds, field+".speeds", speedFields, nil); err != nil {
			return Token{}, err
		}
		if err := strictDecodeAt(ft.Speeds, &fs, field+".speeds"); err != nil {
			return Token{}, err
		}
	}
	if fs != (fileSpeeds{}) {
		t.Speeds = map[string]int{}
		for k, p := range fs.ptrs() {
			if *p != nil {
				t.Speeds[SpeedKeys[k]] = **p
			}
		}
	}
	return t, nil
}

// strictDecode decodes one JSON value, refusing unknown fields, trailing data
// and wrong types, with messages that name the field.
func strictDecode(data []byte, v any) error { return strictDecodeAt(data, v, "") }

func strictDecodeAt(data []byte, v any, prefix string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return jsonErr(err, prefix, data)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fieldErr(prefix, "unexpected data after the JSON value")
	}
	return nil
}

// checkKeys refuses what encoding/json lets through silently in the object
// data: a key that names a field only when case is ignored ("Name" for
// "name"), a key given twice, and a null value. fields lists the keys the
// object may hold (nil: any); name, when set, names the field of key k.
// It runs before the decoding, so a wrong-case key is reported as unknown
// rather than by the field it would have filled; anything that is not an
// object, or not valid JSON, is left to the decoder to report.
func checkKeys(data []byte, prefix string, fields []string, name func(k string) string) error {
	if name == nil {
		name = func(k string) string { return join(prefix, k) }
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	seen := make(map[string]bool)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if fields != nil && !slices.Contains(fields, k) {
			return fieldErr(prefix, "unknown field %q", k)
		}
		if seen[k] {
			return fieldErr(name(k), "is given twice")
		}
		seen[k] = true
		if string(v) == "null" {
			return fieldErr(name(k), "must not be null")
		}
	}
	return nil
}

// The keys each object of the file may hold.
var (
	topFields   = fieldsOf[fileEncounter]()
	mapFields   = fieldsOf[fileMap]()
	tokenFields = fieldsOf[fileToken]()
	speedFields = fieldsOf[fileSpeeds]()
	noteFields  = fieldsOf[fileNote]()
)

// fieldsOf lists the JSON keys of the file shape T, embedded structs'
// included; a field T shadows is listed once.
func fieldsOf[T any]() []string {
	var out []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous {
				walk(f.Type)
				continue
			}
			k, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if k != "" && k != "-" && !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	walk(reflect.TypeFor[T]())
	return out
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

func jsonErr(err error, prefix string, data []byte) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := te.Field
		if prefix != "" {
			// Inside a token or note, drop the leading path Go reports.
			field = strings.TrimPrefix(field, "tokens.")
			field = strings.TrimPrefix(field, "notes.")
			field = strings.TrimPrefix(field, "fileToken.")
		}
		return fieldErr(join(prefix, field), "must be %s, not %s", jsonKind(te.Type.String()), te.Value)
	case errors.As(err, &se):
		line, col := lineCol(data, se.Offset)
		return fieldErr(prefix, "not valid JSON at line %d, column %d: %v", line, col, se)
	case err == io.EOF:
		return fieldErr(prefix, "the file is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fieldErr(prefix, "the JSON ends too early")
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fieldErr(prefix, "unknown field %s", f)
	}
	return fieldErr(prefix, "%s", strings.TrimPrefix(msg, "json: "))
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

func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// WriteEncounter writes e canonically (encounter-format.md): fields in table
// order, defaults left out, legend keys only for terrain the default legend
// lacks, 2-space indentation, no HTML escaping, a final newline. Writing what
// was read gives the same bytes.
func WriteEncounter(w io.Writer, e *Encounter) error {
	data, err := EncodeEncounter(e)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// EncodeEncounter is WriteEncounter into bytes. It validates first, so a file
// it writes is always one ReadEncounter accepts.
func EncodeEncounter(e *Encounter) ([]byte, error) {
	if err := Validate(e); err != nil {
		return nil, err
	}
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
	return m
}

// legendKeys are the keys the writer gives new legend entries, in order:
// letters the default legend leaves free, digits, then Latin-1 letters
// (there are at most 256 terrain combinations).
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
	return ft
}
