package rules

// The label-setting multi-Stride path search that pathStrides replaced:
// labels compared by (cost, hazards, reactions) and, on ties, by walking
// their direction chains. Slow on open maps, obviously right, and kept as
// the reference TestPathStridesMatchesLabelSearch compares with.

import (
	"slices"

	"encounterplanner/model"
)

// pathN is path with at most n Strides.
func (s *searcher) pathN(target, n int) int32 {
	m := &s.m
	n2 := m.W * m.H * 2
	tx, ty := target%m.W, target/m.W
	s.labels = append(s.labels[:0], plabel{st: int32(m.start*2) + int32(m.par0), parent: -1, next: -1, dir: -1})
	seeds := append(s.seeds[:0], 0)
	defer func() { s.seeds = seeds[:0] }()
	for layer := 0; layer < n; layer++ {
		for i := range s.pb {
			s.pb[i] = s.pb[i][:0]
		}
		for _, li := range seeds {
			s.pushLabel(li)
		}
		seeds = seeds[:0]
		last := layer+1 == n
		later := int32(n-1-layer) * m.budget // the Strides after this one
		lo := layer * n2
		for T := 0; T < len(s.pb); T++ {
			b := s.pb[T]
			if len(b) == 0 {
				continue
			}
			labels := s.labels
			slices.SortFunc(b, func(x, y int32) int {
				X, Y := &labels[x], &labels[y]
				if X.h != Y.h {
					return int(X.h - Y.h)
				}
				return int(X.r - Y.r)
			})
			found := int32(-1)
			for bi := 0; bi < len(b); bi++ {
				li := b[bi]
				L := s.labels[li]
				if found >= 0 {
					// The rest of the target's bucket: an equally good
					// end whose directions come first wins.
					F := &s.labels[found]
					if int(L.st>>1) == target && L.h == F.h && L.r == F.r && s.before(li, found) {
						found = li
					}
					continue
				}
				si := lo + int(L.st)
				if s.st[si].stamp != s.gen {
					s.st[si].stamp = s.gen
					s.st[si].minC = maxBudget + 1
					s.front[si] = -1
				}
				if s.dominated(si, li) {
					continue
				}
				s.labels[li].next = s.front[si]
				s.front[si] = li
				s.st[si].minC = min(s.st[si].minC, L.c)
				pos := int(L.st >> 1)
				if pos == target {
					found = li
					continue
				}
				x, y := pos%m.W, pos/m.W
				if !last && s.legal(pos)&legStop != 0 && lowerBound(x, y, tx, ty) <= later {
					s.labels = append(s.labels, plabel{st: L.st, layer: L.layer + 1, t: L.t, h: L.h, r: L.r, parent: li, next: -1, dir: -1})
					seeds = append(seeds, int32(len(s.labels)-1))
				}
				for d := 0; d < 8; d++ {
					npos, lvl, haz, thr, ok := m.try(x, y, d)
					if !ok {
						continue
					}
					diag := model.Dir[d][0] != 0 && model.Dir[d][1] != 0
					w, q := stepCost(m.kind, diag, uint8(L.st&1), lvl)
					if L.c+w > m.budget {
						continue
					}
					// No route on from here reaches the target: even at
					// the cheapest, it costs more than the movement left
					// in this Stride and the later ones.
					if lowerBound(x+model.Dir[d][0], y+model.Dir[d][1], tx, ty) > m.budget-(L.c+w)+later {
						continue
					}
					// The new label, in scalars: built as a struct here
					// and copied, it would cost a store-forwarding stall.
					nst, nc, nt, nh, nr := int32(npos*2)+int32(q), L.c+w, L.t+w, L.h+int32(haz), L.r
					if thr {
						nr++
					}
					// Push-time pruning. A label expanded at the state
					// with no more movement spent left earlier, so its
					// total is smaller: it dominates the new one strictly.
					// So does a label pushed there that leaves before it
					// with no more movement spent. Either way no route
					// through the new label can be the best, and no tie
					// needs settling with it.
					S := &s.st[lo+int(nst)]
					if S.stamp == s.gen && S.minC <= nc {
						continue
					}
					best := true // the new label becomes the state's best pushed
					if S.pstamp == s.gen {
						P := &s.labels[S.pc]
						if P.c <= nc && lexLess3(P.t, P.h, P.r, nt, nh, nr) {
							continue
						}
						best = lexLess3(nt, nh, nr, P.t, P.h, P.r) || (nt == P.t && nh == P.h && nr == P.r && nc < P.c)
					}
					s.labels = append(s.labels, plabel{st: nst, layer: L.layer, c: nc, t: nt, h: nh, r: nr, parent: li, next: -1, dir: int8(d)})
					nli := int32(len(s.labels) - 1)
					if best {
						S.pstamp, S.pc = s.gen, nli
					}
					s.pushLabel(nli)
				}
				b = s.pb[T] // pushLabel never appends to bucket T (steps cost >= 1)
			}
			if found >= 0 {
				return found
			}
		}
		if last || len(seeds) == 0 {
			break
		}
	}
	return -1
}

