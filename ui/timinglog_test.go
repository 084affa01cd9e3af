package ui

import (
	"bytes"
	"regexp"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestTimingLogNamesTheMode: .ci/dragtime reads each request's movement
// mode from the timing log, so that a drag measured "aloft" whose clicks on
// the mode list missed fails rather than timing a land drag.
func TestTimingLogNamesTheMode(t *testing.T) {
	ed, _, _ := newTestEditor(t, model.Sample())
	var buf bytes.Buffer
	timingLog = &buf
	t.Cleanup(func() { timingLog = nil; ed.view.OnFrame = nil })
	line := regexp.MustCompile(`(?m)^timing: request (\d+) event (-?\d+) drag ([01]) mode (\S+)$`)
	for _, mode := range []string{rules.ModeLand, rules.ModeFly} {
		buf.Reset()
		ed.ovp.settings.Mode = mode
		ed.requestOverlays()
		m := line.FindStringSubmatch(buf.String())
		if m == nil {
			t.Fatalf("no request line in %q", buf.String())
		}
		if m[4] != mode {
			t.Errorf("the request says mode %s, the overlays are in %s", m[4], mode)
		}
	}
}
