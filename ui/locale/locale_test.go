package locale

import (
	"os"
	"testing"
)

func TestFix(t *testing.T) {
	cases := []struct{ lcAll, lang, want string }{
		{"", "", "en_US.UTF-8"},
		{"C", "", "en_US.UTF-8"},
		{"", "C.UTF-8", "en_US.UTF-8"},
		{"", "POSIX", "en_US.UTF-8"},
		{"", "fr_FR.UTF-8", "fr_FR.UTF-8"},
	}
	for _, c := range cases {
		t.Setenv("LC_ALL", c.lcAll)
		t.Setenv("LC_MESSAGES", "")
		t.Setenv("LANG", c.lang)
		Fix()
		if got := os.Getenv("LANG"); got != c.want {
			t.Errorf("LC_ALL=%q LANG=%q: LANG = %q, want %q", c.lcAll, c.lang, got, c.want)
		}
		if c.lcAll != "" && os.Getenv("LC_ALL") != "" {
			t.Errorf("LC_ALL=%q was kept", c.lcAll)
		}
	}
}
