package rules

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
	s.grow(1)
	n := m.W * m.H
	if len(s.one) < n {
		s.one = make([]uint64, n)
	}
	s.minX, s.minY, s.maxX, s.maxY = m.W, m.H, -1, -1
	s.oneRes = true
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
