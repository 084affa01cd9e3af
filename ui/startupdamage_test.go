package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestDamagedLibraryLeadsWithTheGMsWords: the start screen for a damaged
// library showed SQLite's text as its message ("*** in database main ***
// Tree 3 page 3: btreeInitPage() returns error code 11"). It now says how
// much is damaged and what that may cost, that the file was not changed
// and what its buttons do; SQLite's text waits, copyable, under Details.
func TestDamagedLibraryLeadsWithTheGMsWords(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "encounters.db")
	os.WriteFile(bad, []byte("SQLite format 3\x00"), 0o600)
	dmg := &model.DamageError{Pages: []int{3}, PageCount: 17,
		Check: "*** in database main ***\nTree 3 page 3: btreeInitPage() returns error code 11"}
	err := fmt.Errorf("open database %s: %w: %w; restore a backup (the file was not changed)", bad, model.ErrNotDatabase, dmg)
	s, _ := newProblemShellErr(t, bad, &fakeOpener{}, err)
	sc := s.problem
	if sc == nil || sc.kind != problemDamaged {
		t.Fatal("a damaged library should show the damaged-file screen")
	}
	text := sc.detail.Text
	lead, _, _ := strings.Cut(text, "\n")
	if !strings.HasPrefix(lead, "The library file is damaged: 1 of its 17 pages (page 3) is unreadable") {
		t.Errorf("the screen leads with %q, not how much is damaged", lead)
	}
	for _, raw := range []string{"***", "btreeInitPage", "error code"} {
		if strings.Contains(text, raw) {
			t.Errorf("the message shows SQLite's text %q: %q", raw, text)
		}
	}
	if !strings.Contains(text, "The file has not been changed") || !strings.Contains(text, "start fresh") {
		t.Errorf("the message does not say the file is unchanged and what Start fresh does: %q", text)
	}
	if sc.details == nil || sc.technical == nil || !strings.Contains(sc.technical.Text, "Tree 3 page 3: btreeInitPage()") || !sc.technical.Selectable {
		t.Fatal("SQLite's text is not kept, copyable, under Details")
	}
	if sc.details.Items[0].Open {
		t.Error("Details starts open")
	}
	sc.details.Open(0)
	if sc.freshBtn.Hidden || sc.openBtn.Hidden {
		t.Error("Start fresh and Open another database… should be offered")
	}
}
