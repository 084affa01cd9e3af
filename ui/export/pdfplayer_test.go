package export

import (
	"bytes"
	"errors"
	"image"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"encounterplanner/model"
	"encounterplanner/ui/render"
)

// trimMap is a 30 x 20 floor (8 Letter pages whole) with two party tokens
// near the top-left corner: trimmed, one page.
func trimMap() *model.Encounter {
	rows := make([]string, 20)
	for y := range rows {
		rows[y] = strings.Repeat(".", 30)
	}
	e := mapFrom(rows...)
	e.Name = "Trim"
	e.Tokens = []model.Token{
		{Name: "A", X: 1, Y: 1, Size: model.Medium, Side: "party"},
		{Name: "B", X: 3, Y: 2, Size: model.Medium, Side: "party"},
	}
	return e
}

// fogFrom reveals the squares left of column x and fogs the rest.
func fogFrom(e *model.Encounter, x int) {
	g := &e.Grid
	e.Revealed = make([]bool, len(g.Cells))
	for i := range e.Revealed {
		e.Revealed[i] = i%g.W < x
	}
}

// TestPDFPlayerTrimHoldsOnlyWhatPlayersSee: a trimmed player print is
// sized by what the players see. A GM-only trap is open ground to them, a
// creature or a note wholly in fog is not there, and a fogged wall is
// unexplored ground, so none of them stretches the print (once they made a
// 1-page print 8 pages of empty floor reaching to the secret); the GM's
// trimmed print still holds them.
func TestPDFPlayerTrimHoldsOnlyWhatPlayersSee(t *testing.T) {
	for _, c := range []struct {
		name string
		add  func(e *model.Encounter)
	}{
		{"GM-only trap", func(e *model.Encounter) {
			e.Grid.Set(28, 18, model.DefaultLegend['h'])
			e.GMOnly = make([]bool, len(e.Grid.Cells))
			e.GMOnly[18*30+28] = true
		}},
		{"creature wholly in fog", func(e *model.Encounter) {
			fogFrom(e, 10)
			e.Tokens = append(e.Tokens, model.Token{Name: "FogBeast", X: 28, Y: 18, Size: model.Medium, Side: "enemy"})
		}},
		{"large creature wholly in fog", func(e *model.Encounter) {
			fogFrom(e, 10)
			e.Tokens = append(e.Tokens, model.Token{Name: "Ogre", X: 10, Y: 17, Size: model.Large, Side: "enemy"})
		}},
		{"wall in fog", func(e *model.Encounter) {
			fogFrom(e, 10)
			e.Grid.Set(28, 18, model.Wall)
		}},
		{"player note in fog", func(e *model.Encounter) {
			fogFrom(e, 10)
			e.Notes = []model.Note{{X: 28, Y: 18, Text: "altar", Player: true}}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := trimMap()
			c.add(e)
			if x0, y0, x1, y1 := ContentRect(e, true); x0 != 1 || y0 != 1 || x1 != 4 || y1 != 3 {
				t.Errorf("player content %d,%d-%d,%d; want 1,1-4,3 (the two party tokens)", x0, y0, x1, y1)
			}
			if _, _, x1, y1 := ContentRect(e, false); x1 <= 4 && y1 <= 3 {
				t.Errorf("GM content ends at %d,%d; want it to hold what the players do not see", x1, y1)
			}
			var pl bytes.Buffer
			if err := PDF(&pl, e, PDFOptions{Player: true, Trim: true, NoCompress: true}); err != nil {
				t.Fatal(err)
			}
			if n := pageCount(pl.Bytes()); n != 1 {
				t.Errorf("trimmed player print: %d pages, want 1", n)
			}
		})
	}
	// A creature with one square out of the fog is seen: it counts.
	e := trimMap()
	fogFrom(e, 11)
	e.Tokens = append(e.Tokens, model.Token{Name: "Ogre", X: 10, Y: 17, Size: model.Large, Side: "enemy"})
	if _, _, x1, y1 := ContentRect(e, true); x1 != 12 || y1 != 19 {
		t.Errorf("player content ends at %d,%d; want 12,19 (the half-seen ogre)", x1, y1)
	}
}

