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
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(head, UTF8BOM)))
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
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(head, UTF8BOM)))
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
func OtherKindOfFile(head []byte) bool { return FileKind(head) != "" }

// UTF8BOM is the byte order mark some editors (Windows Notepad before
// 2019) write at the start of a UTF-8 file. JSON has no use for it, and
// RFC 8259 lets a reader ignore it: an encounter file or a map hand-edited
// there reads as the same file without it.
var UTF8BOM = []byte("\xef\xbb\xbf")

// The kinds of file FileKind names.
const (
	KindPNG     = "a PNG image"
	KindJPEG    = "a JPEG image"
	KindWebP    = "a WebP image"
	KindGIF     = "a GIF image"
	KindPDF     = "a PDF document"
	KindSQLite  = "an SQLite database"
	KindZIP     = "a ZIP archive"
	KindUTF16   = "UTF-16 text"
	KindGzip    = "a gzip-compressed file"
	KindProgram = "a program (an executable file)"
)

// FileKind names what a file is when head, its first 16 bytes, say it is
// not JSON text (KindPNG ... KindUTF16); "" when they do not say. Each
// reader words its own advice round it (otherKind; the Universal VTT
// reader's otherFileKind): a PNG's bytes read as "not UTF-8 text" and a
// database's as "invalid character 'S'", which name neither the file nor
// the mistake.
func FileKind(head []byte) string {
	has := func(prefix string) bool { return bytes.HasPrefix(head, []byte(prefix)) }
	switch {
	case has("\x89PNG\r\n\x1a\n"):
		return KindPNG
	case has("\xff\xd8\xff"):
		return KindJPEG
	case len(head) >= 12 && has("RIFF") && string(head[8:12]) == "WEBP":
		return KindWebP
	case has("GIF87a"), has("GIF89a"):
		return KindGIF
	case has("%PDF-"):
		return KindPDF
	case has("SQLite format 3\x00"):
		return KindSQLite
	case has("PK\x03\x04"):
		return KindZIP
	case has("\xff\xfe"), has("\xfe\xff"):
		return KindUTF16
	case has("\x1f\x8b"):
		return KindGzip
	case has("\x7fELF"), has("MZ") && len(head) > 2 && (head[2] < ' ' || head[2] >= 0x7f), has("\xfe\xed\xfa\xce"), has("\xfe\xed\xfa\xcf"), has("\xce\xfa\xed\xfe"), has("\xcf\xfa\xed\xfe"):
		return KindProgram // Linux, Windows, macOS
	}
	return ""
}

// otherKind names what data is when its first bytes say it is not an
// encounter file at all, with what to do where there is something to do;
// "" when they do not say.
func otherKind(data []byte) string {
	const image = ", not an encounter file: to use it as the map of the open encounter, choose Encounter > Import map image…; to make a new encounter from it, File > New from map image…"
	switch k := FileKind(data); k {
	case "":
		return ""
	case KindPNG, KindJPEG, KindWebP:
		return k + image
	case KindGzip:
		return k + ", not an encounter file; unpack it (gunzip) and import the encounter file inside"
	case KindSQLite:
		return k + " (an Encounter Planner library is one), not an encounter file; open a library as the database (--db PATH on the command line), or export an encounter file from it"
	case KindZIP:
		return k + ", not an encounter file; unpack it and read the encounter file inside"
	case KindUTF16:
		return k + "; save it as UTF-8, as encounter files are written"
	default:
		return k + ", not an encounter file"
	}
}
