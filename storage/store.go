// Package storage keeps encounters in an SQLite database, in the manner of
// Ben Johnson's wtf/sqlite: numbered migrations embedded as .sql files and
// run in order, one transaction each, recorded in the database; foreign keys
// on; WAL journal; driver errors mapped to errors a user can act on; an
// injectable clock.
//
// The promises it keeps (and the tests that prove them) are listed in
// docs/reliability.md.
package storage

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mattn/go-sqlite3"

	"encounterplanner/model"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

type migration struct {
	version int
	name    string // file name, e.g. 0001_init.sql
	sql     string
}

// migrations are the embedded migrations in order; version i+1 is at i.
var migrations = mustLoadMigrations()

// SchemaVersion is the newest schema this build of the app knows: the number
// of its last migration. A database recording a newer one is refused.
var SchemaVersion = len(migrations)

func mustLoadMigrations() []migration {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	var out []migration
	for i, n := range names {
		base := path.Base(n)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v != i+1 {
			panic(fmt.Sprintf("storage: migration %s must be numbered %04d_name.sql", base, i+1))
		}
		data, err := migrationFS.ReadFile(n)
		if err != nil {
			panic(err)
		}
		out = append(out, migration{version: v, name: base, sql: string(data)})
	}
	return out
}

// Errors a caller can test with errors.Is. Each is wrapped with what failed
// and what the user can do about it. They are the model's (model.ErrBusy
// and so on), so that the app tells them apart without importing storage.
var (
	// ErrNotDatabase: the file is not an SQLite database, or it is damaged.
	// Such a file is never written to.
	ErrNotDatabase = model.ErrNotDatabase
	// ErrNewerSchema: a newer version of the app wrote the database. It is
	// left untouched.
	ErrNewerSchema = model.ErrNewerSchema
	// ErrReadOnly: the database file, or its folder, cannot be written.
	ErrReadOnly = model.ErrReadOnly
	// ErrDiskFull: the disk (or the database's size limit) is full.
	ErrDiskFull = model.ErrDiskFull
	// ErrBusy: another program kept the database locked past the busy
	// timeout (5 seconds).
	ErrBusy = model.ErrBusy
	// ErrFileGone: the file was deleted, moved or replaced since Open.
	ErrFileGone = model.ErrFileGone
)

// busyTimeout is how long a statement waits for another connection's lock
// before failing with ErrBusy.
const busyTimeout = 5 * time.Second

// Store is the SQLite EncounterStore. It is safe for concurrent use, also by
// several processes on one file: saves are serialised by SQLite's write lock
// and checked by optimistic locking (model.ErrConflict).
type Store struct {
	// Now is the clock that stamps Created and Updated; tests replace it.
	// Times are stored in UTC to the nanosecond.
	Now func() time.Time

	db       *sql.DB // writes: one connection, every transaction BEGIN IMMEDIATE
	rdb      *sql.DB // reads: deferred transactions see one snapshot
	path     string
	file     os.FileInfo // the file Open opened, which every write checks is still at path
	readOnly bool
	seeded   bool
	backup   string
	busy     time.Duration
	marks    markMap[bgMark]    // the map images it knows it holds (images.go)
	tmarks   markMap[tokenMark] // the token pictures likewise
}

var _ model.EncounterStore = (*Store)(nil)

// options are Open's knobs that tests (and OpenDefault) turn.
type options struct {
	seed      bool // seed a fresh database with model.Sample()
	readOnly  bool // open with mode=ro, as a read-only file or disk would be
	immutable bool // with readOnly: read the file alone (a read-only folder)
	upTo      int  // apply migrations up to this version (0 = all)
	busy      time.Duration
}

// DefaultPath is where the app keeps its database when --db is not given:
// encounters.db in the user's config directory, under encounter-planner/.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the database folder: %w (use --db PATH)", err)
	}
	return filepath.Join(dir, "encounter-planner", "encounters.db"), nil
}

