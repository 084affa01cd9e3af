package render

import (
	"image"
	"testing"
)

// TestPaperFogIsBlankPaper: with PaperFog (a print) the fogged squares are
// blank paper, white with no grid line, terrain or token showing through,
// so a print gives nothing away and spends no ink there; the screen's
// player view keeps its dark fog.
func TestPaperFogIsBlankPaper(t *testing.T) {
	e := fogEncounter()
	const s = 30
	draw := func(v View) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 14*s, 9*s))
		NewRenderer().Draw(img, e, v, nil)
		return img
	}
	paper := draw(View{Scale: s, Player: true, PaperFog: true})
	screen := draw(View{Scale: s, Player: true})
	// Columns 10-13 below row 1 lie in fog with fog all round them (the
	// Ancient Dragon and the Lurker stand there); the blocks take in the
	// grid lines between their squares.
	white, dark := 0, 0
	for y := 2 * s; y < 9*s-1; y++ {
		for x := 10*s + 1; x < 14*s-1; x++ {
			if p := paper.Pix[paper.PixOffset(x, y):]; p[0] == 255 && p[1] == 255 && p[2] == 255 {
				white++
			}
			if p := screen.Pix[screen.PixOffset(x, y):]; p[0] < 40 && p[1] < 40 && p[2] < 40 {
				dark++
			}
		}
	}
	n := (7*s - 1) * (4*s - 2)
	if white != n {
		t.Errorf("paper fog: %d of %d pixels white; want all (no grid, terrain or token in the fog)", white, n)
	}
	if dark != n {
		t.Errorf("screen fog: %d of %d pixels dark; want all (the player display keeps its fog)", dark, n)
	}
	// The revealed squares are drawn as on screen.
	for y := 0; y < 9*s; y++ {
		for x := 0; x < 7*s; x++ {
			if paper.RGBAAt(x, y) != screen.RGBAAt(x, y) {
				t.Fatalf("revealed pixel (%d,%d) differs: %v on paper, %v on screen", x, y, paper.RGBAAt(x, y), screen.RGBAAt(x, y))
			}
		}
	}
}
