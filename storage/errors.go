package storage

import (
	"errors"
	"fmt"
	"syscall"

	"github.com/mattn/go-sqlite3"
)

// EditsKept and NextSaveRetries are what dbErr adds to the failure of a
// change the caller still holds in memory: the app's words, true of a
// window's edits. The command line holds none (an import that fails
// imported nothing): it says what happened in its own words, without them.
const (
	EditsKept       = "; your edits are kept"
	NextSaveRetries = "; the next save will retry"
)

// dbErr wraps a driver error with what failed (op, e.g. `save encounter
// "Bay"`) and, for the failures a user can fix, one of the package's
// sentinel errors and what to do. write says whether the operation was a
// change the caller still holds in memory (EditsKept).
func dbErr(op string, write bool, err error) error {
	if err == nil {
		return nil
	}
	kept, retry := "", ""
	if write {
		kept, retry = EditsKept, NextSaveRetries
	}
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return fmt.Errorf("%s: %w", op, err)
	}
	if diskFull(se) {
		return fmt.Errorf("%s: %w: free some disk space and try again%s%s (%v)",
			op, ErrDiskFull, retry, kept, err)
	}
	switch se.Code {
	case sqlite3.ErrReadonly:
		return fmt.Errorf("%s: %w: check that the file and its folder may be written (permissions, a locked or read-only disk), then try again%s (%v)",
			op, ErrReadOnly, kept, err)
	case sqlite3.ErrBusy, sqlite3.ErrLocked:
		return fmt.Errorf("%s: %w for more than %v: close other programs using the database (another Encounter Planner, a database browser) and try again%s (%v)",
			op, ErrBusy, busyTimeout, kept, err)
	case sqlite3.ErrCorrupt, sqlite3.ErrNotADB:
		return fmt.Errorf("%s: %w: restore a backup (%v)", op, ErrNotDatabase, err)
	case sqlite3.ErrCantOpen:
		return fmt.Errorf("%s: cannot open the file: check that its folder exists and may be read (%w)", op, err)
	case sqlite3.ErrIoErr:
		return fmt.Errorf("%s: the disk reported an error: check the disk and try again%s (%w)", op, kept, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// diskFull reports whether se says the disk is full: SQLITE_FULL, or an
// I/O error whose system error is "no space left on device" (or a
// quota's "disk quota exceeded"). Opening a database on a full disk gives
// the second (its -shm or -wal file cannot grow), which was worded as a
// disk reporting an error, "check the disk", as if it were failing,
// while a save on the same disk said the disk is full.
func diskFull(se sqlite3.Error) bool {
	return se.Code == sqlite3.ErrFull ||
		se.Code == sqlite3.ErrIoErr && (se.SystemErrno == syscall.ENOSPC || se.SystemErrno == syscall.EDQUOT)
}

// isUniqueViolation reports whether err is a PRIMARY KEY or UNIQUE
// constraint failure.
func isUniqueViolation(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey || se.ExtendedCode == sqlite3.ErrConstraintUnique)
}
