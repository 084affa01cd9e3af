package render

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"time"
	"unsafe"
)

// The base of a frame is everything under the tokens: terrain, grid, fog,
// edges, notes and the under overlays (threat, areas, reach, flank spots,
// cover lines). While a token is dragged only the path, the hover and the
// ghost change, so Draw keeps the base's pixels and, when the next frame
// has the same base, copies them instead of drawing them again.
//
// Whether two frames have the same base is decided by a fingerprint of
// what the base is drawn from: the whole encounter (walked field by field,
// so a field added to the model later is part of it without anyone
// remembering), the view, the image's size and the under overlays. A
// string longer than longString is fingerprinted by its address and
// length: strings are immutable, so the same address holds the same text
// (another address with the same text only costs a redraw).

// longString is the length from which a string (a background or a
// portrait's data URL) is fingerprinted by address rather than content.
const longString = 256

var baseSeed = maphash.MakeSeed()

// fingerprint hashes values of the model by reflection.
type fingerprint struct {
	h   maphash.Hash
	buf [8]byte
}

func (fp *fingerprint) u64(v uint64) {
	binary.LittleEndian.PutUint64(fp.buf[:], v)
	fp.h.Write(fp.buf[:])
}

var timeType = reflect.TypeOf(time.Time{})

// value adds v to the fingerprint: its kind's bits, recursively.
func (fp *fingerprint) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			fp.u64(1)
		} else {
			fp.u64(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fp.u64(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fp.u64(v.Uint())
	case reflect.Float32, reflect.Float64:
		fp.u64(math.Float64bits(v.Float()))
	case reflect.String:
		s := v.String()
		fp.u64(uint64(len(s)))
		if len(s) >= longString {
			fp.u64(uint64(uintptr(unsafe.Pointer(unsafe.StringData(s)))))
		} else {
			fp.h.WriteString(s)
		}
	case reflect.Slice:
		fp.u64(uint64(v.Len()))
		if v.IsNil() {
			fp.u64(0)
			return
		}
		fp.u64(1)
		if et := v.Type().Elem(); flat(et) {
			// a grid's cells, a fog mask, reached squares: their bytes
			// at once (a struct's padding may differ between equal
			// values, which only costs a redraw)
			if n := v.Len() * int(et.Size()); n > 0 {
				fp.h.Write(unsafe.Slice((*byte)(v.UnsafePointer()), n))
			}
			return
		}
		for i := 0; i < v.Len(); i++ {
			fp.value(v.Index(i))
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fp.value(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == timeType {
			return // when it was made or saved does not show
		}
		for i := 0; i < v.NumField(); i++ {
			fp.value(v.Field(i))
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			fp.u64(0)
			return
		}
		fp.u64(1)
		fp.value(v.Elem())
	case reflect.Map:
		// in any order: the sum of each entry's own hash
		fp.u64(uint64(v.Len()))
		var sum uint64
		if m, ok := mapOf[string, int](v); ok {
			// a token's Speeds, without reflection's copies
			for k, x := range m {
				var e fingerprint
				e.h.SetSeed(baseSeed)
				e.h.WriteString(k)
				e.u64(uint64(x))
				sum += e.h.Sum64()
			}
		} else {
			var it reflect.MapIter
			it.Reset(v)
			for it.Next() {
				var e fingerprint
				e.h.SetSeed(baseSeed)
				e.value(it.Key())
				e.value(it.Value())
				sum += e.h.Sum64()
			}
		}
		fp.u64(sum)
	}
}

// mapOf returns the map v holds when its type is map[K]V.
func mapOf[K comparable, V any](v reflect.Value) (map[K]V, bool) {
	if !v.CanInterface() {
		return nil, false
	}
	m, ok := v.Interface().(map[K]V)
	return m, ok
}

// flat reports whether values of t are plain bits (numbers and booleans,
// in arrays and structs), so a slice of them is hashed by its bytes.
func flat(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	case reflect.Array:
		return flat(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if !flat(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// frameKey is the fingerprint of what frame f's base is drawn from, for an
// image of w x h pixels.
func (r *Renderer) frameKey(f *frame, w, h int) uint64 {
	var fp fingerprint
	fp.h.SetSeed(baseSeed)
	fp.u64(uint64(w))
	fp.u64(uint64(h))
	// the view, every field, through a copy in the Renderer (reflecting
	// on the frame's own would move the frame to the heap)
	r.keyView = f.v
	fp.value(reflect.ValueOf(&r.keyView).Elem())
	fp.value(reflect.ValueOf(f.e).Elem())
	// the background as decoded (Draw's): none while it is decoded aside
	fp.u64(uint64(uintptr(unsafe.Pointer(r.bg))))
	if o := f.o; o != nil {
		// the overlays under() draws: reach, threat, areas, flank spots
		// and cover lines, and the selection they are drawn for; the
		// others (path, hover, ghost, warnings, ruler, flanks, collisions)
		// are drawn over the tokens on every frame
		fp.u64(1)
		fp.u64(uint64(o.Selected))
		fp.u64(uint64(o.ReachSpace))
		fp.value(reflect.ValueOf(&o.Reach).Elem())
		fp.value(reflect.ValueOf(&o.Threat).Elem())
		fp.value(reflect.ValueOf(&o.FlankSpots).Elem())
		fp.value(reflect.ValueOf(&o.Cover).Elem())
		fp.value(reflect.ValueOf(&o.Areas).Elem())
	}
	return fp.h.Sum64()
}

// keepBase copies the image's pixels as the base for key.
func (r *Renderer) keepBase(key uint64) {
	cv := &r.cv
	n := cv.w * 4 * cv.h
	if cap(r.base) < n {
		r.base = make([]uint8, n)
	}
	r.base = r.base[:n]
	for y := 0; y < cv.h; y++ {
		copy(r.base[y*cv.w*4:(y+1)*cv.w*4], cv.pix[y*cv.stride:y*cv.stride+cv.w*4])
	}
	r.baseKey, r.baseOK = key, true
}

// reuseBase copies the kept base into the image if it was kept for key.
func (r *Renderer) reuseBase(key uint64) bool {
	cv := &r.cv
	if !r.baseOK || r.baseKey != key || len(r.base) != cv.w*4*cv.h {
		return false
	}
	for y := 0; y < cv.h; y++ {
		copy(cv.pix[y*cv.stride:y*cv.stride+cv.w*4], r.base[y*cv.w*4:(y+1)*cv.w*4])
	}
	return true
}
