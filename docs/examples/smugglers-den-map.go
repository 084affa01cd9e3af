//go:build ignore

// Command smugglers-den-map paints the battle map image of
// smugglers-den-map.encounter.json the way a GM's bought map looks:
// flagstones in the hall, planks in the two rooms, a cistern, a puddle, rubble, crates, stone
// walls and wooden doors along the grid lines of smugglers-den.encounter.json,
// and a faint grid, 40 pixels a square, and writes the encounter with the
// image as its background (JPEG) and its fog: the storage room and most of
// the cistern still hidden.
//
//	go run docs/examples/smugglers-den-map.go
//
// The textures come from a fixed seed, so the file is the same each run.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"log"
	"math"
	"math/rand"
	"os"
)

const (
	px   = 40 // pixels a square
	w, h = 24, 16
)

// hash2 is a repeatable pseudo-random value in [0, 1) for a pixel.
func hash2(x, y, s int) float64 {
	n := uint32(x*374761393 + y*668265263 + s*2147483647)
	n = (n ^ (n >> 13)) * 1274126177
	return float64((n^(n>>16))&0xffffff) / (1 << 24)
}

// noise is smooth value noise at scale sc.
func noise(x, y float64, sc float64, s int) float64 {
	x, y = x/sc, y/sc
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	fx, fy = fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	v := func(i, j int) float64 { return hash2(int(x0)+i, int(y0)+j, s) }
	a := v(0, 0)*(1-fx) + v(1, 0)*fx
	b := v(0, 1)*(1-fx) + v(1, 1)*fx
	return a*(1-fy) + b*fy
}

func shade(c color.RGBA, k float64) color.RGBA {
	f := func(v uint8) uint8 { return uint8(math.Max(0, math.Min(255, float64(v)*k))) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 255}
}

type painter struct {
	img *image.RGBA
	rnd *rand.Rand
}

// flagstones fills squares (x0..x1, y0..y1) with irregular stones in rows
// half a square tall.
func (p *painter) flagstones(x0, y0, x1, y1 int) {
	base := color.RGBA{0x9a, 0x92, 0x84, 255}
	for ry := y0 * px; ry < y1*px; ry += px / 2 {
		x := x0*px - p.rnd.Intn(px)
		for x < x1*px {
			sw := px/2 + p.rnd.Intn(px)
			k := 0.82 + 0.3*p.rnd.Float64()
			tint := p.rnd.Intn(3)
			for yy := ry; yy < ry+px/2; yy++ {
				for xx := max(x, x0*px); xx < min(x+sw, x1*px); xx++ {
					c := shade(base, k*(0.9+0.2*noise(float64(xx), float64(yy), 6, 1)))
					if tint == 0 {
						c.B = uint8(min(255, int(c.B)+10))
					}
					if xx-x < 2 || yy-ry < 2 {
						c = shade(base, 0.45) // mortar
					} else if xx-x < 4 || yy-ry < 4 {
						c = shade(c, 1.12) // the stone's lit edge
					}
					p.img.SetRGBA(xx, yy, c)
				}
			}
			x += sw
		}
	}
}

// planks fills squares with boards a quarter square wide running across.
func (p *painter) planks(x0, y0, x1, y1 int) {
	base := color.RGBA{0x8c, 0x5e, 0x34, 255}
	for ry := y0 * px; ry < y1*px; ry += px / 4 {
		x := x0*px - p.rnd.Intn(2*px)
		for x < x1*px {
			bl := 2*px + p.rnd.Intn(3*px)
			k := 0.8 + 0.35*p.rnd.Float64()
			ph := p.rnd.Float64() * 10
			for yy := ry; yy < ry+px/4; yy++ {
				for xx := max(x, x0*px); xx < min(x+bl, x1*px); xx++ {
					grain := 0.93 + 0.07*math.Sin(float64(yy-ry)*1.7+ph+3*noise(float64(xx), float64(yy), 14, 2))
					c := shade(base, k*grain)
					if yy-ry == 0 || xx-x < 1 {
						c = shade(base, 0.4)
					}
					p.img.SetRGBA(xx, yy, c)
				}
			}
			x += bl
		}
	}
}