// Open opens the database at path, creating it (and its folder) when
// absent, and brings its schema up to date. Before migrating an existing
// database it writes a copy next to it (PATH.bak-vN-TIMESTAMP). A file that
// is not an SQLite database, or is damaged, gives ErrNotDatabase, and a
// database from a newer app gives ErrNewerSchema; neither file is written.
func Open(path string) (*Store, error) {
	return open(path, options{})
}

// OpenDefault is Open for the app's own database: path "" means
// DefaultPath(), and a database created now (one that had no encounters
// table) is seeded with model.Sample(), so the first start shows a map.
// Reopening never seeds again, even when the user deleted the sample.
func OpenDefault(path string) (*Store, error) {
	if path == "" {
		p, err := DefaultPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	return open(path, options{seed: true})
}

// OpenReadOnly opens an existing database without writing to it or
// creating anything (mode=ro): for commands that only read (list, export,
// backup) and for a library on a read-only folder or disk. A missing or
// empty file is an error wrapping fs.ErrNotExist; a database that is not
// ours, damaged or newer is refused as by Open. Every write through the
// store fails with ErrReadOnly. In a folder that cannot be written (where
// SQLite cannot make its -shm file) a database with no WAL content waiting
// is read as the file alone.
func OpenReadOnly(path string) (*Store, error) {
	return open(path, options{readOnly: true})
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// ReadOnly reports whether the store was opened read-only; every write then
// fails with ErrReadOnly.
func (s *Store) ReadOnly() bool { return s.readOnly }

// Seeded reports whether Open created the database and put the sample in it.
func (s *Store) Seeded() bool { return s.seeded }

// MigrationBackup returns the copy Open wrote before migrating, or "".
func (s *Store) MigrationBackup() string { return s.backup }

// Close closes the database; later calls fail.
func (s *Store) Close() error {
	err1 := s.db.Close()
	err2 := s.rdb.Close()
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("close the database: %w", err)
	}
	return nil
}

func (s *Store) now() time.Time {
	f := s.Now
	if f == nil {
		f = time.Now
	}
	// UTC strips the monotonic reading, so the value equals what Load
	// returns (reflect.DeepEqual).
	return f().UTC()
}

// dbInfo is what a read-only look at an existing database found.
type dbInfo struct {
	exists  bool // a non-empty file is there
	version int  // recorded schema version (0: none)
	tables  int
	appID   int64 // PRAGMA application_id: ours, or 0 before it was set
	sqlite  bool  // the file starts with the SQLite header
}

func open(p string, o options) (*Store, error) {
	if p == "" {
		return nil, errors.New("open database: no path given")
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", p, err)
	}
	if o.upTo == 0 {
		o.upTo = SchemaVersion
	}
	if o.busy == 0 {
		o.busy = busyTimeout
	}
	if err := checkRegular(abs); err != nil {
		return nil, err
	}
	if !o.readOnly {
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			return nil, fmt.Errorf("open database %s: create its folder: %w", p, err)
		}
	}
	info, err := inspect(abs, o.busy)
	if err != nil {
		return nil, err
	}
	if o.readOnly && (!info.exists || info.tables == 0) {
		return nil, fmt.Errorf("open database %s: %w: there is no database there yet (nothing was created)", p, fs.ErrNotExist)
	}
	if info.exists && !o.readOnly && !writable(abs) {
		// SQLite would quietly open such a file read-only and fail at the
		// first save; say so now, and open it read-only on purpose.
		if info.version < o.upTo {
			return nil, fmt.Errorf("open database %s: %w: it needs upgrading to version %d, which means writing to it; make the file writable (the file was not changed)",
				p, ErrReadOnly, o.upTo)
		}
		o.readOnly = true
	}
	s := &Store{path: abs, readOnly: o.readOnly, busy: o.busy}
	u := fileURI(abs)
	q := url.Values{}
	q.Set("_fk", "on")
	q.Set("_busy_timeout", strconv.FormatInt(o.busy.Milliseconds(), 10))
	if o.readOnly {
		q.Set("mode", "ro")
		if o.immutable {
			q.Set("immutable", "1")
		}
	} else {
		q.Set("_journal_mode", "WAL")
		// A commit survives a power cut, not just a crash: a GM's prep
		// is worth one fsync per save.
		q.Set("_sync", "FULL")
	}
	rdb, err := sql.Open("sqlite3", u+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", p, err)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite3", u+"?"+q.Encode())
	if err != nil {
		rdb.Close()
		return nil, fmt.Errorf("open database %s: %w", p, err)
	}
	// One writer connection: saves from this process queue in Go rather
	// than spinning on SQLite's lock, and BEGIN IMMEDIATE takes the write
	// lock up front, so a transaction never fails upgrading a read lock.
	db.SetMaxOpenConns(1)
	s.db, s.rdb = db, rdb
	ctx := context.Background()
	err = ping(ctx, db, o.busy)
	if err == nil && o.readOnly {
		// A read-only connection first reads the file here: in a folder
		// that cannot be written it may fail for want of the -shm file.
		var n int
		err = rdb.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&n)
	}
	if err != nil {
		s.Close()
		if !info.exists && cantOpen(err) {
			// SQLite words a folder it cannot create the file in as "no
			// such file or directory" (its last try opens it read-only).
			if dirErr := unwritableFolder(filepath.Dir(abs)); dirErr != nil {
				return nil, fmt.Errorf("open database %s: %w: its folder %s cannot be written, so the database cannot be created there (permissions, a locked or read-only folder or disk); choose another folder (nothing was created; %v)",
					p, ErrReadOnly, filepath.Dir(p), dirErr)
			}
		}
		err = dbErr("open database "+p, false, err)
		if info.exists && info.version >= o.upTo && !o.immutable && (errors.Is(err, ErrReadOnly) || cantOpen(err)) && noWAL(abs) {
			// A read-only disk or folder: a database that needs no
			// upgrade can still be browsed, exported and backed up
			// (saves get ErrReadOnly). With no WAL content the file
			// alone is the database, read without -shm or -wal files.
			o.readOnly, o.immutable = true, true
			return open(p, o)
		}
		return nil, err
	}
	if !o.readOnly {
		if err := s.migrate(ctx, o.upTo, o.seed); err != nil {
			s.Close()
			if errors.Is(err, ErrNotDatabase) || errors.Is(err, ErrNewerSchema) {
				return nil, err
			}
			return nil, fmt.Errorf("open database %s: %w", p, err)
		}
	}
	if s.file, err = os.Stat(abs); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", p, err)
	}
	return s, nil
}

