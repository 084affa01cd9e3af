package export

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"slices"
	"strings"
)

// uvttFileIn is a Universal VTT file as ImportUVTT reads it: the file,
// less the text of its image, as doc, and that text apart, unquoted, as the
// data URL it becomes. The image's base64 is nearly all of a large file (69
// of 69.3 MB); read whole, then walked by encoding/json, its copies (the
// file, the decoder's buffer, the token, the URL built twice) took 768 of
// the 1011 MB an import allocated.
//
// The text set aside is the string value of the top-level key "image" up
// to the first character the reader does not unquote itself (a \u escape,
// a control character, a non-ASCII byte: none of them base64). What
// remains of the string stays in doc, for the JSON walk to read, so doc
// holds "image":"" or "image":"REST". Cutting valid characters out of the
// middle of a string changes nothing about the JSON but where its bytes
// are, so doc is valid JSON exactly when the file is (syntaxError puts an
// error back where it was in the file).
//
// Memory: doc (the file less its image), and the URL, as long as the text.
type uvttFileIn struct {
	doc    []byte
	size   int64 // bytes of the file, at most MaxUVTTBytes+1
	cutAt  int   // where in doc the image's text was cut out, -1 when not
	cutLen int   // bytes of the file cut out there
	image  imageText

	// The structure of the file as doc's bytes go by: enough to find the
	// top-level "image" of a file that is valid JSON (of one that is not,
	// json.Valid will say so; whatever was cut out of it was inside a
	// string, so the error is the same).
	top             byte // the file's first significant byte
	last            byte // the last significant byte outside strings
	depth           int
	inString, esc   bool
	keyMatched      int // in a key of the top-level object: how much of "image" it has matched; -1 when none or no match
	awaitImage      int // 1: after the key "image"; 2: after its colon
	cutting, cutEsc bool
	hint            int64 // the file's size, when r can tell; -1 when not
}

// readUVTTFile reads a Universal VTT file from r, at most MaxUVTTBytes+1
// bytes, setting its image's text aside (see uvttFileIn).
func readUVTTFile(r io.Reader) (*uvttFileIn, error) {
	f := &uvttFileIn{cutAt: -1, keyMatched: -1, hint: sizeHint(r)}
	lr := io.LimitReader(r, MaxUVTTBytes+1)
	buf := make([]byte, 256<<10)
	for {
		n, err := lr.Read(buf)
		f.scan(buf[:n])
		f.size += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if f.cutEsc { // the file ends in the backslash of an escape
		f.doc = append(f.doc, '\\')
		f.cutEsc = false
	}
	return f, nil
}

// scan takes the file's next bytes p: into doc, or into the image's text.
func (f *uvttFileIn) scan(p []byte) {
	for len(p) > 0 {
		if f.cutting {
			p = p[f.cut(p):]
			continue
		}
		i := 0
		for i < len(p) && !f.cutting {
			f.step(p[i])
			i++
		}
		if n := len(f.doc) + i; n > cap(f.doc) {
			// Doubling: append's growth by a quarter for large slices
			// would allocate some five times the final doc in all.
			f.doc = slices.Grow(f.doc, max(i, len(f.doc)))
		}
		f.doc = append(f.doc, p[:i]...)
		p = p[i:]
		if f.cutting {
			f.cutAt = len(f.doc)
			if f.hint >= 0 {
				f.image.expect(f.hint - f.size)
			}
		}
	}
}

// step follows the file's structure over its next byte c.
func (f *uvttFileIn) step(c byte) {
	if f.inString {
		switch {
		case f.esc:
			f.esc, f.keyMatched = false, -1 // an escaped key is no "image" to cut
		case c == '\\':
			f.esc = true
		case c == '"':
			f.inString = false
			if f.keyMatched == len("image") && f.cutAt < 0 {
				f.awaitImage = 1
			}
			f.keyMatched = -1
		case f.keyMatched >= 0:
			if f.keyMatched < len("image") && c == "image"[f.keyMatched] {
				f.keyMatched++
			} else {
				f.keyMatched = -1
			}
		}
		return
	}
	if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
		return
	}
	prev, await := f.last, f.awaitImage
	f.last, f.awaitImage = c, 0
	if f.top == 0 {
		f.top = c
	}
	switch c {
	case '"':
		f.inString = true
		inTop := f.depth == 1 && f.top == '{'
		switch {
		case inTop && await == 2:
			f.cutting = true
		case inTop && (prev == '{' || prev == ','):
			f.keyMatched = 0
		}
	case ':':
		if await == 1 {
			f.awaitImage = 2
		}
	case '{', '[':
		f.depth++
	case '}', ']':
		f.depth--
	}
}

