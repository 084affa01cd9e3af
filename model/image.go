package model

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
	"unicode/utf8"
)

// Limits on the images an encounter holds, so that no file can make the
// app or an export exhaust memory or time decoding them. Every decode cost
// is worked out from the image's header, before a pixel is allocated (see
// ImageHeader.DecodeBytes).
const (
	// MaxImageSide is the largest side, in pixels, of a token's image.
	MaxImageSide = 2048

	// MaxBackgroundPixels bounds a background's size: 64 million pixels
	// (8192 x 8192).
	MaxBackgroundPixels = 1 << 26

	// MaxBackgroundDecode bounds the memory decoding a background takes,
	// into the RGBA image it is drawn from (see ImageHeader.DecodeBytes):
	// 512 MiB, what 64 million pixels of an 8-bit PNG, a baseline JPEG or a
	// WebP need. A 16-bit, interlaced or progressive image costs more a
	// pixel, so it may have fewer pixels.
	MaxBackgroundDecode = 512 << 20

	// MaxPortraitPixels bounds the pixels of an encounter's token images
	// together, each distinct image counted once: 256 million, 64 images
	// of 2048 x 2048 or 1,024 of 512 x 512 (the size the app stores), so
	// that drawing every portrait once stays a matter of seconds.
	MaxPortraitPixels = 1 << 28
)

// imageKinds are the data: URL prefixes an image may have, by format name.
var imageKinds = []struct{ name, prefix string }{
	{"png", "data:image/png;base64,"},
	{"jpeg", "data:image/jpeg;base64,"},
	{"webp", "data:image/webp;base64,"},
}

// imagePrefix reports whether s starts as a PNG, JPEG or WebP data: URL,
// and which.
func imagePrefix(s string) (kind, payload string, ok bool) {
	for _, k := range imageKinds {
		if p, found := strings.CutPrefix(s, k.prefix); found {
			return k.name, p, true
		}
	}
	return "", "", false
}

// errImagePrefix is the problem with a string that is no image data URL.
var errImagePrefix = errors.New("must be a data:image/png;base64,..., data:image/jpeg;base64,... or data:image/webp;base64,... image")

// ImageHeader is what an image's header tells before any pixel is decoded.
type ImageHeader struct {
	Format        string // "png", "jpeg" or "webp"
	Width, Height int

	// Kind names the image as its cost depends on it, for messages: "a
	// PNG", "an interlaced 16-bit PNG", "a progressive JPEG", "a WebP
	// with compressed transparency", ...
	Kind string

	// DecodeBytes is the most memory decoding the image into the RGBA
	// image it is drawn from takes: what the decoders this program uses
	// (Go's image/png and image/jpeg, golang.org/x/image/webp) allocate in
	// proportion to the pixels, plus the RGBA copy where the decoded
	// image cannot become it in place. By pixel: 4 bytes for an 8-bit RGB
	// or RGBA PNG, 5 for grey or palette, 12 for 16 bits, and as much
	// again for Adam7 interlacing (the passes); a JPEG 1.5 to 3 bytes of
	// planes (4 with CMYK), five times that when progressive (the
	// coefficients), plus 4; a lossy WebP 5.5, 6.5 with raw transparency
	// and 14.5 with compressed transparency; a lossless one 8 (as is an
	// extended one without transparency, which may be either).
	DecodeBytes int64
}

// Pixels is Width x Height.
func (h ImageHeader) Pixels() int64 { return int64(h.Width) * int64(h.Height) }

// ReadImageHeader reads the header of a data:image/png, jpeg or webp
// base64 URL: only its first bytes are decoded, never the pixels, so it
// costs microseconds whatever the image's size. It is an error when s is no
// such URL or the bytes are not an image of the kind its prefix names.
func ReadImageHeader(s string) (ImageHeader, error) {
	kind, payload, ok := imagePrefix(s)
	if !ok {
		return ImageHeader{}, errImagePrefix
	}
	return readHeader(kind, base64.NewDecoder(base64.StdEncoding, strings.NewReader(payload)))
}

