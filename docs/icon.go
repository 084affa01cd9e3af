//go:build ignore

// icon draws Icon.png: a battle grid with a token and its reach, 512x512.
// Run: go run docs/icon.go
package main

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

func main() {
	const size, cells, margin = 512, 6, 40
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	bg := color.RGBA{0x1f, 0x2a, 0x36, 0xff}
	paper := color.RGBA{0xee, 0xeb, 0xe3, 0xff}
	wall := color.RGBA{0x3b, 0x44, 0x50, 0xff}
	reach := color.RGBA{0x56, 0xb4, 0xe9, 0xff}
	line := color.RGBA{0x9a, 0x96, 0x8c, 0xff}
	blue := color.RGBA{0x00, 0x72, 0xb2, 0xff}
	orange := color.RGBA{0xd5, 0x5e, 0x00, 0xff}
	cell := float64(size-2*margin) / cells
	walls := map[[2]int]bool{{4, 0}: true, {4, 1}: true, {4, 2}: true, {0, 4}: true, {1, 4}: true}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			// Rounded square background.
			r := 72.0
			dx := math.Max(math.Max(r-float64(x), float64(x)-(size-1-r)), 0)
			dy := math.Max(math.Max(r-float64(y), float64(y)-(size-1-r)), 0)
			if dx*dx+dy*dy > r*r {
				continue
			}
			c := bg
			fx, fy := float64(x-margin), float64(y-margin)
			if fx >= 0 && fy >= 0 && fx < cell*cells && fy < cell*cells {
				gx, gy := int(fx/cell), int(fy/cell)
				c = paper
				if walls[[2]int{gx, gy}] {
					c = wall
				} else if abs(gx-2) <= 1 && abs(gy-2) <= 1 {
					c = blend(paper, reach, 0.45)
				}
				if math.Mod(fx, cell) < 3 || math.Mod(fy, cell) < 3 {
					c = line
				}
				// Token disc on (2,2) and an enemy on (5,5).
				for _, t := range []struct {
					cx, cy float64
					col    color.RGBA
				}{{2.5, 2.5, blue}, {5.5, 5.5, orange}} {
					d := math.Hypot(fx-t.cx*cell, fy-t.cy*cell)
					if d < cell*0.42 {
						c = t.col
						if d > cell*0.34 {
							c = color.RGBA{0xff, 0xff, 0xff, 0xff}
						}
					}
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	f, err := os.Create("Icon.png")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		panic(err)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func blend(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}
