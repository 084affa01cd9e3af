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
	os.Exit(cli.Run(cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, OpenStore: openCLIStore, App: runApp}, os.Args[1:]))
}

// runApp opens the desktop app on the database at db ("" for the default).
func runApp(db string) int {
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
		return 0
	}
	defer st.Close()
	ui.Run(st, opts)
	return 0
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

// openCLIStore opens the database for a command: --db PATH, or the default;
// read-only (never created) for the commands that only read.
func openCLIStore(path string, readOnly bool) (cli.Store, error) {
	if path == "" {
		p, err := storage.DefaultPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	if readOnly {
		return storage.OpenReadOnly(path)
	}
	return storage.Open(path)
}
