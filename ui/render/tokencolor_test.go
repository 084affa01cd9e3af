package render

import (
	"image"
	"image/color"
	"testing"

	"encounterplanner/model"
)

// TestTokenColor: a token with a colour has its disc in that colour while
// the ring still says its side; without one the disc is the side's colour.
func TestTokenColor(t *testing.T) {
	e := testEncounter(model.SF2E)
	e.Tokens[0].Color = "#e6c200" // Iseph (party): a light disc, dark initials
	e.Tokens[1].Color = "#2a7a3b" // Tashtari (enemy)
	e.Tokens[2].Color = "#6b2fa0" // Ancient Dragon: unconscious, greyed as before
	img := drawGolden(t, "token-color", e, View{Scale: 40}, nil, 14*40, 9*40)
	plain := image.NewRGBA(img.Rect)
	NewRenderer().Draw(plain, testEncounter(model.SF2E), View{Scale: 40}, nil)

	// Iseph's space is (80,80)-(120,120): above its initials the fill.
	if got := img.RGBAAt(100, 87); got != (color.RGBA{0xe6, 0xc2, 0x00, 0xff}) {
		t.Errorf("Iseph's disc is %v, want #e6c200", got)
	}
	if got, side := plain.RGBAAt(100, 87), sideColor("party"); got != (color.RGBA{side.r, side.g, side.b, 0xff}) {
		t.Errorf("without a colour the disc is %v, want the side's %v", got, side)
	}
	// Tashtari (Large) is (200,80)-(280,160): a disc of radius 37.2 with a
	// ring 4.5 px wide, so row 85 above the centre is all ring, row 95 fill.
	if got := img.RGBAAt(240, 95); got != (color.RGBA{0x2a, 0x7a, 0x3b, 0xff}) {
		t.Errorf("Tashtari's disc is %v, want #2a7a3b", got)
	}
	if got, side := img.RGBAAt(240, 85), plain.RGBAAt(240, 85); got != side {
		t.Errorf("Tashtari's ring is %v, want the side's ring %v", got, side)
	}
	// Tokens without a colour are drawn as before.
	if got, want := img.RGBAAt(13*40+20, 1*40+20), plain.RGBAAt(13*40+20, 1*40+20); got != want {
		t.Errorf("Lurker changed: %v, want %v", got, want)
	}
}

func TestTokenColorParse(t *testing.T) {
	for s, want := range map[string]uint32{"#000000": 0, "#ffffff": 0xffffff, "#1a2b3c": 0x1a2b3c} {
		if v, ok := TokenColor(s); !ok || v != want {
			t.Errorf("TokenColor(%q) = %06x, %v; want %06x", s, v, ok, want)
		}
	}
	for _, s := range []string{"", "#fff", "#FFFFFF", "red", "#12345g"} {
		if _, ok := TokenColor(s); ok {
			t.Errorf("TokenColor(%q) accepted", s)
		}
	}
}
