package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestImportReadsAnEncounterFileUnderAMapsName: an encounter file saved
// (or renamed) as den.dd2vtt, den.uvtt or den.df2vtt imports as the
// encounter it is, and says so, as a map saved as .json imports as a map.
// The map's reader refused it: "format: must be a number, not string",
// which named neither the file's kind nor what to do. One that is damaged
// is refused in the encounter reader's words.
func TestImportReadsAnEncounterFileUnderAMapsName(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	var enc bytes.Buffer
	if err := model.WriteEncounter(&enc, model.Sample()); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".dd2vtt", ".uvtt", ".df2vtt"} {
		p := filepath.Join(dir, "den"+ext)
		if err := os.WriteFile(p, enc.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := Run(dbEnv(&out, &errb), []string{"--db", filepath.Join(dir, ext+".db"), "import", p})
		want := "encounter-planner: " + p + " is an encounter file, not a Universal VTT map: imported as one\n"
		if code != ExitOK || !strings.HasSuffix(out.String(), "\t"+model.Sample().Name+"\n") || errb.String() != want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want stderr %q", ext, code, out.String(), errb.String(), want)
		}
	}
	cut := filepath.Join(dir, "cut.dd2vtt")
	if err := os.WriteFile(cut, enc.Bytes()[:200], 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", cut})
	if code != ExitBad || !strings.Contains(errb.String(), cut+": the JSON ends too early") {
		t.Errorf("a cut encounter file as .dd2vtt: exit %d, stderr %q", code, errb.String())
	}
}
