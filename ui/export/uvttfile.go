package export

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"slices"
	"strings"

	"encounterplanner/model"
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
	size   int64  // bytes of the file, at most MaxUVTTBytes+1
	kind   string // what else the file is, by its first bytes (otherFileKind); "" for text
	bom    int    // bytes of the byte order mark read past at its start (0 or 3)
	cutAt  int    // where in doc the image's text was cut out, -1 when not
	cutLen int    // bytes of the file cut out there
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
//
// Its first bytes are read apart: those of another kind of file (an
// image, a PDF, ...) stop the reading, with kind saying what it is; a
// UTF-8 byte order mark, which Windows Notepad writes and RFC 8259 lets a
// reader ignore, is read past, as an encounter file's is.
func readUVTTFile(r io.Reader) (*uvttFileIn, error) {
	f := &uvttFileIn{cutAt: -1, keyMatched: -1, hint: sizeHint(r)}
	lr := io.LimitReader(r, MaxUVTTBytes+1)
	buf := make([]byte, 256<<10)
	n, err := io.ReadFull(lr, buf[:fileHead])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	if f.kind = otherFileKind(buf[:n]); f.kind != "" {
		f.size = int64(n)
		return f, nil
	}
	head := buf[:n]
	if bytes.HasPrefix(head, model.UTF8BOM) {
		head, f.bom = head[len(model.UTF8BOM):], len(model.UTF8BOM)
	}
	f.scan(head)
	f.size = int64(n)
	for err == nil { // else the file ended within its head
		n, err = lr.Read(buf)
		f.scan(buf[:n])
		f.size += int64(n)
		if err != nil && err != io.EOF {
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

// fileHead is how much of a file readUVTTFile reads apart: enough to tell
// every kind otherFileKind names.
const fileHead = 16

// otherFileKind names what a file is when its first bytes say it is no
// Universal VTT map at all, with what to do where there is something to
// do (as an encounter file's reader names them); "" when they do not say.
// A PNG's bytes read as "invalid character '\u0089'" and a database's as
// "invalid character 'S'", which name neither the file nor the mistake.
func otherFileKind(head []byte) string {
	const image = ", not a Universal VTT map: to use it as the map of the open encounter, choose Encounter > Import map image…; to make a new encounter from it, File > New from map image…"
	switch k := model.FileKind(head); k {
	case "":
		return ""
	case model.KindPNG, model.KindJPEG, model.KindWebP:
		return k + image
	case model.KindGzip:
		return k + ", not a Universal VTT map; unpack it (gunzip) and import the map inside"
	case model.KindSQLite:
		return k + " (an Encounter Planner library is one), not a Universal VTT map; open a library as the database (--db PATH on the command line)"
	case model.KindZIP:
		return k + ", not a Universal VTT map; unpack it and import the map inside"
	case model.KindUTF16:
		return k + "; save it as UTF-8, as map makers write it"
	default:
		return k + ", not a Universal VTT map"
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
	se, ok := err.(*json.SyntaxError)
	if !ok {
		return err
	}
	if f.cutAt >= 0 && se.Offset >= int64(f.cutAt) {
		se.Offset += int64(f.cutLen)
	}
	se.Offset += int64(f.bom) // counted in the file, its byte order mark too
	return err
}

// lineCol is the line and column, as a text editor counts them, of the
// byte at off in the file (syntaxError's offsets), found in doc: a byte
// past the cut is that many bytes before in doc, and on the cut's line its
// column counts the bytes cut out, one column each (the cut holds no line
// break and no byte beyond ASCII). The byte order mark is no column.
func (f *uvttFileIn) lineCol(off int64) (int, int) {
	d := max(off-int64(f.bom), 0)
	cut := f.cutAt >= 0 && d >= int64(f.cutAt)+int64(f.cutLen)
	if cut {
		d -= int64(f.cutLen)
	}
	line, col := model.LineCol(f.doc, d)
	if cut && !bytes.Contains(f.doc[f.cutAt:min(d, int64(len(f.doc)))], []byte("\n")) {
		col += f.cutLen
	}
	return line, col
}

// imageText is the text of a UVTT file's image, unquoted, kept as the
// data URL it becomes: the prefix its first bytes call for, then the text.
// When the text is standard base64, as map makers write it, that is the
// data URL, without another copy (see background).
//
// Text that is a data URL already ("data:image/png;base64,iVBOR…", as
// some map makers and hand-edited files write it) is the base64 after its
// prefix, which is read off the head (readURL): declared is the format
// it names, or err what is wrong with it.
type imageText struct {
	b        strings.Builder // the prefix, then the text
	head     []byte          // the text, until it is long enough to tell the image's kind
	started  bool            // b holds the prefix
	prefix   int             // the prefix's length
	n        int             // the text's length (less a data URL's prefix); b keeps it up to maxImageText
	full     bool            // b stopped short of the text: background refuses it by n
	size     int64           // what the text may come to (the rest of the file), 0 when not known
	urlRead  bool            // the head was looked at for a data URL's prefix, and any read off it
	declared string          // the format a data URL's prefix names: "png", "jpeg", "webp"; "" when none
	err      error           // what is wrong with a data URL's prefix
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
		if !t.urlRead && !t.readURL(false) {
			return // what may be a data URL's prefix, not yet whole
		}
		if len(t.head) >= headChars {
			t.start()
		}
		return
	}
	t.keep(p)
}

// maxURLPrefix is the longest data URL prefix readURL looks for a comma
// in: "data:image/webp;base64," is 23 bytes, with room for parameters.
const maxURLPrefix = 256

// readURL reads the prefix of a data URL ("data:image/png;base64,") off
// the head of the text, if the text starts with one, noting the format it
// names (declared) or what is wrong with it (err). While the head may
// still become one, it reports false, unless end says the text is whole.
func (t *imageText) readURL(end bool) bool {
	const scheme = "data:"
	h := t.head
	if len(h) < len(scheme) && !end && strings.EqualFold(string(h), scheme[:len(h)]) {
		return false
	}
	if len(h) < len(scheme) || !strings.EqualFold(string(h[:len(scheme)]), scheme) {
		t.urlRead = true // base64, as map makers write it
		return true
	}
	comma := bytes.IndexByte(h, ',')
	if comma < 0 && !end && len(h) <= maxURLPrefix {
		return false
	}
	t.urlRead = true
	if comma < 0 {
		t.err = bad("image", "is a data URL with no comma after its type (data:image/png;base64,...), so no image")
		return true
	}
	t.declared, t.err = urlImageFormat(string(h[len(scheme):comma]))
	t.head = h[comma+1:]
	t.n -= comma + 1
	return true
}

// urlImageFormat is the image format a data URL's type names (meta, what
// lies between "data:" and the comma: "image/png;base64"): "png", "jpeg"
// or "webp", the images a map has. Any other type, or data that is not
// base64, is an error naming the field and what it holds. Types are read
// in any case (RFC 2397), and image/jpg, which some tools write, is a
// JPEG.
func urlImageFormat(meta string) (string, error) {
	params := strings.Split(meta, ";")
	mediaType := strings.ToLower(strings.TrimSpace(params[0]))
	if mediaType == "" {
		mediaType = "text/plain" // RFC 2397's default
	}
	format := map[string]string{"image/png": "png", "image/jpeg": "jpeg", "image/jpg": "jpeg", "image/webp": "webp"}[mediaType]
	if format == "" {
		return "", bad("image", "is a data URL of %q, not of a PNG, WebP or JPEG image", mediaType)
	}
	if !strings.EqualFold(strings.TrimSpace(params[len(params)-1]), "base64") {
		return "", bad("image", "is a data URL of %s whose data is not base64 (its type has no ;base64: data:%s;base64,...)", mediaType, mediaType)
	}
	return format, nil
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
	if !t.urlRead {
		t.readURL(true)
	}
	if !t.started {
		t.start()
	}
	return t.b.String()[t.prefix:]
}

// url is the data URL of the text as it is: right when it is standard
// base64 of an image of the kind its head says.
func (t *imageText) url() string { return t.b.String() }
