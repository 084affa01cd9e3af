package storage

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"

	"encounterplanner/model"
)

// The terrain column holds the grid as one byte per square, row by row (the
// eight trait bits of model.Terrain), after a one-byte tag saying how those
// bytes are kept. A 1000x1000 map is 1 MB raw and far less deflated: maps
// are mostly open ground with runs of walls.
const (
	terrainRaw   byte = 0 // the bytes as they are (tiny maps, where flate only adds)
	terrainFlate byte = 1 // the bytes through compress/flate
)

var flateWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed)
	return w
}}

var flateReaders = sync.Pool{New: func() any { return flate.NewReader(nil) }}

// encodeTerrain packs g. Validate has checked that every square's traits
// fit in the 8 known bits.
func encodeTerrain(g *model.Grid) []byte {
	raw := make([]byte, 1+len(g.Cells))
	raw[0] = terrainRaw
	for i, t := range g.Cells {
		raw[1+i] = byte(t)
	}
	var buf bytes.Buffer
	buf.Grow(len(raw)/4 + 16)
	buf.WriteByte(terrainFlate)
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
	var sq []byte
	switch data[0] {
	case terrainRaw:
		sq = data[1:]
		if len(sq) != n {
			return model.Grid{}, fmt.Errorf("the terrain data holds %d squares, expected %d", len(sq), n)
		}
	case terrainFlate:
		fr := flateReaders.Get().(io.ReadCloser)
		defer flateReaders.Put(fr)
		fr.(flate.Resetter).Reset(bytes.NewReader(data[1:]), nil)
		sq = make([]byte, n)
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
	for i, b := range sq {
		g.Cells[i] = model.Terrain(b)
	}
	return g, nil
}