// ReadImageFileHeader reads the header of a PNG, JPEG or WebP file from r,
// the kind from its first bytes (FileKind); see ReadImageHeader. Another
// file is refused naming what it is, where its first bytes tell: "is a
// GIF image", "is text", "is empty".
func ReadImageFileHeader(r io.Reader) (ImageHeader, error) {
	var head [16]byte
	n, _ := io.ReadFull(r, head[:])
	b := head[:n]
	var kind string
	switch k := FileKind(b); k {
	case KindPNG:
		kind = "png"
	case KindJPEG:
		kind = "jpeg"
	case KindWebP:
		kind = "webp"
	default:
		return ImageHeader{}, fmt.Errorf("is %s, not a PNG, JPEG or WebP image", whatItIs(k, b))
	}
	return readHeader(kind, io.MultiReader(bytes.NewReader(b), r))
}

// whatItIs says what a file that is no image is, from its kind (FileKind)
// and first bytes: a text file named map.png read "is not a PNG, JPEG or
// WebP image", which did not say why.
func whatItIs(kind string, head []byte) string {
	switch {
	case kind != "":
		return kind
	case len(head) == 0:
		return "an empty file"
	case looksLikeText(head):
		return "text"
	}
	return "another kind of file"
}

// looksLikeText reports whether b, a file's first bytes, reads as UTF-8
// text: no control character but line ends and tabs, and no byte that is
// not UTF-8 but a character the head's end cuts off.
func looksLikeText(b []byte) bool {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			return !utf8.FullRune(b)
		}
		if r < ' ' && r != '\n' && r != '\r' && r != '\t' {
			return false
		}
		b = b[n:]
	}
	return true
}

// ImageSize reads the width and height of a data:image/png, jpeg or webp
// base64 URL from the image's header alone (see ReadImageHeader).
func ImageSize(dataURL string) (w, h int, err error) {
	hd, err := ReadImageHeader(dataURL)
	return hd.Width, hd.Height, err
}

// readHeader reads an image header of the given format from r.
func readHeader(format string, r io.Reader) (ImageHeader, error) {
	rec := &recorder{r: r}
	h := ImageHeader{Format: format}
	switch format {
	case "png":
		c, err := png.DecodeConfig(rec)
		if err != nil {
			return h, fmt.Errorf("is not a readable PNG image: %v", err)
		}
		h.Width, h.Height = c.Width, c.Height
		pngCost(&h, rec.buf)
	case "jpeg":
		c, err := jpeg.DecodeConfig(rec)
		if err != nil {
			return h, fmt.Errorf("is not a readable JPEG image: %v", err)
		}
		h.Width, h.Height = c.Width, c.Height
		jpegCost(&h, io.MultiReader(bytes.NewReader(rec.buf), r))
	default:
		if err := webpHeader(&h, r); err != nil {
			return h, fmt.Errorf("is not a readable WebP image: %v", err)
		}
	}
	return h, nil
}

// recorder keeps what is read through it, so that a header read by one
// parser can be read again by another.
type recorder struct {
	r   io.Reader
	buf []byte
}

func (c *recorder) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.buf = append(c.buf, p[:n]...)
	return n, err
}

// pngCost sets the kind and decode cost of a PNG from its IHDR (head holds
// the file's first bytes, read and checked by png.DecodeConfig). The cost
// is the larger of with and without a tRNS chunk, which changes the
// decoded type (grey becomes NRGBA, RGB NRGBA, 16-bit grey NRGBA64).
func pngCost(h *ImageHeader, head []byte) {
	depth, colour, interlaced := 8, 6, false
	if len(head) >= 29 {
		depth, colour, interlaced = int(head[24]), int(head[25]), head[28] == 1
	}
	px := h.Pixels()
	var decoded, copied int64 // bytes a pixel: the decoder's image; the RGBA copy (0: in place)
	bits := "PNG"
	switch {
	case depth == 16:
		decoded, copied = 8, 4 // NRGBA64 or RGBA64 (Gray16: 2)
		bits = "16-bit PNG"
	case colour == 0 || colour == 3:
		decoded, copied = 1, 4 // Gray or Paletted (grey with tRNS: NRGBA, in place)
	default:
		decoded, copied = 4, 0 // RGBA or NRGBA, in place
	}
	h.Kind, h.DecodeBytes = "a "+bits, px*(decoded+copied)
	if interlaced {
		// Each Adam7 pass is decoded into an image of its own, then
		// merged into the whole: as much again in all.
		h.Kind, h.DecodeBytes = "an interlaced "+bits, h.DecodeBytes+px*decoded
	}
}

