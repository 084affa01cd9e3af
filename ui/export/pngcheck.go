// The chunk and row walk below follows Go's image/png reader
// (src/image/png/reader.go), whose copyright notice is:
//
// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package export

import (
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/crc32"
	"image/png"
	"io"
)

// checkPNG reads a PNG file from r as png.Decode does and returns the error
// png.Decode would return, without decoding a pixel: the chunks in their
// order with their checksums, the header's fields, every row's filter
// type and the exact amount of compressed pixel data (and its zlib
// checksum). A map image must decode (encounter-format.md), and this tells
// in a few tens of kilobytes what png.Decode tells with the whole image in
// memory (4 bytes a pixel: 243 MB for an 8192 x 7424 map). Its errors are
// png.Decode's, word for word (TestCheckPNGIsDecode). O(file) time.
func checkPNG(r io.Reader) error {
	c := &pngChecker{r: r, crc: crc32.NewIEEE()}
	if _, err := io.ReadFull(r, c.tmp[:8]); err != nil {
		return eofUnexpected(err)
	}
	if string(c.tmp[:8]) != "\x89PNG\r\n\x1a\n" {
		return png.FormatError("not a PNG file")
	}
	for c.stage != pngSeenIEND {
		if err := c.chunk(); err != nil {
			return eofUnexpected(err)
		}
	}
	return nil
}

func eofUnexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// The stages of a PNG file: IHDR, PLTE, tRNS, IDAT and IEND come in that
// order.
const (
	pngStart = iota
	pngSeenIHDR
	pngSeenPLTE
	pngSeentRNS
	pngSeenIDAT
	pngSeenIEND
)

// pngChecker is png.Decode's decoder without the image: what of the header
// the rows depend on.
type pngChecker struct {
	r                 io.Reader
	crc               hash.Hash32
	stage             int
	depth, colour     int // the header's bit depth and colour type
	bitsPerPixel      int
	width, height     int
	interlaced        bool
	idatLength        uint32
	tmp               [3 * 256]byte
	paletted, trueRGB bool
}

var errChunkOrder = png.FormatError("chunk out of order")

func (c *pngChecker) chunk() error {
	if _, err := io.ReadFull(c.r, c.tmp[:8]); err != nil {
		return err
	}
	length := binary.BigEndian.Uint32(c.tmp[:4])
	c.crc.Reset()
	c.crc.Write(c.tmp[4:8])
	switch string(c.tmp[4:8]) {
	case "IHDR":
		if c.stage != pngStart {
			return errChunkOrder
		}
		c.stage = pngSeenIHDR
		return c.ihdr(length)
	case "PLTE":
		if c.stage != pngSeenIHDR {
			return errChunkOrder
		}
		c.stage = pngSeenPLTE
		return c.plte(length)
	case "tRNS":
		switch {
		case c.paletted && c.stage != pngSeenPLTE,
			c.trueRGB && c.stage != pngSeenIHDR && c.stage != pngSeenPLTE,
			!c.paletted && !c.trueRGB && c.stage != pngSeenIHDR:
			return errChunkOrder
		}
		c.stage = pngSeentRNS
		return c.trns(length)
	case "IDAT":
		if c.stage < pngSeenIHDR || c.stage > pngSeenIDAT || c.stage == pngSeenIHDR && c.paletted {
			return errChunkOrder
		}
		if c.stage == pngSeenIDAT {
			break // a trailing IDAT: skipped, as any other chunk
		}
		c.stage = pngSeenIDAT
		c.idatLength = length
		if err := c.pixels(); err != nil {
			return err
		}
		return c.checksum()
	case "IEND":
		if c.stage != pngSeenIDAT {
			return errChunkOrder
		}
		c.stage = pngSeenIEND
		if length != 0 {
			return png.FormatError("bad IEND length")
		}
		return c.checksum()
	}
	if length > 0x7fffffff {
		return png.FormatError(fmt.Sprintf("Bad chunk length: %d", length))
	}
	for length > 0 {
		n, err := io.ReadFull(c.r, c.tmp[:min(len(c.tmp), int(length))])
		if err != nil {
			return err
		}
		c.crc.Write(c.tmp[:n])
		length -= uint32(n)
	}
	return c.checksum()
}

// data reads a chunk's n bytes of data into c.tmp, into its checksum.
func (c *pngChecker) data(n uint32) error {
	k, err := io.ReadFull(c.r, c.tmp[:n])
	c.crc.Write(c.tmp[:k])
	return err
}

func (c *pngChecker) checksum() error {
	if _, err := io.ReadFull(c.r, c.tmp[:4]); err != nil {
		return err
	}
	if binary.BigEndian.Uint32(c.tmp[:4]) != c.crc.Sum32() {
		return png.FormatError("invalid checksum")
	}
	return nil
}