// ping opens the writer's connection, which sets WAL mode. Changing the
// journal mode of a new file needs the lock of every other connection,
// and SQLite answers "busy" at once rather than wait for it: retry within
// the busy timeout, as when many processes create the file together.
func ping(ctx context.Context, db *sql.DB, busy time.Duration) error {
	start := time.Now()
	for {
		err := db.PingContext(ctx)
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy && se.Code != sqlite3.ErrLocked || time.Since(start) > busy {
			return err
		}
		time.Sleep(time.Duration(5+rand.IntN(20)) * time.Millisecond)
	}
}

// cantOpen reports whether SQLite could not open a file it needs (the
// -shm or -wal file of a read-only folder).
func cantOpen(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrCantOpen
}

// noWAL reports whether the database has no WAL content waiting: the file
// alone is then the whole database.
func noWAL(abs string) bool {
	st, err := os.Stat(abs + "-wal")
	return err != nil || st.Size() == 0
}

// checkRegular refuses, without opening it, a path that exists and is not
// a regular file: opening a FIFO for reading would wait forever, and a
// device or folder holds no database.
func checkRegular(abs string) error {
	st, err := os.Stat(abs)
	if err != nil || st.Mode().IsRegular() {
		return nil // a missing file is a new database; other errors are SQLite's
	}
	what := "not a regular file"
	switch m := st.Mode(); {
	case m.IsDir():
		what = "a folder"
	case m&fs.ModeNamedPipe != 0:
		what = "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return &notAFileError{abs, what}
}

// notAFileError refuses, unopened, a database path that is a folder, a
// FIFO, a socket or a device. It is ErrNotDatabase to errors.Is (no
// database is there), but it says plainly what the path is, in its own
// words: ErrNotDatabase's, "the file is not an Encounter Planner
// database, or it is damaged", followed by "it is a folder", contradicted
// themselves (a folder is no file, and nothing is damaged).
type notAFileError struct {
	path, what string // what: "a folder", "a FIFO (named pipe)", ...
}

func (e *notAFileError) Error() string {
	if e.what == "a folder" {
		return fmt.Sprintf("open database %s: it is a folder, not a database file; give the path of the database file itself, such as %s (nothing was opened or changed)",
			e.path, filepath.Join(e.path, "encounters.db"))
	}
	return fmt.Sprintf("open database %s: it is %s, not a database file; give the path of a database file (it was not opened)", e.path, e.what)
}

func (e *notAFileError) Is(target error) bool { return target == ErrNotDatabase }

// writable reports whether the file can be opened for writing, as SQLite
// will try to: a read-only file or disk, or an immutable file, cannot.
func writable(abs string) bool {
	f, err := os.OpenFile(abs, os.O_RDWR, 0)
	if err != nil {
		// Other failures are SQLite's to report, in its words.
		return !errors.Is(err, fs.ErrPermission) && !errors.Is(err, syscall.EROFS)
	}
	f.Close()
	return true
}

// unwritableFolder is why no file can be created in the folder dir (a
// probe file, removed at once), or nil when one can.
func unwritableFolder(dir string) error {
	f, err := os.CreateTemp(dir, ".ep-probe-*")
	if err == nil {
		f.Close()
		os.Remove(f.Name())
		return nil
	}
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		return err
	}
	return nil
}

