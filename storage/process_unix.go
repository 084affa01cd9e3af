//go:build unix

package storage

import (
	"errors"
	"syscall"
)

// processGone reports whether no process has the id.
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