// cut takes the image's text from the start of p, unquoting it, up to its
// closing quote or the first byte it leaves to doc, and returns how many
// bytes of p it took.
func (f *uvttFileIn) cut(p []byte) int {
	i := 0
	for i < len(p) {
		c := p[i]
		if f.cutEsc {
			u, ok := jsonEscapes[c]
			if !ok { // \u or an invalid escape: the rest goes to doc
				f.doc = append(f.doc, '\\')
				f.esc, f.cutEsc, f.cutting = true, false, false
				return i
			}
			f.image.write(u)
			f.cutLen += 2
			f.cutEsc = false
			i++
			continue
		}
		if c == '\\' {
			f.cutEsc = true
			i++
			continue
		}
		j := i
		for j < len(p) && p[j] >= 0x20 && p[j] < 0x7f && p[j] != '"' && p[j] != '\\' {
			j++
		}
		if j == i { // the closing quote, or a byte left to doc
			f.cutting = false
			return i
		}
		f.image.write(p[i:j]...)
		f.cutLen += j - i
		i = j
	}
	return i
}

// jsonEscapes are the escapes the cut unquotes, as JSON does.
var jsonEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// syntaxError puts the offset of err, json.Unmarshal's error on doc, back
// where it is in the file: past the cut, the bytes cut out count. (No
// error lies inside the cut, nor at the quote opening it, which a valid
// start of the file put there.)
func (f *uvttFileIn) syntaxError(err error) error {
	if se, ok := err.(*json.SyntaxError); ok && f.cutAt >= 0 && se.Offset >= int64(f.cutAt) {
		se.Offset += int64(f.cutLen)
	}
	return err
}

// imageText is the text of a UVTT file's image, unquoted, kept as the
// data URL it becomes: the prefix its first bytes call for, then the text.
// When the text is standard base64, as map makers write it, that is the
// data URL, without another copy (see background).
type imageText struct {
	b       strings.Builder // the prefix, then the text
	head    []byte          // the text, until it is long enough to tell the image's kind
	started bool            // b holds the prefix
	prefix  int             // the prefix's length
	n       int             // the text's length; b keeps it up to maxImageText
	full    bool            // b stopped short of the text: background refuses it by n
	size    int64           // what the text may come to (the rest of the file), 0 when not known
}

// maxImageText is the longest text ImportUVTT takes (background refuses
// more from its length alone, without reading it).
const maxImageText = (MaxUVTTImage+3)/3*4 + 3

// headChars is how much of the text tells the image's kind: the 12 bytes
// imageFormat reads.
const headChars = 16

// expect says the text comes to at most n bytes.
func (t *imageText) expect(n int64) { t.size = min(max(n, 0), maxImageText) }

func (t *imageText) write(p ...byte) {
	t.n += len(p)
	if !t.started {
		t.head = append(t.head, p...)
		if len(t.head) >= headChars {
			t.start()
		}
		return
	}
	t.keep(p)
}

// writeString adds what of the text the file reader left to the JSON walk
// (after a \u escape or a non-ASCII byte; never in standard base64).
func (t *imageText) writeString(s string) { t.write([]byte(s)...) }

// keep adds p to b, unless the text is over maxImageText.
func (t *imageText) keep(p []byte) {
	if t.full || t.b.Len()-t.prefix+len(p) > maxImageText {
		t.full = true
		return
	}
	t.b.Write(p)
}

// start writes the prefix the text's head calls for ("data:image/png;base64,"),
// then the head.
func (t *imageText) start() {
	var img [headChars / 4 * 3]byte
	n, _ := base64.StdEncoding.Decode(img[:], t.head[:min(len(t.head), headChars)/4*4])
	prefix := ""
	if format := imageFormat(img[:n]); format != "" {
		prefix = dataPrefix(format)
	}
	t.started, t.prefix = true, len(prefix)
	t.b.Grow(len(prefix) + max(int(t.size), len(t.head)))
	t.b.WriteString(prefix)
	head := t.head
	t.head = nil
	t.keep(head)
}

// text is the image's text (or its first maxImageText bytes).
func (t *imageText) text() string {
	if !t.started {
		t.start()
	}
	return t.b.String()[t.prefix:]
}

// url is the data URL of the text as it is: right when it is standard
// base64 of an image of the kind its head says.
func (t *imageText) url() string { return t.b.String() }