// fileURI makes an SQLite URI for path, escaping ?, # and % so that any
// file name works (and a Windows drive letter gets its leading slash).
func fileURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", OmitHost: true, Path: p}).String()
}

// sqliteMagic starts every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// inspect looks at an existing database without writing to it: the header
// by hand, then a read-only connection for the schema version and a quick
// integrity check. Any problem is ErrNotDatabase or ErrNewerSchema.
func inspect(abs string, busy time.Duration) (dbInfo, error) {
	info, err := inspectWith(abs, busy, true)
	for try := 0; errors.Is(err, ErrNotDatabase) && info.sqlite && try < inspectTries; try++ {
		if _, serr := os.Stat(abs + "-shm"); serr == nil {
			// Another connection has the file open: an immutable read
			// may have caught a checkpoint half done. Read it again the
			// ordinary way, as one more reader (its -wal and -shm exist).
			return inspectWith(abs, busy, false)
		}
		// Another process may be writing it with its -shm already gone
		// (the last one out checkpoints and removes it) or not yet there:
		// an immutable read can catch that half done too. A busy file
		// settles within moments; a damaged one stays damaged.
		time.Sleep(inspectWait)
		info, err = inspectWith(abs, busy, true)
	}
	return info, err
}

// inspectTries and inspectWait bound how long inspect reads a damaged
// looking SQLite file again before it says so.
const (
	inspectTries = 3
	inspectWait  = 50 * time.Millisecond
)

