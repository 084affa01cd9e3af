package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportNamesCompressedFilesAndPrograms: import of a gzip-compressed
// file or a program said "invalid character '\x1f' ('\x7f') looking for
// beginning of value" or "the file is not UTF-8 text"; it now names the
// kind of file, exits 2 (bad input) and stores nothing.
func TestImportNamesCompressedFilesAndPrograms(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, data, want string }{
		{"den.dd2vtt", "\x1f\x8b\x08\x00\x00\x00\x00\x00", "the file is a gzip-compressed file, not a Universal VTT map; unpack it (gunzip)"},
		{"den.encounter.json.gz", "\x1f\x8b\x08\x00\x00\x00\x00\x00", "the file is a gzip-compressed file, not an encounter file; unpack it (gunzip)"},
		{"map.dd2vtt", "\x7fELF\x02\x01\x01\x00\x00\x00", "the file is a program (an executable file), not a Universal VTT map"},
		{"den.json", "\x7fELF\x02\x01\x01\x00\x00\x00", "the file is a program (an executable file), not an encounter file"},
	} {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.data+strings.Repeat("\x00", 40)), 0o644); err != nil {
			t.Fatal(err)
		}
		db := filepath.Join(dir, c.name+".db")
		var out, errb bytes.Buffer
		code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", p})
		if code != ExitBad || !strings.Contains(errb.String(), p+": "+c.want) || strings.Contains(errb.String(), "invalid character") {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q", c.name, code, errb.String(), ExitBad, c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%s: stdout %q, want nothing imported", c.name, out.String())
		}
	}
}
