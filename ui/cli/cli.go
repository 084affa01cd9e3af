// Package cli answers the command-line queries and exports of queries.md:
// one JSON document on stdout and exit code 0, or one line on stderr naming
// the problem and exit code 2 for bad input (1 for anything else). It draws
// and opens no window.
//
// It lives under ui/ because it is the app's other face: the design card
// fixes the top level (main.go, ui/, model/, rules/, storage/), and the
// command line, like the window, only wires input to the model, the rules,
// the store and the exports.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/storage"
	"encounterplanner/ui/export"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitOther = 1
	ExitBad   = 2
)

// usageError is bad input on the command line itself.
type usageError struct{ msg string }

func (u usageError) Error() string        { return u.msg }
func (u usageError) Is(target error) bool { return target == model.ErrInvalid }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// Env is what a command runs against: its output streams and, for the
// database commands, a way to open the store.
type Env struct {
	Stdout, Stderr io.Writer
	// OpenStore opens the database (--db PATH, or "" for the default one).
	// readOnly is set for the commands that only read (list,
	// export-encounter, backup): they must not create or change a database.
	OpenStore func(path string, readOnly bool) (Store, error)
	// App opens the desktop app on the database (--db PATH, or "") when
	// no command is given, and returns the exit code. Without it, a missing
	// command is bad input.
	App func(db string) int
}

// Store is what the database commands need of storage.Store.
type Store interface {
	model.EncounterStore
	Import(ctx context.Context, e *model.Encounter) (id, name string, err error)
	Backup(ctx context.Context, dst string) error
}

// Commands lists every command the binary answers without a window.
var Commands = []string{"list", "import", "export-encounter", "backup", "reach", "path", "cover", "flanking", "distance", "threat", "area", "sight", "fall", "leap", "teleport", "forced", "export", "help"}

// fileCommands answer a query or an export about an encounter/1 FILE.
var fileCommands = map[string]func(Env, []string) error{
	"reach": runReach, "path": runPath, "cover": runCover, "flanking": runFlanking,
	"distance": runDistance, "threat": runThreat, "area": runArea, "sight": runSight,
	"fall": runFall, "export": runExport,
}

// IsCommand reports whether args (after global flags) start with a command.
func IsCommand(name string) bool {
	for _, c := range Commands {
		if c == name {
			return true
		}
	}
	return false
}

// Run runs one command and returns its exit code. args excludes the program
// name; global options (--db PATH) may come first. With no command it runs
// env.App, or, without one, says a command is missing.
func Run(env Env, args []string) int {
	g, rest, err := parseGlobal(args)
	if err == nil && len(rest) == 0 && !g.help && env.App != nil {
		return env.App(g.db)
	}
	if err == nil {
		err = run(env, g, rest)
	}
	if err == nil {
		return ExitOK
	}
	// Some packages wrap model.ErrInvalid itself: its text names nothing.
	msg := strings.TrimSuffix(err.Error(), ": "+model.ErrInvalid.Error())
	fmt.Fprintln(env.Stderr, "encounter-planner: "+printable(msg))
	if isBad(err) {
		return ExitBad
	}
	return ExitOther
}

func isBad(err error) bool {
	var amb *model.AmbiguousError
	return errors.Is(err, model.ErrInvalid) || errors.Is(err, rules.ErrBadQuery) ||
		errors.Is(err, fs.ErrNotExist) || errors.Is(err, model.ErrNotFound) || errors.As(err, &amb) ||
		errors.Is(err, export.ErrNotRegular) || errors.Is(err, export.ErrNotFolder) || errors.Is(err, storage.ErrBackupTarget)
}

