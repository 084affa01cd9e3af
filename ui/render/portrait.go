package render

import (
	"image"
	"image/draw"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"encounterplanner/model"
)

// PortraitPainter is a Painter that can draw token portraits
// (Token.Image). The scene hands a portrait to a painter that has the
// method; any other painter gets the token's plain disc.
type PortraitPainter interface {
	// Portrait draws img (square, premultiplied) scaled into the disc of
	// radius rad centred at (cx, cy), clipped to that circle, its alpha
	// scaled by alpha.
	Portrait(cx, cy, rad, alpha float64, img *image.RGBA)
}

// MaxPortraitSide is the side, in pixels, portraits are kept at after
// decoding (larger images are scaled down once): sharp on a 2-inch printed
// standee, and a bounded cache.
const MaxPortraitSide = 512

// maxPortraitBytes bounds the portrait cache: the decoded images (at most
// MaxPortraitSide a side, 1 MiB) and their scaled discs, the least
// recently drawn going first. 128 MiB keeps well over a hundred distinct
// portraits, so a frame that shows them all decodes none again.
const maxPortraitBytes = 128 << 20

// portrait is a decoded token image with the sizes it was drawn at.
type portrait struct {
	key   string // the data: URL last looked up (strings are immutable: keeping it is safe)
	src   *image.RGBA
	used  uint64
	sized [4]sizedPortrait
}

// bytes is the memory the portrait holds.
func (p *portrait) bytes() int {
	n := 0
	if p.src != nil {
		n = len(p.src.Pix)
	}
	for _, sp := range p.sized {
		n += cap(sp.pix)
	}
	return n
}

// sizedPortrait is a portrait scaled to a d x d square with its circle
// cut out (premultiplied, anti-aliased rim).
type sizedPortrait struct {
	d    int
	pix  []uint8
	used uint64
}

// portraitOf returns the decoded portrait of data URL s, decoding it the
// first time it is seen (a pointer check first, so an unchanged image
// costs no hashing; then the map); nil when it does not decode.
func (r *Renderer) portraitOf(s string) *image.RGBA {
	if s == "" {
		return nil
	}
	r.clock++
	if p := r.cachedPortrait(s); p != nil {
		p.used = r.clock
		return p.src
	}
	return r.addPortrait(s, DecodePortrait(s)).src
}

// cachedPortrait finds the portrait of s in the cache, nil if it is not:
// by the storage of the string it was last looked up by, then by content
// (and it then remembers s's storage instead).
func (r *Renderer) cachedPortrait(s string) *portrait {
	if p := r.pptr[unsafe.StringData(s)]; p != nil && len(p.key) == len(s) {
		return p
	}
	p, ok := r.pcache[s]
	if !ok {
		return nil
	}
	delete(r.pptr, unsafe.StringData(p.key))
	p.key = s
	r.pptr[unsafe.StringData(s)] = p
	return p
}

// maxDecoders bounds the portraits decoded at once (each takes at most
// about 100 MiB while it is decoded; see DecodePortrait).
const maxDecoders = 4

// prefetchPortraits decodes the portraits the frame will draw that the
// cache lacks, several at once (one per processor, at most maxDecoders),
// so that a map of many distinct portraits takes a fraction of the time to
// draw the first time. Drawing then finds them in the cache.
func (r *Renderer) prefetchPortraits(f *frame) {
	if _, ok := r.p.(PortraitPainter); !ok {
		return
	}
	var want []string
	for i := range f.e.Tokens {
		t := &f.e.Tokens[i]
		if t.Image == "" || !r.tokenOK(f, i) || !r.visible(f, t.X, t.Y, f.e.Space(t)) {
			continue
		}
		_, _, half := r.spaceCentre(f, t.X, t.Y, f.e.Space(t))
		if rad, ringW := discRadii(f.v.Scale, half); rad-ringW < 3 {
			continue // drawn without its portrait
		}
		if r.cachedPortrait(t.Image) != nil {
			continue
		}
		if r.pending == nil {
			r.pending = map[string]bool{}
		}
		if !r.pending[t.Image] {
			r.pending[t.Image] = true
			want = append(want, t.Image)
		}
	}
	clear(r.pending)
	workers := min(runtime.GOMAXPROCS(0), maxDecoders, len(want))
	if workers < 2 {
		return // drawing decodes it
	}
	for i, img := range decodePortraits(want, workers) {
		r.addPortrait(want[i], img)
	}
}

// decodePortraits decodes the images with DecodePortrait on workers
// goroutines.
func decodePortraits(images []string, workers int) []*image.RGBA {
	got := make([]*image.RGBA, len(images))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(images); i = int(next.Add(1) - 1) {
				got[i] = DecodePortrait(images[i])
			}
		})
	}
	wg.Wait()
	return got
}

