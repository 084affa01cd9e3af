package ui

import (
	"testing"
	"time"
)

// pump runs the editor's background results on the test goroutine, as
// fyne.Do runs them on the UI goroutine in the app.
type pump struct{ ch chan func() }

func newPump() *pump { return &pump{ch: make(chan func(), 1024)} }

func (p *pump) post(f func()) { p.ch <- f }

// until runs posted functions until cond holds, failing after a timeout.
func (p *pump) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case f := <-p.ch:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// drain runs what is already posted.
func (p *pump) drain() {
	for {
		select {
		case f := <-p.ch:
			f()
		default:
			return
		}
	}
}