// water fills squares with water, deep (dark) or shallow over stone.
func (p *painter) water(x0, y0, x1, y1 int, deep bool) {
	for yy := y0 * px; yy < y1*px; yy++ {
		for xx := x0 * px; xx < x1*px; xx++ {
			n := noise(float64(xx), float64(yy), 18, 3)
			r := 0.5 + 0.5*math.Sin(float64(xx)*0.09+float64(yy)*0.05+6*n)
			var c color.RGBA
			if deep {
				c = color.RGBA{uint8(0x1c + 20*r), uint8(0x4a + 30*r), uint8(0x6e + 40*r), 255}
			} else {
				old := p.img.RGBAAt(xx, yy)
				c = color.RGBA{uint8(float64(old.R)*0.55 + 20*r), uint8(float64(old.G)*0.6 + 40 + 20*r), uint8(float64(old.B)*0.6 + 70 + 20*r), 255}
			}
			p.img.SetRGBA(xx, yy, c)
		}
	}
	// a stone rim
	if deep {
		rim := color.RGBA{0x6a, 0x64, 0x5a, 255}
		for xx := x0 * px; xx < x1*px; xx++ {
			for t := 0; t < 4; t++ {
				p.img.SetRGBA(xx, y0*px+t, rim)
				p.img.SetRGBA(xx, y1*px-1-t, rim)
			}
		}
		for yy := y0 * px; yy < y1*px; yy++ {
			for t := 0; t < 4; t++ {
				p.img.SetRGBA(x0*px+t, yy, rim)
				p.img.SetRGBA(x1*px-1-t, yy, rim)
			}
		}
	}
}

// rubble scatters broken stones over squares.
func (p *painter) rubble(x0, y0, x1, y1 int) {
	for i := 0; i < (x1-x0)*(y1-y0)*9; i++ {
		cx := float64(x0*px) + p.rnd.Float64()*float64((x1-x0)*px)
		cy := float64(y0*px) + p.rnd.Float64()*float64((y1-y0)*px)
		r := 3 + p.rnd.Float64()*6
		k := 0.6 + 0.4*p.rnd.Float64()
		for yy := int(cy - r - 2); yy <= int(cy+r+2); yy++ {
			for xx := int(cx - r - 2); xx <= int(cx+r+2); xx++ {
				d := math.Hypot(float64(xx)-cx, float64(yy)-cy)
				d2 := math.Hypot(float64(xx)-cx-2, float64(yy)-cy-2)
				switch {
				case d < r*(0.8+0.3*noise(float64(xx), float64(yy), 3, 4)):
					p.img.SetRGBA(xx, yy, shade(color.RGBA{0x80, 0x7a, 0x70, 255}, k*(1.1-0.3*d/r)))
				case d2 < r:
					p.img.SetRGBA(xx, yy, shade(p.img.RGBAAt(xx, yy), 0.7)) // shadow
				}
			}
		}
	}
}

