package posttest

import "testing"

// TestQueue: work posted from another goroutine runs on the test's, in
// the order posted, once Until or Drain runs it, and not before.
func TestQueue(t *testing.T) {
	q := New()
	var ran []int
	done := make(chan struct{})
	go func() {
		q.Post(func() { ran = append(ran, 1) })
		q.Post(func() { ran = append(ran, 2) })
		close(done)
	}()
	<-done
	if len(ran) != 0 {
		t.Fatalf("ran %v before the test pumped", ran)
	}
	q.Until(t, "the first post", func() bool { return len(ran) == 1 })
	q.Post(func() { ran = append(ran, 3) })
	q.Drain()
	if len(ran) != 3 || ran[0] != 1 || ran[1] != 2 || ran[2] != 3 {
		t.Errorf("ran %v, want [1 2 3]", ran)
	}
	q.Drain() // nothing left: returns at once
}