func (c *pngChecker) ihdr(length uint32) error {
	if length != 13 {
		return png.FormatError("bad IHDR length")
	}
	if err := c.data(13); err != nil {
		return err
	}
	h := c.tmp[:13]
	switch {
	case h[10] != 0:
		return png.UnsupportedError("compression method")
	case h[11] != 0:
		return png.UnsupportedError("filter method")
	case h[12] > 1:
		return png.FormatError("invalid interlace method")
	}
	c.interlaced = h[12] == 1
	w, ht := int32(binary.BigEndian.Uint32(h[0:4])), int32(binary.BigEndian.Uint32(h[4:8]))
	if w <= 0 || ht <= 0 {
		return png.FormatError("non-positive dimension")
	}
	if n := int64(w) * int64(ht); n != int64(int(n)) || int(n) != int(n)*8/8 {
		return png.UnsupportedError("dimension overflow")
	}
	c.depth, c.colour = int(h[8]), int(h[9])
	// Bits a pixel by colour type (grey, -, RGB, palette, grey+alpha,
	// -, RGBA) at the depths each allows.
	channels := map[int]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[c.colour]
	ok := false
	switch c.depth {
	case 1, 2, 4:
		ok = c.colour == 0 || c.colour == 3
	case 8:
		ok = channels > 0
	case 16:
		ok = channels > 0 && c.colour != 3
	}
	if !ok {
		return png.UnsupportedError(fmt.Sprintf("bit depth %d, color type %d", h[8], h[9]))
	}
	c.bitsPerPixel = c.depth * channels
	c.paletted, c.trueRGB = c.colour == 3, c.colour == 2
	c.width, c.height = int(w), int(ht)
	return c.checksum()
}

func (c *pngChecker) plte(length uint32) error {
	np := int(length / 3)
	if length%3 != 0 || np <= 0 || np > 256 || np > 1<<uint(c.depth) {
		return png.FormatError("bad PLTE length")
	}
	if err := c.data(uint32(3 * np)); err != nil {
		return err
	}
	if !c.paletted && c.colour != 2 && c.colour != 6 {
		return png.FormatError("PLTE, color type mismatch")
	}
	return c.checksum()
}

func (c *pngChecker) trns(length uint32) error {
	switch {
	case c.colour == 0:
		if length != 2 {
			return png.FormatError("bad tRNS length")
		}
	case c.trueRGB:
		if length != 6 {
			return png.FormatError("bad tRNS length")
		}
	case c.paletted:
		if length > 256 {
			return png.FormatError("bad tRNS length")
		}
	default:
		return png.FormatError("tRNS, color type mismatch")
	}
	if err := c.data(length); err != nil {
		return err
	}
	return c.checksum()
}

// Read presents the IDAT chunks as one stream, as png.Decode's decoder
// does: each chunk's checksum checked at its end, and a chunk other than
// IDAT before the pixels are all read is too little pixel data.
func (c *pngChecker) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for c.idatLength == 0 {
		if err := c.checksum(); err != nil {
			return 0, err
		}
		if _, err := io.ReadFull(c.r, c.tmp[:8]); err != nil {
			return 0, err
		}
		c.idatLength = binary.BigEndian.Uint32(c.tmp[:4])
		if string(c.tmp[4:8]) != "IDAT" {
			return 0, png.FormatError("not enough pixel data")
		}
		c.crc.Reset()
		c.crc.Write(c.tmp[4:8])
	}
	if int(c.idatLength) < 0 {
		return 0, png.UnsupportedError("IDAT chunk length overflow")
	}
	n, err := c.r.Read(p[:min(len(p), int(c.idatLength))])
	c.crc.Write(p[:n])
	c.idatLength -= uint32(n)
	return n, err
}

// adam7 is each interlacing pass's step and offset: x, y, x0, y0.
var adam7 = [7][4]int{{8, 8, 0, 0}, {8, 8, 4, 0}, {4, 8, 0, 4}, {4, 4, 2, 0}, {2, 4, 0, 2}, {2, 2, 1, 0}, {1, 2, 0, 1}}

// pixels reads the compressed pixel data, row by row into one row's
// buffer: each row's filter type must be one of the five, the data must
// hold every row of every pass and end there, with its zlib checksum.
func (c *pngChecker) pixels() error {
	z, err := zlib.NewReader(c)
	if err != nil {
		return err
	}
	defer z.Close()
	passes := [][4]int{{1, 1, 0, 0}}
	if c.interlaced {
		passes = adam7[:]
	}
	for _, p := range passes {
		w := (c.width - p[2] + p[0] - 1) / p[0]
		h := (c.height - p[3] + p[1] - 1) / p[1]
		if w == 0 || h == 0 {
			continue // an empty pass has no rows, not even their filter bytes
		}
		rowSize := 1 + (int64(c.bitsPerPixel)*int64(w)+7)/8
		if rowSize != int64(int(rowSize)) {
			return png.UnsupportedError("dimension overflow")
		}
		row := make([]byte, rowSize)
		for y := 0; y < h; y++ {
			if _, err := io.ReadFull(z, row); err != nil {
				if err == io.EOF || err == io.ErrUnexpectedEOF {
					return png.FormatError("not enough pixel data")
				}
				return err
			}
			if row[0] > 4 {
				return png.FormatError("bad filter type")
			}
		}
	}
	// The end of the data, to check the zlib checksum.
	n := 0
	for i := 0; n == 0 && err == nil; i++ {
		if i == 100 {
			return io.ErrNoProgress
		}
		n, err = z.Read(c.tmp[:1])
	}
	if err != nil && err != io.EOF {
		return png.FormatError(err.Error())
	}
	if n != 0 || c.idatLength != 0 {
		return png.FormatError("too much pixel data")
	}
	return nil
}