// outPathErr names the option or command of an output path (what: --png,
// export-encounter) and the path in an error about the path, and says
// what is wrong in plain words: "--png ex/nodir/x.png: the folder ex/nodir
// does not exist", "--png notadir/x.png: notadir is a file, not a folder"
// (the system's own words, "write ex/nodir/x.png: its folder ex/nodir:
// stat ex/nodir: no such file or directory", named neither the option nor
// the problem plainly). It keeps err underneath, so the exit code is the
// same. An error about what was being written (an image too large), not
// the path, is returned as it is; so is nil.
func outPathErr(what, path string, err error) error {
	if err == nil {
		return nil
	}
	var nf *export.NotFolderError
	if errors.As(err, &nf) {
		return fmt.Errorf("%s %s: %w", what, path, nf)
	}
	var fe *export.FolderError
	var pe *fs.PathError
	dir := filepath.Dir(path)
	switch {
	case errors.As(err, &pe) && (pe.Path == path || pe.Path == dir):
		// CheckOutput's look at the path or its folder
		msg := pe.Err.Error()
		if pe.Path == dir {
			switch {
			case errors.Is(pe.Err, fs.ErrNotExist):
				msg = "the folder " + dir + " does not exist"
			case errors.Is(pe.Err, fs.ErrPermission):
				msg = "the folder " + dir + " cannot be reached (permission denied)"
			default:
				msg = "the folder " + dir + ": " + msg
			}
		}
		return &outError{what, path, msg, err}
	case errors.Is(err, export.ErrNotRegular):
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "write "+path+": "), export.ErrNotRegular.Error()+": ")
		if to, derr := os.Readlink(path); derr == nil {
			if _, serr := os.Stat(path); errors.Is(serr, fs.ErrNotExist) {
				msg = fmt.Sprintf("it is a symbolic link to %s, which does not exist; remove the link or write to another name (nothing was written)", to)
			}
		}
		return &outError{what, path, msg, err}
	case errors.As(err, &fe):
		return &outError{what, path, strings.TrimPrefix(err.Error(), "write "+path+": "), err}
	}
	return err
}

// outError is an output path refused, in outPathErr's words: what path:
// msg. err is the refusal underneath.
type outError struct {
	what, path, msg string
	err             error
}

func (e *outError) Error() string { return e.what + " " + e.path + ": " + e.msg }
func (e *outError) Unwrap() error { return e.err }

// global holds the options that come before the command.
type global struct {
	db      string // --db PATH; "" for the default database
	dbGiven bool
	help    bool // -h or --help in place of a command
	bad     error
}

// dbFlag is --db: one non-empty path.
type dbFlag struct{ g *global }

func (d dbFlag) String() string { return "" }
func (d dbFlag) Set(s string) error {
	switch {
	case d.g.dbGiven:
		d.g.bad = usagef("--db given twice")
	case s == "":
		d.g.bad = usagef("--db: the database path is empty; give the path of a .db file, or leave out --db for the default database")
	}
	if d.g.bad != nil {
		return d.g.bad
	}
	d.g.db, d.g.dbGiven = s, true
	return nil
}

// parseGlobal reads the global options off the front of args, once; rest
// is the command and its arguments.
func parseGlobal(args []string) (global, []string, error) {
	var g global
	fs := newFlagSet()
	fs.Var(dbFlag{&g}, "db", "")
	if err := fs.Parse(args); err != nil {
		switch {
		case errors.Is(err, flag.ErrHelp):
			g.help = true
			return g, nil, nil
		case g.bad != nil:
			return g, nil, g.bad
		case strings.HasPrefix(err.Error(), "flag needs an argument: -db"):
			return g, nil, usagef("--db needs a database path")
		}
		e := flagErr(err, "unknown option")
		return g, nil, usagef("%v (try: encounter-planner help)", e)
	}
	return g, fs.Args(), nil
}

func run(env Env, g global, args []string) error {
	if g.help {
		_, err := io.WriteString(env.Stdout, Usage)
		return err
	}
	if len(args) == 0 {
		return usagef("no command given (try: encounter-planner help)")
	}
	cmd, rest := args[0], args[1:]
	err := runCommand(env, g, cmd, rest)
	var db *dbAfterCommand
	if errors.As(err, &db) {
		return db.explain(cmd)
	}
	return err
}

func runCommand(env Env, g global, cmd string, rest []string) error {
	switch cmd {
	case "help":
		_, err := io.WriteString(env.Stdout, Usage)
		return err
	case "list", "import", "export-encounter", "backup":
		return runDB(env, g.db, cmd, rest)
	case "leap", "teleport", "forced":
		return runMover(env, cmd, rest)
	}
	if run, ok := fileCommands[cmd]; ok {
		return run(env, rest)
	}
	return usagef("unknown command %q (try: encounter-planner help)", cmd)
}

// dbAfterCommand is --db given after the command (list --db rt.db), where
// no command takes it: it is a global option, read before the command.
// path is its value ("" when none followed); rest is the command's
// arguments without it.
type dbAfterCommand struct {
	path string
	rest []string
}

