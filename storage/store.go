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
	"net/url"
	"os"
	"path"
	"path/filepath"
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
// and what the user can do about it.
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
	// ErrBusy: another program kept the database locked past the busy
	// timeout (5 seconds).
	ErrBusy = errors.New("the database is locked by another program")
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
	readOnly bool
	seeded   bool
	backup   string
}

var _ model.EncounterStore = (*Store)(nil)

// options are Open's knobs that tests (and OpenDefault) turn.
type options struct {
	seed     bool // seed a fresh database with model.Sample()
	readOnly bool // open with mode=ro, as a read-only file or disk would be
	upTo     int  // apply migrations up to this version (0 = all)
	busy     time.Duration
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
	exists        bool // a non-empty file is there
	version       int  // recorded schema version (0: none)
	hasEncounters bool // an encounters table exists
	tables        int
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
	if !o.readOnly {
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			return nil, fmt.Errorf("open database %s: create its folder: %w", p, err)
		}
	}
	info, err := inspect(abs, o.busy)
	if err != nil {
		return nil, err
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
	s := &Store{path: abs, readOnly: o.readOnly}
	if info.exists && info.tables > 0 && info.version < o.upTo && !o.readOnly {
		b, err := backupBeforeMigrating(abs, info.version, o.busy)
		if err != nil {
			return nil, err
		}
		s.backup = b
	}
	u := fileURI(abs)
	q := url.Values{}
	q.Set("_fk", "on")
	q.Set("_busy_timeout", strconv.FormatInt(o.busy.Milliseconds(), 10))
	if o.readOnly {
		q.Set("mode", "ro")
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
	if err := db.PingContext(ctx); err != nil {
		s.Close()
		err = dbErr("open database "+p, false, err)
		if errors.Is(err, ErrReadOnly) && !o.readOnly && info.exists && info.version >= o.upTo {
			// A read-only disk the permission check missed: a database
			// that needs no upgrade can still be browsed, exported and
			// backed up; saves get ErrReadOnly.
			o.readOnly = true
			return open(p, o)
		}
		return nil, err
	}
	if !o.readOnly {
		if err := s.migrate(ctx, o.upTo); err != nil {
			s.Close()
			return nil, fmt.Errorf("open database %s: %w", p, err)
		}
		if o.seed && !info.hasEncounters {
			if s.seeded, err = s.seed(ctx); err != nil {
				s.Close()
				return nil, fmt.Errorf("open database %s: %w", p, err)
			}
		}
	}
	return s, nil
}

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
		return info, fmt.Errorf("open database %s: %w: it is a folder; give the path of a .db file", abs, ErrNotDatabase)
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
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("_busy_timeout", strconv.FormatInt(busy.Milliseconds(), 10))
	if st, err := os.Stat(abs + "-wal"); err != nil || st.Size() == 0 {
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
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		return info, inspectErr(abs, err)
	}
	tables := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return info, inspectErr(abs, err)
		}
		tables[name] = true
	}
	if err := rows.Close(); err != nil {
		return info, inspectErr(abs, err)
	}
	if err := rows.Err(); err != nil {
		return info, inspectErr(abs, err)
	}
	info.tables = len(tables)
	info.hasEncounters = tables["encounters"]
	var uv int
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&uv); err != nil {
		return info, inspectErr(abs, err)
	}
	info.version = uv
	if tables["migrations"] {
		var v int
		if err := db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM migrations`).Scan(&v); err != nil {
			return info, inspectErr(abs, err)
		}
		info.version = max(info.version, v)
	}
	if info.version > SchemaVersion {
		return info, newerErr(abs, info.version)
	}
	// quick_check reads every page: a truncated or scribbled-on file is
	// caught here, before anything writes to it.
	var check string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check(1)`).Scan(&check); err != nil {
		return info, inspectErr(abs, err)
	}
	if check != "ok" {
		return info, notDB(abs, "it is damaged (%s); restore a backup", check)
	}
	return info, nil
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

// backupBeforeMigrating writes PATH.bak-vN-TIMESTAMP, a consistent copy of
// the database (WAL content included) made by VACUUM INTO over a read-only
// connection, so the original is not written before the copy exists.
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
		return "", fmt.Errorf("open database %s: back it up before upgrading: %w", abs, err)
	}
	defer db.Close()
	if _, err := db.Exec(`VACUUM INTO ?`, dst); err != nil {
		os.Remove(dst)
		return "", dbErr(fmt.Sprintf("open database %s: back it up to %s before upgrading (nothing was changed)", abs, dst), false, err)
	}
	return dst, nil
}

// migrate applies the migrations up to version upTo that the database
// lacks, each in its own transaction with its row in migrations.
func (s *Store) migrate(ctx context.Context, upTo int) error {
	// An up-to-date database is not written to at all: opening a file
	// another process is saving to costs no lock, and a read-only file
	// that needs nothing opens (saves then get ErrReadOnly).
	var have int
	err := s.rdb.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM migrations`).Scan(&have)
	if err == nil && have > SchemaVersion {
		return newerErr(s.path, have) // upgraded by another process since inspect
	}
	if err == nil && have >= upTo {
		return nil
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (
		version INTEGER PRIMARY KEY,
		name    TEXT    NOT NULL,
		applied INTEGER NOT NULL -- unix nanoseconds, UTC
	)`); err != nil {
		return dbErr("create the migrations table", false, err)
	}
	for _, m := range migrations[:upTo] {
		if err := s.migrateOne(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) migrateOne(ctx context.Context, m migration) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return dbErr("apply migration "+m.name, false, err)
	}
	defer tx.Rollback()
	// Checked again under the write lock: another process may have
	// upgraded the file since inspect looked.
	var newest int
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM migrations`).Scan(&newest); err != nil {
		return dbErr("apply migration "+m.name, false, err)
	}
	if newest > SchemaVersion {
		return newerErr(s.path, newest)
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
		return dbErr("apply migration "+m.name, false, err)
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return dbErr("apply migration "+m.name, false, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (version, name, applied) VALUES (?, ?, ?)`,
		m.version, m.name, s.now().UnixNano()); err != nil {
		return dbErr("apply migration "+m.name, false, err)
	}
	// user_version mirrors the table, so even a tool that only reads the
	// file header sees the schema version.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, m.version)); err != nil {
		return dbErr("apply migration "+m.name, false, err)
	}
	if err := tx.Commit(); err != nil {
		return dbErr("apply migration "+m.name, false, err)
	}
	return nil
}

// seed stores model.Sample() in a database Open just created, unless
// another process opening the same new file got there first.
func (s *Store) seed(ctx context.Context) (bool, error) {
	const op = "add the sample encounter"
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, dbErr(op, false, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM encounters`).Scan(&n); err != nil || n > 0 {
		return false, dbErr(op, false, err)
	}
	if _, err := s.saveTx(ctx, tx, model.Sample(), op); err != nil {
		return false, err
	}
	if err := tx.Commit(); err != nil {
		return false, dbErr(op, false, err)
	}
	return true, nil
}