// crate draws a wooden crate over square (x, y).
func (p *painter) crate(x, y int) {
	m := 3
	for yy := y*px + m; yy < (y+1)*px-m; yy++ {
		for xx := x*px + m; xx < (x+1)*px-m; xx++ {
			c := shade(color.RGBA{0xa0, 0x74, 0x40, 255}, 0.9+0.15*noise(float64(xx), float64(yy), 5, 5))
			ex, ey := xx-x*px-m, yy-y*px-m
			s := px - 2*m
			if ex < 3 || ey < 3 || ex >= s-3 || ey >= s-3 || abs(ex-ey) < 2 || abs(ex+ey-s) < 2 {
				c = shade(c, 0.6)
			}
			p.img.SetRGBA(xx, yy, c)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// wall draws a stone wall along the grid line from corner (ax, ay) to
// (bx, by), 8 pixels thick.
func (p *painter) wall(ax, ay, bx, by int) {
	p.band(ax, ay, bx, by, 5, func(xx, yy int) color.RGBA {
		return shade(color.RGBA{0x4a, 0x46, 0x42, 255}, 0.8+0.4*noise(float64(xx), float64(yy), 4, 6))
	})
}

// door draws a wooden door on the unit edge.
func (p *painter) door(ax, ay, bx, by int) {
	p.band(ax, ay, bx, by, 4, func(xx, yy int) color.RGBA {
		return shade(color.RGBA{0x7a, 0x4a, 0x22, 255}, 0.85+0.3*noise(float64(xx), float64(yy), 3, 7))
	})
}

func (p *painter) band(ax, ay, bx, by, half int, c func(xx, yy int) color.RGBA) {
	x0, x1 := min(ax, bx)*px-half, max(ax, bx)*px+half
	y0, y1 := min(ay, by)*px-half, max(ay, by)*px+half
	for yy := max(0, y0); yy < min(h*px, y1); yy++ {
		for xx := max(0, x0); xx < min(w*px, x1); xx++ {
			p.img.SetRGBA(xx, yy, c(xx, yy))
		}
	}
}

// grid draws the faint grid printed on most battle maps.
func (p *painter) grid() {
	for yy := 0; yy < h*px; yy++ {
		for xx := 0; xx < w*px; xx++ {
			if xx%px == 0 || yy%px == 0 {
				p.img.SetRGBA(xx, yy, shade(p.img.RGBAAt(xx, yy), 0.78))
			}
		}
	}
}

func main() {
	var den map[string]any
	b, err := os.ReadFile("docs/examples/smugglers-den.encounter.json")
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(b, &den); err != nil {
		log.Fatal(err)
	}
	p := &painter{img: image.NewRGBA(image.Rect(0, 0, w*px, h*px)), rnd: rand.New(rand.NewSource(15))}
	p.flagstones(0, 0, w, h)
	p.planks(0, 0, 8, 7)    // the office
	p.planks(16, 8, 24, 16) // the storage room
	p.water(17, 2, 21, 6, true)
	p.water(9, 12, 11, 14, false)
	p.rubble(3, 11, 6, 14)
	for _, c := range [][2]int{{14, 10}, {15, 10}, {14, 11}, {15, 11}} {
		p.crate(c[0], c[1])
	}
	p.grid()
	m := den["map"].(map[string]any)
	for _, e := range m["edges"].([]any) {
		ed := e.(map[string]any)
		f, t := ed["from"].([]any), ed["to"].([]any)
		ax, ay, bx, by := int(f[0].(float64)), int(f[1].(float64)), int(t[0].(float64)), int(t[1].(float64))
		switch ed["kind"] {
		case "wall", "secret-door":
			p.wall(ax, ay, bx, by)
		default:
			p.door(ax, ay, bx, by)
		}
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, p.img, &jpeg.Options{Quality: 80}); err != nil {
		log.Fatal(err)
	}
	m["background"] = "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(jb.Bytes())
	m["backgroundPlacement"] = map[string]any{"x": 0, "y": 0, "pxPerSquare": px}
	// the fog: the party came through the office into the hall and sees
	// part of the cistern; the rest of it and the storage room are hidden
	var rows []any
	for y := 0; y < h; y++ {
		row := make([]byte, w)
		for x := range row {
			row[x] = '0'
			if x < 16 || y < 8 && math.Hypot(float64(x)-13.5, float64(y)-4) < 6.2 {
				row[x] = '1'
			}
		}
		rows = append(rows, string(row))
	}
	m["revealed"] = rows
	den["name"] = "Smuggler's den (map image)"
	delete(den, "fight")
	delete(den, "areas")
	out, err := json.MarshalIndent(den, "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("docs/examples/smugglers-den-map.encounter.json", append(out, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote docs/examples/smugglers-den-map.encounter.json (image %d bytes)", jb.Len())
}