func inspectWith(abs string, busy time.Duration, mayImmutable bool) (dbInfo, error) {
	var info dbInfo
	f, err := os.Open(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return info, nil
	}
	if err != nil {
		return info, fmt.Errorf("open database %s: %w", abs, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return info, fmt.Errorf("open database %s: %w", abs, err)
	}
	if st.IsDir() {
		f.Close()
		return info, &notAFileError{abs, "a folder"}
	}
	if st.Size() == 0 {
		f.Close()
		return info, nil
	}
	info.exists = true
	head := make([]byte, 100)
	n, err := io.ReadFull(f, head)
	f.Close()
	if err != nil && n < len(head) {
		if n >= len(sqliteMagic) && bytes.Equal(head[:len(sqliteMagic)], sqliteMagic) {
			return info, notDB(abs, "it is cut short (%d bytes); restore a backup", n)
		}
		return info, notDB(abs, "it is not an SQLite database (%d bytes)%s", n, importHint(head[:n]))
	}
	if !bytes.Equal(head[:len(sqliteMagic)], sqliteMagic) {
		return info, notDB(abs, "it does not start with the SQLite header%s", importHint(head))
	}
	info.sqlite = true
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("_busy_timeout", strconv.FormatInt(busy.Milliseconds(), 10))
	if mayImmutable && noWAL(abs) {
		// With no WAL content the file alone is the database: immutable
		// reads it without the -shm and -wal files a read-only WAL
		// connection would create next to a file we may refuse.
		q.Set("immutable", "1")
	}
	db, err := sql.Open("sqlite3", fileURI(abs)+"?"+q.Encode())
	if err != nil {
		return info, fmt.Errorf("open database %s: %w", abs, err)
	}
	defer db.Close()
	ctx := context.Background()
	tables, err := tableNames(ctx, db)
	if err != nil {
		return info, inspectErr(abs, err)
	}
	info.tables = len(tables)
	m, err := readMarks(ctx, db, tables)
	if err != nil {
		return info, inspectErr(abs, err)
	}
	if err := recognise(abs, m, tables); err != nil {
		return info, err
	}
	info.version, info.appID = m.version, m.appID
	if info.version > SchemaVersion {
		return info, newerErr(abs, info.version)
	}
	// quick_check reads every page: a truncated or scribbled-on file is
	// caught here, before anything writes to it.
	dmg, err := quickCheck(ctx, db)
	if err != nil {
		return info, inspectErr(abs, err)
	}
	if dmg != nil {
		return info, fmt.Errorf("open database %s: %w: %w; restore a backup (the file was not changed)", abs, ErrNotDatabase, dmg)
	}
	return info, nil
}

// checkedProblems is how many problems quickCheck asks SQLite for: enough
// to count the damaged pages of a scribbled-on file, few enough to stop
// early on one that is mostly noise.
const checkedProblems = 100

// pageRef finds the pages SQLite's check names ("Tree 3 page 3: ...",
// "Page 5: never used", "2nd reference to page 7").
var pageRef = regexp.MustCompile(`(?i)\bpage (\d+)`)

// quickCheck runs SQLite's quick_check over db: nil when the file is
// whole, else what is damaged (model.DamageError): the pages the check
// names, the file's page count and the check's own text. Cost: every
// page read once.
func quickCheck(ctx context.Context, db *sql.DB) (*model.DamageError, error) {
	rows, err := db.QueryContext(ctx, fmt.Sprintf(`PRAGMA quick_check(%d)`, checkedProblems))
	if err != nil {
		return nil, err
	}
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			break
		}
		lines = append(lines, line)
	}
	rows.Close()
	if err := rows.Err(); err != nil && (len(lines) == 0 || lines[0] == "ok") {
		return nil, err
	}
	// a check that breaks off on the damage it reported (SQLITE_CORRUPT
	// after the first problem's row) has said what it found
	if len(lines) == 0 || len(lines) == 1 && lines[0] == "ok" {
		return nil, nil
	}
	dmg := &model.DamageError{Check: strings.Join(lines, "\n")}
	seen := map[int]bool{}
	for _, m := range pageRef.FindAllStringSubmatch(dmg.Check, -1) {
		if p, err := strconv.Atoi(m[1]); err == nil && !seen[p] {
			seen[p] = true
			dmg.Pages = append(dmg.Pages, p)
		}
	}
	slices.Sort(dmg.Pages)
	if err := db.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&dmg.PageCount); err != nil {
		dmg.PageCount = 0
	}
	return dmg, nil
}

func newerErr(abs string, v int) error {
	return fmt.Errorf("open database %s: %w: its schema version is %d, and this app knows versions up to %d; update Encounter Planner to open it (the file was not changed)",
		abs, ErrNewerSchema, v, SchemaVersion)
}