// lexLess3 orders labels of one state by (T, H, R), the order they leave
// the queue in.
func lexLess3(at, ah, ar, bt, bh, br int32) bool {
	if at != bt {
		return at < bt
	}
	if ah != bh {
		return ah < bh
	}
	return ar < br
}

func (s *searcher) pushLabel(li int32) {
	t := int(s.labels[li].t)
	for len(s.pb) <= t {
		s.pb = append(s.pb, nil)
	}
	s.pb[t] = append(s.pb[t], li)
}

// dominated reports whether an expanded label of the same state is at least
// as good as L in spent movement and in (T, H, R). Expanded labels left
// earlier, so their T is never larger.
//
// When the two are equal in everything, their futures are the same: the
// expanded one takes over the prefix of L if L's directions come first, so
// every route through it now starts the lexicographically first way. When
// they differ only in the movement spent, L is kept if its directions come
// first (it may end as well).
func (s *searcher) dominated(si int, li int32) bool {
	L := &s.labels[li]
	for a := s.front[si]; a >= 0; a = s.labels[a].next {
		A := &s.labels[a]
		if A.c <= L.c && (A.t < L.t || (A.t == L.t && (A.h < L.h || (A.h == L.h && A.r <= L.r)))) {
			if A.t == L.t && A.h == L.h && A.r == L.r && s.before(li, a) {
				if A.c < L.c {
					// L may still end as well as A with directions that
					// come first: keep it.
					continue
				}
				A.parent, A.dir = L.parent, L.dir
			}
			return true
		}
	}
	return false
}

// before orders two labels: fewer hazards, fewer reactions, then the
// direction sequence from the start (N first, a prefix first). O(depth).
func (s *searcher) before(a, b int32) bool {
	A, B := &s.labels[a], &s.labels[b]
	if A.h != B.h {
		return A.h < B.h
	}
	if A.r != B.r {
		return A.r < B.r
	}
	// The two chains share the prefix up to their meeting label M; the
	// first directions after M decide. Walk up both chains in turn,
	// marking labels, until one reaches a label the other has marked:
	// O(distance to M), not O(depth).
	if n := len(s.labels); len(s.mark) < n {
		if cap(s.mark) >= n {
			s.mark, s.below = s.mark[:n], s.below[:n]
		} else {
			c := max(n, 2*cap(s.mark))
			s.mark, s.below = make([]uint32, n, c), make([]int8, n, c)
		}
	}
	s.markGen += 2
	if s.markGen < 2 {
		clear(s.mark[:cap(s.mark)])
		s.markGen = 2
	}
	ga, gb := s.markGen, s.markGen+1
	x, y := a, b
	lx, ly := int8(-1), int8(-1) // the direction nearest above, on each side
	da, db := int8(-2), int8(-2)
	meet := int32(-1)
	for meet < 0 {
		if x >= 0 {
			if s.mark[x] == gb {
				meet, da, db = x, lx, s.below[x]
				break
			}
			s.mark[x], s.below[x] = ga, lx
			if d := s.labels[x].dir; d >= 0 {
				lx = d
			}
			x = s.labels[x].parent
		}
		if y >= 0 {
			if s.mark[y] == ga {
				meet, da, db = y, s.below[y], ly
				break
			}
			s.mark[y], s.below[y] = gb, ly
			if d := s.labels[y].dir; d >= 0 {
				ly = d
			}
			y = s.labels[y].parent
		}
	}
	if da != db {
		return da < db // -1: a prefix comes first
	}
	if da < 0 {
		return false // the same directions
	}
	// The same first direction after M (a Stride boundary on one side):
	// compare the two parts after M.
	s.seqA = s.seqUntil(s.seqA[:0], a, meet)
	s.seqB = s.seqUntil(s.seqB[:0], b, meet)
	for i := 0; i < len(s.seqA) && i < len(s.seqB); i++ {
		if s.seqA[i] != s.seqB[i] {
			return s.seqA[i] < s.seqB[i]
		}
	}
	return len(s.seqA) < len(s.seqB)
}

// seqUntil appends the directions of the steps from label stop (an
// ancestor of li) to li, in order.
func (s *searcher) seqUntil(dst []int8, li, stop int32) []int8 {
	for ; li != stop; li = s.labels[li].parent {
		if d := s.labels[li].dir; d >= 0 {
			dst = append(dst, d)
		}
	}
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}

// seq appends the directions of the steps leading to label li, start first.
func (s *searcher) seq(dst []int8, li int32) []int8 {
	for ; li >= 0; li = s.labels[li].parent {
		if d := s.labels[li].dir; d >= 0 {
			dst = append(dst, d)
		}
	}
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}
