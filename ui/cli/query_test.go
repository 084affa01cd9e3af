package cli

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type reachOut struct {
	Token   string
	Mode    string
	Actions int
	Squares []struct {
		X, Y, Cost, Actions int
		Facings             []string
	}
}

type pathOut struct {
	Token     string
	To        struct{ X, Y int }
	Reachable bool
	Cost      *int
	Actions   *int
	Diagonals *int
	Steps     []struct {
		X, Y        *int
		Turn        string
		Cost, Total int
		Flags       []string
	}
}

func decode(t *testing.T, s string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("output %q: %v", s, err)
	}
}

// TestReachAndPathAgree: every square reach lists has a path whose cost
// and actions are the ones reach reports, and whose steps add up.
func TestReachAndPathAgree(t *testing.T) {
	for _, actions := range []string{"1", "2", "3"} {
		code, out, errs := runCLI(t, "reach", iseph, "--token", "Iseph", "--actions", actions)
		if code != 0 {
			t.Fatalf("reach: %d %s", code, errs)
		}
		var r reachOut
		decode(t, out, &r)
		if r.Token != "Iseph" || r.Mode != "land" || len(r.Squares) == 0 {
			t.Fatalf("reach: %+v", r)
		}
		for i, s := range r.Squares {
			if i > 0 {
				p := r.Squares[i-1]
				if p.Y > s.Y || p.Y == s.Y && p.X >= s.X {
					t.Fatalf("squares not sorted by y then x at %d", i)
				}
			}
			code, out, errs := runCLI(t, "path", iseph, "--token", "Iseph", "--actions", actions, "--to", itoa(s.X)+","+itoa(s.Y))
			if code != 0 {
				t.Fatalf("path: %d %s", code, errs)
			}
			var p pathOut
			decode(t, out, &p)
			if !p.Reachable || *p.Cost != s.Cost || *p.Actions != s.Actions {
				t.Fatalf("path to (%d,%d): reachable %v cost %v actions %v; reach says cost %d actions %d", s.X, s.Y, p.Reachable, p.Cost, p.Actions, s.Cost, s.Actions)
			}
			total := 0
			for _, st := range p.Steps {
				total += st.Cost
				if st.Total != total || st.Flags == nil {
					t.Fatalf("path to (%d,%d): step %+v, running total %d", s.X, s.Y, st, total)
				}
			}
			last := p.Steps[len(p.Steps)-1]
			if *last.X != s.X || *last.Y != s.Y || total != s.Cost {
				t.Fatalf("path to (%d,%d) ends at (%d,%d) total %d", s.X, s.Y, *last.X, *last.Y, total)
			}
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestPathUnreachable(t *testing.T) {
	code, out, _ := runCLI(t, "path", iseph, "--token", "Iseph", "--to", "9,3")
	if code != 0 {
		t.Fatal(code)
	}
	if out != `{"token":"Iseph","to":{"x":9,"y":3},"reachable":false,"steps":[]}`+"\n" {
		t.Errorf("got %s", out)
	}
}

func TestCoverAndFlankingShapes(t *testing.T) {
	code, out, errs := runCLI(t, "cover", iseph, "--from", "Iseph", "--to", "Tashtari")
	if code != 0 || out != `{"from":"Iseph","to":"Tashtari","cover":"standard"}`+"\n" {
		t.Errorf("cover: %d %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "flanking", iseph)
	if code != 0 || out != `{"flanked":[]}`+"\n" {
		t.Errorf("flanking: %d %q", code, out)
	}
}

func TestFlankingPair(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.encounter.json")
	os.WriteFile(f, []byte(`{"format":"encounter/1","name":"F","ruleset":"sf2e","map":{"rows":[".....","....."]},"tokens":[
		{"name":"Dae","x":0,"y":0,"side":"party"},{"name":"Chk Chk","x":2,"y":0,"side":"party"},{"name":"Ogre","x":1,"y":0,"side":"enemy"}]}`), 0o644)
	code, out, errs := runCLI(t, "flanking", f)
	if code != 0 || out != `{"flanked":[{"target":"Ogre","by":["Chk Chk","Dae"]}]}`+"\n" {
		t.Errorf("flanking: %d %q %q", code, out, errs)
	}
}

func TestStarshipReachHasFacings(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "s.encounter.json")
	os.WriteFile(f, []byte(`{"format":"encounter/1","name":"S","ruleset":"starship","map":{"rows":["........","........","........"]},"tokens":[
		{"name":"Gull","x":0,"y":1,"size":"small","facing":"E","speeds":{"fly":350,"turn":100}}]}`), 0o644)
	code, out, errs := runCLI(t, "reach", f, "--token", "Gull")
	if code != 0 {
		t.Fatalf("%d %s", code, errs)
	}
	var r reachOut
	decode(t, out, &r)
	if r.Mode != "fly" || len(r.Squares) == 0 {
		t.Fatalf("%+v", r)
	}
	for _, s := range r.Squares {
		if len(s.Facings) == 0 {
			t.Fatalf("square (%d,%d) has no facings", s.X, s.Y)
		}
	}
}

func TestExportPNGSize(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.png")
	code, stdout, errs := runCLI(t, "export", iseph, "--png", out, "--px", "20")
	if code != 0 || stdout != "" {
		t.Fatalf("%d %q %q", code, stdout, errs)
	}
	fh, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	cfg, err := png.DecodeConfig(fh)
	if err != nil || cfg.Width != 200 || cfg.Height != 80 {
		t.Fatalf("png %dx%d, %v; want 200x80", cfg.Width, cfg.Height, err)
	}
	code, _, errs = runCLI(t, "export", iseph, "--png", out, "--px", "2000")
	if code != 2 || !strings.Contains(errs, "16384") {
		t.Errorf("oversized png: %d %q", code, errs)
	}
}
