package export

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"math"

	"golang.org/x/image/webp"

	"encounterplanner/model"
)

// MaxMapImageBytes bounds the file ReadMapImage reads: the largest map
// image an encounter holds (model.MaxBackgroundBytes, 64 MiB), so that
// every map read fits an encounter file; an 8000 x 8000 battle map is some
// 10 to 20 MB as JPEG or WebP.
const MaxMapImageBytes = model.MaxBackgroundBytes

// MapImage is a battle map image read for an encounter's background.
type MapImage struct {
	// DataURL is the file as model.Encounter.Background stores it,
	// data:image/png|jpeg|webp;base64,...: the file's own bytes, checked to
	// decode, so a JPEG stays a small JPEG and nothing is re-compressed.
	DataURL string
	Format  string      // "png", "jpeg" or "webp"
	Image   image.Image // the decoded pixels, for DetectGrid and a preview
}

// Size is the image's width and height in pixels.
func (m *MapImage) Size() (w, h int) {
	b := m.Image.Bounds()
	return b.Dx(), b.Dy()
}

// MapSize is the map that placement p makes of the image: the whole squares
// of p.PxPerSquare pixels the image covers right of and below its pixel
// (p.X, p.Y), at most model.MaxMapSide a side. It is an error, naming the
// field, when p is not a valid placement or the image covers no whole
// square under it.
func (m *MapImage) MapSize(p model.BackgroundPlacement) (w, h int, err error) {
	iw, ih := m.Size()
	return mapSize(iw, ih, p)
}

func mapSize(iw, ih int, p model.BackgroundPlacement) (w, h int, err error) {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	if !finite(p.PxPerSquare) || p.PxPerSquare <= 0 || p.PxPerSquare > model.MaxPxPerSquare {
		return 0, 0, bad("map.backgroundPlacement.pxPerSquare", "must be more than 0 and at most %d pixels, not %v", model.MaxPxPerSquare, p.PxPerSquare)
	}
	if !finite(p.X) || !finite(p.Y) || p.X <= -float64(iw) || p.Y <= -float64(ih) || p.X >= float64(iw) || p.Y >= float64(ih) {
		return 0, 0, bad("map.backgroundPlacement", "the map's top-left corner (%v, %v) must lie on the %dx%d pixel image", p.X, p.Y, iw, ih)
	}
	// A square whose far side lies within 1/1000 pixel of the image's edge
	// is whole: 700 pixels from x 35 are 10 squares of 70.
	whole := func(size int, from float64) int {
		return int(math.Floor((float64(size)-from)/p.PxPerSquare + 1e-3/p.PxPerSquare))
	}
	w, h = whole(iw, p.X), whole(ih, p.Y)
	if w < 1 || h < 1 {
		return 0, 0, bad("map.backgroundPlacement.pxPerSquare", "%v pixels a square from (%v, %v) leave no whole square on the %dx%d pixel image", p.PxPerSquare, p.X, p.Y, iw, ih)
	}
	return min(w, model.MaxMapSide), min(h, model.MaxMapSide), nil
}

// SquarePixels is the rectangle of image pixels that square (x, y) of the
// map covers under placement p, its corners rounded to whole pixels: with
// 70 pixels a square from (35, 35), square (0, 0) is (35,35)-(105,105).
func SquarePixels(p model.BackgroundPlacement, x, y int) image.Rectangle {
	at := func(o float64, n int) int { return int(math.Round(o + float64(n)*p.PxPerSquare)) }
	return image.Rect(at(p.X, x), at(p.Y, y), at(p.X, x+1), at(p.Y, y+1))
}

