package model

// FogOff turns fog of war off, keeping the squares it revealed in
// RevealedKept, so that FogOn brings them back: a GM who looks at the
// whole map a moment loses none of the reveals of the session. It
// reports how many squares it kept (0 without fog, or with nothing
// revealed, when nothing is kept). O(squares).
func (e *Encounter) FogOff() int {
	if e.Revealed == nil {
		return 0
	}
	n := CountSet(e.Revealed)
	e.RevealedKept = nil
	if n > 0 {
		e.RevealedKept = e.Revealed
	}
	e.Revealed = nil
	return n
}

// FogOn turns fog of war on, with the squares revealed when it was
// turned off revealed again (RevealedKept) and every other square hidden;
// it reports whether it turned the fog on (false: it was on).
func (e *Encounter) FogOn() bool {
	if e.Revealed != nil {
		return false
	}
	n := e.Grid.W * e.Grid.H
	if len(e.RevealedKept) == n {
		e.Revealed = e.RevealedKept
	} else {
		e.Revealed = make([]bool, n)
	}
	e.RevealedKept = nil
	return true
}

// CountSet is how many squares of a per-square flag (Revealed,
// RevealedKept) are set. O(squares).
func CountSet(m []bool) int {
	n := 0
	for _, v := range m {
		if v {
			n++
		}
	}
	return n
}
