package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// An oversize input file, encounter/1 or Universal VTT, is refused by its
// size before it is read (reliability.md: "before it is held in memory"):
// exit 2, the limit named, no database made, and next to nothing allocated.
func TestOversizeInputRefusedUnread(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"huge.encounter.json", "huge.dd2vtt"} {
		p := filepath.Join(dir, name)
		fh, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := fh.Truncate(2 << 30); err != nil { // sparse
			t.Fatal(err)
		}
		fh.Close()
		db := filepath.Join(dir, name+".db")
		var out, errb bytes.Buffer
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", p})
		runtime.ReadMemStats(&after)
		if code != ExitBad || !strings.Contains(errb.String(), "larger than") {
			t.Errorf("%s: code %d, stderr %q", name, code, errb.String())
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
			t.Errorf("%s: allocated %d bytes to refuse it; want it refused unread", name, got)
		}
		if _, err := os.Stat(db); !os.IsNotExist(err) {
			t.Errorf("%s: a database was created", name)
		}
	}
}
