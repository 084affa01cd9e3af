package ui

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// overlayPanel is the overlay switches and, under them, the answers for
// the selection (cover, flanking, forced movement).
type overlayPanel struct {
	box        *fyne.Container
	coverLabel *widget.Label
	settings   session.Settings

	// the end elevation of flights (sf2e, pf1e; elevationend.go): its
	// field, nil unless the ruleset has elevation and the mode is fly,
	// and the token it was asked for
	end      *controls.PaneEntry
	endFor   endOwner
	endQuiet bool // the field's text is being set from the settings

	// held is the height the panel keeps while the GM works its switches
	// (0: the height its switches and answers need). A switch that
	// lengthened the answers grew the panel upward, at the foot of the
	// column, and moved every switch under the pointer: the next click
	// landed on another one. The answers scroll instead, until the GM
	// leaves the switches (releaseOverlayPanel).
	held     float32
	building bool // build is setting the switches, not the GM

	// kept is what the GM had chosen for the switches a ruleset turns off
	// and greys (Cover, Both ways and Flanking where it has no cover,
	// Enemy reach where nothing reacts), nil while none is: a switch to
	// starship and back left Enemy reach off, and turned Cover on though
	// the GM had turned it off. A ruleset that has them again gives them
	// back (keepSwitches).
	kept *keptSwitches
}

// keptSwitches are the GM's choices of the switches a ruleset turned off.
type keptSwitches struct {
	cover, coverBack, flank, threat bool
	coverHeld, threatHeld           bool // which of them a ruleset holds off
}

// keepSwitches turns off the switches ruleset d has no use for, keeping
// the GM's choices of them, and gives back the kept ones d uses.
func (op *overlayPanel) keepSwitches(d *rules.Ruleset) {
	s := &op.settings
	noCombat := !d.Cover || !d.Flanking
	if op.kept == nil && (noCombat || !d.Reactions) {
		op.kept = &keptSwitches{}
	}
	k := op.kept
	if k == nil {
		return
	}
	switch {
	case noCombat && !k.coverHeld:
		k.cover, k.coverBack, k.flank, k.coverHeld = s.Cover, s.CoverBack, s.Flank, true
	case !noCombat && k.coverHeld:
		s.Cover, s.CoverBack, s.Flank, k.coverHeld = k.cover, k.coverBack, k.flank, false
	}
	switch {
	case !d.Reactions && !k.threatHeld:
		k.threat, k.threatHeld = s.Threat, true
	case d.Reactions && k.threatHeld:
		s.Threat, k.threatHeld = k.threat, false
	}
	if noCombat {
		s.Cover, s.CoverBack, s.Flank = false, false, false
	}
	if !d.Reactions {
		s.Threat = false
	}
	if !k.coverHeld && !k.threatHeld {
		op.kept = nil
	}
}

// buildOverlayPanel (re)makes the overlay switches for the ruleset.
func (ed *Editor) buildOverlayPanel() {
	ed.ovp.build(ed.enc, ed.sel, ed.player != nil && ed.player.Sharing(), panelActions{
		changed: func() {
			ed.requestOverlays()
			ed.rebuildOverlays()
			ed.updateCoverList()
		},
		say:     ed.message,
		share:   ed.sharePlayer,
		rebuild: ed.buildOverlayPanel,
		hold:    ed.holdOverlayPanel,
		mode:    ed.modeChosen,
	})
	ed.relayoutRight() // rightpane.go
}

// panelActions are what the overlay panel's widgets ask of the editor.
type panelActions struct {
	changed func()        // a switch changed: new overlays and answers
	say     func(string)  // the status bar
	share   func(on bool) // share the selection on the player display
	rebuild func()        // the switches change with the mode
	hold    func()        // the GM works the switches: keep the panel's height
	mode    func(string)  // the GM chose a movement mode in the list
}