func notDB(abs, format string, args ...any) error {
	return fmt.Errorf("open database %s: %w: %s (the file was not changed)", abs, ErrNotDatabase, fmt.Sprintf(format, args...))
}

// importHint points at import when the file looks like an encounter file.
func importHint(head []byte) string {
	if t := bytes.TrimSpace(head); len(t) > 0 && t[0] == '{' {
		return "; to bring in an .encounter.json file, import it instead"
	}
	return ""
}

func inspectErr(abs string, err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt) {
		return notDB(abs, "SQLite says: %v; restore a backup", err)
	}
	return dbErr("open database "+abs, false, err)
}

// ApplicationID is the PRAGMA application_id of every Encounter Planner
// database ("EnPl"), set when the database is created. Open refuses an
// SQLite file with another id, or with none and tables that are not ours.
const ApplicationID = 0x456e506c

// marks are what says whose a database is and which schema it has.
type marks struct {
	appID       int64
	version     int    // the newest of user_version and the migrations table
	migrations  int    // rows in the migrations table
	firstName   string // the file name recorded for migration 1
	userVersion int
}

// readMarks reads a database's marks over q (a connection or transaction);
// tables are its table names.
func readMarks(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, tables map[string]bool) (marks, error) {
	var m marks
	if err := q.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&m.appID); err != nil {
		return m, err
	}
	if err := q.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&m.userVersion); err != nil {
		return m, err
	}
	m.version = m.userVersion
	if tables["migrations"] {
		var v int
		if err := q.QueryRowContext(ctx, `SELECT coalesce(max(version), 0), count(*), coalesce((SELECT name FROM migrations WHERE version = 1), '') FROM migrations`).
			Scan(&v, &m.migrations, &m.firstName); err != nil {
			return m, err
		}
		m.version = max(m.version, v)
	}
	return m, nil
}

// recognise says whether a database is ours: it carries our application
// id; or it is empty (no tables, no marks: a new database); or it predates
// the application id and has our migrations table, with migration 1 by
// its name, and our encounters table. Anything else is another program's
// database and is refused (ErrNotDatabase) before anything writes to it.
func recognise(abs string, m marks, tables map[string]bool) error {
	switch {
	case m.appID == ApplicationID:
		return nil
	case m.appID != 0:
		return notDB(abs, "it is an SQLite database of another program (application id %#x)", m.appID)
	case m.userVersion == 0 && (len(tables) == 0 || len(tables) == 1 && tables["migrations"] && m.migrations == 0):
		return nil // new, or a creation cut short before its first migration
	case tables["migrations"] && tables["encounters"] && m.firstName == migrations[0].name:
		return nil // ours, from before the application id
	}
	names := make([]string, 0, len(tables))
	for n := range tables {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) > 5 {
		names = append(names[:5], "...")
	}
	return notDB(abs, "it is an SQLite database of another program (tables: %s; user_version %d)", strings.Join(names, ", "), m.userVersion)
}

// tableNames lists the tables of the database q reads.
func tableNames(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	tables := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		tables[name] = true
	}
	return tables, rows.Err()
}

// backupBeforeMigrating writes PATH.bak-vN-TIMESTAMP, a consistent copy of
// the database (WAL content included) made by VACUUM INTO over a read-only
// connection, so the original is not written before the copy exists. The
// caller holds the write lock, so no other process migrates (or backs up)
// at the same time. The copy is written as PATH.bak-vN-TIMESTAMP.partial
// and renamed once whole: an app killed while copying (a GM quitting
// during the upgrade of a large library) leaves a file that says it is
// part of one, never a backup under the backup's name that is cut short.
func backupBeforeMigrating(abs string, version int, busy time.Duration) (string, error) {
	stamp := time.Now().UTC().Format("20060102T150405Z")
	dst := fmt.Sprintf("%s.bak-v%d-%s", abs, version, stamp)
	for i := 2; ; i++ {
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			break
		}
		dst = fmt.Sprintf("%s.bak-v%d-%s-%d", abs, version, stamp, i)
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("_busy_timeout", strconv.FormatInt(busy.Milliseconds(), 10))
	db, err := sql.Open("sqlite3", fileURI(abs)+"?"+q.Encode())
	if err != nil {
		return "", fmt.Errorf("back it up before upgrading: %w", err)
	}
	defer db.Close()
	part := dst + ".partial"
	os.Remove(part) // one a killed app left; VACUUM INTO refuses a file that is there
	if _, err := db.Exec(`VACUUM INTO ?`, part); err != nil {
		os.Remove(part)
		return "", dbErr(fmt.Sprintf("back it up to %s before upgrading (nothing was changed)", dst), false, err)
	}
	backupCopied(part)
	if err := os.Rename(part, dst); err != nil {
		os.Remove(part)
		return "", dbErr(fmt.Sprintf("back it up to %s before upgrading (nothing was changed)", dst), false, err)
	}
	return dst, nil
}