// maxJPEGSegments bounds the marker segments read to find a JPEG's frame.
const maxJPEGSegments = 1000

// jpegCost sets the kind and decode cost of a JPEG (checked by
// jpeg.DecodeConfig) from its frame header: the planes image/jpeg
// allocates (whole 8x8 blocks of each component at its sampling), 256
// bytes of coefficients a block more when progressive, and the 4 bytes a
// pixel of the image drawn from (RGB and CMYK decode to it in place; grey
// and YCbCr are copied). A frame it cannot find is costed as the worst:
// progressive CMYK at full sampling.
func jpegCost(h *ImageHeader, r io.Reader) {
	px := h.Pixels()
	h.Kind, h.DecodeBytes = "a JPEG", px*(4*5+4)
	var b [2]byte
	if _, err := io.ReadFull(r, b[:]); err != nil || b != [2]byte{0xff, 0xd8} {
		return
	}
	for range maxJPEGSegments {
		// A marker: 0xff (any number of them), then its code; anything
		// else between segments is skipped, as image/jpeg does.
		if _, err := io.ReadFull(r, b[:1]); err != nil {
			return
		}
		if b[0] != 0xff {
			continue
		}
		code := byte(0xff)
		for code == 0xff {
			if _, err := io.ReadFull(r, b[:1]); err != nil {
				return
			}
			code = b[0]
		}
		if code == 0 || code >= 0xd0 && code <= 0xd7 || code == 0x01 {
			continue // stuffed byte, restart marker, TEM: no length
		}
		if code == 0xd9 || code == 0xda {
			return // EOI or SOS before any frame
		}
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return
		}
		n := int(binary.BigEndian.Uint16(b[:])) - 2
		if n < 0 {
			return
		}
		if code != 0xc0 && code != 0xc1 && code != 0xc2 {
			if _, err := io.CopyN(io.Discard, r, int64(n)); err != nil {
				return
			}
			continue
		}
		seg := make([]byte, n)
		if _, err := io.ReadFull(r, seg); err != nil || n < 6 {
			return
		}
		nComp := int(seg[5])
		if nComp < 1 || nComp > 4 || n < 6+3*nComp {
			return
		}
		w, ht := int64(h.Width), int64(h.Height)
		hmax, vmax := int64(1), int64(1)
		if nComp > 1 {
			hmax, vmax = int64(seg[7]>>4), int64(seg[7]&15)
		}
		if hmax < 1 || vmax < 1 {
			return
		}
		mxx, myy := (w+8*hmax-1)/(8*hmax), (ht+8*vmax-1)/(8*vmax)
		var planes int64
		for i := range nComp {
			hi, vi := int64(1), int64(1)
			if nComp > 1 {
				hi, vi = int64(seg[7+3*i]>>4), int64(seg[7+3*i]&15)
			}
			planes += 64 * hi * vi * mxx * myy
		}
		if code == 0xc2 {
			planes *= 5 // 64 int32 coefficients for each 64 bytes of plane
			h.Kind = "a progressive JPEG"
		}
		if nComp == 4 {
			h.Kind = strings.Replace(h.Kind, "JPEG", "CMYK JPEG", 1)
		}
		h.DecodeBytes = planes + 4*px
		return
	}
}

