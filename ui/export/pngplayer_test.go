package export

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestPNGPlayerVersionRefusesAMapAllInFog: the players' PNG of a map
// fogged from edge to edge wrote an image of dark fog, while the players'
// PDF of the same map is refused. It is refused the same way,
// ErrPlayersSeeNothing naming the option, and writes nothing; the GM's
// PNG, and the players' with one square revealed, still write.
func TestPNGPlayerVersionRefusesAMapAllInFog(t *testing.T) {
	e := trimMap()
	fogFrom(e, 0)
	var buf bytes.Buffer
	err := PNG(&buf, e, PNGOptions{PX: 10, Player: true, Grid: true})
	if !errors.Is(err, ErrPlayersSeeNothing) || buf.Len() != 0 {
		t.Errorf("the players' PNG: %v, %d bytes written; want ErrPlayersSeeNothing and nothing written", err, buf.Len())
	}
	if err != nil && !strings.HasPrefix(err.Error(), "export png: player version: ") {
		t.Errorf("%q does not name the option", err)
	}
	buf.Reset()
	if err := PNG(&buf, e, PNGOptions{PX: 10}); err != nil || buf.Len() == 0 {
		t.Errorf("the GM's PNG: %v, %d bytes", err, buf.Len())
	}
	e.Revealed[1*30+1] = true
	buf.Reset()
	if err := PNG(&buf, e, PNGOptions{PX: 10, Player: true}); err != nil || buf.Len() == 0 {
		t.Errorf("one square revealed: %v, %d bytes", err, buf.Len())
	}
}