// addPortrait files a portrait, evicting the least recently used ones
// while the cache holds more than maxPortraitBytes.
func (r *Renderer) addPortrait(key string, src *image.RGBA) *portrait {
	if r.pcache == nil {
		r.pcache = map[string]*portrait{}
		r.pptr = map[*byte]*portrait{}
		r.psrc = map[*image.RGBA]*portrait{}
	}
	p := &portrait{key: key, src: src, used: r.clock}
	r.trimPortraits(p.bytes())
	r.plist = append(r.plist, p)
	r.pbytes += p.bytes()
	if key != "" {
		r.pcache[key] = p
		r.pptr[unsafe.StringData(key)] = p
	}
	if src != nil {
		r.psrc[src] = p
	}
	return p
}

// trimPortraits evicts the least recently used portraits until n more
// bytes fit in maxPortraitBytes (or none is left).
func (r *Renderer) trimPortraits(n int) {
	for r.pbytes+n > maxPortraitBytes && len(r.plist) > 0 {
		old := 0
		for i, p := range r.plist {
			if p.used < r.plist[old].used {
				old = i
			}
		}
		p := r.plist[old]
		r.pbytes -= p.bytes()
		if p.key != "" {
			delete(r.pptr, unsafe.StringData(p.key))
			delete(r.pcache, p.key)
		}
		if p.src != nil {
			delete(r.psrc, p.src)
		}
		r.plist = append(r.plist[:old], r.plist[old+1:]...)
	}
}

// sizedPortrait returns src scaled to a d x d disc, from the cache.
func (r *Renderer) sizedPortrait(src *image.RGBA, d int) []uint8 {
	p := r.psrc[src]
	if p == nil {
		p = r.addPortrait("", src) // an image from elsewhere (a Paint caller's)
	}
	r.clock++
	p.used = r.clock
	old := 0
	for i := range p.sized {
		sp := &p.sized[i]
		if sp.d == d && sp.pix != nil {
			sp.used = r.clock
			return sp.pix
		}
		if sp.used < p.sized[old].used {
			old = i
		}
	}
	sp := &p.sized[old]
	if cap(sp.pix) < d*d*4 {
		// Room for the new size is made before it is allocated.
		r.pbytes -= cap(sp.pix)
		sp.pix = nil
		r.trimPortraits(d * d * 4)
		if r.psrc[src] != p { // evicted itself: the cache is too small for it
			return scaleDisc(src, d, nil)
		}
		r.pbytes += d * d * 4
	}
	sp.d, sp.used = d, r.clock
	sp.pix = scaleDisc(src, d, sp.pix)
	return sp.pix
}

// DecodePortrait decodes a "data:image/png|jpeg|webp;base64,..." token
// image into a square premultiplied RGBA image: the middle square of the
// picture, at most MaxPortraitSide pixels a side; nil if it does not
// decode or is more than model.MaxImageSide pixels a side. An 8-bit RGB or
// RGBA image is premultiplied in place and scaled down from there; other
// kinds are drawn into an RGBA square first. Memory: the header's
// DecodeBytes at most (model.ImageHeader) and the 1 MiB kept: for a 2048 x
// 2048 image, 17 MiB as an 8-bit PNG, 49 MiB as a 16-bit one, 97 MiB at
// worst (a progressive CMYK JPEG).
func DecodePortrait(s string) *image.RGBA {
	h, err := model.ReadImageHeader(s)
	if err != nil || h.Width < 1 || h.Height < 1 || h.Width > model.MaxImageSide || h.Height > model.MaxImageSide {
		return nil
	}
	img := decodeDataURL(s, h)
	if img == nil {
		return nil
	}
	side := min(h.Width, h.Height)
	at := image.Pt((h.Width-side)/2, (h.Height-side)/2)
	sq, ok := rgbaInPlace(img, nil)
	if ok {
		sq = sq.SubImage(image.Rectangle{at, at.Add(image.Pt(side, side))}).(*image.RGBA)
	} else {
		sq = image.NewRGBA(image.Rect(0, 0, side, side))
		draw.Draw(sq, sq.Bounds(), img, at, draw.Src)
	}
	out := image.NewRGBA(image.Rect(0, 0, min(side, MaxPortraitSide), min(side, MaxPortraitSide)))
	if side <= MaxPortraitSide {
		draw.Draw(out, out.Bounds(), sq, sq.Bounds().Min, draw.Src)
		return out
	}
	boxScale(sq, out.Pix, MaxPortraitSide, nil)
	return out
}