// webpHeader reads a WebP file's canvas size from its first 30 bytes (the
// RIFF header and the first chunk: VP8, lossy; VP8L, lossless; or VP8X,
// extended) and, for an extended file with transparency, the chunks after
// up to the alpha chunk, to set its kind and decode cost: the YCbCr 4:2:0
// planes of whole 16x16 macroblocks for lossy, the alpha (raw, or decoded
// as a lossless image, 8 bytes a pixel with its colour-index transform,
// first) and the RGBA copy; 8 bytes a pixel for lossless (4 in the worst
// transform; the NRGBA becomes the RGBA in place).
func webpHeader(h *ImageHeader, r io.Reader) error {
	var b [30]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return fmt.Errorf("the header is cut short")
	}
	if string(b[0:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return fmt.Errorf("no RIFF WEBP header")
	}
	le24 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 }
	lossy := func(alpha int64) {
		w16, h16 := (int64(h.Width)+15)/16*16, (int64(h.Height)+15)/16*16
		h.DecodeBytes = w16*h16*3/2 + alpha + 4*h.Pixels()
	}
	switch string(b[12:16]) {
	case "VP8 ":
		if b[23] != 0x9d || b[24] != 0x01 || b[25] != 0x2a {
			return fmt.Errorf("no VP8 start code")
		}
		h.Width, h.Height = int(binary.LittleEndian.Uint16(b[26:])&0x3fff), int(binary.LittleEndian.Uint16(b[28:])&0x3fff)
		h.Kind = "a lossy WebP"
		lossy(0)
	case "VP8L":
		if b[20] != 0x2f {
			return fmt.Errorf("no VP8L signature")
		}
		v := binary.LittleEndian.Uint32(b[21:])
		h.Width, h.Height = int(v&0x3fff)+1, int(v>>14&0x3fff)+1
		h.Kind, h.DecodeBytes = "a lossless WebP", 8*h.Pixels()
	case "VP8X":
		h.Width, h.Height = le24(b[24:])+1, le24(b[27:])+1
		px := h.Pixels()
		h.Kind, h.DecodeBytes = "a WebP", 8*px // lossless, or lossy at 5.5
		if b[20]&0x10 == 0 {
			break
		}
		h.Kind = "a WebP with transparency"
		lossy(px + 8*px) // unless the alpha chunk says it is raw
		switch webpAlpha(r) {
		case 0:
			lossy(px)
		case 1:
			h.Kind = "a WebP with compressed transparency"
		}
	default:
		return fmt.Errorf("unknown first chunk %q", b[12:16])
	}
	return nil
}

// webpAlpha reads the chunks after VP8X up to the ALPH chunk and returns
// its compression (0 raw, 1 lossless), -1 when there is none or it cannot
// be read.
func webpAlpha(r io.Reader) int {
	var c [9]byte
	for range 16 {
		if _, err := io.ReadFull(r, c[:8]); err != nil {
			return -1
		}
		if string(c[:4]) == "ALPH" {
			if _, err := io.ReadFull(r, c[8:9]); err != nil {
				return -1
			}
			return int(c[8] & 3)
		}
		if string(c[:4]) == "VP8 " || string(c[:4]) == "VP8L" {
			return -1
		}
		n := int64(binary.LittleEndian.Uint32(c[4:8]))
		if _, err := io.CopyN(io.Discard, r, n+n&1); err != nil {
			return -1
		}
	}
	return -1
}

// mib rounds bytes up to whole MiB.
func mib(n int64) int64 { return (n + 1<<20 - 1) >> 20 }

// CheckBackground is the problem with s as a map background, nil if none:
// it must be a PNG, JPEG or WebP data URL whose header reads as the kind
// its prefix names, of at most MaxBackgroundPixels that decode in at most
// MaxBackgroundDecode bytes. Only the header is read.
func CheckBackground(s string) error {
	h, err := ReadImageHeader(s)
	if err != nil {
		return err
	}
	return h.CheckBackground()
}

// CheckBackground is the problem with an image of header h as a map
// background (its size and decode cost), nil if none.
func (h ImageHeader) CheckBackground() error {
	if h.Width < 1 || h.Height < 1 || h.Pixels() > MaxBackgroundPixels {
		return fmt.Errorf("is %dx%d pixels; at least 1 and at most %d million pixels (8192 x 8192) are allowed", h.Width, h.Height, MaxBackgroundPixels>>20)
	}
	if h.DecodeBytes > MaxBackgroundDecode {
		return fmt.Errorf("is %s of %dx%d pixels, which takes %d MiB to decode; at most %d MiB are allowed: %s",
			h.Kind, h.Width, h.Height, mib(h.DecodeBytes), MaxBackgroundDecode>>20, h.cheaper())
	}
	return nil
}

