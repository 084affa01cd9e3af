package model

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// parts counts the elements of each kind widest builds.
type parts struct{ tokens, conditions, notes, areas, edges int }

// widest is a valid encounter on a w x h map whose every field is at its
// widest in the canonical file: numbers at their longest (2^63-1, -2^63,
// four-digit coordinates), text of line separators (U+2028, six bytes
// each when written, as wide as a control character, which no text
// holds), every terrain combination (legend keys of up to three
// bytes), fog and GM-only squares, and p's counts of each element.
func widest(t testing.TB, w, h int, p parts) *Encounter {
	ctl := func(n int) string { return "x" + strings.Repeat("\u2028", n-1) } // n characters, not blank
	big := math.MaxInt64 - math.MaxInt64%10000                               // a multiple of feetPerSquare
	e := &Encounter{Name: ctl(MaxName), Ruleset: SF2E, FeetPerSquare: 10000, Grid: NewGrid(w, h),
		Background: pngURL(t, 2, 2),
		Placement:  &BackgroundPlacement{X: -999999999.123456789, Y: -999999999.987654321, PxPerSquare: 9999.99999999},
		GMOnly:     make([]bool, w*h), Revealed: make([]bool, w*h),
		Party: &Party{Side: ctl(30), Level: 20, Size: 100},
	}
	for i := range e.Grid.Cells {
		e.Grid.Cells[i] = Terrain(i % 2048)
		e.GMOnly[i], e.Revealed[i] = true, i%2 == 0
	}
	for i := range p.edges { // doors are never merged: one edge each
		e.Edges = append(e.Edges, Edge{EdgeSecretDoor, w, h - p.edges + i, w, h - p.edges + i + 1})
	}
	img := pngURL(t, 3, 3)
	for i := range p.tokens {
		lvl, ini, reach := -1, math.MinInt64, math.MaxInt64
		tok := Token{ID: fmt.Sprintf("6f1d2c3e-8a4b-4c5d-9e6f-%012d", i), Name: ctl(MaxName-4) + fmt.Sprintf("%04d", i),
			X: w - 4, Y: h - 4, Size: Gargantuan, Side: ctl(20), Reach: &reach, Long: true, ReachWeapon: true,
			Facing: NW, Hidden: true, Notes: ctl(40), Elevation: -MaxElevation, Level: &lvl, Initiative: &ini,
			HP: &HP{Current: math.MaxInt64, Max: math.MaxInt64}, Image: img, Color: "#abcdef",
			Speeds: map[string]int{}}
		for _, k := range SpeedKeys {
			tok.Speeds[k] = math.MaxInt64
		}
		for j := range p.conditions {
			tok.Conditions = append(tok.Conditions, ctl(10)+fmt.Sprint(j))
		}
		e.Tokens = append(e.Tokens, tok)
	}
	for range p.notes {
		e.Notes = append(e.Notes, Note{X: w - 1, Y: h - 1, Text: ctl(10), Player: true})
	}
	if len(e.Tokens) > 0 {
		f := &Fight{Round: MaxRound, Turn: e.Tokens[0].Name, State: map[string]TurnState{}}
		for _, tok := range e.Tokens {
			f.Order = append(f.Order, tok.Name)
			f.State[tok.Name] = TurnState{Actions: math.MaxInt64, Diagonals: MaxTurnDiagonals, Spent: math.MaxInt64}
		}
		e.Fight = f
		name := e.Tokens[0].Name
		for i := range p.areas {
			a := Area{Kind: Burst, X: w, Y: h, Radius: big}
			switch i % 4 {
			case 1:
				a = Area{Kind: Emanation, Token: name, Radius: big}
			case 2:
				a = Area{Kind: Cone, Token: name, Dir: W, Length: big, OriginOffset: -3}
			case 3:
				a = Area{Kind: Line, Token: name, Toward: [2]int{w - 5, h - 5}, Length: big}
			}
			a.Label, a.Player = ctl(8), true
			e.Areas = append(e.Areas, a)
		}
	}
	if err := Validate(e); err != nil {
		t.Fatalf("widest: %v", err)
	}
	return e
}

// checkSize holds canonicalSize to the writer's length and sizeBound above
// it, and returns the three.
func checkSize(t *testing.T, what string, e *Encounter) (bound, size int64) {
	t.Helper()
	data, err := EncodeEncounter(e)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	size, err = canonicalSize(e)
	if err != nil || size != int64(len(data)) {
		t.Fatalf("%s: canonicalSize %d, %v; the writer wrote %d bytes", what, size, err, len(data))
	}
	if bound = sizeBound(e); bound < size {
		t.Fatalf("%s: sizeBound %d is below the %d bytes written", what, bound, size)
	}
	return bound, size
}

