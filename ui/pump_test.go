package ui

import (
	"testing"

	"encounterplanner/ui/internal/posttest"
)

// pump runs the editor's background results on the test goroutine, as
// fyne.Do runs them on the UI goroutine in the app: a posttest.Queue under
// the names the package's tests call it by.
type pump struct{ q *posttest.Queue }

func newPump() *pump { return &pump{posttest.New()} }

func (p *pump) post(f func()) { p.q.Post(f) }

// until runs posted functions until cond holds, failing after a timeout.
func (p *pump) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	p.q.Until(t, what, cond)
}

// drain runs what is already posted.
func (p *pump) drain() { p.q.Drain() }
