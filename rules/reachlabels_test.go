package rules

import "encounterplanner/model"

// The label searches reachLayers replaced, kept as the references the
// cross-checks compare the fast searches with (reachlayers_test.go,
// reachfast_test.go).

// growStates readies grow's buffers and the states of a reference label
// search over layers Strides.
func (s *searcher) growStates(layers int) {
	s.grow()
	if n := s.m.W * s.m.H * 2 * layers; len(s.st) < n {
		s.st = make([]stInfo, n)
	}
}

// reachLabels is the label search reachLayers replaced, kept as the
// reference TestReachLayersMatchesLabelSearch compares with. The search
// state is (Stride, position, diagonal parity) with, per state, the labels
// (c, T) no other beats in both (c spent in the Stride, T in all); Strides
// are searched in order, labels leave a bucket queue by T. In the last
// Stride a parity-1 label is also compared with the other parity.
func (s *searcher) reachLabels() {
	m := &s.m
	s.growStates(m.layers)
	s.minX, s.minY, s.maxX, s.maxY = m.W, m.H, -1, -1
	if m.budget <= 0 {
		return
	}
	W := m.W
	// States are indexed inside the box (the search never leaves it), so
	// the per-Stride state arrays stay small and warm in cache.
	bw, bh := m.bx1-m.bx0+1, m.by1-m.by0+1
	n2 := int32(bw * bh * 2)
	var off, boff, offY, offX [8]int32
	var isDiag [8]bool
	for d := 0; d < 8; d++ {
		off[d] = int32(model.Dir[d][1]*W + model.Dir[d][0])
		boff[d] = int32(model.Dir[d][1]*bw + model.Dir[d][0])
		offY[d], offX[d] = int32(model.Dir[d][1]*W), int32(model.Dir[d][0])
		isDiag[d] = model.Dir[d][0] != 0 && model.Dir[d][1] != 0
	}
	gen := s.gen
	B := m.budget
	sx, sy := m.start%W, m.start/W
	s.src = append(s.src[:0], srcEnt{int32(((sy-m.by0)*bw+sx-m.bx0)*2) + int32(m.par0), 0})
	for layer := 0; layer < m.layers; layer++ {
		lo := int32(layer) * n2
		sts := s.st[lo : lo+n2]
		s.nxt = s.nxt[:0]
		last := layer+1 == m.layers
		src := s.src
		si := 0
		count := 0
		T := src[0].t
		for {
			for si < len(src) && src[si].t == T {
				b := &s.buckets[T&(nBuckets-1)]
				*b = append(*b, qent{src[si].st, 0})
				count++
				si++
			}
			b := &s.buckets[T&(nBuckets-1)]
			if len(*b) == 0 {
				if count == 0 {
					if si == len(src) {
						break
					}
					T = src[si].t
				} else {
					T++
				}
				continue
			}
			ent := (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			count--
			st, c := ent.st, ent.c
			si := &sts[st]
			if si.stamp == gen && si.minC <= c {
				continue
			}
			p := uint8(st & 1)
			// Across parities a label dominates only in the last Stride:
			// a later Stride's fresh budget can favour either parity.
			if o := &sts[st^1]; last && o.stamp == gen {
				if p == 1 && o.minC <= c {
					continue
				}
				if p == 0 && o.minC+1 <= c && o.lastT+1 <= T {
					continue
				}
			}
			first := si.stamp != gen
			si.stamp, si.minC, si.lastT = gen, c, T
			bpos := st >> 1
			x, y := int(bpos)%bw+m.bx0, int(bpos)/bw+m.by0
			pos := y*W + x
			if first {
				leg := s.legal(pos)
				if leg&legFinal != 0 && pos != m.start && s.posStamp[pos] != gen {
					s.posStamp[pos] = gen
					s.resAct[pos] = uint8(layer + 1)
					s.resT[pos] = T
					s.minX, s.maxX = min(s.minX, x), max(s.maxX, x)
					s.minY, s.maxY = min(s.minY, y), max(s.maxY, y)
				}
				if !last && leg&legStop != 0 {
					s.nxt = append(s.nxt, srcEnt{st, T})
				}
			}
			if m.k == 1 {
				// Fast path for a one-square space.
				interior := x > 0 && y > 0 && x < W-1 && y < m.H-1
				var eb uint8 // the steps blocking edges refuse
				if m.es.on {
					eb = m.es.eb[pos]
				}
				for d := 0; d < 8; d++ {
					if eb&(1<<d) != 0 {
						continue
					}
					if !interior {
						nx, ny := x+model.Dir[d][0], y+model.Dir[d][1]
						if uint(nx) >= uint(W) || uint(ny) >= uint(m.H) {
							continue
						}
					}
					np := int32(pos) + off[d]
					cl := m.cells[np]
					if cl&cBlock != 0 {
						continue
					}
					lvl := (cl & (cLvl0 | cLvl1)) >> lvlShift
					var w int32
					q := p
					if isDiag[d] {
						// Both squares passed between are on the map
						// when the step lands on it.
						a := m.cells[int32(pos)+offY[d]]&cDiag != 0
						bb := m.cells[int32(pos)+offX[d]]&cDiag != 0
						if m.kind == kindPF1E {
							if a || bb {
								continue
							}
						} else if a && bb {
							continue
						}
						w, q = stepCost(m.kind, true, p, lvl)
					} else {
						w, q = stepCost(m.kind, false, p, lvl)
					}
					nc := c + w
					if nc > B {
						continue
					}
					nst := (bpos+boff[d])*2 + int32(q)
					n := &sts[nst]
					if n.stamp == gen && n.minC <= nc {
						continue
					}
					if n.pstamp == gen && n.pc <= nc && n.pt <= T+w {
						continue
					}
					if last {
						// Push-time check against the other parity too.
						if o := &sts[nst^1]; o.stamp == gen &&
							((q == 1 && o.minC <= nc) || (q == 0 && o.minC+1 <= nc && o.lastT+1 <= T+w)) {
							continue
						}
					}
					if n.pstamp != gen || nc < n.pc {
						n.pstamp, n.pc, n.pt = gen, nc, T+w
					}
					nb := &s.buckets[(T+w)&(nBuckets-1)]
					*nb = append(*nb, qent{nst, nc})
					count++
				}
				continue
			}
			for d := 0; d < 8; d++ {
				_, lvl, _, _, ok := m.try(x, y, d)
				if !ok {
					continue
				}
				w, q := stepCost(m.kind, isDiag[d], p, lvl)
				nc := c + w
				if nc > B {
					continue
				}
				nst := (bpos+boff[d])*2 + int32(q)
				n := &sts[nst]
				if n.stamp == gen && n.minC <= nc {
					continue
				}
				if n.pstamp == gen && n.pc <= nc && n.pt <= T+w {
					continue
				}
				if n.pstamp != gen || nc < n.pc {
					n.pstamp, n.pc, n.pt = gen, nc, T+w
				}
				nb := &s.buckets[(T+w)&(nBuckets-1)]
				*nb = append(*nb, qent{nst, nc})
				count++
			}
		}
		if last || len(s.nxt) == 0 {
			break
		}
		s.src, s.nxt = s.nxt, s.src
	}
}

// reach1 is reach for a single Stride or move action of a space larger
// than one square (reachFast takes a one-square space; TestReachFast
// compares the two). With one Stride the movement spent is the total
// (c = T), and with no later fresh budget a label of parity 1 is
// worth one square less than a label of parity 0 (its next diagonals cost at
// most one more in all), so a position needs one label, not one per parity:
// (T, p) is beaten by a settled (T', p') when T' + [p' = 1 and p = 0] <= T.
//
// Dial's algorithm over positions: time O(A * 8k) for A positions reached
// (a position is expanded at most twice: a parity-1 label, then a parity-0
// label of the same total), memory two words per square (the settled label
// and the best pushed, which spares pushes it beats), reused; zero
// allocations after warm-up.
func (s *searcher) reach1() {
	m := &s.m
	s.grow()
	n := m.W * m.H
	if len(s.one) < n {
		s.one = make([]uint64, n)
	}
	s.minX, s.minY, s.maxX, s.maxY = m.W, m.H, -1, -1
	W := m.W
	one := s.one[:n]
	// Clear the box the search can touch (cheaper than a generation test
	// on every neighbour).
	for y := m.by0; y <= m.by1; y++ {
		clear(one[y*W+m.bx0 : y*W+m.bx1+1])
	}
	if m.budget <= 0 {
		return
	}
	B := min(m.budget, oneMaxT)
	for i := range s.buckets {
		s.buckets[i] = s.buckets[i][:0]
	}
	s.buckets[0] = append(s.buckets[0], qent{int32(m.start*2) + int32(m.par0), 0})
	count := 1
	var T int32
	for count > 0 {
		b := &s.buckets[T&(nBuckets-1)]
		if len(*b) == 0 {
			T++
			continue
		}
		ent := (*b)[len(*b)-1]
		*b = (*b)[:len(*b)-1]
		count--
		pos := ent.st >> 1
		p := uint8(ent.st & 1)
		v := one[pos]
		if beats(v>>24, T, p) {
			continue
		}
		ipos := int(pos)
		x, y := ipos%W, ipos/W
		if (v>>24)&oneMask == 0 {
			s.minX, s.maxX = min(s.minX, x), max(s.maxX, x)
			s.minY, s.maxY = min(s.minY, y), max(s.maxY, y)
		}
		one[pos] = v&^(oneMask<<24) | oneLabel(T, p)<<24
		for d := 0; d < 8; d++ {
			npos, lvl, _, _, ok := m.try(x, y, d)
			if !ok {
				continue
			}
			w, q := stepCost(m.kind, isDiagDir(d), p, lvl)
			if T+w > B {
				continue
			}
			np := int32(npos)
			nv := one[np]
			if beats(nv, T+w, q) || beats(nv>>24, T+w, q) {
				continue
			}
			one[np] = nv&^oneMask | oneLabel(T+w, q)
			nb := &s.buckets[(T+w)&(nBuckets-1)]
			*nb = append(*nb, qent{np*2 + int32(q), T + w})
			count++
		}
	}
}

// A reach1 word: settled label (bits 24-47) | best pushed label (bits
// 0-23); a label is (T<<1 | parity) + 1, 0 for none. T stays below
// 2^23: a step costs at most 6 squares and a map has at most 10^6 squares,
// and the budget is capped there too.
const (
	oneMask = 1<<24 - 1
	oneMaxT = 1<<23 - 2
)

func oneLabel(t int32, p uint8) uint64 { return (uint64(t)<<1 | uint64(p)) + 1 }

// beats reports whether the label in the low 24 bits of v beats (t, p),
// without branches: "none" decodes as T = 2^23-1, beyond any budget.
func beats(v uint64, t int32, p uint8) bool {
	l := (v - 1) & oneMask
	return int32(l>>1)+int32(l&1&uint64(p^1)) <= t
}

// results1 appends reach1's answers: settled positions the move may end in.
func (s *searcher) results1(dst []Square) []Square {
	m := &s.m
	W, feet := m.W, m.feet
	for y := s.minY; y <= s.maxY; y++ {
		row := s.one[y*W+s.minX : y*W+s.maxX+1]
		for i, v := range row {
			if (v>>24)&oneMask == 0 {
				continue
			}
			x := s.minX + i
			pos := y*W + x
			if pos == m.start || (m.k == 1 && m.cells[pos]&cNoEnd != 0) || (m.k > 1 && s.legal(pos)&legFinal == 0) {
				continue
			}
			t := int(((v>>24)&oneMask - 1) >> 1)
			dst = append(dst, Square{X: x, Y: y, Cost: t * feet, Actions: 1})
		}
	}
	return dst
}
