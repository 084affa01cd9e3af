package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/session"
)

func sizeNames(r model.Ruleset) []string {
	var out []string
	for _, s := range rules.Describe(r).Sizes {
		out = append(out, s.String())
	}
	return out
}

// sides lists the usual sides plus every side in use.
func sides(e *model.Encounter) []string {
	seen := map[string]bool{"party": true, "enemy": true, model.Neutral: true}
	out := []string{"party", "enemy", model.Neutral}
	for _, t := range e.Tokens {
		if s := t.SideOrNeutral(); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// parseOptInt reads a number field; blank means "not set".
func parseOptInt(s, what string) (int, bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, false, fmt.Errorf("%s: %q is not a whole number", what, s)
	}
	if v < 0 {
		return 0, false, fmt.Errorf("%s must not be negative", what)
	}
	return v, true, nil
}

// tokenHeadline is the inspector's first line for t: size, side, space and
// place.
func tokenHeadline(e *model.Encounter, t *model.Token) string {
	k := e.Space(t)
	return fmt.Sprintf("%s · %s · %d×%d squares at (%d, %d)", t.Size, t.SideOrNeutral(), k, k, t.X, t.Y)
}

// showInspector rebuilds the token inspector for the selected token.
func (ed *Editor) showInspector() {
	ed.insp.box.RemoveAll()
	ed.insp.errLabel = nil
	title := widget.NewLabelWithStyle("Inspector", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	ed.insp.box.Add(title)
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
		ed.insp.box.Add(widget.NewLabel("No token selected.\nV: click a token to select it,\nT: click a square to add one.\nRight-click a square for notes."))
		if len(ed.enc.Tokens) > 0 {
			ed.insp.box.Add(widget.NewLabelWithStyle("Tokens", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		}
		for i, t := range ed.enc.Tokens {
			i := i
			label := fmt.Sprintf("%s · %s · (%d, %d)", t.Name, t.SideOrNeutral(), t.X, t.Y)
			if t.Hidden {
				label += " · hidden"
			}
			b := widget.NewButton(label, func() { ed.Select(i); ed.centreOn(i) })
			b.Alignment = widget.ButtonAlignLeading
			b.Importance = widget.LowImportance
			ed.insp.box.Add(b)
		}
		ed.insp.box.Refresh()
		return
	}
	i := ed.sel
	t := ed.enc.Tokens[i]
	id := t.ID
	head := widget.NewLabel(tokenHeadline(ed.enc, &t))
	ed.insp.box.Add(head)
	key := func(f string) string { return "token:" + id + ":" + f }
	// idx finds the token again: edits may have reordered nothing, but undo can
	// replace the encounter under the inspector.
	errLabel := widget.NewLabel("")
	errLabel.Wrapping = fyne.TextWrapWord
	errLabel.Importance = widget.DangerImportance
	errLabel.Hide()
	edit := func(field string, f func(t *model.Token) error) {
		j := ed.enc.TokenIndex(id)
		if j < 0 {
			return
		}
		name := ed.enc.Tokens[j].Name
		ed.quiet = true // the status bar gets the GM's wording below
		err := ed.apply(key(field), func(c *model.Encounter) error { return f(&c.Tokens[j]) })
		ed.quiet = false
		if err != nil {
			msg := tokenError(ed.enc, name, err)
			ed.message(msg)
			errLabel.SetText(msg)
			errLabel.Show()
			return
		}
		ed.message("")
		errLabel.Hide()
		if j := ed.enc.TokenIndex(id); j >= 0 {
			head.SetText(tokenHeadline(ed.enc, &ed.enc.Tokens[j])) // a new size or side
		}
	}
	ed.insp.errLabel = errLabel
	rs := ed.enc.Ruleset
	d := rules.Describe(rs)

	name := widget.NewEntry()
	name.SetText(t.Name)
	name.OnChanged = func(s string) {
		edit("name", func(t *model.Token) error { t.Name = strings.TrimSpace(s); return nil })
	}
	size := widget.NewSelect(sizeNames(rs), nil)
	size.SetSelected(t.Size.String())
	size.OnChanged = func(s string) {
		edit("size", func(t *model.Token) error {
			z, err := model.ParseSize(s)
			t.Size = z
			return err
		})
	}
	side := widget.NewSelectEntry(sides(ed.enc))
	side.SetText(t.SideOrNeutral())
	side.OnChanged = func(s string) {
		edit("side", func(t *model.Token) error {
			s = strings.TrimSpace(s)
			if s == "" {
				return fmt.Errorf("side: type a side (party, enemy, neutral or any name)")
			}
			if s == model.Neutral {
				s = ""
			}
			t.Side = s
			return nil
		})
	}
	items := []*widget.FormItem{
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Size", size),
		widget.NewFormItem("Side", side),
	}
	for _, k := range d.SpeedKeys {
		k := k
		en := widget.NewEntry()
		en.SetPlaceHolder("none")
		if v, ok := t.Speeds[k]; ok {
			en.SetText(strconv.Itoa(v))
		}
		en.OnChanged = func(s string) {
			edit("speed."+k, func(t *model.Token) error {
				v, ok, err := parseOptInt(s, k+" speed")
				if err != nil {
					return err
				}
				if t.Speeds == nil {
					t.Speeds = map[string]int{}
				}
				if ok {
					t.Speeds[k] = v
				} else {
					delete(t.Speeds, k)
				}
				return nil
			})
		}
		items = append(items, widget.NewFormItem(strings.ToUpper(k[:1])+k[1:]+" "+d.Unit, en))
	}
	if d.MeleeReach {
		reach := widget.NewEntry()
		reach.SetPlaceHolder("by size")
		if t.Reach != nil {
			reach.SetText(strconv.Itoa(*t.Reach))
		}
		reach.OnChanged = func(s string) {
			edit("reach", func(t *model.Token) error {
				v, ok, err := parseOptInt(s, "reach")
				if err != nil {
					return err
				}
				if ok {
					t.Reach = &v
				} else {
					t.Reach = nil
				}
				return nil
			})
		}
		items = append(items, widget.NewFormItem("Reach ft", reach))
		long := widget.NewCheck("long (quadruped)", nil)
		long.SetChecked(t.Long)
		long.OnChanged = func(b bool) { edit("long", func(t *model.Token) error { t.Long = b; return nil }) }
		items = append(items, widget.NewFormItem("", long))
	}
	if d.ReachWeapon {
		rw := widget.NewCheck("reach weapon", nil)
		rw.SetChecked(t.ReachWeapon)
		rw.OnChanged = func(b bool) { edit("reachWeapon", func(t *model.Token) error { t.ReachWeapon = b; return nil }) }
		items = append(items, widget.NewFormItem("", rw))
	}
	if d.Facing {
		var fs []string
		for f := model.N; f <= model.NW; f++ {
			fs = append(fs, f.String())
		}
		facing := widget.NewSelect(fs, nil)
		facing.SetSelected(t.Facing.String())
		facing.OnChanged = func(s string) {
			edit("facing", func(t *model.Token) error {
				f, err := model.ParseFacing(s)
				t.Facing = f
				return err
			})
		}
		items = append(items, widget.NewFormItem("Facing", facing))
	}
	hidden := widget.NewCheck("hidden from players", nil)
	hidden.SetChecked(t.Hidden)
	hidden.OnChanged = func(b bool) { edit("hidden", func(t *model.Token) error { t.Hidden = b; return nil }) }
	items = append(items, widget.NewFormItem("", hidden))
	conds := widget.NewEntry()
	conds.SetPlaceHolder("prone, taken-cover")
	conds.SetText(strings.Join(t.Conditions, ", "))
	conds.OnChanged = func(s string) {
		edit("conditions", func(t *model.Token) error {
			var cs []string
			for _, c := range strings.Split(s, ",") {
				if c = strings.TrimSpace(c); c != "" {
					cs = append(cs, c)
				}
			}
			t.Conditions = cs
			return nil
		})
	}
	items = append(items, widget.NewFormItem("Conditions", conds))
	notes := widget.NewMultiLineEntry()
	notes.Wrapping = fyne.TextWrapWord
	notes.SetMinRowsVisible(2)
	notes.SetText(t.Notes)
	notes.OnChanged = func(s string) { edit("notes", func(t *model.Token) error { t.Notes = s; return nil }) }
	items = append(items, widget.NewFormItem("Notes", notes))
	form := widget.NewForm(items...)
	ed.insp.box.Add(errLabel) // above the form, where the GM looks while typing
	ed.insp.box.Add(form)
	ed.insp.box.Add(widget.NewButton("Duplicate (Ctrl+D)", ed.DuplicateToken))
	del := widget.NewButton("Delete (Del)", ed.DeleteToken)
	del.Importance = widget.DangerImportance
	ed.insp.box.Add(del)
	ed.insp.box.Refresh()
}

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
	share.SetChecked(ed.player != nil && ed.player.share)
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

// uniqueName returns base, or base with the smallest free number.
func uniqueName(e *model.Encounter, base string) string {
	if e.TokenIndex(base) < 0 {
		return base
	}
	stem := strings.TrimRightFunc(base, func(r rune) bool { return r >= '0' && r <= '9' || r == ' ' })
	if stem == "" {
		stem = base
	}
	for n := 2; ; n++ {
		s := fmt.Sprintf("%s %d", stem, n)
		if e.TokenIndex(s) < 0 {
			return s
		}
	}
}

// AddToken adds t (placed inside the map) and selects it.
func (ed *Editor) AddToken(t model.Token) error {
	if t.ID == "" {
		t.ID = model.NewID()
	}
	k := ed.enc.Ruleset.Space(t.Size)
	t.X = max(0, min(t.X, ed.enc.Grid.W-k))
	t.Y = max(0, min(t.Y, ed.enc.Grid.H-k))
	var n int
	err := ed.apply("", func(c *model.Encounter) error {
		c.Tokens = append(c.Tokens, t)
		n = len(c.Tokens) - 1
		return nil
	})
	if err != nil {
		return err
	}
	if r := session.BlockedDrop(ed.enc, n, t.X, t.Y); r != "" {
		ed.message(fmt.Sprintf("%s added: %s", t.Name, r))
	} else {
		ed.message(fmt.Sprintf("%s added at (%d, %d)", t.Name, t.X, t.Y))
	}
	ed.sel = -1
	ed.Select(n)
	return nil
}

func (ed *Editor) addTokenDialog(x, y int) {
	rs := ed.enc.Ruleset
	d := rules.Describe(rs)
	var dlg *dialog.FormDialog
	name := newEscEntry(ed.win) // Escape cancels, Enter adds
	name.SetText(uniqueName(ed.enc, "Creature 1"))
	size := widget.NewSelect(sizeNames(rs), nil)
	size.SetSelected(model.Medium.String())
	side := newEscSelectEntry(ed.win, sides(ed.enc))
	side.SetText("enemy")
	sk := d.SpeedKeys[0]
	speed := newEscEntry(ed.win)
	speed.SetText(strconv.Itoa(d.NewSpeed))
	items := []*widget.FormItem{
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Size", size),
		widget.NewFormItem("Side", side),
		widget.NewFormItem(strings.ToUpper(sk[:1])+sk[1:]+" speed", speed),
	}
	var turn *escEntry
	if contains(d.SpeedKeys, model.SpeedTurn) {
		turn = newEscEntry(ed.win)
		turn.SetText(strconv.Itoa(d.NewTurn))
		turn.OnSubmitted = func(string) { dlg.Submit() }
		items = append(items, widget.NewFormItem("Turn speed", turn))
	}
	submit := func(string) { dlg.Submit() }
	name.OnSubmitted, speed.OnSubmitted = submit, submit
	side.OnSubmitted = submit
	dlg = dialog.NewForm(fmt.Sprintf("Add a token at (%d, %d)", x, y), "Add", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		t := model.Token{Name: strings.TrimSpace(name.Text), X: x, Y: y, Side: strings.TrimSpace(side.Text), Speeds: map[string]int{}}
		if t.Side == model.Neutral {
			t.Side = ""
		}
		if z, err := model.ParseSize(size.Selected); err == nil {
			t.Size = z
		} else {
			t.Size = model.Medium
		}
		v, has, err := parseOptInt(speed.Text, sk+" speed")
		if err != nil {
			showError(ed.win, "Token not added", err)
			return
		}
		if has {
			t.Speeds[sk] = v
		}
		if turn != nil {
			v, has, err := parseOptInt(turn.Text, "turn speed")
			if err != nil {
				showError(ed.win, "Token not added", err)
				return
			}
			if has {
				t.Speeds[model.SpeedTurn] = v
			}
		}
		if err := ed.AddToken(t); err != nil {
			showError(ed.win, "Token not added", err)
		}
	}, ed.win)
	dlg.Resize(fyne.NewSize(360, 0))
	dlg.Show()
	escCloses(ed.win, dlg)
	focus := func() {
		if ed.win.Canvas().Focused() == nil && dialogOpen(ed.win) {
			ed.win.Canvas().Focus(name)
			name.TypedShortcut(&fyne.ShortcutSelectAll{}) // typing replaces "Creature 1"
		}
	}
	focus()
	// The click on the map that opened the dialog is still being handled:
	// on its way out the driver unfocuses (nothing focusable lies under the
	// pointer, outside the dialog), so typing went nowhere and Enter did
	// not add. Focus again once that click is done.
	go ed.post(focus)
}

// DuplicateToken copies the selected token next to it.
func (ed *Editor) DuplicateToken() {
	if ed.sel < 0 || ed.sel >= len(ed.enc.Tokens) {
		ed.message("select a token to duplicate")
		return
	}
	t := ed.enc.Tokens[ed.sel].Clone()
	t.ID = model.NewID()
	t.Name = uniqueName(ed.enc, t.Name)
	k := ed.enc.Space(&t)
	// the nearest free position, ring by ring
	tmp := ed.enc.Clone()
	tmp.Tokens = append(tmp.Tokens, t)
	n := len(tmp.Tokens) - 1
	bx, by := t.X+k, t.Y
	found := false
	for r := 1; r <= max(ed.enc.Grid.W, ed.enc.Grid.H) && !found; r++ {
		for dy := -r; dy <= r && !found; dy++ {
			for dx := -r; dx <= r && !found; dx++ {
				if max(abs(dx), abs(dy)) != r {
					continue
				}
				if session.BlockedDrop(tmp, n, t.X+dx*k, t.Y+dy*k) == "" {
					bx, by, found = t.X+dx*k, t.Y+dy*k, true
				}
			}
		}
	}
	t.X, t.Y = bx, by
	_ = ed.AddToken(t)
}

// DeleteToken removes the selected token.
func (ed *Editor) DeleteToken() {
	i := ed.sel
	if i < 0 || i >= len(ed.enc.Tokens) {
		return
	}
	name := ed.enc.Tokens[i].Name
	ed.sel = -1
	_ = ed.apply("", func(c *model.Encounter) error {
		c.Tokens = append(c.Tokens[:i], c.Tokens[i+1:]...)
		return nil
	})
	ed.showInspector()
	ed.message(name + " deleted (Ctrl+Z brings it back)")
}

// coverBackOn switches cover and flanking back on when the ruleset goes
// from one without them (starship, points: the panel turned them off) to
// one where they mean something.
func (ed *Editor) coverBackOn(old, r model.Ruleset) {
	if o, n := rules.Describe(old), rules.Describe(r); !(o.Cover && o.Flanking) && n.Cover && n.Flanking {
		ed.ovp.settings.Cover, ed.ovp.settings.Flank = true, true
	}
}

// SwitchRuleset asks (listing the tokens that do not fit) and switches.
func (ed *Editor) SwitchRuleset(r model.Ruleset) {
	if r == ed.enc.Ruleset {
		return
	}
	probs := session.RulesetProblems(ed.enc, r)
	old := ed.enc.Ruleset
	do := func() {
		err := ed.apply("", func(c *model.Encounter) error {
			rules.Convert(c, r)
			return nil
		})
		if err != nil {
			showError(ed.win, "Ruleset not changed", fmt.Errorf("cannot switch to %s: %w", r, err))
			return
		}
		ed.ovp.settings.Mode = rules.Describe(r).DefaultMode
		ed.coverBackOn(old, r)
		ed.win.SetMainMenu(ed.menu())
		ed.buildOverlayPanel()
		ed.showInspector()
		note := ""
		if rules.Describe(old).Points != rules.Describe(r).Points {
			note = "; land speeds converted at one movement point a square"
		}
		ed.message(fmt.Sprintf("ruleset is now %s (%d ft a square%s)", r, ed.enc.Feet(), note))
	}
	if len(probs) == 0 {
		do()
		return
	}
	msg := fmt.Sprintf("These tokens do not fit %s as they are:\n\n• %s\n\nSizes outside %s become the nearest allowed size and tokens are moved back onto the map; land speeds convert between feet and movement points (one point a square); other speeds stay as they are. Switch anyway? (Ctrl+Z undoes it.)",
		r, strings.Join(probs, "\n• "), r)
	lbl := widget.NewLabel(msg)
	lbl.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Switch to "+string(r)+"?", "Switch", "Cancel", lbl, func(ok bool) {
		if ok {
			do()
		}
	}, ed.win)
	d.Resize(fyne.NewSize(480, 320))
	d.Show()
}