func (d *dbAfterCommand) Error() string        { return "--db goes before the command" }
func (d *dbAfterCommand) Is(target error) bool { return target == model.ErrInvalid }

// explain says where --db goes, for cmd: before a database command, as
// the whole command line to type (encounter-planner --db rt.db list); a
// query or an export reads its FILE and no database, so --db does nothing
// for it, before or after.
func (d *dbAfterCommand) explain(cmd string) error {
	switch cmd {
	case "list", "import", "export-encounter", "backup":
	default:
		return usagef("--db does not apply to %s, which reads FILE, not the database (--db goes before list, import, export-encounter or backup)", cmd)
	}
	path := "PATH"
	if d.path != "" {
		path = shellQuote(d.path)
	}
	line := []string{"encounter-planner", "--db", path, cmd}
	for _, a := range d.rest {
		line = append(line, shellQuote(a))
	}
	return usagef("--db goes before the command: %s", strings.Join(line, " "))
}

// shellQuote is s as a shell reads it back as one word: itself when it
// has only characters no shell treats specially, else in single quotes.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,+@%", r) || r >= utf8.RuneSelf)
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Usage is the help text.
const Usage = `encounter-planner: plan tabletop encounters; with no command, opens the app.

  encounter-planner [--db PATH]                     open the desktop app
  encounter-planner [--db PATH] list [--json]       list stored encounters
  encounter-planner [--db PATH] import FILE         store an encounter/1 (or .dd2vtt) file
  encounter-planner [--db PATH] export-encounter NAME_OR_ID OUT.encounter.json
  encounter-planner [--db PATH] backup OUT.db       online backup of the database

  encounter-planner reach FILE --token NAME [--actions N] [--mode MODE] [--step] [--elevation E]
  encounter-planner path FILE --token NAME --to X,Y [--actions N] [--mode MODE] [--elevation E]
      reach and path continue a turn with [--spent-actions N] [--diagonals N] [--spent AMOUNT]
  encounter-planner cover FILE --from A --to B
  encounter-planner flanking FILE
  encounter-planner distance FILE --from A --to B
  encounter-planner threat FILE [--party-level L] [--party-size N]  (sf2e)
  encounter-planner area FILE --burst X,Y --radius FEET  (sf2e)
  encounter-planner area FILE --emanation NAME --radius FEET
  encounter-planner area FILE --cone NAME --dir N|NE|E|SE|S|SW|W|NW --length FEET [--origin-offset K]
  encounter-planner area FILE --line NAME --toward X,Y --length FEET
  encounter-planner sight FILE --token NAME
  encounter-planner fall FILE --token NAME [--to E] [--water-depth FEET] [--dive] [--onto NAME]  (sf2e, pf1e)
  encounter-planner leap FILE --token NAME                      (points)
  encounter-planner teleport FILE --token NAME --range N        (points)
  encounter-planner forced FILE --token NAME --kind push|pull|sweep|shove|drag --from SOURCE --distance N
  encounter-planner export FILE --png OUT.png [--px 70] [--player] [--no-grid]
  encounter-planner export FILE --pdf OUT.pdf [--paper letter|a4] [--player] [--token-sheet] [--trim]
  encounter-planner export FILE --uvtt OUT.dd2vtt [--px 70]

Queries print one JSON document; export says on stderr what it wrote. Put -- before
a FILE, NAME or flag value that starts with a dash (--token -- -rf). list,
export-encounter and backup only read: they never create a database. Exit codes:
0 success, 2 bad input, 1 other failure.
`

// flags is one command's flags, parsed by the flag package. Flags and
// positional arguments may mix (queries.md puts FILE before the flags);
// "--" ends the flags, so a FILE or NAME may start with a dash. Values are
// kept as given and checked by str and num, so a message names its flag.
type flags struct {
	vals     map[string]string
	bools    map[string]bool
	pos      []string
	valued   []string
	twice    string // a valued flag given twice
	empty    string // a valued flag given an empty value
	badBool  string // a boolean flag given a value that is not one
	badValue string // that value
}

// valueFlag is a valued flag: its first value is kept, a second is an error.
type valueFlag struct {
	f    *flags
	name string
}

