package model

import (
	"bytes"
	"encoding/json"
	"io"
)

// SniffHead is how much of a file SniffUniversalVTT needs to see: map
// makers write "format" and "resolution" first, the image last.
const SniffHead = 64 << 10

// SniffUniversalVTT reports whether head, the start of a JSON file, is
// that of a Universal VTT map (.dd2vtt) rather than an encounter/1 file,
// by the rule ReadEncounter applies to the whole file (ErrUniversalVTT): a
// top-level "resolution" and a "format" other than encounter/1's. So a
// map saved as .json is imported as one without being read as an
// encounter file first: that read holds the whole file and its image's
// text again (a 69 MB map peaked at 373 MB, not 238). A UTF-8 byte
// order mark is read past, as SniffEncounter and both readers do.
func SniffUniversalVTT(head []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(head, utf8BOM)))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	resolution, otherFormat := false, false
	for dec.More() && !(resolution && otherFormat) {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		switch t {
		case "format":
			v, err := dec.Token()
			if err != nil || v == Format {
				return false
			}
			otherFormat = true
			continue
		case "resolution":
			resolution = true
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false // cut in the head: the reader decides
		}
	}
	return resolution && otherFormat
}

// SniffUniversalVTTFile is SniffUniversalVTT on the first SniffHead bytes
// read from r.
func SniffUniversalVTTFile(r io.Reader) bool {
	head := make([]byte, SniffHead)
	n, _ := io.ReadFull(r, head)
	return SniffUniversalVTT(head[:n])
}

// SniffEncounter reports whether head, the start of a JSON file, is that
// of an encounter file: its top-level "format" is "encounter/1" (which
// writers put first). So an encounter file saved under a Universal VTT
// map's extension (den.dd2vtt) is read as what it is, where the map's
// reader refused it as "format: must be a number, not string". A head
// that does not tell says no.
func SniffEncounter(head []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(head, utf8BOM)))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		if t == "format" {
			v, err := dec.Token()
			return err == nil && v == Format
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	return false
}

// SniffEncounterFile is SniffEncounter on the first SniffHead bytes read
// from r.
func SniffEncounterFile(r io.Reader) bool {
	head := make([]byte, SniffHead)
	n, _ := io.ReadFull(r, head)
	return SniffEncounter(head[:n])
}

// OtherKindOfFile reports whether head, the first bytes of a file, say it
// is another kind of file than JSON text (an image, a document, a
// database, an archive, UTF-16 text), which the readers name for what it
// is and say what to do with: advice on writing the file again does not
// fit it. The first 16 bytes tell.
func OtherKindOfFile(head []byte) bool { return otherKind(head) != "" }

// utf8BOM is the byte order mark some editors (Windows Notepad before 2019)
// write at the start of a UTF-8 file. JSON has no use for it, and RFC 8259
// lets a reader ignore it: an encounter file hand-edited there reads as
// the same file without it.
var utf8BOM = []byte("\xef\xbb\xbf")

// otherKind names what data is when its first bytes say it is not an
// encounter file at all (an image, a document, a database, text in
// UTF-16), with what to do where there is something to do; "" when they
// do not say. A PNG's bytes read as "not UTF-8 text" and a database's as
// "invalid character 'S'", which name neither the file nor the mistake.
func otherKind(data []byte) string {
	has := func(prefix string) bool { return bytes.HasPrefix(data, []byte(prefix)) }
	switch {
	case has("\x89PNG\r\n\x1a\n"):
		return "a PNG image, not an encounter file; the app makes a battle map image an encounter with File > New from map image…"
	case has("\xff\xd8\xff"):
		return "a JPEG image, not an encounter file; the app makes a battle map image an encounter with File > New from map image…"
	case len(data) >= 12 && has("RIFF") && string(data[8:12]) == "WEBP":
		return "a WebP image, not an encounter file; the app makes a battle map image an encounter with File > New from map image…"
	case has("GIF87a"), has("GIF89a"):
		return "a GIF image, not an encounter file"
	case has("%PDF-"):
		return "a PDF document, not an encounter file"
	case has("SQLite format 3\x00"):
		return "an SQLite database (an Encounter Planner library is one), not an encounter file; open a library as the database (--db PATH on the command line), or export an encounter file from it"
	case has("PK\x03\x04"):
		return "a ZIP archive, not an encounter file; unpack it and read the encounter file inside"
	case has("\xff\xfe"), has("\xfe\xff"):
		return "UTF-16 text; save it as UTF-8, as encounter files are written"
	}
	return ""
}
