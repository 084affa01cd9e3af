package model

import (
	"errors"
	"strings"
	"testing"
)

// TestReadEncounterNamesCompressedFilesAndPrograms: a gzip-compressed
// encounter file read as "the file is not UTF-8 text", and a program
// (an executable picked by mistake) as that or as "invalid character
// '\x7f' looking for beginning of value". Both are named for what they
// are; text that merely starts with "MZ" is not taken for a program.
func TestReadEncounterNamesCompressedFilesAndPrograms(t *testing.T) {
	for _, c := range []struct{ what, data, want string }{
		{"gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", "the file is a gzip-compressed file, not an encounter file; unpack it (gunzip) and import the encounter file inside"},
		{"Linux program", "\x7fELF\x02\x01\x01\x00\x00\x00", "the file is a program (an executable file), not an encounter file"},
		{"Windows program", "MZ\x90\x00\x03\x00\x00\x00", "the file is a program (an executable file), not an encounter file"},
		{"macOS program", "\xcf\xfa\xed\xfe\x07\x00\x00\x01", "the file is a program (an executable file), not an encounter file"},
	} {
		_, err := ReadEncounter(strings.NewReader(c.data))
		if err == nil || err.Error() != c.want || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v; want %q", c.what, err, c.want)
		}
	}
	if k := FileKind([]byte("MZ is a town")); k != "" {
		t.Errorf("text starting MZ is taken for %s", k)
	}
}