// boxScale scales the square premultiplied src to d x d into dst (d*d*4
// bytes) by averaging the source pixels under each destination pixel
// (area weights), and, with cov, multiplies each by cov(x, y) (0..1).
func boxScale(src *image.RGBA, dst []uint8, d int, cov func(x, y int) float64) {
	n := src.Bounds().Dx()
	f := float64(n) / float64(d)
	for y := 0; y < d; y++ {
		sy0, sy1 := float64(y)*f, float64(y+1)*f
		for x := 0; x < d; x++ {
			c := 1.0
			if cov != nil {
				if c = cov(x, y); c <= 0 {
					o := (y*d + x) * 4
					dst[o], dst[o+1], dst[o+2], dst[o+3] = 0, 0, 0, 0
					continue
				}
			}
			o := (y*d + x) * 4
			if f < 1 {
				// Enlarging: bilinear between the four nearest pixels.
				fx, fy := math.Max(0, (float64(x)+0.5)*f-0.5), math.Max(0, (float64(y)+0.5)*f-0.5)
				i0, j0 := min(int(fx), n-1), min(int(fy), n-1)
				i1, j1 := min(i0+1, n-1), min(j0+1, n-1)
				tx, ty := fx-float64(i0), fy-float64(j0)
				for k := 0; k < 4; k++ {
					at := func(i, j int) float64 { return float64(src.Pix[j*src.Stride+i*4+k]) }
					v := (at(i0, j0)*(1-tx)+at(i1, j0)*tx)*(1-ty) + (at(i0, j1)*(1-tx)+at(i1, j1)*tx)*ty
					dst[o+k] = uint8(math.Round(math.Min(255, v*c)))
				}
				continue
			}
			sx0, sx1 := float64(x)*f, float64(x+1)*f
			var acc [4]float64
			wsum := 0.0
			for j := int(sy0); j < n && float64(j) < sy1; j++ {
				wy := math.Min(sy1, float64(j+1)) - math.Max(sy0, float64(j))
				row := src.Pix[j*src.Stride:]
				for i := int(sx0); i < n && float64(i) < sx1; i++ {
					w := wy * (math.Min(sx1, float64(i+1)) - math.Max(sx0, float64(i)))
					q := row[i*4 : i*4+4]
					acc[0] += w * float64(q[0])
					acc[1] += w * float64(q[1])
					acc[2] += w * float64(q[2])
					acc[3] += w * float64(q[3])
					wsum += w
				}
			}
			for k := 0; k < 4; k++ {
				dst[o+k] = uint8(math.Round(math.Min(255, acc[k]/wsum*c)))
			}
		}
	}
}

// scaleDisc scales src to d x d with the disc of diameter d cut out,
// reusing buf when it is big enough.
func scaleDisc(src *image.RGBA, d int, buf []uint8) []uint8 {
	if cap(buf) < d*d*4 {
		buf = make([]uint8, d*d*4)
	}
	buf = buf[:d*d*4]
	r := float64(d) / 2
	boxScale(src, buf, d, func(x, y int) float64 {
		dx, dy := float64(x)+0.5-r, float64(y)+0.5-r
		return clamp01(r + 0.5 - math.Hypot(dx, dy))
	})
	return buf
}

// Portrait implements PortraitPainter for Draw: the portrait scaled once
// per size (cached), composited over the disc.
func (p *rasterPainter) Portrait(cx, cy, rad, alpha float64, img *image.RGBA) {
	d := int(math.Round(2 * rad))
	if d < 2 || img == nil || img.Bounds().Dx() == 0 {
		return
	}
	pix := p.r.sizedPortrait(img, d)
	cv := &p.r.cv
	x0, y0 := int(math.Round(cx-float64(d)/2)), int(math.Round(cy-float64(d)/2))
	k := uint32(math.Round(clamp01(alpha) * 255))
	for y := max(y0, 0); y < min(y0+d, cv.h); y++ {
		srow := pix[(y-y0)*d*4:]
		drow := cv.pix[y*cv.stride:]
		for x := max(x0, 0); x < min(x0+d, cv.w); x++ {
			s := srow[(x-x0)*4 : (x-x0)*4+4 : (x-x0)*4+4]
			a := div255(uint32(s[3]) * k)
			if a == 0 {
				continue
			}
			q := drow[x*4 : x*4+4 : x*4+4]
			na := 255 - a
			q[0] = uint8(min(255, div255(uint32(s[0])*k+uint32(q[0])*na)))
			q[1] = uint8(min(255, div255(uint32(s[1])*k+uint32(q[1])*na)))
			q[2] = uint8(min(255, div255(uint32(s[2])*k+uint32(q[2])*na)))
			q[3] = uint8(min(255, div255(255*a+uint32(q[3])*na)))
		}
	}
}
