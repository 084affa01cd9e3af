package ui

import (
	"fmt"
	"io"
	"os"
	"time"

	"fyne.io/fyne/v2"
)

// TimingLogEnv names the environment variable that, set to 1, writes to
// standard error when each overlay request was made and which answer each
// frame of the map showed (.ci/dragtime reads it):
//
//	timing: request GEN event NS drag 0|1 mode M
//	                                        the request, its pointer event and
//	                                        the movement mode (land, fly, ...)
//	timing: frame GEN done NS reach N       a frame drawn, showing answer GEN
//	                                        (N reached squares)
//	timing: view X Y W H ZOOM OX OY         where the map view is (window
//	                                        units) and the square at its corner
//	timing: save took NS ok true|false      a save of the editor, from the copy
//	                                        of the encounter to the commit
//
// NS are Unix nanoseconds (for took, a duration).
const TimingLogEnv = "ENCOUNTER_PLANNER_TIMING_LOG"

// timingLog, when set, receives the timing lines.
var timingLog io.Writer

func init() {
	if os.Getenv(TimingLogEnv) == "1" {
		timingLog = os.Stderr
	}
}

// logRequest stamps request gen with the pointer event that caused it.
func (ed *Editor) logRequest(gen uint64) {
	if timingLog == nil {
		return
	}
	if ed.view.OnFrame == nil {
		ed.view.OnFrame = ed.logFrame
	}
	drag := 0
	if ed.gest.ghost != nil {
		drag = 1
	}
	mode := ed.ovp.settings.Mode
	if mode == "" {
		mode = "-"
	}
	fmt.Fprintf(timingLog, "timing: request %d event %d drag %d mode %s\n", gen, ed.view.EventAt().UnixNano(), drag, mode)
}

// logFrame stamps a drawn frame with the answer it showed, and the view's
// place when it moved.
func (ed *Editor) logFrame() {
	now := time.Now().UnixNano()
	reach := 0
	if ed.live.res != nil {
		reach = len(ed.live.res.Reach)
	}
	fmt.Fprintf(timingLog, "timing: frame %d done %d reach %d\n", ed.live.ovApplied, now, reach)
	var pos fyne.Position
	if d := fyne.CurrentApp().Driver(); d != nil {
		pos = d.AbsolutePositionForObject(ed.view)
	}
	ox, oy := ed.view.Origin()
	v := fmt.Sprintf("%g %g %g %g %g %g %g", pos.X, pos.Y, ed.view.Size().Width, ed.view.Size().Height, ed.view.Zoom(), ox, oy)
	if v != ed.live.timingView {
		ed.live.timingView = v
		fmt.Fprintf(timingLog, "timing: view %s\n", v)
	}
}

// logSave stamps a save of the editor with the time it took since start.
func logSave(start time.Time, err error) {
	if timingLog == nil {
		return
	}
	fmt.Fprintf(timingLog, "timing: save took %d ok %t\n", time.Since(start).Nanoseconds(), err == nil)
}
