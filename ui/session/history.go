package session

import (
	"time"

	"encounterplanner/model"
)

// HistoryLimit bounds the undo stack: a 250x250 map snapshot is ~125 kB, so
// the whole stack stays near 12 MB.
const HistoryLimit = 100

// History is a snapshot-based undo/redo stack. Each entry is a deep copy of
// the encounter before an edit; consecutive edits with the same key within
// a short time (typing in one inspector field) share one entry.
type History struct {
	undo, redo []*model.Encounter
	lastKey    string
	lastAt     time.Time
}

// push records before (already a clone) as the state to return to.
func (h *History) Push(before *model.Encounter, key string) {
	now := time.Now()
	if key != "" && key == h.lastKey && now.Sub(h.lastAt) < 3*time.Second && len(h.undo) > 0 {
		h.lastAt = now
		h.redo = h.redo[:0]
		return
	}
	h.lastKey, h.lastAt = key, now
	h.undo = append(h.undo, before)
	if len(h.undo) > HistoryLimit {
		copy(h.undo, h.undo[1:])
		h.undo[len(h.undo)-1] = nil
		h.undo = h.undo[:len(h.undo)-1]
	}
	h.redo = h.redo[:0]
}

// back returns the state to restore for undo given the current state.
func (h *History) Back(cur *model.Encounter) *model.Encounter {
	if len(h.undo) == 0 {
		return nil
	}
	prev := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	h.redo = append(h.redo, cur)
	h.lastKey = ""
	return prev
}

// forward returns the state to restore for redo.
func (h *History) Forward(cur *model.Encounter) *model.Encounter {
	if len(h.redo) == 0 {
		return nil
	}
	next := h.redo[len(h.redo)-1]
	h.redo = h.redo[:len(h.redo)-1]
	h.undo = append(h.undo, cur)
	h.lastKey = ""
	return next
}

// dropLast forgets the last undo step (a gesture recorded it on the press,
// then was abandoned without changing anything).
func (h *History) DropLast() {
	if n := len(h.undo); n > 0 {
		h.undo[n-1] = nil
		h.undo = h.undo[:n-1]
	}
	h.lastKey = ""
}

// Peek returns the state Back would restore, without restoring it; nil
// when there is nothing to undo.
func (h *History) Peek() *model.Encounter {
	if len(h.undo) == 0 {
		return nil
	}
	return h.undo[len(h.undo)-1]
}