func (v valueFlag) String() string { return "" }
func (v valueFlag) Set(s string) error {
	if s == "" {
		v.f.empty = v.name
		return errors.New("empty value")
	}
	if _, dup := v.f.vals[v.name]; dup {
		v.f.twice = v.name
		return errors.New("given twice")
	}
	v.f.vals[v.name] = s
	return nil
}

// boolFlag is a flag without a value (--json), or with true or false
// after an equals sign (--json=false), as strconv.ParseBool reads them.
type boolFlag struct {
	f    *flags
	name string
}

func (b boolFlag) String() string   { return "" }
func (b boolFlag) IsBoolFlag() bool { return true }
func (b boolFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		b.f.badBool, b.f.badValue = b.name, s
		return err
	}
	b.f.bools[b.name] = v
	return nil
}

func parseFlags(args []string, valued, boolean []string) (*flags, error) {
	f := &flags{vals: map[string]string{}, bools: map[string]bool{}, valued: valued}
	fs := newFlagSet()
	for _, n := range valued {
		fs.Var(valueFlag{f, n}, n, "")
	}
	for _, n := range boolean {
		fs.Var(boolFlag{f, n}, n, "")
	}
	if db, ok := f.misplacedDB(args); ok {
		return nil, db
	}
	args = f.dashValues(args)
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, f.explain(err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" && (used < 2 || !f.takesValue(args[used-2])) {
			f.pos = append(f.pos, rest...) // after "--": no more flags
			break
		}
		// The flag package stops at the first positional argument; take it
		// and go on parsing after it.
		f.pos = append(f.pos, rest[0])
		args = rest[1:]
	}
	return f, nil
}

// newFlagSet is a flag set that reports errors to its caller only.
func newFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("encounter-planner", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// dashValues drops the "--" between a valued flag and its value, so a
// value may start with a dash as the help says (--token -- -rf is the
// token "-rf"; the flag package would take "--" itself as the value). A
// "--" anywhere else ends the flags, as before.
func (f *flags) dashValues(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		out = append(out, a)
		if a == "--" {
			return append(out, args[i+1:]...)
		}
		if f.takesValue(a) && i+1 < len(args) {
			if args[i+1] == "--" && i+2 < len(args) {
				i++
			}
			out = append(out, args[i+1])
			i++
		}
	}
	return out
}

// misplacedDB finds --db PATH (or --db=PATH) among a command's args,
// where the flag package would call it unknown: not the value of another
// flag (--token --db is the token "--db") and not after "--".
func (f *flags) misplacedDB(args []string) (*dbAfterCommand, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return nil, false
		case a == "--db" || a == "-db":
			j := i + 1
			if j+1 < len(args) && args[j] == "--" { // --db -- -x.db
				j++
			}
			if j >= len(args) {
				return &dbAfterCommand{rest: args[:i]}, true
			}
			return &dbAfterCommand{path: args[j], rest: append(args[:i:i], args[j+1:]...)}, true
		case strings.HasPrefix(a, "--db=") || strings.HasPrefix(a, "-db="):
			_, path, _ := strings.Cut(a, "=")
			return &dbAfterCommand{path: path, rest: append(args[:i:i], args[i+1:]...)}, true
		case f.takesValue(a):
			if i+2 < len(args) && args[i+1] == "--" { // its value, as dashValues reads it
				i++
			}
			i++
		}
	}
	return nil, false
}

// takesValue reports whether a is a valued flag whose value is the next
// argument (--token, not --token=X).
func (f *flags) takesValue(a string) bool {
	if !strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
		return false
	}
	name := strings.TrimLeft(a, "-")
	for _, v := range f.valued {
		if v == name {
			return true
		}
	}
	return false
}

// explain turns the flag package's error into one naming the flag.
// Every command's flags are parsed here, so an empty value is refused
// here for all of them: --mode "" quietly meant the default mode, and
// --paper "" letter, where a value a script failed to fill in is a
// mistake to say. A boolean flag given a value that is no boolean says
// what it takes: "--step takes no value" was wrong, --step=true working.
func (f *flags) explain(err error) error {
	switch {
	case f.twice != "":
		return usagef("--%s given twice", f.twice)
	case f.empty != "":
		return usagef("--%s: %s", f.empty, emptyValue(f.empty))
	case f.badBool != "":
		return usagef("--%s: %q is not true or false (--%s alone is true, --%s=false false)", f.badBool, f.badValue, f.badBool, f.badBool)
	}
	return flagErr(err, "unknown flag")
}

