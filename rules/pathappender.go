package rules

import "encounterplanner/model"

// PathAppender is implemented by engines whose paths can reuse the caller's
// buffer: AppendPath answers as Path does, with Path.Steps =
// append(steps[:0], ...), so a caller that passes the previous answer's
// Steps back makes no allocation once the buffer is large enough. The
// returned steps share steps' array. The sf2e and pf1e engines implement
// it (Path is AppendPath with nil steps).
type PathAppender interface {
	AppendPath(steps []Step, e *model.Encounter, q MoveQuery, x, y int) (Path, error)
}

var (
	_ PathAppender = (*sf2eEngine)(nil)
	_ PathAppender = (*pf1eEngine)(nil)
)
