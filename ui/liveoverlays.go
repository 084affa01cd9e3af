package ui

import (
	"strings"
	"time"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// liveOverlays are the overlay worker, the requests made and answered, the
// last answer and what the map draws from it.
type liveOverlays struct {
	worker           *session.Worker
	snap             *model.Encounter // read-only copy of the encounter at snapRev, for the worker
	snapRev          int
	ovGen, ovApplied uint64
	res              *session.Result
	ov               *render.Overlays
	said             string // the last refusal of the rules shown in the status bar
	// held is a message the rules' refusal does not replace while it
	// shows (Undo's and Redo's words): it is taken as said, and shows
	// once the message has gone
	held       string
	timingView string // the view's place last written to the timing log
}

// snapshot returns a read-only copy of the encounter at the current revision.
func (ed *Editor) snapshot() *model.Encounter {
	if ed.live.snap == nil || ed.live.snapRev != ed.rev {
		ed.live.snap = ed.sharedCopy() // the worker reads it on its goroutine
		ed.live.snapRev = ed.rev
	}
	return ed.live.snap
}

// requestOverlays asks the worker for the overlays of the current state.
func (ed *Editor) requestOverlays() {
	ed.live.ovGen++
	ed.syncEndElevation() // the end elevation belongs to one token (elevationend.go)
	var hover *rules.Point
	if ed.hovered != nil {
		h := *ed.hovered
		hover = &h
	}
	if g := ed.gest.ghost; g != nil && g.Token == ed.sel {
		// while a token is dragged its path goes to where it would land
		// (the top-left of its space, not the square under the pointer)
		hover = &rules.Point{X: g.X, Y: g.Y}
	}
	drag := -1
	if ed.gest.dragTok >= 0 && ed.gest.dragMoved {
		drag = ed.gest.dragTok
	}
	share := ed.player != nil && ed.player.Sharing()
	ed.live.worker.Request(&session.Request{Gen: ed.live.ovGen, Enc: ed.snapshot(), Rev: ed.rev, Sel: ed.sel, Set: ed.ovp.settings, Hover: hover, Drag: drag, Share: share})
	ed.logRequest(ed.live.ovGen) // timinglog.go
	if ed.gest.ghost != nil {
		// a drag: the path to the new square is usually ready within a
		// millisecond, in time for the frame that moves the ghost
		if r := ed.live.worker.Wait(ed.live.ovGen, dragWait); r != nil {
			ed.applyResult(r)
		}
	}
}

// dragWait is the most a drag's pointer event waits for its answer; a
// slower one arrives in a later frame. (A variable for the tests, which
// prove the wait on a machine too busy to answer within it.)
var dragWait = 4 * time.Millisecond

// applyResult shows a worker answer; an older answer stays on screen until
// a newer one arrives.
func (ed *Editor) applyResult(r *session.Result) {
	if r.Gen < ed.live.ovApplied || r == ed.live.res {
		return // older, or shown already (a drag waited for it)
	}
	ed.live.ovApplied = r.Gen
	ed.live.res = r
	ed.rebuildOverlays()
	if ed.gest.ruler.On {
		ed.setStatus(ed.status.pathLabel, ed.gest.ruler.Status(ed.enc))
	} else if r.PathText != "" {
		ed.setStatus(ed.status.pathLabel, r.PathText)
	} else if ed.hovered == nil || ed.sel < 0 {
		ed.setStatus(ed.status.pathLabel, "")
	} else if r.Path == nil {
		ed.setStatus(ed.status.pathLabel, "")
	}
	if len(r.Errs) > 0 {
		// every answer repeats the rules' refusal ("Dae has no actions
		// left for movement this turn"): said again, it would replace what
		// the GM was just told (whom a burst catches, a move) at once
		said := strings.Join(r.Errs, "; ")
		if m := ed.status.msgLabel.Text; ed.live.held != "" && m == ed.live.held {
			// "Undone: Rat's height changed" stays: the answer for the
			// state undone to (a walker left in the air must fall)
			// replaced it at once, and the GM never read what was undone
			ed.live.said = said
		} else if said != ed.live.said || m == "" || m == said {
			ed.live.said = said
			ed.message(said)
		}
	} else if ed.live.said != "" && ed.status.msgLabel.Text == ed.live.said {
		// the rules' refusal no longer holds: it leaves the status bar
		ed.setStatus(ed.status.msgLabel, "")
	}
	ed.updateCoverList()
	if ed.player != nil && ed.player.Sharing() {
		ed.player.Refresh() // only shared overlays change with an answer
	}
}

// overlaysIdle reports whether the last request was answered, flank
// spots and all (tests).
func (ed *Editor) overlaysIdle() bool {
	return ed.live.ovApplied == ed.live.ovGen && (ed.live.res == nil || !ed.live.res.SpotsPending)
}

// rebuildOverlays assembles what the map draws from the last answer and
// the editor's own state (hover, ghost, warnings).
func (ed *Editor) rebuildOverlays() {
	r := ed.live.res
	o := session.Shown(ed.enc, ed.sel, ed.ovp.settings, r)
	// token indices in an answer for an older revision may be stale: Shown
	// uses it only while the token list has the same length (the next
	// answer is on its way)
	if r != nil && r.NTok == len(ed.enc.Tokens) && ed.ovp.settings.Flank && ed.gest.ghost != nil {
		o.FlankSpots = r.FlankSpots
	}
	if ed.hovered != nil {
		h := *ed.hovered
		o.Hover = &h
		if ed.tools.tool == ToolSelect && ed.sel >= 0 && ed.sel < len(ed.enc.Tokens) {
			// where the selected token would stand: its whole space, with
			// the hovered square as its top-left (as the path reads it)
			t := &ed.enc.Tokens[ed.sel]
			o.HoverSize = ed.enc.Space(t)
			if at := r.PathEndFor(ed.sel, h, o.HoverSize); at != nil && ed.gest.ghost == nil {
				// a shaded square whose top-left position it cannot
				// reach: the space the path ends in, which covers it
				o.Hover = at
			}
			if h.X == t.X && h.Y == t.Y {
				// that is the token itself, which its ring already
				// marks: the outline would only crowd out its labels
				// (the elevation tag of a token just lifted)
				o.Hover = nil
			}
		}
	}
	ed.brushHover(o) // gestures.go: a brush's block
	// a token placed with Shift, or loaded, where it may not stand
	o.Warn = append(o.Warn, session.Misplaced(ed.enc)...)
	o.Ghost = ed.gest.ghost
	if ed.gest.ruler.On {
		// measuring: the ruler follows the pointer, the movement path
		// does not (it would stay drawn to the square hovered before M)
		o.Path, o.PathFrom = nil, -1
	}
	o.Ruler = ed.gest.ruler.Overlays(ed.enc)
	o.RulerShare = ed.gest.ruler.Share
	ed.live.ov = o
	ed.view.Refresh()
}

// Overlays returns what the map currently draws over the terrain.
func (ed *Editor) Overlays() *render.Overlays { return ed.live.ov }
