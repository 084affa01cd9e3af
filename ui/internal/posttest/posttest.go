// Package posttest holds the work that UI code posts to the UI goroutine
// (where the app passes fyne.Do) so that a test runs it on its own
// goroutine, when it says: a background read or import, the overlay
// worker's answers, an autosave. The editor's, the library's and the map
// import's tests all pump their posts through one Queue.
package posttest

import (
	"testing"
	"time"
)

// Timeout is how long Until waits for its condition.
const Timeout = 10 * time.Second

// Queue is the work posted and not yet run, in the order posted.
type Queue struct{ ch chan func() }

// New makes an empty Queue. It holds 1024 posts before Post blocks: more
// than any test leaves unrun.
func New() *Queue { return &Queue{ch: make(chan func(), 1024)} }

// Post queues f; it is what the code under test gets in place of fyne.Do.
// Any goroutine may call it.
func (q *Queue) Post(f func()) { q.ch <- f }

// Until runs posted work, in order, until cond holds, and fails the test
// if it does not within Timeout; what names the awaited outcome in that
// failure ("the import").
func (q *Queue) Until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(Timeout)
	for !cond() {
		select {
		case f := <-q.ch:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// Drain runs what is posted already, and what that posts, without waiting
// for more.
func (q *Queue) Drain() {
	for {
		select {
		case f := <-q.ch:
			f()
		default:
			return
		}
	}
}
