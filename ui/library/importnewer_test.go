package library

import (
	"errors"
	"strings"
	"testing"

	"encounterplanner/model"
)

// TestImportOfANewerFormatSaysOnlyToUpdate: a file a newer Encounter
// Planner exported was refused with the format's words, "update Encounter
// Planner to read it", and then "Choose a file written by Export
// encounter file (encounter/1 JSON)", which it was: the hint contradicted
// the one thing to do. A file that is mistyped keeps the hint.
func TestImportOfANewerFormatSaysOnlyToUpdate(t *testing.T) {
	newer := `{"format":"encounter/2","name":"Vault","ruleset":"sf2e","lighting":{},"map":{"rows":["."]}}`
	_, err := ReadImport(strings.NewReader(newer), "vault.encounter.json", false)
	if err == nil || !errors.Is(err, model.ErrNewerFormat) {
		t.Fatalf("a newer format: %v, want model.ErrNewerFormat", err)
	}
	if got := err.Error(); !strings.Contains(got, "update Encounter Planner") || strings.Contains(got, "Choose a file written by Export") {
		t.Errorf("a newer format says %q", got)
	}
	typo := `{"format":"encounter/1","name":"Vault","ruleset":"sf2e","lighting":{},"map":{"rows":["."]}}`
	_, err = ReadImport(strings.NewReader(typo), "vault.encounter.json", false)
	if err == nil || errors.Is(err, model.ErrNewerFormat) || !strings.Contains(err.Error(), "Choose a file written by Export") {
		t.Errorf("an unknown field of encounter/1: %v", err)
	}
}
