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
// text again (a 69 MB map peaked at 373 MB, not 238).
func SniffUniversalVTT(head []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(head))
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