// TestPDFPlayerTrimRefusesAMapAllInFog: a players' trimmed print of a
// map fogged from edge to edge, with walls, a party token and a player
// note under the fog, printed 8 Letter pages of blank paper, the trim
// dropped as for an empty map. It is refused, ErrPlayersSeeNothing,
// writing nothing. The GM's prints and a map with one square revealed
// still print (the players' untrimmed print: TestPDFPlayerPrintRefuses
// AMapAllInFog).
func TestPDFPlayerTrimRefusesAMapAllInFog(t *testing.T) {
	e := trimMap()
	e.Grid.Set(5, 5, model.Wall)
	e.Notes = []model.Note{{X: 6, Y: 6, Text: "altar", Player: true}}
	fogFrom(e, 0)
	if !PlayersSeeNothing(e) {
		t.Fatal("PlayersSeeNothing: false for a map fogged from edge to edge")
	}
	var buf bytes.Buffer
	if _, err := WritePDF(&buf, e, PDFOptions{Player: true, Trim: true, TokenSheet: true}); !errors.Is(err, ErrPlayersSeeNothing) || buf.Len() != 0 {
		t.Errorf("players' trimmed print: %v, %d bytes written; want ErrPlayersSeeNothing and nothing written", err, buf.Len())
	}
	if _, err := PDFTiling(e, PDFOptions{Player: true, Trim: true}); !errors.Is(err, ErrPlayersSeeNothing) {
		t.Errorf("PDFTiling: %v, want ErrPlayersSeeNothing", err)
	}
	for _, o := range []PDFOptions{{Trim: true}, {}} {
		buf.Reset()
		if _, err := WritePDF(&buf, e, o); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
	e.Revealed[1*30+1] = true
	if PlayersSeeNothing(e) {
		t.Error("PlayersSeeNothing: true with a square revealed")
	}
	if n, err := WritePDF(&buf, e, PDFOptions{Player: true, Trim: true}); err != nil || n != 1 {
		t.Errorf("one square revealed: %d pages, %v; want the trimmed print on 1", n, err)
	}
	e.Revealed = nil // no fog at all
	if PlayersSeeNothing(e) {
		t.Error("PlayersSeeNothing: true for a map without fog")
	}
}

// TestPDFPlayerPrintRefusesAMapAllInFog: the players' print, untrimmed,
// of a map fogged from edge to edge printed the fog as blank paper on
// every page (30 x 20 squares: 8 Letter pages, and the standee sheet
// empty too), and said nothing; the trimmed print was already refused.
// It is refused in the same words, naming the option, and writes
// nothing. One square revealed prints, and so does a map with no fog,
// however little it holds: its print is what the map is.
func TestPDFPlayerPrintRefusesAMapAllInFog(t *testing.T) {
	e := trimMap()
	e.Grid.Set(5, 5, model.Wall)
	fogFrom(e, 0)
	var buf bytes.Buffer
	for _, o := range []PDFOptions{{Player: true}, {Player: true, TokenSheet: true, Paper: "a4"}} {
		buf.Reset()
		n, err := WritePDF(&buf, e, o)
		if !errors.Is(err, ErrPlayersSeeNothing) || buf.Len() != 0 || n != 0 {
			t.Errorf("%+v: %d pages, %v, %d bytes written; want ErrPlayersSeeNothing and nothing written", o, n, err, buf.Len())
		}
		if err != nil && !strings.HasPrefix(err.Error(), "export pdf: player version: ") {
			t.Errorf("%+v: %q does not name the option", o, err)
		}
		if _, err := PDFTiling(e, o); !errors.Is(err, ErrPlayersSeeNothing) {
			t.Errorf("PDFTiling %+v: %v, want ErrPlayersSeeNothing", o, err)
		}
	}
	buf.Reset()
	if n, err := WritePDF(&buf, e, PDFOptions{}); err != nil || n != 8 {
		t.Errorf("the GM's print: %d pages, %v; want 8", n, err)
	}
	e.Revealed[1*30+1] = true
	buf.Reset()
	if n, err := WritePDF(&buf, e, PDFOptions{Player: true}); err != nil || n != 8 {
		t.Errorf("one square revealed: %d pages, %v; want the whole map on 8", n, err)
	}
	bare := mapFrom(strings.Repeat(".", 30), strings.Repeat(".", 30))
	buf.Reset()
	if _, err := WritePDF(&buf, bare, PDFOptions{Player: true}); err != nil {
		t.Errorf("an empty map without fog: %v; want it printed", err)
	}
}

// TestPDFPlayerStandeesLeaveOutFoggedCreatures: the players' standee
// sheet leaves out a creature wholly in fog, as the map pages do (the same
// test, SeenByPlayers), and keeps one that stands half out of it; the
// GM's sheet has them all.
func TestPDFPlayerStandeesLeaveOutFoggedCreatures(t *testing.T) {
	e := trimMap()
	fogFrom(e, 11)
	e.Tokens = append(e.Tokens,
		model.Token{Name: "Fogged Rat", X: 20, Y: 10, Size: model.Small, Side: "enemy"},
		model.Token{Name: "Ogre Brute", X: 10, Y: 5, Size: model.Large, Side: "enemy"},
	)
	var gm, pl bytes.Buffer
	if err := PDF(&gm, e, PDFOptions{TokenSheet: true, NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if err := PDF(&pl, e, PDFOptions{TokenSheet: true, Player: true, NoCompress: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(gm.String(), "(Fogged Rat)") {
		t.Error("the GM's sheet must have the fogged rat")
	}
	if strings.Contains(pl.String(), "(Fogged Rat)") {
		t.Error("the players' sheet has a standee of the rat wholly in fog")
	}
	if !strings.Contains(pl.String(), "(Ogre Brute)") {
		t.Error("the players' sheet must have the ogre, half out of the fog")
	}
}

// TestPDFPlayerFogPrintsAsBlankPaper: the players' print shows fog as
// unexplored paper, white without the grid, not the screen's near-black
// (three nearly black pages of toner for a map image); the player PNG
// keeps the screen's fog.
func TestPDFPlayerFogPrintsAsBlankPaper(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm not installed")
	}
	e := mapFrom("##########", "#........#", "#..hh....#", "#........#", "##########")
	e.Tokens = []model.Token{{Name: "Beast", X: 7, Y: 2, Size: model.Medium, Side: "enemy"}}
	fogFrom(e, 5)
	var buf bytes.Buffer
	if err := PDF(&buf, e, PDFOptions{Player: true}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "fog.pdf")
	os.WriteFile(in, buf.Bytes(), 0o644)
	if out, err := exec.Command("pdftoppm", "-png", "-r", "72", "-singlefile", in, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "page.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// 72 dpi: one point a pixel; the map starts at the 0.25-inch margin.
	// Columns 6 to 9 lie in fog with fog on both sides: every pixel of
	// them (their grid lines, the wall, the beast) is paper, down to the
	// last row (where the page's plate is printed).
	inked := 0
	for y := 18; y < 18+4*72; y++ {
		for x := 18 + 6*72; x < 18+10*72-1; x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 < 250 || g>>8 < 250 || b>>8 < 250 {
				inked++
			}
		}
	}
	if inked > 0 {
		t.Errorf("%d inked pixels in the fog of the players' print; want blank paper", inked)
	}
	// A revealed wall square still prints.
	if r, _, _, _ := img.At(18+36, 18+36).RGBA(); r>>8 > 200 {
		t.Error("the revealed wall at (0,0) did not print")
	}
	// The player PNG keeps the screen's dark fog.
	var png bytes.Buffer
	if err := PNG(&png, e, PNGOptions{PX: 20, Grid: true, Player: true}); err != nil {
		t.Fatal(err)
	}
	pi, _, err := image.Decode(&png)
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := pi.At(8*20+10, 2*20+10).RGBA(); r>>8 > 60 || g>>8 > 60 || b>>8 > 60 {
		t.Errorf("player PNG fog is rgb(%d,%d,%d); want the screen's dark fog", r>>8, g>>8, b>>8)
	}
}

var reText = regexp.MustCompile(`BT /F\d ([\d.]+) Tf\n[-\d.]+ [-\d.]+ Td\n\((.*)\) Tj ET`)

// TestPDFStandeeNamesWhole: every standee carries its token's whole name,
// shrunk or wrapped onto two lines to fit its 1-inch panel, on the front,
// the back and the base tab; once the map's name plate was cut by the
// panel's edges ("oblin Warrio", "Fogged Ra"). A token's conditions add
// nothing to it: once "Un", "prone" and "Fr1" were printed on paper.
func TestPDFStandeeNamesWhole(t *testing.T) {
	names := []string{"Dae", "Goblin Warrior", "Fogged Rat", "Captain Ysolde the Unyielding", "Supercalifragilistic"}
	sheet := func(conditions bool) (texts map[string]int) {
		e := mapFrom("......", "......")
		for i, n := range names {
			e.Tokens = append(e.Tokens, model.Token{Name: n, X: i, Y: 0, Size: model.Medium, Side: "enemy"})
			if conditions {
				e.Tokens[i].Conditions = []string{model.CondUnconscious, "prone", "frightened 1"}
				e.Tokens[i].Elevation = 15
			}
		}
		e.Tokens[2].Size = model.Small
		var buf bytes.Buffer
		p := &pdfw{d: newPDFDoc(&buf, false), r: render.NewRenderer(), e: e, o: PDFOptions{TokenSheet: true, Player: true}}
		p.tokenSheet(612, 792)
		if err := p.d.close(e.Name, time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("PDF_OUT"); dir != "" {
			os.WriteFile(filepath.Join(dir, "standees.pdf"), buf.Bytes(), 0o644)
		}
		texts = map[string]int{}
		for _, m := range reText.FindAllStringSubmatch(buf.String(), -1) {
			px, _ := strconv.ParseFloat(m[1], 64)
			s := m[2]
			if strings.Contains(s, "token standees") {
				continue // the sheet's title
			}
			texts[s]++
			// (bold measures wider than regular: the check holds for both)
			if w := textWidth(s, px, true); w > ptPerSquare-4 {
				t.Errorf("%q is %.1f pt wide at %g pt: wider than its 72 pt panel", s, w, px)
			}
			if px < 4 {
				t.Errorf("%q at %g pt: too small to read", s, px)
			}
		}
		return texts
	}
	texts := sheet(true)
	for _, n := range names {
		if texts[n] >= 3 {
			continue
		}
		ok := false
		for i, c := range n {
			if c == ' ' && texts[n[:i]] >= 3 && texts[n[i+1:]] >= 3 {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%q is not written whole (or in two lines) on the front, back and tab; texts: %v", n, texts)
		}
	}
	if bare := sheet(false); !maps.Equal(texts, bare) {
		t.Errorf("conditions write %v on the standees; without them %v", texts, bare)
	}
}

// TestPDFPlayerTrimHoldsTheEdgesPlayersSee: the players' trimmed print of
// the shipped den (docs/examples) cut off the west room, drawn with edge
// walls on the map's border, at the first non-floor square. Its edges
// now count where the players' view draws them over the fog: a wall
// unit by unit beside a revealed square, a door whole once any of it is
// beside one; a wall wholly in fog still stretches nothing.
func TestPDFPlayerTrimHoldsTheEdgesPlayersSee(t *testing.T) {
	b, err := os.ReadFile("../../docs/examples/smugglers-den.encounter.json")
	if err != nil {
		t.Fatal(err)
	}
	den, err := model.DecodeEncounter(b)
	if err != nil {
		t.Fatal(err)
	}
	// Revealed: columns 0-15; the walls on x = 0, y = 0 and y = 16 bound
	// what is seen, and the wall (and secret door) on x = 16 beside it
	// touches column 16.
	if x0, y0, x1, y1 := ContentRect(den, true); x0 != 0 || y0 != 0 || x1 != 17 || y1 != 16 {
		t.Errorf("den, players: content %d,%d-%d,%d; want 0,0-17,16 (the west room's walls whole)", x0, y0, x1, y1)
	}

	e := trimMap()
	fogFrom(e, 10)
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 20, Y1: 4, X2: 20, Y2: 18}}
	if x0, y0, x1, y1 := ContentRect(e, true); x0 != 1 || y0 != 1 || x1 != 4 || y1 != 3 {
		t.Errorf("wall in fog: player content %d,%d-%d,%d; want 1,1-4,3 (the two party tokens)", x0, y0, x1, y1)
	}
	// A wall along the fog's edge, x = 10 from y = 12 to 15, is seen
	// beside column 9; past it, y = 15 to 19 on x = 12, it is not.
	e.Edges = []model.Edge{{Kind: model.EdgeWall, X1: 10, Y1: 12, X2: 10, Y2: 15}, {Kind: model.EdgeWall, X1: 12, Y1: 15, X2: 12, Y2: 19}}
	if x0, y0, x1, y1 := ContentRect(e, true); x0 != 1 || y0 != 1 || x1 != 11 || y1 != 16 {
		t.Errorf("wall beside the fog: player content %d,%d-%d,%d; want 1,1-11,16", x0, y0, x1, y1)
	}
	// A door from (9, 17) to (12, 17), one unit of it beside revealed
	// squares, is drawn whole, so it is held whole.
	e.Edges = []model.Edge{{Kind: model.EdgeDoor, X1: 9, Y1: 17, X2: 12, Y2: 17}}
	if x0, y0, x1, y1 := ContentRect(e, true); x0 != 1 || y0 != 1 || x1 != 13 || y1 != 18 {
		t.Errorf("door half in fog: player content %d,%d-%d,%d; want 1,1-13,18", x0, y0, x1, y1)
	}
}
