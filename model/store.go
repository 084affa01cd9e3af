package model

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// Summary is one row of the encounter library.
type Summary struct {
	ID      string
	Name    string
	Ruleset Ruleset
	Width   int
	Height  int
	Updated time.Time
}

// ErrNotFound is returned when no encounter has the asked id or name.
var ErrNotFound = errors.New("encounter not found")

// ErrConflict is returned by Save when the stored encounter changed since it
// was loaded (another window or app instance saved it first). The caller's
// edits are untouched; it may save them as a copy.
var ErrConflict = errors.New("the encounter was changed elsewhere since it was opened")

// The errors a store gives when its file cannot be used. The SQLite store
// (storage) wraps them, with what failed and what the user can do, and
// names them storage.ErrNotDatabase and so on; they live here so that the
// app can tell them apart without importing the store. Only
// ErrNotDatabase says the file itself is bad: the others leave a healthy
// library that works again once the other program lets go, the disk has
// room or the file may be written, so the app must never move it aside.
var (
	// ErrNotDatabase: the file is not an SQLite database, or it is damaged.
	// Such a file is never written to.
	ErrNotDatabase = errors.New("the file is not an Encounter Planner database, or it is damaged")
	// ErrNewerSchema: a newer version of the app wrote the database. It is
	// left untouched.
	ErrNewerSchema = errors.New("the database was written by a newer version of Encounter Planner")
	// ErrReadOnly: the database file, or its folder, cannot be written.
	ErrReadOnly = errors.New("the database cannot be written (it is read-only)")
	// ErrDiskFull: the disk (or the database's size limit) is full.
	ErrDiskFull = errors.New("the disk is full")
	// ErrBusy: another program kept the database locked past the store's
	// busy timeout.
	ErrBusy = errors.New("the database is locked by another program")
	// ErrFileGone: the database file was deleted, moved or replaced by
	// another file since it was opened; a write would go to a file no
	// longer there. The edits stay in memory.
	ErrFileGone = errors.New("the database file is no longer where it was opened")
)

// DamageError is what SQLite's integrity check found wrong in a library
// file the store refused as damaged (it wraps ErrNotDatabase with it):
// the app leads with how much is damaged in the GM's words and keeps
// SQLite's own text (Check) for whoever repairs the file.
type DamageError struct {
	// Pages are the damaged pages the check named, in order, each once
	// (none when its text names no page).
	Pages []int
	// PageCount is how many pages the file has; 0 when unknown.
	PageCount int
	// Check is SQLite's text, one problem a line ("*** in database main
	// *** Tree 3 page 3: btreeInitPage() returns error code 11").
	Check string
}

func (e *DamageError) Error() string {
	where := "it"
	if x := e.Extent(); x != "" {
		where = x
	}
	var said []string
	for _, l := range strings.Split(e.Check, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "***") { // "*** in database main ***" heads the lines
			said = append(said, l)
		}
	}
	return "it is damaged: SQLite's check found damage in " + where + ": " + strings.Join(said, "; ")
}

// Extent names the damaged part of the file as far as the check tells,
// "1 of its 17 pages (page 3)"; "" when the check names no page.
func (e *DamageError) Extent() string {
	n := len(e.Pages)
	if n == 0 {
		return ""
	}
	var b strings.Builder
	switch {
	case e.PageCount > 0:
		fmt.Fprintf(&b, "%d of its %d pages", n, e.PageCount)
	case n == 1:
		b.WriteString("1 page")
	default:
		fmt.Fprintf(&b, "%d pages", n)
	}
	b.WriteString(" (page")
	if n > 1 {
		b.WriteString("s")
	}
	const shown = 5
	for i, p := range e.Pages[:min(n, shown)] {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %d", p)
	}
	if n > shown {
		fmt.Fprintf(&b, " and %d more", n-shown)
	}
	b.WriteString(")")
	return b.String()
}

// AmbiguousError is returned when a name matches several encounters.
type AmbiguousError struct {
	Name string
	IDs  []string
}

func (e *AmbiguousError) Error() string {
	s := "the name " + quote(e.Name) + " matches several encounters; use an id:"
	for _, id := range e.IDs {
		s += " " + id
	}
	return s
}

func quote(s string) string { return "\"" + s + "\"" }

// EncounterStore keeps encounters: everything the app and the command line
// ask of a store, so neither looks for optional methods. storage/
// implements it on SQLite.
type EncounterStore interface {
	// List returns every encounter, most recently updated first.
	List(ctx context.Context) ([]Summary, error)
	// Load returns the encounter with the id.
	Load(ctx context.Context, id string) (*Encounter, error)
	// Version returns the stored version of the encounter with the id
	// (ErrNotFound when there is none): a window holding the encounter
	// sees a change made elsewhere (another window, copy of the app or the
	// command line) by the version moving, without reading the encounter.
	Version(ctx context.Context, id string) (int64, error)
	// Find resolves a name or id to an id (AmbiguousError, ErrNotFound).
	Find(ctx context.Context, nameOrID string) (string, error)
	// Save stores e in one transaction. A new encounter (empty ID) gets an
	// id; e.Version must match the stored one (ErrConflict otherwise) and is
	// bumped, along with Updated, on success.
	Save(ctx context.Context, e *Encounter) error
	// SaveAsCopy keeps e's edits as a new encounter named "NAME (copy)"
	// (then " (copy) (2)" ...) after a conflict, and returns its id; e
	// becomes that copy (ID, Name, Version, dates, token ids), so the
	// window holding it goes on editing the copy.
	SaveAsCopy(ctx context.Context, e *Encounter) (string, error)
	// Rename, Duplicate and Delete act on the encounter with the id.
	Rename(ctx context.Context, id, name string) error
	Duplicate(ctx context.Context, id, newName string) (string, error)
	Delete(ctx context.Context, id string) error
	// Import stores a copy of e as a new encounter (e is not changed) and
	// returns its id and name: a name already stored gets " (2)", " (3)"
	// ... appended.
	Import(ctx context.Context, e *Encounter) (id, name string, err error)
	// Export writes the encounter named (or with the id) nameOrID as an
	// encounter/1 file.
	Export(ctx context.Context, nameOrID string, w io.Writer) error
	// Backup copies the whole store to the file dst, which must not exist
	// (or be empty): a consistent snapshot taken while the app runs.
	Backup(ctx context.Context, dst string) error
	// ReadOnly reports whether the store was opened read-only (a database
	// on a read-only disk or in a folder that cannot be written): it can be
	// listed, loaded, exported and backed up, and every write fails.
	ReadOnly() bool
	Close() error
}