// build (re)makes the switches for e's ruleset and selection sel, sharing
// telling whether the player display shows the selection.
func (op *overlayPanel) build(e *model.Encounter, sel int, sharing bool, act panelActions) {
	p := op.box
	p.RemoveAll()
	d := rules.Describe(e.Ruleset)
	op.building = true
	defer func() { op.building = false }()
	set := func(f func(s *session.Settings)) {
		if !op.building {
			act.hold()
		}
		f(&op.settings)
		act.changed()
	}
	// the starship and points texts define no cover or flanking: their
	// queries only answer with an error, so the switches are off — before
	// any widget below is set, which asks for overlays with the settings
	// as they are then
	// (nor do they define reactions to movement: nothing is ever in an
	// enemy's reach there, and the Enemy reach switch, left on, did
	// nothing); the GM's choices come back with a ruleset that has them
	noCombat := !d.Cover || !d.Flanking
	op.keepSwitches(d)
	title := widget.NewLabelWithStyle("Overlays", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	reach := controls.NewPaneCheck("Reach", func(b bool) { set(func(s *session.Settings) { s.Reach = b }) })
	reach.SetChecked(op.settings.Reach)
	modes := append(append([]string(nil), d.Modes...), d.MoverModes...)
	if !d.HasMode(op.settings.Mode) {
		op.settings.Mode = d.DefaultMode
	}
	mode := controls.NewPaneSelect(modes, func(m string) {
		was := op.settings.Mode
		set(func(s *session.Settings) { s.Mode = m })
		if modeFields(d, was) != modeFields(d, m) {
			act.rebuild() // the fields under the mode are the new mode's
		}
		if !op.building {
			act.mode(m)
		}
	})
	mode.SetSelected(op.settings.Mode)
	var acts []string
	for a := 1; a <= d.MaxActions; a++ {
		acts = append(acts, strconv.Itoa(a))
	}
	if op.settings.Actions > d.MaxActions || op.settings.Actions < 1 {
		op.settings.Actions = 1
	}
	actions := controls.NewPaneSelect(acts, func(a string) {
		n, _ := strconv.Atoi(a)
		set(func(s *session.Settings) { s.Actions = n })
	})
	actions.SetSelected(strconv.Itoa(op.settings.Actions))
	path := controls.NewPaneCheck("Path", func(b bool) { set(func(s *session.Settings) { s.Path = b }) })
	path.SetChecked(op.settings.Path)
	back := controls.NewPaneCheck("Both ways", func(b bool) { set(func(s *session.Settings) { s.CoverBack = b }) })
	back.SetChecked(op.settings.CoverBack)
	allies := controls.NewPaneCheck("Allies too", func(b bool) { set(func(s *session.Settings) { s.CoverAllies = b }) })
	allies.SetChecked(op.settings.CoverAllies)
	// Both ways and Allies too say how cover is shown: greyed while it is
	// not, where a click seemed to do nothing
	coverParts := func(on bool) {
		for _, c := range []*controls.PaneCheck{back, allies} {
			if on {
				c.Enable()
			} else {
				c.Disable()
			}
		}
	}
	cover := controls.NewPaneCheck("Cover", func(b bool) {
		set(func(s *session.Settings) { s.Cover = b })
		coverParts(b)
	})
	cover.SetChecked(op.settings.Cover)
	coverParts(op.settings.Cover)
	flank := controls.NewPaneCheck("Flanking", func(b bool) { set(func(s *session.Settings) { s.Flank = b }) })
	flank.SetChecked(op.settings.Flank)
	threat := controls.NewPaneCheck("Enemy reach", func(b bool) { set(func(s *session.Settings) { s.Threat = b }) })
	threat.SetChecked(op.settings.Threat)
	if !d.Reactions {
		threat.Disable()
	}
	if noCombat {
		for _, c := range []*controls.PaneCheck{cover, back, allies, flank} {
			c.SetChecked(false)
			c.Disable()
		}
	}
	// the heading shares its row with Reach and Path: one row less above
	// the cover and flanking answers, which must show without scrolling
	p.Add(container.NewBorder(nil, nil, title, nil, container.NewGridWithColumns(2, reach, path)))
	form := widget.NewForm(widget.NewFormItem("Mode", mode))
	fields := modeFields(d, op.settings.Mode)
	if fields.actions {
		form.Append("Actions", actions)
	}
	// the teleport range and the forced movement keep their values, set
	// here, while their fields are not shown: the overlays asked when
	// the GM picks the mode are the mode's, with them
	if contains(d.MoverModes, rules.ModeTeleport) && op.settings.Range <= 0 {
		op.settings.Range = 5
	}
	if fields.teleport {
		rng := controls.NewPaneEntry()
		rng.SetText(strconv.Itoa(op.settings.Range))
		rng.OnChanged = func(s string) {
			// 0 squares is refused too: the panel put 5 back by itself
			if v, ok, err := parseOptInt(s, "teleport range"); err != nil || !ok || v == 0 {
				act.say("teleport range: type a number of squares")
			} else {
				set(func(st *session.Settings) { st.Range = v })
			}
		}
		rng.OnEscape = func() { keepText(&rng.Entry, strconv.Itoa(op.settings.Range), act.say) }
		form.Append("Teleport sq", rng)
	}
	if contains(d.MoverModes, rules.ModeForced) {
		op.forcedFields(form, e, sel, fields.forced, set, act.say)
	}
	p.Add(form)
	// the player display shares the selection's overlays while "Show
	// players" is on, in the grid's sixth cell: a row of its own (and a
	// Clear button, which did what unchecking does) took the room the End
	// elevation field now has
	share := controls.NewPaneCheck("Show players", act.share)
	share.SetChecked(sharing)
	p.Add(container.NewGridWithColumns(2, cover, back, allies, flank, threat, share))
	// fly mode's End elevation comes last, in a form of its own: above
	// the switches it moved them down a row under the pointer, and its
	// label widened the Mode form's and moved the lists right
	op.end = nil
	if fields.end {
		p.Add(widget.NewForm(widget.NewFormItem("End elevation", op.endField(e, sel, set, act.say))))
	}
	p.Refresh()
}

// panelFields are the overlay panel's fields under Mode that a movement
// mode uses: every field of every mode at once (points showed Actions,
// Teleport sq, Forced, Forced by and Forced sq in land mode, where four of
// them did nothing) made the GM guess which counted.
type panelFields struct {
	actions  bool // how many actions the reach spends: not with one action only (starship), nor for a leap, teleport or forced move, which spend none of it
	teleport bool // Teleport sq (points' teleport)
	forced   bool // Forced, Forced by, Forced sq (points' forced movement)
	end      bool // End elevation (a flight, where tokens have a height)
}

// modeFields are the fields ruleset d's panel shows under Mode for mode m.
func modeFields(d *rules.Ruleset, m string) panelFields {
	return panelFields{
		actions:  d.MaxActions > 1 && !session.MoverMode(m),
		teleport: m == rules.ModeTeleport && contains(d.MoverModes, m),
		forced:   m == rules.ModeForced && contains(d.MoverModes, m),
		end:      d.Elevation && m == rules.ModeFly,
	}
}

// forcedFields sets the forced-movement choices (points) for selection
// sel, and with show adds them to the overlay form: the kind, the token
// that moves the selected one, and how far.
func (op *overlayPanel) forcedFields(form *widget.Form, e *model.Encounter, sel int, show bool, set func(func(s *session.Settings)), say func(string)) {
	s := &op.settings
	if !contains(session.ForcedKinds, s.ForcedKind) {
		s.ForcedKind = rules.ForcedPush
	}
	if s.ForcedDist <= 0 {
		s.ForcedDist = 2
	}
	// the sources are the other tokens, the selected one's nearest foe
	// first when the current choice is gone
	var names []string
	ids := map[string]string{}
	cur := ""
	for j, t := range e.Tokens {
		if j == sel {
			continue
		}
		names = append(names, t.Name)
		ids[t.Name] = t.ID
		if t.ID == s.ForcedSource {
			cur = t.Name
		}
	}
	if cur == "" {
		s.ForcedSource = ""
		if j := session.NearestFoe(e, sel); j >= 0 {
			s.ForcedSource, cur = e.Tokens[j].ID, e.Tokens[j].Name
		}
	}
	if !show {
		return
	}
	kind := controls.NewPaneSelect(session.ForcedKinds, nil)
	kind.SetSelected(s.ForcedKind)
	kind.OnChanged = func(k string) { set(func(st *session.Settings) { st.ForcedKind = k }) }
	src := controls.NewPaneSelect(names, nil)
	src.PlaceHolder = "(choose a token)"
	if cur != "" {
		src.SetSelected(cur)
	}
	src.OnChanged = func(n string) { set(func(st *session.Settings) { st.ForcedSource = ids[n] }) }
	dist := controls.NewPaneEntry()
	dist.SetText(strconv.Itoa(s.ForcedDist))
	dist.OnChanged = func(v string) {
		// 0 squares is refused too: the panel put 2 back by itself
		if n, ok, err := parseOptInt(v, "forced distance"); err != nil || !ok || n == 0 {
			say("forced distance: type a number of squares, like 2")
		} else {
			set(func(st *session.Settings) { st.ForcedDist = n })
		}
	}
	dist.OnEscape = func() { keepText(&dist.Entry, strconv.Itoa(s.ForcedDist), say) }
	form.Append("Forced", kind)
	form.Append("Forced by", src)
	form.Append("Forced sq", dist)
}

// keepText puts back in field en the value in use (v), when Escape leaves
// it holding a refused one ("x" for a distance), which it kept showing,
// and takes the refusal off the status bar (say: the status bar), where it
// stayed its 8 seconds after the field was put right.
func keepText(en *widget.Entry, v string, say func(string)) {
	if en.Text != v {
		en.SetText(v)
		say("")
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// modeChosen answers the GM's choice of movement mode m for the selected
// token: one it has no Speed for showed the ruleset's default mode's reach
// under the chosen mode's name, without a word. The list goes back to the
// mode shown, and the status bar says why.
func (ed *Editor) modeChosen(m string) {
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
		return
	}
	shown := session.FitMode(ed.enc, ed.sel, m)
	if shown == m {
		return
	}
	t := &ed.enc.Tokens[ed.sel]
	ed.ovp.settings.Mode = shown
	ed.buildOverlayPanel()
	ed.message(fmt.Sprintf("%s has no %s Speed: showing %s (give it a %s Speed in the inspector)", t.Name, m, shown, m))
}

// holdOverlayPanel keeps the overlay panel at the height it has now,
// until another token is selected (overlayPanel.held).
func (ed *Editor) holdOverlayPanel() {
	if ed.ovp.held > 0 || ed.right == nil {
		return
	}
	ed.ovp.held = ed.right.BottomShown(ed.right.Size().Height)
}

// releaseOverlayPanel lets the overlay panel take the height its switches
// and answers need again, when the GM has left the switches: another
// token is selected, or the pointer is over the map.
func (ed *Editor) releaseOverlayPanel() {
	if ed.ovp.held > 0 {
		ed.ovp.held = 0
		ed.relayoutRight()
	}
}

// updateCoverList shows the answers for the selection under the switches.
func (ed *Editor) updateCoverList() {
	txt := session.Answers(ed.enc, ed.sel, ed.ovp.settings, ed.live.res)
	if txt == ed.ovp.coverLabel.Text {
		return
	}
	ed.ovp.coverLabel.SetText(txt)
	if ed.right != nil {
		ed.right.Refresh() // the answers' part takes the lines they need
	}
}