// emptyValue says what is wrong with an empty value for the valued flag
// name, and what it takes where every command means the same by it.
func emptyValue(name string) string {
	const whole = "a whole number"
	takes := map[string]string{
		"token": "a token's name", "from": "a token's name", "onto": "a token's name",
		"emanation": "a token's name", "cone": "a token's name", "line": "a token's name",
		"mode":    "a movement mode, or leave --mode out for the ruleset's default",
		"actions": whole, "spent-actions": whole, "diagonals": whole, "spent": whole, "elevation": whole,
		"party-level": whole, "party-size": whole, "radius": whole, "length": whole, "origin-offset": whole,
		"range": whole, "distance": whole, "water-depth": whole, "px": whole,
		"burst": "X,Y (two whole numbers, e.g. 3,4)", "toward": "X,Y (two whole numbers, e.g. 3,4)",
		"dir":   "N, NE, E, SE, S, SW, W or NW",
		"kind":  "push, pull, sweep, shove or drag",
		"paper": "letter or a4, or leave --paper out for letter",
	}[name]
	switch {
	case name == "png" || name == "pdf" || name == "uvtt":
		return "the output file name is empty"
	case takes == "":
		return "the value is empty" // --to: a square, a token or an elevation, by command
	}
	return "the value is empty; give " + takes
}

// flagErr words the flag package's own errors the way queries.md does;
// unknown is what an undefined flag is called ("unknown flag").
func flagErr(err error, unknown string) error {
	msg := err.Error()
	if errors.Is(err, flag.ErrHelp) {
		return usagef("%s -h (for help: encounter-planner help)", unknown)
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return usagef("%s --%s", unknown, name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return usagef("--%s needs a value", name)
	}
	if a, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return usagef("%s %s", unknown, a)
	}
	return usagef("%s", msg)
}

func (f *flags) str(name string, required bool) (string, error) {
	v, ok := f.vals[name]
	if !ok && required {
		return "", usagef("--%s is required", name)
	}
	return v, nil
}

func (f *flags) num(name string, def, lo, hi int) (int, error) {
	v, ok := f.vals[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, usagef("--%s: %q is not a whole number", name, v)
	}
	if n < lo || n > hi {
		return 0, usagef("--%s: %d is out of range (%d to %d)", name, n, lo, hi)
	}
	return n, nil
}

func (f *flags) file() (string, error) {
	switch len(f.pos) {
	case 0:
		return "", usagef("missing FILE (an encounter/1 file)")
	case 1:
		return f.pos[0], nil
	}
	return "", usagef("unexpected argument %q", f.pos[1])
}

