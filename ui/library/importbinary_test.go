package library

import (
	"bytes"
	"strings"
	"testing"
)

// TestImportNamesCompressedFilesAndPrograms: a gzip-compressed map or
// encounter file, or a program, given to Import Universal VTT… or Import
// encounter file…, read "not valid JSON at line 1, column 1: invalid
// character '\x7f' looking for beginning of value" (or '\x1f', or "not
// UTF-8 text"), with the hint to export the map again. Each is now named
// for what it is, with what to do where there is something; and a
// picture says how to make it the map.
func TestImportNamesCompressedFilesAndPrograms(t *testing.T) {
	gz := "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + strings.Repeat("\x00", 32)
	elf := "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00", 32)
	png := "\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 64)
	for _, c := range []struct {
		what, data string
		uvtt       bool
		want       string
	}{
		{"a gzip file as a map", gz, true, "the file is a gzip-compressed file, not a Universal VTT map; unpack it (gunzip) and import the map inside"},
		{"a gzip file as an encounter", gz, false, "the file is a gzip-compressed file, not an encounter file; unpack it (gunzip)"},
		{"a program as a map", elf, true, "the file is a program (an executable file), not a Universal VTT map"},
		{"a program as an encounter", elf, false, "the file is a program (an executable file), not an encounter file"},
		{"a PNG as a map", png, true, "to use it as the map of the open encounter, choose Encounter > Import map image…"},
		{"a PNG as an encounter", png, false, "to use it as the map of the open encounter, choose Encounter > Import map image…"},
	} {
		_, err := ReadImport(bytes.NewReader([]byte(c.data)), "x.dd2vtt", c.uvtt)
		if err == nil {
			t.Errorf("%s: read", c.what)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q, want %q", c.what, msg, c.want)
		}
		for _, raw := range []string{"invalid character", "not UTF-8", "Export the map again", "Choose a file written"} {
			if strings.Contains(msg, raw) {
				t.Errorf("%s: %q says %q", c.what, msg, raw)
			}
		}
	}
}
