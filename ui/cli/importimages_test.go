package cli

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/internal/testimages"
)

// TestImportRefusesADamagedImage: an encounter file whose background was
// cut short after its header imported, and the map drew no background
// when opened. The import refuses it (exit 2), naming the field, and
// stores nothing.
func TestImportRefusesADamagedImage(t *testing.T) {
	dir := t.TempDir()
	png := testimages.MapPNG(40, 30)
	e := model.Sample()
	e.Background = "data:image/png;base64," + base64.StdEncoding.EncodeToString(png[:len(png)/2])
	p := filepath.Join(dir, "den.encounter.json")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := model.WriteEncounter(f, e); err != nil {
		t.Fatal(err)
	}
	f.Close()
	db := filepath.Join(dir, "e.db")
	var out, errb bytes.Buffer
	code := Run(dbEnv(&out, &errb), []string{"--db", db, "import", p})
	if code != ExitBad || !strings.Contains(errb.String(), "map.background: the PNG is damaged") {
		t.Errorf("exit %d, stderr %q: want %d and the field named", code, errb.String(), ExitBad)
	}
	out.Reset()
	errb.Reset()
	if code := Run(dbEnv(&out, &errb), []string{"--db", db, "list"}); code == ExitOK && strings.Contains(out.String(), e.Name) {
		t.Errorf("the damaged encounter was stored: %q", out.String())
	}
}