// cheaper says how to save the image so that it decodes in less memory.
func (h ImageHeader) cheaper() string {
	switch {
	case strings.Contains(h.Kind, "16-bit"):
		return "save it with 8 bits a channel, or make it smaller"
	case strings.Contains(h.Kind, "interlaced"):
		return "save it without interlacing, or make it smaller"
	case strings.Contains(h.Kind, "progressive"):
		return "save it as a baseline (not progressive) JPEG, or make it smaller"
	case strings.Contains(h.Kind, "transparency"):
		return "save it without transparency, or make it smaller"
	}
	return "make it smaller"
}

// checkTokenImage is the problem with a token's image, nil if none.
func checkTokenImage(s string) error {
	return tokenImageProblem(ReadImageHeader(s))
}

// tokenImageProblem is checkTokenImage's verdict on a header read.
func tokenImageProblem(h ImageHeader, err error) error {
	switch {
	case err != nil:
		return err
	case h.Width < 1 || h.Height < 1:
		return fmt.Errorf("the image is %dx%d pixels; it needs at least 1 a side", h.Width, h.Height)
	case h.Width > MaxImageSide || h.Height > MaxImageSide:
		return fmt.Errorf("the image is %dx%d pixels; at most %d a side are allowed", h.Width, h.Height, MaxImageSide)
	}
	return nil
}

// portraitBudget adds up the pixels of the distinct token images of an
// encounter, each counted once however many tokens show it.
type portraitBudget struct {
	seen   map[string]bool
	pixels int64
	// the headers of the images check found valid: each distinct image's
	// is read once, however many tokens show it
	headers map[string]ImageHeader
}

// check is checkTokenImage for s, reading each distinct image's header
// once (Validate: 5,000 tokens may share one picture).
func (b *portraitBudget) check(s string) error {
	if _, ok := b.headers[s]; ok {
		return nil
	}
	h, err := ReadImageHeader(s)
	if err := tokenImageProblem(h, err); err != nil {
		return err
	}
	if b.headers == nil {
		b.headers = map[string]ImageHeader{}
	}
	b.headers[s] = h
	return nil
}

// add counts image s (a valid token image, or ""), unless the images
// counted would pass MaxPortraitPixels with it, which is an error.
func (b *portraitBudget) add(s string) error {
	if s == "" || b.seen[s] {
		return nil
	}
	h, ok := b.headers[s]
	if !ok {
		h, _ = ReadImageHeader(s)
	}
	if total := b.pixels + h.Pixels(); total > MaxPortraitPixels {
		return fmt.Errorf("with this one the tokens' images come to %.1f million pixels (each distinct image counted once); at most %.1f million are allowed (64 images of 2048x2048, 1024 of 512x512): use smaller images, or one image for tokens that look alike",
			float64(total)/1e6, float64(MaxPortraitPixels)/1e6)
	}
	if b.seen == nil {
		b.seen = map[string]bool{}
	}
	b.seen[s], b.pixels = true, b.pixels+h.Pixels()
	return nil
}

// DropUnusableImages removes from e the images Validate would refuse: a
// background that does not read as an image or is over the background
// limits, MaxBackgroundBytes among them (with its placement), and a token image that does not read or
// passes MaxPortraitPixels with the ones before it. It returns what it
// removed, one message each naming the field, nil when nothing. The store
// calls it when it loads an encounter, so that one saved before a limit
// existed, or damaged, still opens, saves and exports, and the GM is told
// what was left out rather than losing the encounter.
func DropUnusableImages(e *Encounter) []string {
	var out []string
	if e.Background != "" {
		err := backgroundSize(e.Background) // the app's map image import once took up to 256 MiB
		if err == nil {
			err = CheckBackground(e.Background)
		}
		if err != nil {
			out = append(out, fieldErr("map.background", "%v; the image is left out", err).Error())
			e.Background, e.Placement = "", nil
		}
	}
	var portraits portraitBudget
	for i := range e.Tokens {
		t := &e.Tokens[i]
		if t.Image == "" {
			continue
		}
		err := checkTokenImage(t.Image)
		if err == nil {
			err = portraits.add(t.Image)
		}
		if err != nil {
			out = append(out, tokenErr(i, t.Name, "image", "%v; the image is left out", err).Error())
			t.Image = ""
		}
	}
	return out
}
