// Command encounter-planner is a battle-map planner for tabletop game
// masters. With no command it opens the desktop app; with one it answers a
// query or exports without a window (see `encounter-planner help`).
package main

import (
	"os"

	_ "encounterplanner/ui/locale" // before Fyne initialises: see the package doc

	"encounterplanner/model"
	"encounterplanner/storage"
	"encounterplanner/ui"
	"encounterplanner/ui/cli"
)

func main() {
	db, rest, ok := splitDB(os.Args[1:])
	if !ok || len(rest) > 0 {
		os.Exit(cli.Run(cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, OpenStore: openCLIStore}, os.Args[1:]))
	}
	opts := ui.Options{DBPath: db, OpenStore: openAppStore}
	if db == "" {
		if p, err := storage.DefaultPath(); err == nil {
			opts.DBPath = p
		}
	}
	st, err := storage.OpenDefault(db)
	if err != nil {
		opts.StoreError = err
		ui.Run(nil, opts)
		return
	}
	defer st.Close()
	ui.Run(st, opts)
}

// openAppStore opens (creating and seeding) the app's database at path,
// for the start screen's "Open another database…" and "Start fresh".
func openAppStore(path string) (model.EncounterStore, error) {
	st, err := storage.OpenDefault(path)
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return st, nil
}

// splitDB takes the global --db PATH off the front of args; ok is false when
// the arguments are not of that form (cli.Run then explains).
func splitDB(args []string) (db string, rest []string, ok bool) {
	switch {
	case len(args) >= 2 && (args[0] == "--db" || args[0] == "-db"):
		return args[1], args[2:], true
	case len(args) >= 1 && len(args[0]) > 5 && args[0][:5] == "--db=":
		return args[0][5:], args[1:], true
	case len(args) >= 1 && args[0] != "" && args[0][0] == '-':
		return "", args, false
	}
	return "", args, true
}

// openCLIStore opens the database for a command: --db PATH, or the default.
func openCLIStore(path string) (cli.Store, error) {
	if path == "" {
		p, err := storage.DefaultPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	return storage.Open(path)
}