// Validate measures the file the writer makes (canonicalSize is its length,
// exactly) and sizeBound, its fast path, is never below it: for the
// sample, every field in every ruleset, and encounters at their widest;
// and for each kind of element, each one more adds no more to the file
// than to the bound (so no mix of them gets past it).
func TestSizeBoundCoversTheWriter(t *testing.T) {
	checkSize(t, "sample", Sample())
	for _, rs := range Rulesets {
		checkSize(t, string(rs), allFieldsEncounter(t, rs))
	}
	one := parts{tokens: 1, conditions: 1, notes: 1, areas: 4, edges: 1}
	checkSize(t, "widest 1000x1000", widest(t, 1000, 1000, one))
	base := widest(t, 64, 40, one)
	b0, s0 := checkSize(t, "widest 64x40", base)
	for _, c := range []struct {
		kind string
		p    parts
	}{
		{"token", parts{tokens: 101, conditions: 1, notes: 1, areas: 4, edges: 1}},
		{"condition", parts{tokens: 1, conditions: 100, notes: 1, areas: 4, edges: 1}},
		{"note", parts{tokens: 1, conditions: 1, notes: 101, areas: 4, edges: 1}},
		{"area", parts{tokens: 1, conditions: 1, notes: 1, areas: 404, edges: 1}},
		{"edge", parts{tokens: 1, conditions: 1, notes: 1, areas: 4, edges: 39}},
	} {
		b, s := checkSize(t, c.kind, widest(t, 64, 40, c.p))
		if b-b0 < s-s0 {
			t.Errorf("%ss add %d bytes to the file but %d to the bound", c.kind, s-s0, b-b0)
		}
	}
}

// The limit is exact, shown at a small scale with the code Validate and
// ReadEncounter run: an encounter whose file is exactly limit bytes passes
// checkFileSize, is written as limit bytes, read within the limit and
// back equal; one byte more is refused, naming the sizes.
func TestFileSizeLimitRoundTrip(t *testing.T) {
	const limit = 300 << 10
	e := widest(t, 40, 30, parts{tokens: 3, conditions: 2, notes: 2, areas: 4, edges: 2})
	_, size := checkSize(t, "start", e)
	e.Notes[0].Text += strings.Repeat("n", int(limit-size))
	if err := checkFileSize(e, limit); err != nil {
		t.Fatalf("a file of exactly the limit: %v", err)
	}
	data, err := EncodeEncounter(e)
	if err != nil || len(data) != limit {
		t.Fatalf("written: %d bytes, %v; want %d", len(data), err, limit)
	}
	read, err := readLimited(bytes.NewReader(data), limit)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeEncounter(read)
	if err != nil || !reflect.DeepEqual(back, e) {
		t.Fatalf("read back: %v\n%#v\n%#v", err, back, e)
	}
	e.Notes[0].Text += "n"
	err = checkFileSize(e, limit)
	checkErrorStarts(t, err, "the encounter file would be 307201 bytes, over the 307200 bytes an encounter file may hold (map image 122 bytes, token pictures 366 bytes, everything else 306713 bytes): use a smaller map image")
}

// checkErrorStarts checks err is the reader's and Validate's kind of error,
// for the file as a whole, and starts with text.
func checkErrorStarts(t *testing.T, err error, text string) {
	t.Helper()
	var fe *FieldError
	if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) || fe.Token != -1 || fe.Field != "" {
		t.Fatalf("error %v (%T): want a FieldError for the whole file, wrapping ErrInvalid", err, err)
	}
	if !strings.HasPrefix(err.Error(), text) {
		t.Errorf("text %q\nwant it to start %q", err, text)
	}
}

// At full scale: Validate refuses an encounter whose file would pass
// MaxFileBytes, saying how big and what takes the room, and takes one
// that fits; a map image at the limit with a full map of tokens fits.
// (The portraits share one string: the test holds 40 MiB, not 160.)
func TestValidateHoldsTheFileToTheLimit(t *testing.T) {
	portrait := pngURL(t, 2, 2) + strings.Repeat("A", 40<<20)
	e := &Encounter{Name: "Horde", Ruleset: SF2E, Grid: NewGrid(10, 10)}
	for i := range 4 {
		e.Tokens = append(e.Tokens, Token{Name: fmt.Sprint("Zombie ", i), X: i, Y: 0, Size: Medium, Side: "enemy", Image: portrait})
	}
	err := Validate(e)
	checkErrorStarts(t, err, "the encounter file would be 160.0 MiB, over the 128.0 MiB an encounter file may hold (map image 0 bytes, token pictures 160.0 MiB, everything else")
	e.Tokens = e.Tokens[:3]
	if err := Validate(e); err != nil {
		t.Errorf("120 MiB of portraits: %v", err)
	}
}

