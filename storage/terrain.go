package storage

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"

	"encounterplanner/model"
)

// The terrain column holds the grid row by row after a one-byte tag saying
// how the squares are kept. A map whose squares all carry only the first
// eight traits (wall to water) keeps one byte per square, as every database
// before doors and shallow water did, so an older app still opens it; a map
// with a door, an open door or shallow water keeps two bytes per square,
// little-endian (model.Terrain's bits). A 1000x1000 map is 1 or 2 MB raw and
// far less deflated: maps are mostly open ground with runs of walls.
const (
	terrainRaw     byte = 0 // one byte a square, as they are (tiny maps, where flate only adds)
	terrainFlate   byte = 1 // one byte a square, through compress/flate
	terrainRaw16   byte = 2 // two bytes a square, as they are
	terrainFlate16 byte = 3 // two bytes a square, through compress/flate
)

var flateWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed)
	return w
}}

var flateReaders = sync.Pool{New: func() any { return flate.NewReader(nil) }}

// encodeTerrain packs g. Validate has checked that every square's traits
// are known ones (model.TraitMask).
func encodeTerrain(g *model.Grid) []byte {
	wide := false
	for _, t := range g.Cells {
		if t > 0xff {
			wide = true
			break
		}
	}
	rawTag, flateTag, per := terrainRaw, terrainFlate, 1
	if wide {
		rawTag, flateTag, per = terrainRaw16, terrainFlate16, 2
	}
	raw := make([]byte, 1+per*len(g.Cells))
	raw[0] = rawTag
	for i, t := range g.Cells {
		if wide {
			raw[1+2*i] = byte(t)
			raw[2+2*i] = byte(t >> 8)
		} else {
			raw[1+i] = byte(t)
		}
	}
	var buf bytes.Buffer
	buf.Grow(len(raw)/4 + 16)
	buf.WriteByte(flateTag)
	fw := flateWriters.Get().(*flate.Writer)
	defer flateWriters.Put(fw)
	fw.Reset(&buf)
	// Writes to a bytes.Buffer cannot fail.
	fw.Write(raw[1:])
	fw.Close()
	if buf.Len() >= len(raw) {
		return raw
	}
	return buf.Bytes()
}

// decodeTerrain unpacks a w x h grid, refusing data of the wrong length, so
// damage shows as an error rather than a strange map.
func decodeTerrain(data []byte, w, h int) (model.Grid, error) {
	if w < 1 || h < 1 || w > model.MaxMapSide || h > model.MaxMapSide {
		return model.Grid{}, fmt.Errorf("the map size %dx%d is out of range", w, h)
	}
	if len(data) == 0 {
		return model.Grid{}, fmt.Errorf("the terrain data is empty")
	}
	n := w * h
	per := 1
	var sq []byte
	switch data[0] {
	case terrainRaw, terrainRaw16:
		if data[0] == terrainRaw16 {
			per = 2
		}
		sq = data[1:]
		if len(sq) != per*n {
			return model.Grid{}, fmt.Errorf("the terrain data holds %d squares, expected %d", len(sq)/per, n)
		}
	case terrainFlate, terrainFlate16:
		if data[0] == terrainFlate16 {
			per = 2
		}
		fr := flateReaders.Get().(io.ReadCloser)
		defer flateReaders.Put(fr)
		fr.(flate.Resetter).Reset(bytes.NewReader(data[1:]), nil)
		sq = make([]byte, per*n)
		if _, err := io.ReadFull(fr, sq); err != nil {
			return model.Grid{}, fmt.Errorf("the terrain data is damaged: %v", err)
		}
		var one [1]byte
		if k, err := fr.Read(one[:]); k != 0 || err != io.EOF {
			return model.Grid{}, fmt.Errorf("the terrain data holds more than %d squares", n)
		}
	default:
		return model.Grid{}, fmt.Errorf("unknown terrain format %d (written by a newer app?)", data[0])
	}
	g := model.Grid{W: w, H: h, Cells: make([]model.Terrain, n)}
	if per == 1 {
		for i, b := range sq {
			g.Cells[i] = model.Terrain(b)
		}
		return g, nil
	}
	for i := range g.Cells {
		t := model.Terrain(sq[2*i]) | model.Terrain(sq[2*i+1])<<8
		if t&^model.TraitMask != 0 {
			return model.Grid{}, fmt.Errorf("the terrain data is damaged: square %d has unknown traits %#x", i, uint16(t&^model.TraitMask))
		}
		g.Cells[i] = t
	}
	return g, nil
}
