package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/mattn/go-sqlite3"
)

// Backup copies the database to dst with SQLite's online backup API: a
// consistent snapshot, taken while the app keeps running (saves wait for
// it). dst must not exist, or be an empty file; an existing backup is never
// overwritten. On failure a partly written dst is removed.
func (s *Store) Backup(ctx context.Context, dst string) (err error) {
	op := fmt.Sprintf("back up the database to %s", dst)
	switch st, err := os.Stat(dst); {
	case err == nil && st.IsDir():
		return fmt.Errorf("%s: it is a folder; give a file name such as %s", op, filepath.Join(dst, "encounters-backup.db"))
	case err == nil && st.Size() > 0:
		return fmt.Errorf("%s: the file already exists; choose a new name (nothing was overwritten)", op)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: %w", op, err)
	}
	abs, err := filepath.Abs(dst)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return fmt.Errorf("%s: create its folder: %w", op, err)
	}
	ddb, err := sql.Open("sqlite3", fileURI(abs))
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	defer func() {
		if cerr := ddb.Close(); err == nil && cerr != nil {
			err = dbErr(op, false, cerr)
		}
		if err != nil {
			os.Remove(abs)
			os.Remove(abs + "-journal")
		}
	}()
	dconn, err := ddb.Conn(ctx)
	if err != nil {
		return dbErr(op, false, err)
	}
	defer dconn.Close()
	sconn, err := s.rdb.Conn(ctx)
	if err != nil {
		return dbErr(op, false, err)
	}
	defer sconn.Close()
	err = dconn.Raw(func(d any) error {
		return sconn.Raw(func(src any) error {
			return runBackup(ctx, d.(*sqlite3.SQLiteConn), src.(*sqlite3.SQLiteConn))
		})
	})
	if err != nil {
		return dbErr(op, false, err)
	}
	return nil
}

// runBackup copies every page in one step (so the copy is one snapshot),
// retrying while another connection holds a lock.
func runBackup(ctx context.Context, dst, src *sqlite3.SQLiteConn) error {
	b, err := dst.Backup("main", src, "main")
	if err != nil {
		return err
	}
	start := time.Now()
	for {
		done, err := b.Step(-1)
		if err != nil {
			b.Finish()
			return err
		}
		if done {
			return b.Finish()
		}
		// Busy or locked: wait and try again, as the busy timeout would.
		if time.Since(start) > busyTimeout {
			b.Finish()
			return sqlite3.Error{Code: sqlite3.ErrBusy}
		}
		select {
		case <-ctx.Done():
			b.Finish()
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}
