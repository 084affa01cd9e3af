package export

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotRegular is wrapped by CheckOutput and WriteFile when the output path
// names something other than a regular file: a folder, a device, a FIFO, a
// socket, or a symbolic link to nothing or to one of those. Nothing was
// written.
var ErrNotRegular = errors.New("not a regular file")

// ErrNotFolder is wrapped (by a *NotFolderError) when a name on the way
// to an output path, which must be a folder, is a file or anything else
// that is not one ("notadir/x.png" where notadir is a file): nothing can
// be made there and nothing was written. Bad input, as ErrNotRegular.
var ErrNotFolder = errors.New("not a folder")

// NotFolderError says which name on the way to Path is not a folder.
// Error words only that ("notadir is a file, not a folder"), so the caller
// says which path or option it was about.
type NotFolderError struct {
	Path   string // the output path asked for
	Folder string // the first name on its way that exists and is no folder
	Kind   string // what it is instead: "a file", "a FIFO (named pipe)" ...
}

func (e *NotFolderError) Error() string { return e.Folder + " is " + e.Kind + ", not a folder" }
func (e *NotFolderError) Unwrap() error { return ErrNotFolder }

// CheckFolder returns a *NotFolderError when path cannot be made because
// a name on its way that must be a folder (its parent, or one above) is
// something else; nil otherwise, also when folders are merely missing or
// cannot be looked at (writing then says why). It looks from the parent
// up and stops at the first name that exists. O(path depth) stats.
func CheckFolder(path string) error {
	for dir := filepath.Dir(path); ; {
		fi, err := os.Stat(dir)
		if err == nil {
			if fi.IsDir() {
				return nil
			}
			kind := "a file"
			if !fi.Mode().IsRegular() {
				kind = FileKind(fi.Mode())
			}
			return &NotFolderError{Path: path, Folder: dir, Kind: kind}
		}
		up := filepath.Dir(dir)
		if up == dir {
			return nil
		}
		dir = up
	}
}

// CheckOutput says whether WriteFile may write path, before any work is
// done: path must be a regular file, or not exist yet in a folder that
// does. A symbolic link is followed to its target, which must be the same;
// target is the path WriteFile will replace. A path under a file
// (notadir/x.png) is a *NotFolderError.
func CheckOutput(path string) (target string, err error) {
	if path == "" {
		return "", fmt.Errorf("write: %w: the output file name is empty", ErrNotRegular)
	}
	if strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(filepath.Separator)) {
		return "", fmt.Errorf("write %s: %w: the name ends in %q, as a folder does; give a file name", path, ErrNotRegular, path[len(path)-1:])
	}
	target = path
	fi, err := os.Lstat(path)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		t, lerr := filepath.EvalSymlinks(path)
		if lerr != nil {
			return "", fmt.Errorf("write %s: %w: it is a symbolic link to nothing; remove it or write to another name (%v)", path, ErrNotRegular, lerr)
		}
		target = t
		fi, err = os.Stat(t)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		dir := filepath.Dir(target)
		if nf := CheckFolder(target); nf != nil {
			return "", fmt.Errorf("write %s: %w", path, nf)
		}
		if _, derr := os.Stat(dir); derr != nil {
			return "", fmt.Errorf("write %s: its folder %s: %w", path, dir, derr)
		}
		return target, nil
	case err != nil:
		// Lstat of notadir/x.png says "not a directory" of the whole
		// path; name the one that is not a folder instead.
		if nf := CheckFolder(target); nf != nil {
			return "", fmt.Errorf("write %s: %w", path, nf)
		}
		return "", fmt.Errorf("write %s: %w", path, err)
	case fi.Mode().IsRegular():
		return target, nil
	}
	return "", fmt.Errorf("write %s: %w: it is %s; give the name of a file (nothing was written)", path, ErrNotRegular, FileKind(fi.Mode()))
}

// FileKind names what a non-regular file is, for messages ("a FIFO (named
// pipe)"); the command line says it of its inputs too, and the start
// screen of a database path (Lstat's mode: "a link").
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// WriteFile writes what write produces to path and returns the number of
// bytes written. It writes a temporary file in the target's folder (a short
// hidden name, so any file name that fits the folder works), syncs it and
// renames it over the target only when write, the flush, the sync and the
// close all succeeded; otherwise it removes it and the target is as it was.
// It refuses (ErrNotRegular) what CheckOutput refuses, and writes through a
// symbolic link to its regular target. A new file gets mode 0666 less the
// umask; a replaced one keeps its permissions.
func WriteFile(path string, write func(io.Writer) error) (n int64, err error) {
	target, err := CheckOutput(path)
	if err != nil {
		return 0, err
	}
	mode := fs.FileMode(0o666)
	replace := false
	if fi, err := os.Stat(target); err == nil {
		mode, replace = fi.Mode().Perm(), true
	}
	dir := filepath.Dir(target)
	f, tmp, err := createTemp(dir, mode)
	if err != nil {
		return 0, &FolderError{path, fmt.Errorf("cannot make a file in %s: %w", dir, bare(err))}
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	cw := &countWriter{w: f}
	bw := bufio.NewWriterSize(cw, 64<<10)
	if err := write(bw); err != nil {
		if cw.err != nil { // the disk, not what was being written
			return 0, &FolderError{path, bare(cw.err)}
		}
		return 0, fmt.Errorf("write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return 0, &FolderError{path, bare(err)}
	}
	if replace {
		// The umask applied at creation; a replaced file keeps its mode.
		if err := f.Chmod(mode); err != nil {
			return 0, &FolderError{path, bare(err)}
		}
	}
	if err := f.Sync(); err != nil {
		return 0, &FolderError{path, bare(err)}
	}
	if err := f.Close(); err != nil {
		return 0, &FolderError{path, bare(err)}
	}
	if err := os.Rename(tmp, target); err != nil {
		return 0, &FolderError{path, fmt.Errorf("cannot put the file in place: %w", bare(err))}
	}
	return cw.n, nil
}

// FolderError is a WriteFile that the folder or the disk refused (no room,
// no permission, a name taken meanwhile), not what was written: another
// folder or file name may do. The file was left as it was.
type FolderError struct {
	Path string
	Err  error
}

func (e *FolderError) Error() string { return "write " + e.Path + ": " + e.Err.Error() }
func (e *FolderError) Unwrap() error { return e.Err }

// bare is err without the name of the temporary file it happened to (a
// *fs.PathError's or *os.LinkError's own error): ".ep-3f9a2c.tmp:
// permission denied" told the GM of a file they never named.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// createTemp creates a new file in dir named .ep-XXXXXXXXXXXX.tmp (short
// whatever the final name), opened for writing with perm less the umask.
func createTemp(dir string, perm fs.FileMode) (*os.File, string, error) {
	for range 100 {
		var b [6]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, "", err
		}
		name := filepath.Join(dir, ".ep-"+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
	return nil, "", errors.New("cannot find a free temporary file name")
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error // the first error of the file under it
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}