// loadFile reads an encounter/1 file, naming the file in every error.
func loadFile(path string) (*model.Encounter, error) {
	fh, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	e, err := model.ReadEncounter(fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return e, nil
}

// openInput opens an input FILE, which must be a regular file: a folder, a
// FIFO or a device is bad input (exit 2), refused without blocking on it
// (it is looked at before it is opened, and opened without waiting).
func openInput(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err == nil && !fi.Mode().IsRegular() {
		return nil, usagef("%s: it is %s, not a file", path, export.FileKind(fi.Mode()))
	}
	fh, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file: %w", path, fs.ErrNotExist)
		}
		if nf := export.CheckFolder(path); nf != nil {
			return nil, fmt.Errorf("%s: no such file: %w", path, nf)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if fi, err := fh.Stat(); err != nil || !fi.Mode().IsRegular() {
		fh.Close()
		return nil, usagef("%s: it is not a regular file", path)
	}
	return fh, nil
}

func tokenArg(e *model.Encounter, f *flags, flag, file string) (int, error) {
	name, err := f.str(flag, true)
	if err != nil {
		return 0, err
	}
	i := e.TokenIndex(name)
	if i < 0 {
		return 0, usagef("--%s: %s has no token named %q", flag, file, name)
	}
	return i, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(terminalSafe{w})
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// terminalRune reports whether a terminal acts on r rather than showing
// it: a control character (ESC starts colour and cursor sequences, BEL
// rings, and so do their 8-bit C1 forms), a bidirectional mark, embedding,
// override or isolate (U+202E shows what follows right to left), or a line
// or paragraph separator. Names may hold any of them (a shared file chose
// them), so nothing the command line prints carries one raw.
func terminalRune(r rune) bool {
	switch {
	case unicode.IsControl(r): // C0, DEL and C1
		return true
	case r == 0x061C, r == 0x200E, r == 0x200F, r >= 0x202A && r <= 0x202E,
		r >= 0x2066 && r <= 0x2069, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// printable is s made safe to print as one line, or one field of a line:
// a tab or line break becomes a space (it would split the line or the
// column), any other terminalRune its escape, \x1b or \u202e, which shows
// what is there without acting on the terminal. So does a byte that is not
// UTF-8 (a file name may hold any byte): \x9b alone is a C1 CSI to a
// terminal that reads 8-bit controls, and shows as nothing readable to
// one that reads UTF-8.
func printable(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, terminalRune) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, `\x%02x`, s[i])
			i++
			continue
		}
		i += n
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
		case !terminalRune(r):
			b.WriteRune(r)
		case r < utf8.RuneSelf:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// terminalSafe writes JSON with every terminalRune inside its strings
// escaped as \uXXXX: the same document, safe to show. encoding/json
// escapes C0 controls and U+2028/U+2029 itself, not DEL, C1 controls or
// bidirectional controls. Each Write must end on a character boundary, as
// json.Encoder's single Write of a document does.
type terminalSafe struct{ w io.Writer }

func (t terminalSafe) Write(p []byte) (int, error) {
	if _, err := t.w.Write(escapeTerminalRunes(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// escapeTerminalRunes is JSON text p with each terminalRune written as a
// \uXXXX escape (they can only stand inside strings); p itself when it
// has none.
func escapeTerminalRunes(p []byte) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(p); {
		if p[i] < utf8.RuneSelf-1 { // below DEL
			i++
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		if terminalRune(r) {
			out = append(out, p[last:i]...)
			out = fmt.Appendf(out, `\u%04x`, r)
			last = i + n
		}
		i += n
	}
	if out == nil {
		return p
	}
	return append(out, p[last:]...)
}

func moveQuery(e *model.Encounter, f *flags, tok int) (rules.MoveQuery, error) {
	q := rules.MoveQuery{Token: tok, Step: f.bools["step"]}
	mode, _ := f.str("mode", false)
	if mode == "" {
		mode = rules.DefaultMode(e.Ruleset)
	}
	known := false
	for _, m := range rules.Modes(e.Ruleset) {
		known = known || m == mode
	}
	if !known {
		return q, usagef("--mode: %q is not a movement mode of the %s ruleset (want %s)", mode, e.Ruleset, strings.Join(rules.Modes(e.Ruleset), ", "))
	}
	q.Mode = mode
	n, err := f.num("actions", 1, 1, 3)
	if err != nil {
		return q, err
	}
	if max := rules.MaxActions(e.Ruleset); n > max {
		return q, usagef("--actions: the %s ruleset allows at most %d", e.Ruleset, max)
	}
	q.Actions = n
	if q.Step && e.Ruleset != model.SF2E {
		return q, usagef("--step: only the sf2e ruleset has a Step")
	}
	if q.Step && n != 1 {
		// queries.md: a Step is one action; the output's actions is 1.
		return q, usagef("--step: a Step is a single action; --actions must be 1, not %d", n)
	}
	return q, elevationFlag(e, f, &q)
}

// fileCmd parses a query's flags and reads its encounter FILE.
func fileCmd(args, valued, boolean []string) (*flags, *model.Encounter, string, error) {
	f, err := parseFlags(args, valued, boolean)
	if err != nil {
		return nil, nil, "", err
	}
	file, err := f.file()
	if err != nil {
		return nil, nil, "", err
	}
	e, err := loadFile(file)
	if err != nil {
		return nil, nil, "", err
	}
	return f, e, file, nil
}

// moveCmd is fileCmd for reach and path: the token, the move query and the
// ruleset's engine, checked. extra names further valued flags.
func moveCmd(args []string, extra ...string) (*flags, *model.Encounter, rules.MoveQuery, rules.Engine, error) {
	var q rules.MoveQuery
	f, e, file, err := fileCmd(args, append(append([]string{"token", "actions", "mode", "elevation"}, turnValued...), extra...), []string{"step"})
	if err != nil {
		return nil, nil, q, nil, err
	}
	tok, err := tokenArg(e, f, "token", file)
	if err != nil {
		return nil, nil, q, nil, err
	}
	if q, err = moveQuery(e, f, tok); err != nil {
		return nil, nil, q, nil, err
	}
	if err = turnFlags(e, f, &q); err != nil {
		return nil, nil, q, nil, err
	}
	eng, err := rules.For(e.Ruleset)
	return f, e, q, eng, err
}

func sortSquares(sq []rules.Square) {
	sort.SliceStable(sq, func(i, j int) bool {
		if sq[i].Y != sq[j].Y {
			return sq[i].Y < sq[j].Y
		}
		return sq[i].X < sq[j].X
	})
}

func parseXY(s string) (int, int, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, usagef("--to: %q is not X,Y (two whole numbers, e.g. 3,4)", s)
	}
	return x, y, nil
}

type jsonStep struct {
	X     *int     `json:"x,omitempty"`
	Y     *int     `json:"y,omitempty"`
	Turn  string   `json:"turn,omitempty"`
	Cost  int      `json:"cost"`
	Total int      `json:"total"`
	Flags []string `json:"flags"`
	Z     *int     `json:"z,omitempty"` // a flying token's elevation after the step
}

func runPath(env Env, args []string) error {
	f, e, q, eng, err := moveCmd(args, "to")
	if err != nil {
		return err
	}
	tok := q.Token
	to, err := f.str("to", true)
	if err != nil {
		return err
	}
	x, y, err := parseXY(to)
	if err != nil {
		return err
	}
	if !e.Grid.In(x, y) {
		return usagef("--to: square (%d, %d) is off the %dx%d map", x, y, e.Grid.W, e.Grid.H)
	}
	p, err := eng.Path(e, q, x, y)
	if err != nil {
		return err
	}
	type pt struct {
		X int `json:"x"`
		Y int `json:"y"`
	}
	out := struct {
		Token     string     `json:"token"`
		To        pt         `json:"to"`
		Reachable bool       `json:"reachable"`
		Cost      *int       `json:"cost,omitempty"`
		Actions   *int       `json:"actions,omitempty"`
		Diagonals *int       `json:"diagonals,omitempty"` // the turn's count after the path
		Steps     []jsonStep `json:"steps"`
		Dive      bool       `json:"dive,omitempty"` // pf1e: the flight qualifies for a dive attack
	}{Token: e.Tokens[tok].Name, To: pt{x, y}, Reachable: p.Reachable, Steps: []jsonStep{}}
	if p.Reachable {
		out.Cost, out.Actions, out.Diagonals, out.Dive = &p.Cost, &p.Actions, &p.Diagonals, p.Dive
		for _, s := range p.Steps {
			js := jsonStep{Cost: s.Cost, Total: s.Total, Flags: s.Flags.Names(), Z: stepZ(e, q, s)}
			if s.Turn != rules.NoTurn {
				js.Turn = model.Facing(s.Turn).String()
			} else {
				sx, sy := s.X, s.Y
				js.X, js.Y = &sx, &sy
			}
			out.Steps = append(out.Steps, js)
		}
	}
	return writeJSON(env.Stdout, out)
}

// fromTo reads FILE --from A --to B, two different tokens (one token twice
// is a slip, not a question).
func fromTo(args []string) (e *model.Encounter, a, b int, err error) {
	f, e, file, err := fileCmd(args, []string{"from", "to"}, nil)
	if err != nil {
		return nil, 0, 0, err
	}
	if a, err = tokenArg(e, f, "from", file); err != nil {
		return nil, 0, 0, err
	}
	if b, err = tokenArg(e, f, "to", file); err != nil {
		return nil, 0, 0, err
	}
	if a == b {
		return nil, 0, 0, usagef("--from and --to name the same token %q", e.Tokens[a].Name)
	}
	return e, a, b, nil
}

func runCover(env Env, args []string) error {
	e, a, b, err := fromTo(args)
	if err != nil {
		return err
	}
	eng, err := rules.For(e.Ruleset)
	if err != nil {
		return err
	}
	c, err := eng.Cover(e, a, b)
	if err != nil {
		return err
	}
	return writeJSON(env.Stdout, struct {
		From  string `json:"from"`
		To    string `json:"to"`
		Cover string `json:"cover"`
	}{e.Tokens[a].Name, e.Tokens[b].Name, c.String()})
}

func runFlanking(env Env, args []string) error {
	_, e, _, err := fileCmd(args, nil, nil)
	if err != nil {
		return err
	}
	eng, err := rules.For(e.Ruleset)
	if err != nil {
		return err
	}
	fl, err := eng.Flanking(e)
	if err != nil {
		return err
	}
	type entry struct {
		Target string    `json:"target"`
		By     [2]string `json:"by"`
	}
	out := struct {
		Flanked []entry `json:"flanked"`
	}{Flanked: []entry{}}
	for _, x := range fl {
		by := [2]string{e.Tokens[x.By[0]].Name, e.Tokens[x.By[1]].Name}
		if by[1] < by[0] {
			by[0], by[1] = by[1], by[0]
		}
		out.Flanked = append(out.Flanked, entry{e.Tokens[x.Target].Name, by})
	}
	sort.SliceStable(out.Flanked, func(i, j int) bool {
		a, b := out.Flanked[i], out.Flanked[j]
		if a.Target != b.Target {
			return a.Target < b.Target
		}
		if a.By[0] != b.By[0] {
			return a.By[0] < b.By[0]
		}
		return a.By[1] < b.By[1]
	})
	return writeJSON(env.Stdout, out)
}

func runMover(env Env, cmd string, args []string) error {
	f, e, file, err := fileCmd(args, []string{"token", "range", "kind", "from", "distance"}, nil)
	if err != nil {
		return err
	}
	tok, err := tokenArg(e, f, "token", file)
	if err != nil {
		return err
	}
	if e.Ruleset != model.Points {
		return rules.BadQuery("%s: the %s ruleset has no %s; it belongs to the points ruleset", cmd, e.Ruleset, cmd)
	}
	eng, err := rules.For(e.Ruleset)
	if err != nil {
		return err
	}
	mv, ok := eng.(rules.Mover)
	if !ok {
		return fmt.Errorf("%s: the points engine has no %s", cmd, cmd)
	}
	var sq []rules.Square
	switch cmd {
	case "leap":
		sq, err = mv.Leap(nil, e, tok)
	case "teleport":
		var n int
		if _, ok := f.vals["range"]; !ok {
			return usagef("--range is required")
		}
		if n, err = f.num("range", 0, 0, 2*model.MaxMapSide); err != nil {
			return err
		}
		sq, err = mv.Teleport(nil, e, tok, n)
	case "forced":
		kind, err2 := f.str("kind", true)
		if err2 != nil {
			return err2
		}
		switch kind {
		case "push", "pull", "sweep", "shove", "drag":
		default:
			return usagef("--kind: %q is not push, pull, sweep, shove or drag", kind)
		}
		src, err2 := tokenArg(e, f, "from", file)
		if err2 != nil {
			return err2
		}
		if _, ok := f.vals["distance"]; !ok {
			return usagef("--distance is required")
		}
		n, err2 := f.num("distance", 0, 0, 2*model.MaxMapSide)
		if err2 != nil {
			return err2
		}
		sq, err = mv.Forced(nil, e, tok, kind, src, n)
	}
	if err != nil {
		return err
	}
	sortSquares(sq)
	out := struct {
		Token   string        `json:"token"`
		Squares []moverSquare `json:"squares"`
	}{e.Tokens[tok].Name, moverSquares(sq, cmd == "forced")}
	return writeJSON(env.Stdout, out)
}

// moverSquare is one square of a leap's, teleport's or forced move's
// answer.
type moverSquare struct {
	X         int  `json:"x"`
	Y         int  `json:"y"`
	Collision bool `json:"collision,omitempty"`
}

// moverSquares are the answer's squares, made at their full length at
// once: a teleport over a mostly open 1000 x 1000 map reaches nearly a
// million squares, and appended one by one they were copied some twenty
// times, a third of the command's 150 MB peak. collisions says whether a
// square's Facings mark a collision (forced movement).
func moverSquares(sq []rules.Square, collisions bool) []moverSquare {
	out := make([]moverSquare, len(sq))
	for i, s := range sq {
		out[i] = moverSquare{s.X, s.Y, collisions && s.Facings != 0}
	}
	return out
}
