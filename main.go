// Command encounter-planner is a battle-map planner for tabletop game
// masters. With no command it opens the desktop app; with one it answers a
// query or exports without a window (see `encounter-planner help`).
package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	_ "encounterplanner/ui/locale" // before Fyne initialises: see the package doc

	"encounterplanner/model"
	"encounterplanner/storage"
	"encounterplanner/ui"
	"encounterplanner/ui/cli"
)

func main() {
	os.Exit(cli.Run(cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, OpenStore: openCLIStore, App: runApp}, os.Args[1:]))
}

// noDisplay is what runApp says, in one line, when there is no display.
const noDisplay = "encounter-planner: no display: run a command, or start it on a desktop"

// appMemory is the app's soft memory limit unless GOMEMLIMIT says
// otherwise. Without one the garbage collector lets the heap double before
// it runs, and keeps the pages it freed: a whole-map answer on a
// 1000x1000 map (the largest; about 140 MB of live heap) then keeps the
// window at about 250-260 MB resident. 176 MiB holds it at about 233 MB,
// and under 250 MB while the answer is first drawn; 192 MiB, above what
// the heap then holds, let it stay at its peak. It is soft: a heap that
// needs more gets it, and the collector spends at most half the CPU
// trying.
const appMemory = 176 << 20

// keepMemoryNear sets the soft memory limit to limit unless the user set
// GOMEMLIMIT.
func keepMemoryNear(limit int64, getenv func(string) string) bool {
	if getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetMemoryLimit(limit)
	return true
}

// runApp opens the desktop app on the database at db ("" for the default).
// Without a display it says so and exits 1 before touching any database
// (GLFW would panic after the database was made). The app opens the
// database itself, beside its window: a library another program holds
// locked takes seconds to give up on, and the window shows meanwhile.
func runApp(db string) int {
	if displayMissing(runtime.GOOS, os.Getenv) {
		fmt.Fprintln(os.Stderr, noDisplay)
		return cli.ExitOther
	}
	if why := displayUnreachable(runtime.GOOS, os.Getenv, dialDisplay); why != "" {
		fmt.Fprintln(os.Stderr, "encounter-planner: "+why+": run a command, or start it on a desktop")
		return cli.ExitOther
	}
	keepMemoryNear(appMemory, os.Getenv)
	opts := ui.Options{DBPath: db, OpenStore: openAppStore, Salvage: salvage}
	if db == "" {
		p, err := storage.DefaultPath()
		opts.DBPath, opts.StoreError = p, err
	}
	ui.Run(nil, opts)
	return 0
}

// salvage reads what it can of a damaged library, for Start fresh.
func salvage(path string) ([]*model.Encounter, []string, error) {
	return storage.Salvage(context.Background(), path)
}

// displayMissing reports whether a window has nowhere to go: on Linux and
// the BSDs it needs an X11 (DISPLAY) or Wayland (WAYLAND_DISPLAY) display;
// Windows and macOS always have one.
func displayMissing(goos string, getenv func(string) string) bool {
	switch goos {
	case "windows", "darwin", "ios", "android", "js":
		return false
	}
	return getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == ""
}

// displayUnreachable says why no window can open on the X11 display that
// DISPLAY names, when nothing answers there and no Wayland display is
// given beside it; "" when something answers, or when DISPLAY is not of
// a form it knows (GLFW then tries). GLFW panicked there, with a
// goroutine dump and exit 2, when DISPLAY outlived its server: an ssh
// session without X forwarding, an X server or Xvfb that quit. The forms:
// ":N" or "unix:N" (optionally ".S"), the socket /tmp/.X11-unix/XN (or
// its abstract twin on Linux); "host:N", TCP port 6000+N of host.
func displayUnreachable(goos string, getenv func(string) string, dial func(network, addr string) error) string {
	switch goos {
	case "windows", "darwin", "ios", "android", "js":
		return ""
	}
	d := getenv("DISPLAY")
	if d == "" || getenv("WAYLAND_DISPLAY") != "" {
		return ""
	}
	i := strings.LastIndexByte(d, ':')
	if i < 0 {
		return ""
	}
	host, num := d[:i], d[i+1:]
	num, _, _ = strings.Cut(num, ".")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || n > 65535-6000 || strings.Contains(host, "/") {
		return ""
	}
	var tried string
	switch host {
	case "", "unix":
		sock := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		if dial("unix", sock) == nil || goos == "linux" && dial("unix", "@"+sock) == nil {
			return ""
		}
		tried = sock
	default:
		addr := net.JoinHostPort(strings.Trim(host, "[]"), strconv.Itoa(6000+n))
		if dial("tcp", addr) == nil {
			return ""
		}
		tried = addr
	}
	return fmt.Sprintf("cannot open the display %s (nothing answers at %s)", d, tried)
}

// dialDisplay connects to an X server's address and hangs up at once.
func dialDisplay(network, addr string) error {
	c, err := net.DialTimeout(network, addr, 3*time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}

// openAppStore opens (creating and seeding) the app's database at path:
// the library at start, and the start screen's "Open another database…",
// "Try again" and "Start fresh".
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
