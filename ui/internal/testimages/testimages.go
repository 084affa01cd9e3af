// Package testimages makes the battle-map pictures the UI packages' tests
// import and align.
package testimages

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
)

// GridPNG is a w x h PNG with dark 1-px grid lines every px pixels from
// (off, off) on a light floor.
func GridPNG(w, h, px, off int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{0xe0, 0xd8, 0xc0, 0xff}
			if (x-off+px)%px == 0 || (y-off+px)%px == 0 {
				c = color.RGBA{0x30, 0x30, 0x30, 0xff}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // an RGBA image always encodes into memory
	}
	return b.Bytes()
}
