package ui

import (
	"encounterplanner/model"
	"encounterplanner/ui/player"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

// openPlayer opens the player display, or brings it forward.
func (ed *Editor) openPlayer() {
	if ed.player != nil {
		ed.player.Window().Show()
		ed.player.Window().RequestFocus()
		return
	}
	var p *player.Display
	p = player.Open(player.Source{
		Encounter: func() *model.Encounter { return ed.enc },
		Answer:    func() (*render.Overlays, *session.Result) { return ed.live.ov, ed.live.res },
		Grid:      ed.view.GridShown(),
		Parent:    ed.win,
		Escapes:   ed.esc,
		Say:       ed.message,
		OnClosed: func() {
			if ed.player == p {
				ed.player = nil
				ed.buildOverlayPanel()
			}
		},
	})
	ed.player = p
}

// sharePlayer shows the selected token's reach and path on the player
// display (opening it), or stops.
func (ed *Editor) sharePlayer(on bool) {
	if on && ed.player == nil {
		ed.openPlayer()
	}
	if ed.player != nil {
		ed.player.SetSharing(on)
		if on {
			ed.requestOverlays() // the players' answer is computed only while shared
		}
	}
}

func (ed *Editor) togglePlayerFullScreen() {
	if ed.player == nil {
		ed.openPlayer()
	}
	ed.player.ToggleFullScreen()
}

// calibratePlayer opens the player display if need be and asks how big an
// inch is on it.
func (ed *Editor) calibratePlayer() {
	if ed.player == nil {
		ed.openPlayer()
		// the new player window opens over the editor, where the dialog
		// shows: on one screen it hid the dialog the GM had just asked for
		ed.win.RequestFocus()
	}
	ed.player.Calibrate()
}
