package cli

import (
	"bytes"
	"compress/zlib"
	"image"
	"io"
	"os"
	"path/filepath"
	"testing"

	"encounterplanner/model"
	"encounterplanner/ui/export"
)

// areasFile is an open sf2e map, 8 x 6, with two placed 5-ft bursts and no
// tokens: one for the players around the intersection (2, 2) (squares 1-2,
// 1-2) and one for the GM only around (6, 4) (squares 5-6, 3-4).
func areasFile(t *testing.T) (path string, e *model.Encounter) {
	t.Helper()
	path = specFile(t, "areas.encounter.json", `{"format":"encounter/1","name":"Areas","ruleset":"sf2e",`+
		`"map":{"rows":["........","........","........","........","........","........"]},`+
		`"areas":[{"kind":"burst","x":2,"y":2,"radius":5,"player":true},{"kind":"burst","x":6,"y":4,"radius":5}]}`)
	e, err := loadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, e
}

// TestExportDrawsAreas: the command line's PNG and PDF shade the placed
// areas as the app's File > Export does with its overlays off
// (export.AreaOverlays; the Help says areas are shaded "in PNG and PDF
// exports"): every area for the GM, only the players' with --player. They
// drew none.
func TestExportDrawsAreas(t *testing.T) {
	file, e := areasFile(t)
	dir := t.TempDir()
	const px = 20
	playerSq, gmSq := image.Pt(1*px+px/2, 1*px+px/2), image.Pt(5*px+px/2, 3*px+px/2) // square centres
	for _, player := range []bool{false, true} {
		out := filepath.Join(dir, "map.png")
		args := []string{"export", file, "--png", out, "--px", "20"}
		if player {
			args = append(args, "--player")
		}
		if code, _, errs := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		got := decodePNG(t, out)
		bare, err := export.Image(e, export.PNGOptions{PX: px, Grid: true, Player: player})
		if err != nil {
			t.Fatal(err)
		}
		if samePixels(got, bare, image.Rectangle{playerSq, playerSq.Add(image.Pt(1, 1))}) {
			t.Errorf("player %v: the players' area is not shaded at %v", player, playerSq)
		}
		if shaded := !samePixels(got, bare, image.Rectangle{gmSq, gmSq.Add(image.Pt(1, 1))}); shaded == player {
			t.Errorf("player %v: the GM-only area shaded %v at %v, want %v", player, shaded, gmSq, !player)
		}
		// The whole image is the app's: its export with the areas alone.
		app, err := export.Image(e, export.PNGOptions{PX: px, Grid: true, Player: player, Overlays: export.AreaOverlays(e, player)})
		if err != nil {
			t.Fatal(err)
		}
		if !samePixels(got, app, app.Bounds()) {
			t.Errorf("player %v: the PNG is not what the app exports", player)
		}
	}

	// The PDF: its pages are the app's, and --player's are those of the
	// map without the GM-only area.
	gmOnly := e.Clone()
	gmOnly.Areas = gmOnly.Areas[:1]
	for _, c := range []struct {
		player bool
		same   *model.Encounter // drawn with AreaOverlays as the app does
		differ *model.Encounter
	}{{false, e, gmOnly}, {true, gmOnly, nil}} {
		out := filepath.Join(dir, "map.pdf")
		args := []string{"export", file, "--pdf", out}
		if c.player {
			args = append(args, "--player")
		}
		if code, _, errs := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		b, _ := os.ReadFile(out)
		got := pdfStreams(t, b)
		if want := appPDF(t, c.same, c.player, true); !bytes.Equal(got, want) {
			t.Errorf("player %v: the PDF's pages are not what the app prints", c.player)
		}
		if c.differ != nil && bytes.Equal(got, appPDF(t, c.differ, c.player, true)) {
			t.Errorf("player %v: the GM-only area is not printed", c.player)
		}
		if bytes.Equal(got, appPDF(t, e, c.player, false)) {
			t.Errorf("player %v: the PDF prints no area", c.player)
		}
	}
}

// appPDF is the content of the PDF the app prints of e (with the areas
// alone as overlays, or none), its streams decompressed.
func appPDF(t *testing.T, e *model.Encounter, player, areas bool) []byte {
	t.Helper()
	o := export.PDFOptions{Paper: "letter", Player: player}
	if areas {
		o.Overlays = export.AreaOverlays(e, player)
	}
	var buf bytes.Buffer
	if _, err := export.WritePDF(&buf, e, o); err != nil {
		t.Fatal(err)
	}
	return pdfStreams(t, buf.Bytes())
}

// pdfStreams is every stream of a PDF, inflated, one after another: the
// pages' drawing without the file's creation date.
func pdfStreams(t *testing.T, pdf []byte) []byte {
	t.Helper()
	var out []byte
	for {
		i := bytes.Index(pdf, []byte(">>\nstream\n"))
		if i < 0 {
			return out
		}
		pdf = pdf[i+len(">>\nstream\n"):]
		j := bytes.Index(pdf, []byte("\nendstream"))
		if j < 0 {
			t.Fatal("a stream without its end")
		}
		zr, err := zlib.NewReader(bytes.NewReader(pdf[:j]))
		if err != nil {
			out = append(out, pdf[:j]...) // not compressed
		} else {
			b, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b...)
		}
		pdf = pdf[j:]
	}
}
