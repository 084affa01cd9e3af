package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestOpenCountsTheDamagedPages: a library with one page scribbled over
// was refused with SQLite's first line of text alone ("it is damaged
// (*** in database main *** Tree 3 page 3: ...)"), which the start
// screen showed the GM as it was. Open now says how much is damaged, as
// a model.DamageError the app can word: the pages the check named, the
// file's page count, and SQLite's text kept whole for whoever repairs it.
func TestOpenCountsTheDamagedPages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "encounters.db")
	filledDB(t, path)
	db := rawDB(t, path)
	var root int
	if err := db.QueryRow(`SELECT rootpage FROM sqlite_master WHERE name = 'encounters'`).Scan(&root); err != nil {
		t.Fatal(err)
	}
	db.Close()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// the page's b-tree header: its kind byte and cell count
	f.WriteAt([]byte(strings.Repeat("\xff", 40)), int64(root-1)*4096)
	f.Close()

	_, err = Open(path)
	var dmg *model.DamageError
	if !errors.Is(err, ErrNotDatabase) || !errors.As(err, &dmg) {
		t.Fatalf("Open of a file with page %d scribbled over: %v, want a model.DamageError", root, err)
	}
	if !slices.Contains(dmg.Pages, root) || dmg.PageCount != int(fi.Size()/4096) {
		t.Errorf("the damage names pages %v of %d, want page %d among them, of %d", dmg.Pages, dmg.PageCount, root, fi.Size()/4096)
	}
	if !strings.Contains(dmg.Check, fmt.Sprintf("page %d", root)) {
		t.Errorf("SQLite's text is not kept: %q", dmg.Check)
	}
	want := fmt.Sprintf("of its %d pages", dmg.PageCount)
	if msg := err.Error(); !strings.Contains(msg, want) || strings.Contains(msg, "***") || !strings.Contains(msg, "the file was not changed") {
		t.Errorf("the refusal reads %q; want how much (%q), no SQLite banner, and that the file was not changed", msg, want)
	}
}
