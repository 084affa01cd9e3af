package render

import (
	"image"
	"testing"
)

// TestPlayerNamesStopAtTheFog: a Large token half in fog showed its whole
// name plate over the fogged squares, on the player display and in its PNG
// and PDF, while its disc was cut at the fog's edge: the plates went over
// the fog so that a wall line would not run through them. A name plate
// (and a condition badge) is placed over the revealed squares where there
// is room, and what is left over fogged squares is fog, as the disc is:
// every pixel of the fog away from its edge's wall line is fog, on screen
// and on paper.
func TestPlayerNamesStopAtTheFog(t *testing.T) {
	e := fogEncounter()
	for i := range e.Tokens {
		if e.Tokens[i].Name == "Tashtari" {
			e.Tokens[i].X, e.Tokens[i].Y = 7, 3 // columns 7 and 8: 8 is in fog
			e.Tokens[i].Name = "Tashtari Alpha Huntress"
		}
	}
	const s = 40
	for _, paper := range []bool{false, true} {
		img := image.NewRGBA(image.Rect(0, 0, 14*s, 9*s))
		NewRenderer().Draw(img, e, View{Scale: s, Player: true, PaperFog: paper}, nil)
		fog := colFog
		if paper {
			fog = colFogPaper
		}
		bad, first := 0, image.Point{-1, -1}
		// the fog: columns 8 on below row 0, columns 10 on in row 0; a
		// wall line on its edge is drawn over it, 3 px in at most
		for y := 0; y < 9*s; y++ {
			x0 := 8*s + 3
			if y < s+3 {
				x0 = 10*s + 3
			}
			for x := x0; x < 14*s; x++ {
				if c := img.RGBAAt(x, y); c.R != fog.r || c.G != fog.g || c.B != fog.b {
					if bad == 0 {
						first = image.Point{x, y}
					}
					bad++
				}
			}
		}
		if bad > 0 {
			t.Errorf("paper %v: %d pixels in the fog are not fog, the first at %v", paper, bad, first)
		}
		if !paper {
			golden(t, "fog-names-player", img)
		}
	}
}
