// Package locale makes the process locale one Fyne can parse. Fyne reads
// LANG/LC_ALL while its packages initialise and logs an error for the POSIX
// "C" locale, which is what scripts, CI and cron usually run with; the
// command line must keep stderr for its one-line error. Import this package
// (blank) from main: its path sorts before fyne.io and it depends on os
// only, so Go initialises it first.
package locale

import (
	"os"
	"strings"
)

func init() { Fix() }

// Fix sets LANG to en_US.UTF-8 when the locale variables name the C/POSIX
// locale or nothing at all; a real locale is left alone.
func Fix() {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		if !isPOSIX(v) {
			return
		}
		os.Unsetenv(k)
	}
	os.Setenv("LANG", "en_US.UTF-8")
}

func isPOSIX(v string) bool {
	base, _, _ := strings.Cut(v, ".")
	return base == "C" || base == "POSIX"
}