// backupCopied is called with the whole copy's name before it is renamed
// to the backup's (the tests look at the folder then).
var backupCopied = func(part string) {}

// migrate brings the schema up to version upTo and sets the application id,
// all in one transaction under the write lock, so that processes opening a
// new database at once see it empty or complete, never half made. What
// inspect saw is checked again under the lock: another process may have
// created or upgraded the file since. An existing database (one with a
// schema) is backed up first; an empty one is not.
func (s *Store) migrate(ctx context.Context, upTo int, seed bool) error {
	// An up-to-date database is not written to at all: opening a file
	// another process is saving to costs no lock, and a read-only file
	// that needs nothing opens (saves then get ErrReadOnly).
	var have int
	var app int64
	err := s.rdb.QueryRowContext(ctx, `SELECT coalesce(max(version), 0), (SELECT application_id FROM pragma_application_id) FROM migrations`).Scan(&have, &app)
	if err == nil && have > SchemaVersion {
		return newerErr(s.path, have) // upgraded by another process since inspect
	}
	if err == nil && have >= upTo && app == ApplicationID {
		return nil
	}
	const op = "set up the database"
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: the write lock
	if err != nil {
		return dbErr(op, false, err)
	}
	defer tx.Rollback()
	tables, err := tableNames(ctx, tx)
	if err != nil {
		return dbErr(op, false, err)
	}
	m, err := readMarks(ctx, tx, tables)
	if err != nil {
		return dbErr(op, false, err)
	}
	if err := recognise(s.path, m, tables); err != nil {
		return err
	}
	if m.version > SchemaVersion {
		return newerErr(s.path, m.version)
	}
	if m.version > 0 && m.version < upTo {
		b, err := backupBeforeMigrating(s.path, m.version, s.busy)
		if err != nil {
			return err
		}
		s.backup = b
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (
		version INTEGER PRIMARY KEY,
		name    TEXT    NOT NULL,
		applied INTEGER NOT NULL -- unix nanoseconds, UTC
	)`); err != nil {
		return dbErr(op, false, err)
	}
	for _, mg := range migrations[:upTo] {
		if mg.version <= m.version {
			continue
		}
		if _, err := tx.ExecContext(ctx, mg.sql); err != nil {
			return dbErr("apply migration "+mg.name, false, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (version, name, applied) VALUES (?, ?, ?)`,
			mg.version, mg.name, s.now().UnixNano()); err != nil {
			return dbErr("apply migration "+mg.name, false, err)
		}
	}
	// The sample goes in with the tables, in the same transaction: no
	// other process opening the new file can see the library before it,
	// so none can import into it first and leave it unseeded.
	seeded := seed && !tables["encounters"]
	if seeded {
		if _, err := s.saveTx(ctx, tx, model.Sample(), "add the sample encounter"); err != nil {
			return err
		}
	}
	// user_version mirrors the table, so even a tool that only reads the
	// file header sees the schema version.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, max(m.version, upTo))); err != nil {
		return dbErr(op, false, err)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d`, ApplicationID)); err != nil {
		return dbErr(op, false, err)
	}
	if err := tx.Commit(); err != nil {
		return dbErr(op, false, err)
	}
	s.seeded = seeded
	return nil
}
