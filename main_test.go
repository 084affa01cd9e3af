package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayers keeps the layering of docs/style.md honest: the domain and the
// rules are pure, the drawing and exports know no Fyne, storage no UI.
func TestLayers(t *testing.T) {
	cases := []struct {
		pkg       string
		forbidden []string
		onlyStd   bool // besides the module's own packages
	}{
		{"./model/...", nil, true},
		{"./rules/...", []string{"encounterplanner/storage", "encounterplanner/ui"}, true},
		{"./ui/render/...", []string{"fyne.io/", "database/sql", "encounterplanner/storage"}, false},
		{"./ui/export/...", []string{"fyne.io/", "database/sql", "encounterplanner/storage"}, false},
		{"./ui/cli/...", []string{"fyne.io/"}, false},
		{"./storage/...", []string{"fyne.io/", "encounterplanner/ui", "encounterplanner/rules"}, false},
	}
	for _, c := range cases {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", c.pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", c.pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if c.onlyStd && !strings.HasPrefix(dep, "encounterplanner/") {
				t.Errorf("%s depends on %s; it may use the standard library only", c.pkg, dep)
			}
			for _, f := range c.forbidden {
				if strings.HasPrefix(dep, f) {
					t.Errorf("%s depends on %s", c.pkg, dep)
				}
			}
		}
	}
}