// The largest map image (the Universal VTT import's limit too) fits a file
// with the largest map, 5,000 tokens, fog and GM-only squares, shown by
// arithmetic: the writer's length of all but the image, plus the image.
func TestLargestMapImageFitsAFile(t *testing.T) {
	e := widest(t, 1000, 1000, parts{})
	e.Name = strings.Repeat("n", MaxName)
	for i := range MaxTokens {
		e.Tokens = append(e.Tokens, Token{ID: fmt.Sprintf("6f1d2c3e-8a4b-4c5d-9e6f-%012d", i), Name: fmt.Sprintf("%0200d", i),
			X: i % 996, Y: i / 996, Size: Gargantuan, Side: "enemy", Speeds: map[string]int{"land": 30, "fly": 60}, Conditions: []string{"prone"}})
	}
	e.Background = "x"
	rest, err := canonicalSize(e)
	if err != nil {
		t.Fatal(err)
	}
	total := int64(MaxBackgroundText) - 1 + rest
	t.Logf("largest image %s + the rest %s = %s of %s", sizeWords(int64(MaxBackgroundText)), sizeWords(rest), sizeWords(total), sizeWords(MaxFileBytes))
	if total > MaxFileBytes {
		t.Errorf("%d bytes: over MaxFileBytes", total)
	}
	if got := len("data:image/jpeg;base64,") + (MaxBackgroundBytes+2)/3*4; MaxBackgroundText != got || len("data:image/webp;base64,") != len("data:image/jpeg;base64,") {
		t.Errorf("MaxBackgroundText %d, want %d", MaxBackgroundText, got)
	}
}

func TestBackgroundSizeLimit(t *testing.T) {
	e := &Encounter{Name: "Big map", Ruleset: SF2E, Grid: NewGrid(2, 2)}
	for _, url := range []string{pngURL(t, 2, 2), jpegURL(t, 2, 2)} {
		// The base64 of 64 MiB, ending "==" as 64 MiB's does.
		e.Background = url + strings.Repeat("A", MaxBackgroundText-len("data:image/jpeg;base64,")-len(url)+strings.Index(url, ",")+1-2) + "=="
		if err := Validate(e); err != nil {
			t.Errorf("a map image of the limit: %v", err)
		}
		e.Background += "AAAA"
		checkFieldError(t, Validate(e), -1, "", "map.background", "map.background: the image is 64.0 MiB (67108869 bytes); at most 64 MiB (67108864 bytes) are allowed: save the map as JPEG or WebP, or at fewer pixels")
	}
}

// Conditions are a set of labels: at most 100, each at most 200
// characters, none twice (a file of millions of them was read and then
// written larger than the reader takes).
func TestConditionsBounded(t *testing.T) {
	file := func(conds string) string {
		return `{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":[".."]},"tokens":[{"name":"Iseph","x":0,"y":0,"conditions":[` + conds + `]}]}`
	}
	mustDecode(t, file(`"prone","frightened 2","frightened 1","`+strings.Repeat("é", 200)+`"`))
	mustRefuse(t, file(`"prone","frightened 2","prone"`), `tokens[0] "Iseph".conditions[2]: "prone" is there twice (conditions[0])`)
	mustRefuse(t, file(`"`+strings.Repeat("é", 201)+`"`), `tokens[0] "Iseph".conditions[0]: must be at most 200 characters`)
	mustRefuse(t, file(`" "`), `tokens[0] "Iseph".conditions[0]: is blank`)
	many := make([]string, 200000)
	for i := range many {
		many[i] = `"a"`
	}
	mustRefuse(t, file(strings.Join(many, ",")), `tokens[0] "Iseph".conditions: 200000 conditions; at most 100 are allowed`)
	for i := range many[:101] {
		many[i] = fmt.Sprintf(`"c%d"`, i)
	}
	mustRefuse(t, file(strings.Join(many[:101], ",")), `conditions: 101 conditions; at most 100 are allowed`)
	mustDecode(t, file(strings.Join(many[:100], ",")))
}

// An image's text after its data: prefix is base64: a character the writer
// would escape (and so write longer than it reads) is refused by the
// reader, naming the field.
func TestImageTextIsBase64(t *testing.T) {
	file := func(bg, img string) string {
		return `{"format":"encounter/1","name":"N","ruleset":"sf2e","map":{"rows":[".."],"background":"` + bg + `"},"tokens":[{"name":"Iseph","x":0,"y":0,"image":"` + img + `"}]}`
	}
	png := pngURL(t, 2, 2)
	mustDecode(t, file(png, png))
	mustRefuse(t, file(png+`\n`, png), `map.background: holds '\n' at character`)
	mustRefuse(t, file(png, png+"\u2028AAAA"), `tokens[0] "Iseph".image: holds '\u2028' at character`)
	mustRefuse(t, file(png, png[:40]+`\"`+png[40:]), `tokens[0] "Iseph".image: holds '"' at character 18 of its base64 text`)
}
