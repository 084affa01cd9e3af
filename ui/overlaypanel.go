package ui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

// buildOverlayPanel (re)makes the overlay switches for the ruleset.
func (ed *Editor) buildOverlayPanel() {
	p := ed.ovp.box
	p.RemoveAll()
	d := rules.Describe(ed.enc.Ruleset)
	set := func(f func(s *session.Settings)) {
		f(&ed.ovp.settings)
		ed.requestOverlays()
		ed.rebuildOverlays()
		ed.updateCoverList()
	}
	title := widget.NewLabelWithStyle("Overlays", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	reach := widget.NewCheck("Reach", func(b bool) { set(func(s *session.Settings) { s.Reach = b }) })
	reach.SetChecked(ed.ovp.settings.Reach)
	modes := append(append([]string(nil), d.Modes...), d.MoverModes...)
	if !d.HasMode(ed.ovp.settings.Mode) {
		ed.ovp.settings.Mode = d.DefaultMode
	}
	mode := widget.NewSelect(modes, func(m string) { set(func(s *session.Settings) { s.Mode = m }) })
	mode.SetSelected(ed.ovp.settings.Mode)
	var acts []string
	for a := 1; a <= d.MaxActions; a++ {
		acts = append(acts, strconv.Itoa(a))
	}
	if ed.ovp.settings.Actions > d.MaxActions || ed.ovp.settings.Actions < 1 {
		ed.ovp.settings.Actions = 1
	}
	actions := widget.NewSelect(acts, func(a string) {
		n, _ := strconv.Atoi(a)
		set(func(s *session.Settings) { s.Actions = n })
	})
	actions.SetSelected(strconv.Itoa(ed.ovp.settings.Actions))
	path := widget.NewCheck("Path", func(b bool) { set(func(s *session.Settings) { s.Path = b }) })
	path.SetChecked(ed.ovp.settings.Path)
	cover := widget.NewCheck("Cover", func(b bool) { set(func(s *session.Settings) { s.Cover = b }) })
	cover.SetChecked(ed.ovp.settings.Cover)
	back := widget.NewCheck("Both ways", func(b bool) { set(func(s *session.Settings) { s.CoverBack = b }) })
	back.SetChecked(ed.ovp.settings.CoverBack)
	flank := widget.NewCheck("Flanking", func(b bool) { set(func(s *session.Settings) { s.Flank = b }) })
	flank.SetChecked(ed.ovp.settings.Flank)
	threat := widget.NewCheck("Enemy reach", func(b bool) { set(func(s *session.Settings) { s.Threat = b }) })
	threat.SetChecked(ed.ovp.settings.Threat)
	// the starship and points texts define no cover or flanking: their
	// queries only answer with an error, so the switches are off
	if !d.Cover || !d.Flanking {
		ed.ovp.settings.Cover, ed.ovp.settings.CoverBack, ed.ovp.settings.Flank = false, false, false
		for _, c := range []*widget.Check{cover, back, flank} {
			c.SetChecked(false)
			c.Disable()
		}
	}
	// the heading shares its row with Reach and Path: one row less above
	// the cover and flanking answers, which must show without scrolling
	p.Add(container.NewBorder(nil, nil, title, nil, container.NewGridWithColumns(2, reach, path)))
	form := widget.NewForm(widget.NewFormItem("Mode", mode), widget.NewFormItem("Actions", actions))
	if contains(d.MoverModes, rules.ModeTeleport) {
		if ed.ovp.settings.Range <= 0 {
			ed.ovp.settings.Range = 5
		}
		rng := widget.NewEntry()
		rng.SetText(strconv.Itoa(ed.ovp.settings.Range))
		rng.OnChanged = func(s string) {
			if v, ok, err := parseOptInt(s, "teleport range"); err != nil || !ok {
				ed.message("teleport range: type a number of squares")
			} else {
				set(func(st *session.Settings) { st.Range = v })
			}
		}
		form.Append("Teleport sq", rng)
	}
	if contains(d.MoverModes, rules.ModeForced) {
		ed.forcedFields(form, set)
	}
	p.Add(form)
	p.Add(container.NewGridWithColumns(2, cover, back, flank, threat))
	share := widget.NewCheck("On player display", func(b bool) { ed.sharePlayer(b) })
	share.SetChecked(ed.player != nil && ed.player.Sharing())
	clear := widget.NewButton("Clear", func() { share.SetChecked(false) })
	p.Add(widget.NewSeparator())
	p.Add(container.NewBorder(nil, nil, nil, clear, share))
	p.Refresh()
}

// forcedFields adds the forced-movement choices (points) to the overlay
// form: the kind, the token that moves the selected one, and how far.
func (ed *Editor) forcedFields(form *widget.Form, set func(func(s *session.Settings))) {
	s := &ed.ovp.settings
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
	for j, t := range ed.enc.Tokens {
		if j == ed.sel {
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
		if j := ed.nearestFoe(ed.sel); j >= 0 {
			s.ForcedSource, cur = ed.enc.Tokens[j].ID, ed.enc.Tokens[j].Name
		}
	}
	kind := widget.NewSelect(session.ForcedKinds, nil)
	kind.SetSelected(s.ForcedKind)
	kind.OnChanged = func(k string) { set(func(st *session.Settings) { st.ForcedKind = k }) }
	src := widget.NewSelect(names, nil)
	src.PlaceHolder = "(choose a token)"
	if cur != "" {
		src.SetSelected(cur)
	}
	src.OnChanged = func(n string) { set(func(st *session.Settings) { st.ForcedSource = ids[n] }) }
	dist := widget.NewEntry()
	dist.SetText(strconv.Itoa(s.ForcedDist))
	dist.OnChanged = func(v string) {
		if n, ok, err := parseOptInt(v, "forced distance"); err != nil || !ok {
			ed.message("forced distance: type a number of squares, like 2")
		} else {
			set(func(st *session.Settings) { st.ForcedDist = n })
		}
	}
	form.Append("Forced", kind)
	form.Append("Forced by", src)
	form.Append("Forced sq", dist)
}

// nearestFoe is the enemy of token i nearest to it (any other token when
// it has no enemy), -1 when there is none.
func (ed *Editor) nearestFoe(i int) int {
	if i < 0 || i >= len(ed.enc.Tokens) {
		return -1
	}
	me := ed.enc.Tokens[i]
	best, bestD, bestFoe := -1, 0, false
	for j, t := range ed.enc.Tokens {
		if j == i {
			continue
		}
		foe := model.Enemies(me.SideOrNeutral(), t.SideOrNeutral())
		d := max(abs(t.X-me.X), abs(t.Y-me.Y))
		if best < 0 || (foe && !bestFoe) || (foe == bestFoe && d < bestD) {
			best, bestD, bestFoe = j, d, foe
		}
	}
	return best
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// overlayPanel is the overlay switches and, under them, the answers for
// the selection (cover, flanking, forced movement).
type overlayPanel struct {
	box        *fyne.Container
	coverLabel *widget.Label
	settings   session.Settings
}

func (ed *Editor) updateCoverList() {
	ed.ovp.coverLabel.SetText(session.Answers(ed.enc, ed.sel, ed.ovp.settings, ed.live.res))
}