// ReadMapImage reads a PNG, JPEG or WebP battle map from r, at most
// MaxMapImageBytes: the kind from its first bytes, the size and decode cost
// from its header (see checkMapImage: an 8000 x 8000 map is fine, and a
// hostile header allocates nothing), then the pixels. It calls progress (when not nil, from the calling goroutine) with
// the fraction of the file decoded so far, from 0 to 1, and stops with
// ctx's error when ctx is done. Memory: the file, its data URL (4/3 of the
// file) and the decoded image (at most model.MaxBackgroundDecode; 4 bytes a
// pixel for an 8-bit PNG and lossless WebP, 1.5 for JPEG and lossy WebP).
// Run it off the UI goroutine.
//
// Every problem with the image is an error wrapping model.ErrInvalid that
// names the field "image".
func ReadMapImage(ctx context.Context, r io.Reader, progress func(float64)) (*MapImage, error) {
	data, err := readAllSized(r, MaxMapImageBytes+1)
	if err != nil {
		return nil, fmt.Errorf("import image: %w", err)
	}
	if len(data) > MaxMapImageBytes {
		return nil, bad("image", "the file is larger than %d MiB", MaxMapImageBytes>>20)
	}
	cfg, err := checkMapImage(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	kind := cfg.Format
	name, decode := decoderOf(kind)
	if progress != nil {
		progress(0)
	}
	img, err := decode(&progressReader{ctx: ctx, r: bytes.NewReader(data), n: len(data), progress: progress})
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	if err != nil {
		return nil, bad("image", "is not a readable %s: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		return nil, bad("image", "decodes as %dx%d pixels, but its header says %dx%d", b.Dx(), b.Dy(), cfg.Width, cfg.Height)
	}
	url := dataURL(kind, data)
	if progress != nil {
		progress(1)
	}
	return &MapImage{DataURL: url, Format: kind, Image: img}, nil
}

// checkMapImage reads the header of a PNG, JPEG or WebP map image file
// from r and checks it as a background (model.ImageHeader.CheckBackground: at
// most model.MaxBackgroundPixels, decoding in at most
// model.MaxBackgroundDecode bytes), before any pixel is allocated. Every
// problem is an error naming the field "image".
func checkMapImage(r io.Reader) (model.ImageHeader, error) {
	h, err := model.ReadImageFileHeader(r)
	if err != nil {
		return h, bad("image", "%v", err)
	}
	if err := h.CheckBackground(); err != nil {
		return h, bad("image", "%v", err)
	}
	return h, nil
}

// decoderOf is the name and decoder of an image format ("png", "jpeg",
// "webp").
func decoderOf(format string) (name string, decode func(io.Reader) (image.Image, error)) {
	switch format {
	case "png":
		return "PNG", png.Decode
	case "jpeg":
		return "JPEG", jpeg.Decode
	}
	return "WebP", webp.Decode
}

// readAllSized reads r to its end, at most limit bytes, into one buffer of
// the right size when r can tell its size (a file, a bytes.Reader): a 100
// MB file read by io.ReadAll would allocate some 300 MB as its buffer grows.
func readAllSized(r io.Reader, limit int64) ([]byte, error) {
	size := sizeHint(r)
	if size < 0 || size >= limit {
		return io.ReadAll(io.LimitReader(r, limit))
	}
	lr := io.LimitReader(r, limit)
	buf := make([]byte, size+1) // +1: room to see the end
	n, err := io.ReadFull(lr, buf)
	switch err {
	case io.EOF, io.ErrUnexpectedEOF:
		return buf[:n], nil
	case nil: // it grew since: read the rest
		rest, err := io.ReadAll(lr)
		return append(buf, rest...), err
	}
	return nil, err
}

// sizeHint is the size of what r holds when it can tell (a file, a
// bytes.Reader), else -1.
func sizeHint(r io.Reader) int64 {
	switch v := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	case interface{ Len() int }:
		return int64(v.Len())
	}
	return -1
}

// progressReader reports how much of n bytes has been read, at most every
// 1/256 of them, and fails once ctx is done.
type progressReader struct {
	ctx      context.Context
	r        io.Reader
	n, read  int
	last     int
	progress func(float64)
}

func (p *progressReader) Read(b []byte) (int, error) {
	if err := p.ctx.Err(); err != nil {
		return 0, err
	}
	k, err := p.r.Read(b)
	p.read += k
	if p.progress != nil && (p.read-p.last)*256 >= p.n {
		p.last = p.read
		p.progress(math.Min(float64(p.read)/float64(p.n), 1))
	}
	return k, err
}

// ImportImage reads a PNG, JPEG or WebP battle map (see ReadMapImage) and
// places it with p: it returns the background as model.Encounter.Background
// stores it (set Placement to &p with it) and the map's size in squares
// (see MapImage.MapSize).
func ImportImage(r io.Reader, p model.BackgroundPlacement) (background string, w, h int, err error) {
	m, err := ReadMapImage(context.Background(), r, nil)
	if err != nil {
		return "", 0, 0, err
	}
	if w, h, err = m.MapSize(p); err != nil {
		return "", 0, 0, err
	}
	return m.DataURL, w, h, nil
}
