package rules

import "encounterplanner/model"

// ReachBands is Reach for an answer too big to want in one slice (a whole
// map of a million squares is 40 MB of Squares): it calls fn with the
// squares a band of rows at a time, in Reach's order (y then x), each band
// in buf reused, and stops at fn's first error. The sf2e and pf1e engines
// read the bands straight from their search; any other engine's Reach
// comes in one band.
func ReachBands(en Engine, buf []Square, e *model.Encounter, q MoveQuery, fn func([]Square) error) error {
	if b, ok := en.(bandReacher); ok {
		return b.reachBands(buf, e, q, fn)
	}
	sq, err := en.Reach(buf[:0], e, q)
	if err != nil {
		return err
	}
	if len(sq) == 0 {
		return nil
	}
	return fn(sq)
}

// bandReacher is an engine whose reach can hand its answer over in bands.
type bandReacher interface {
	reachBands(buf []Square, e *model.Encounter, q MoveQuery, fn func([]Square) error) error
}

// moveBands is reachBands for the sf2e and pf1e engines: the search their
// Reach runs (a flight over elevation layers answers in one band).
func (s *searcher) moveBands(k kind, buf []Square, e *model.Encounter, q MoveQuery, fn func([]Square) error) error {
	if out, used, err := s.flyReach(k, buf[:0], e, q); used {
		if err != nil || len(out) == 0 {
			return err
		}
		return fn(out)
	}
	if err := s.moveReach(k, e, q); err != nil {
		return err
	}
	return s.resultBands(buf, fn)
}
