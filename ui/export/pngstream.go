package export

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"io"
)

// pngWriter encodes an opaque 8-bit RGB PNG row by row: each row is
// filtered ("Up": the difference from the row above, which turns the
// repeated rows of a square into zeros) and deflated as it arrives, and the
// compressed bytes leave in IDAT chunks of at most idatSize. Memory: two
// rows and one chunk.
type pngWriter struct {
	w         *bufio.Writer
	err       error
	zw        *zlib.Writer
	idat      []byte
	prev, cur []byte // the filter byte, then R, G, B per pixel
	out       []byte
}

const idatSize = 256 << 10

func newPNGWriter(w io.Writer, width, height int) *pngWriter {
	p := &pngWriter{w: bufio.NewWriterSize(w, 64<<10), prev: make([]byte, 1+3*width), cur: make([]byte, 1+3*width), out: make([]byte, 1+3*width)}
	p.write([]byte("\x89PNG\r\n\x1a\n"))
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, truecolour
	p.chunk("IHDR", ihdr[:])
	p.zw, _ = zlib.NewWriterLevel(p, zlib.BestSpeed)
	return p
}

func (p *pngWriter) write(b []byte) {
	if p.err == nil {
		_, p.err = p.w.Write(b)
	}
}

func (p *pngWriter) chunk(typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	p.write(n[:])
	p.write([]byte(typ))
	p.write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	p.write(n[:])
}

// Write takes compressed bytes from the zlib writer into IDAT chunks.
func (p *pngWriter) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		k := min(len(b), idatSize-len(p.idat))
		p.idat = append(p.idat, b[:k]...)
		b = b[k:]
		if len(p.idat) == idatSize {
			p.chunk("IDAT", p.idat)
			p.idat = p.idat[:0]
		}
	}
	return n, p.err
}

// row adds one row of opaque RGBA pixels.
func (p *pngWriter) row(rgba []byte) {
	if p.err != nil {
		return
	}
	c := p.cur[1:]
	for i, j := 0, 0; j < len(c); i, j = i+4, j+3 {
		c[j], c[j+1], c[j+2] = rgba[i], rgba[i+1], rgba[i+2]
	}
	p.out[0] = 2 // Up
	o, pr := p.out[1:], p.prev[1:]
	for i := range c {
		o[i] = c[i] - pr[i]
	}
	if _, err := p.zw.Write(p.out); err != nil && p.err == nil {
		p.err = err
	}
	p.prev, p.cur = p.cur, p.prev
}

// close ends the image and flushes it.
func (p *pngWriter) close() error {
	if err := p.zw.Close(); err != nil && p.err == nil {
		p.err = err
	}
	if len(p.idat) > 0 {
		p.chunk("IDAT", p.idat)
	}
	p.chunk("IEND", nil)
	if p.err == nil {
		p.err = p.w.Flush()
	}
	return p.err
}
