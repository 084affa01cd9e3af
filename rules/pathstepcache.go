package rules

import "encounterplanner/model"

// stepCache keeps, for pathStrides' searches (pathTight, the flood, the
// label search backwards and its walk), what mover.try worked out for each
// step of a space of 2 squares or more: the label search backwards tries a
// step once per label of the state it leads to (up to two parities times
// the Strides after), and the flood tries the same steps forwards, so on
// the pf1e Large-token benchmark pair about three in four tries repeat
// one, each O(k) loads in the map's strips of rows. A step's byte: 0 not
// yet worked out, stepRefused when try refuses it, else stepOK with the
// hazardous squares entered (bits 0-3: at most 2k-1 = 11), the level
// (bits 4-5) and stepThreat. A position's eight bytes share a word; the
// words set are listed, and cleared when the next query begins (no clear
// of the whole map).
type stepCache struct {
	w       []uint64
	touched []int32
	on      bool // the query's space is big enough for the cache to pay
}

const (
	stepOK      = 0x80
	stepThreat  = 0x40
	stepRefused = 0xFF // haz 15 is more than any space enters
)

// resetSteps readies the cache for the query s.m: empty, and on for a
// space of 2 squares or more (a one-square step is one load already).
func (s *searcher) resetSteps() {
	c := &s.strides.sc
	m := &s.m
	for _, p := range c.touched {
		c.w[p] = 0
	}
	c.touched = c.touched[:0]
	c.on = m.k > 1
	if c.on && len(c.w) < m.W*m.H {
		c.w = make([]uint64, m.W*m.H)
	}
}

// pathTry is mover.try for pathStrides' searches, through the cache.
func (s *searcher) pathTry(x, y, d int) (npos int, lvl uint8, haz int, threat, ok bool) {
	c := &s.strides.sc
	m := &s.m
	if !c.on {
		return m.try(x, y, d)
	}
	pos := y*m.W + x
	wd := c.w[pos]
	sh := uint(d) * 8
	b := uint8(wd >> sh)
	if b == 0 {
		var np int
		np, lvl, haz, threat, ok = m.try(x, y, d)
		b = stepRefused
		if ok {
			b = stepOK | uint8(haz) | lvl<<4
			if threat {
				b |= stepThreat
			}
		}
		if wd == 0 {
			c.touched = append(c.touched, int32(pos))
		}
		c.w[pos] = wd | uint64(b)<<sh
		return np, lvl, haz, threat, ok
	}
	if b == stepRefused {
		return 0, 0, 0, false, false
	}
	return pos + model.Dir[d][1]*m.W + model.Dir[d][0], (b >> 4) & 3, int(b & 15), b&stepThreat != 0, true
}
