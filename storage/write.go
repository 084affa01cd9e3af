package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// beginWrite starts a write transaction (BEGIN IMMEDIATE: the write lock)
// for op, once the library is still the one the store opened: the file
// still at its path (stillThere), and its schema no newer than this app
// knows, read under the lock. A newer Encounter Planner may have upgraded
// it since Open, and rows of this app's layout written into its tables
// would be garbage to it. kept is what the error adds for a change the
// caller still holds in memory (EditsKept, or "").
//
// Cost: one stat of the file and one PRAGMA read, microseconds beside the
// fsync every commit makes.
func (s *Store) beginWrite(ctx context.Context, op, kept string) (*sql.Tx, error) {
	if err := s.stillThere(op, kept); err != nil {
		return nil, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, dbErr(op, kept != "", err)
	}
	var v int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		tx.Rollback()
		return nil, dbErr(op, kept != "", err)
	}
	if v > SchemaVersion {
		tx.Rollback()
		return nil, fmt.Errorf("%s: %w: another copy of the app upgraded %s to schema version %d since this one opened it, and this app knows versions up to %d, so it writes nothing more there%s; export the encounter file (File menu) to keep them, and update Encounter Planner",
			op, ErrNewerSchema, s.path, v, SchemaVersion, kept)
	}
	return tx, nil
}

// stillThere reports, as ErrFileGone, a library file deleted, moved away
// or replaced by another file (a backup moved over it) since Open. SQLite
// goes on writing to the file it opened, name or no name: every save
// succeeded into a file nobody would open again, and was lost when the
// app stopped.
func (s *Store) stillThere(op, kept string) error {
	if s.file == nil {
		return nil
	}
	fi, err := os.Stat(s.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: %w: %s was deleted or moved since the app opened it, so nothing more can be saved there%s; export the encounter file (File menu) to keep them, then put the file back, or restart the app (it opens what is at that path then)",
			op, ErrFileGone, s.path, kept)
	case err != nil:
		return fmt.Errorf("%s: %w: %s cannot be looked at (%v)%s", op, ErrFileGone, s.path, err, kept)
	case !os.SameFile(fi, s.file):
		return fmt.Errorf("%s: %w: %s was replaced by another file since the app opened it, so nothing more is saved there%s; export the encounter file (File menu) to keep them, then restart the app to open the file now there",
			op, ErrFileGone, s.path, kept)
	}
	return nil
}
