package render

import (
	"hash/maphash"
	"image"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"
)

// The decoded map images every Renderer shares. The editor's map, the
// player display and an export draw the same background string: an
// 8192 x 7424 image is 243 MB decoded and takes seconds to decode, so a
// Renderer that has not decoded it asks here first. An image is held only
// weakly: it lives while some Renderer keeps it in its own cache (its
// bgs), and its entry goes when it is collected. An image being decoded is
// shared as its bgLoad, so a second Renderer waits for that decode rather
// than starting its own.

// bgKey finds a shared image: the string's hash (bgHash) and length (the
// entry keeps the string itself to compare).
type bgKey struct {
	hash uint64
	n    int
}

type sharedBG struct {
	s    string                   // the background's data URL
	load *bgLoad                  // while it is decoded; nil once done
	img  weak.Pointer[image.RGBA] // once decoded (zero if it did not decode)
}

var shared struct {
	mu sync.Mutex
	m  map[bgKey]*sharedBG
}

// bgLoad is a background being decoded, by the goroutine of one Renderer
// (DecodeAside) or by one in its Draw: img is written before done is set
// and ch closed, and read only after; waiters are the DecodeAside
// callbacks of the Renderers that wait for it.
type bgLoad struct {
	done    atomic.Bool
	ch      chan struct{}
	img     *image.RGBA
	mu      sync.Mutex
	waiters []func()
}

// sharedBackground is the decoded image of s (hash sum) when some Renderer
// still holds it; else the decode of it under way, if any; else it
// registers a decode that the caller must run (decode then finish), and
// reports so with start.
func sharedBackground(s string, sum uint64) (img *image.RGBA, load *bgLoad, start bool) {
	k := bgKey{sum, len(s)}
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if e := shared.m[k]; e != nil && e.s == s {
		if e.load != nil {
			return nil, e.load, false
		}
		if img := e.img.Value(); img != nil {
			return img, nil, false
		}
	}
	if shared.m == nil {
		shared.m = map[bgKey]*sharedBG{}
	}
	load = &bgLoad{ch: make(chan struct{})}
	shared.m[k] = &sharedBG{s: s, load: load}
	return nil, load, true
}

// bgSeed seeds bgHash: one per process, as the hashes are never stored.
var bgSeed = maphash.MakeSeed()

// bgHash is the hash a background string is shared and cached by.
func bgHash(s string) uint64 { return maphash.String(bgSeed, s) }

// decodes counts the decodes (tests).
var decodes atomic.Int64

// decode decodes s into l, shares the result and tells the waiters.
func (l *bgLoad) decode(s string, sum uint64) {
	decodes.Add(1)
	l.img = DecodeBackground(s)
	k := bgKey{sum, len(s)}
	shared.mu.Lock()
	if e := shared.m[k]; e != nil && e.load == l {
		if l.img == nil {
			delete(shared.m, k)
		} else {
			e.load, e.img = nil, weak.Make(l.img)
			runtime.AddCleanup(l.img, forgetBackground, k)
		}
	}
	shared.mu.Unlock()
	l.mu.Lock()
	l.done.Store(true)
	close(l.ch)
	ws := l.waiters
	l.waiters = nil
	l.mu.Unlock()
	for _, w := range ws {
		w()
	}
}

// forgetBackground drops the entry of a collected image (unless another
// decode of the same string has taken its place).
func forgetBackground(k bgKey) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if e := shared.m[k]; e != nil && e.load == nil && e.img.Value() == nil {
		delete(shared.m, k)
	}
}

// wait blocks until l is decoded.
func (l *bgLoad) wait() { <-l.ch }

// notify calls ready once l is decoded: now, from the caller, when it is.
func (l *bgLoad) notify(ready func()) {
	l.mu.Lock()
	if !l.done.Load() {
		l.waiters = append(l.waiters, ready)
		l.mu.Unlock()
		return
	}
	l.mu.Unlock()
	ready()
}
