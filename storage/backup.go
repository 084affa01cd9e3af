package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
)

// ErrBackupTarget is wrapped by Backup's refusals of its destination (a
// folder, device, FIFO, existing file, the database itself): bad input,
// nothing was written.
var ErrBackupTarget = errors.New("cannot write a backup there")

// Backup copies the database to dst with SQLite's online backup API: a
// consistent snapshot, taken while the app keeps running (saves wait for
// it). The copy is built in a temporary file beside dst and moved into
// place only when complete, so a failed or killed backup never leaves a
// half-written dst. dst must be a new file, or an empty regular one: an
// existing backup is never overwritten, and a folder, device, FIFO, a
// link to nothing, a name ending in "/", or the database itself (or its
// -wal, -shm or -journal file) is refused unchanged.
func (s *Store) Backup(ctx context.Context, dst string) (err error) {
	op := fmt.Sprintf("back up the database to %s", dst)
	target, replace, err := s.backupTarget(dst)
	if err != nil {
		return fmt.Errorf("%s: %w: %w", op, ErrBackupTarget, err)
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s: create its folder: %w", op, err)
	}
	removeStaleTemps(dir)
	tmp, err := backupTemp(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if err := s.backupTo(ctx, tmp); err != nil {
		return dbErr(op, false, err)
	}
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if replace {
		err = os.Rename(tmp, target) // over the empty file
	} else if err = os.Link(tmp, target); err == nil {
		os.Remove(tmp) // link, not rename: a file made meanwhile is kept
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w: the file appeared while backing up; choose a new name (nothing was overwritten)", op, ErrBackupTarget)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	syncDir(dir)
	return nil
}

// backupTarget checks dst and returns the path to create (a link's
// target), and whether it is an empty file to replace.
func (s *Store) backupTarget(dst string) (target string, replace bool, err error) {
	if dst == "" {
		return "", false, errors.New("no file name given")
	}
	if strings.HasSuffix(dst, "/") || strings.HasSuffix(dst, string(filepath.Separator)) {
		return "", false, fmt.Errorf("the name ends in %q, as a folder does; give a file name such as %s", dst[len(dst)-1:], filepath.Join(dst, "encounters-backup.db"))
	}
	target, err = filepath.Abs(dst)
	if err != nil {
		return "", false, err
	}
	fi, err := os.Lstat(target)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		t, lerr := filepath.EvalSymlinks(target)
		if lerr != nil {
			return "", false, fmt.Errorf("it is a symbolic link to nothing; give a new file name (nothing was written)")
		}
		target = t
		fi, err = os.Stat(t)
	}
	for _, own := range []string{s.path, s.path + "-wal", s.path + "-shm", s.path + "-journal"} {
		if sameFile(target, own) {
			return "", false, fmt.Errorf("that is the database itself or one of its files (%s); give a new file name", filepath.Base(own))
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, false, nil
	case err != nil:
		return "", false, err
	case fi.IsDir():
		return "", false, fmt.Errorf("it is a folder; give a file name such as %s", filepath.Join(dst, "encounters-backup.db"))
	case !fi.Mode().IsRegular():
		return "", false, fmt.Errorf("it is not a regular file (a device, FIFO or socket); give a new file name (nothing was written)")
	case fi.Size() > 0:
		return "", false, fmt.Errorf("the file already exists; choose a new name (nothing was overwritten)")
	}
	return target, true, nil
}

// sameFile reports whether a and b name one file: the same path, or the
// same file reached another way (a link).
func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// backupTempPrefix starts the name of a backup under construction:
// .ep-backup-PID-RANDOM.tmp, short whatever dst is called.
const backupTempPrefix = ".ep-backup-"

// backupTemp creates an empty temporary file in dir for a backup.
func backupTemp(dir string) (string, error) {
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf("%s%d-%08x.tmp", backupTempPrefix, os.Getpid(), rand.Uint32()))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		return name, f.Close()
	}
	return "", errors.New("cannot find a free temporary file name")
}

// removeStaleTemps deletes the temporary files of backups whose process
// is gone (killed mid-backup), so they do not pile up beside the backups.
func removeStaleTemps(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, backupTempPrefix+"*.tmp"))
	for _, n := range names {
		pidText, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(n), backupTempPrefix), "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() || pid <= 0 {
			continue
		}
		if processGone(pid) {
			os.Remove(n)
		}
	}
}

// backupTo copies the database into the empty file tmp. The copy needs no
// journal: a copy cut short is deleted, never used.
func (s *Store) backupTo(ctx context.Context, tmp string) error {
	ddb, err := sql.Open("sqlite3", fileURI(tmp)+"?_journal_mode=OFF")
	if err != nil {
		return err
	}
	dconn, err := ddb.Conn(ctx)
	if err != nil {
		ddb.Close()
		return err
	}
	sconn, err := s.rdb.Conn(ctx)
	if err != nil {
		dconn.Close()
		ddb.Close()
		return err
	}
	err = dconn.Raw(func(d any) error {
		return sconn.Raw(func(src any) error {
			return runBackup(ctx, d.(*sqlite3.SQLiteConn), src.(*sqlite3.SQLiteConn))
		})
	})
	sconn.Close()
	dconn.Close()
	if cerr := ddb.Close(); err == nil {
		err = cerr
	}
	return err
}

func syncFile(name string) error {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// syncDir makes a rename in dir survive a power cut, where the system
// allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
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
