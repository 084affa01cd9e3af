package ui

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/render"
	"encounterplanner/ui/session"
)

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
	name := ed.esc.Entry() // Escape cancels, Enter adds
	name.SetText(uniqueName(ed.enc, "Creature 1"))
	size := ed.esc.Select(sizeNames(rs), nil) // Escape and Enter answer the dialog here too
	size.SetSelected(model.Medium.String())
	side := ed.esc.SelectEntry(sides(ed.enc))
	side.SetText("enemy")
	sk := d.SpeedKeys[0]
	speed := ed.esc.Entry()
	speed.SetText(strconv.Itoa(d.NewSpeed))
	items := []*widget.FormItem{
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Size", size),
		widget.NewFormItem("Side", side),
		widget.NewFormItem(strings.ToUpper(sk[:1])+sk[1:]+" speed", speed),
	}
	var turn *controls.EscEntry
	if contains(d.SpeedKeys, model.SpeedTurn) {
		turn = ed.esc.Entry()
		turn.SetText(strconv.Itoa(d.NewTurn))
		turn.OnSubmitted = func(string) { dlg.Submit() }
		items = append(items, widget.NewFormItem("Turn speed", turn))
	}
	submit := func(string) { dlg.Submit() }
	name.OnSubmitted, speed.OnSubmitted = submit, submit
	side.OnSubmitted = submit
	// a value that does not work shows the form again as typed, the error
	// over it naming the field by its label, the cursor then in that field
	refuse := func(field fyne.Focusable, err error) {
		ed.esc.Refuse(dlg, dlg.Submit, field, "Token not added", err)
	}
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
		speedLabel := items[3].Text
		v, has, err := parseOptInt(speed.Text, speedLabel)
		if err != nil {
			refuse(speed, err)
			return
		}
		if has {
			t.Speeds[sk] = v
		}
		if turn != nil {
			v, has, err := parseOptInt(turn.Text, "Turn speed")
			if err != nil {
				refuse(turn, err)
				return
			}
			if has {
				t.Speeds[model.SpeedTurn] = v
			}
		}
		ed.status.quiet = true // the error dialog says it, in the form's words
		err = ed.AddToken(t)
		ed.status.quiet = false
		if words, ok := nameTaken(ed.enc, err); ok {
			refuse(name, errors.New("Name: "+words))
			return
		}
		if err != nil {
			labels := map[string]string{"name": "Name", "size": "Size", "side": "Side", "speeds." + sk: speedLabel}
			fields := map[string]fyne.Focusable{"name": name, "side": side, "speeds." + sk: speed}
			if turn != nil {
				labels["speeds."+model.SpeedTurn], fields["speeds."+model.SpeedTurn] = "Turn speed", turn
			}
			key, err := formError(err, labels)
			refuse(fields[key], err)
		}
	}, ed.win)
	dlg.Resize(fyne.NewSize(360, 0))
	dlg.Show()
	ed.esc.Confirms(dlg, dlg.Submit)
	focus := func() {
		if ed.win.Canvas().Focused() == nil && controls.DialogOpen(ed.win) {
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

// DeleteToken removes the selected token, and the areas it sends out
// (session.KeepAreas), which the message counts: they went without a
// word, and the GM missed the emanation only once the fight needed it.
func (ed *Editor) DeleteToken() {
	i := ed.sel
	if i < 0 || i >= len(ed.enc.Tokens) {
		return
	}
	name := ed.enc.Tokens[i].Name
	before := len(ed.enc.Areas)
	ed.sel = -1
	err := ed.apply("", func(c *model.Encounter) error {
		c.Tokens = append(c.Tokens[:i], c.Tokens[i+1:]...)
		return nil
	})
	ed.showInspector()
	if err != nil {
		return // apply said why
	}
	if gone := before - len(ed.enc.Areas); gone > 0 {
		ed.message(fmt.Sprintf("%s deleted, with its %s (Ctrl+Z brings them back)", name, session.Plural(gone, "area", "areas")))
		return
	}
	ed.message(name + " deleted (Ctrl+Z brings it back)")
}

// MoveToken moves token i to (x, y). Off the map is always refused; a wall,
// obstacle or another creature's box is refused unless force (Shift
// held), and then the token is marked with a warning. So is a move the
// creature could not make itself (session.PlanMove: it cannot act, it
// must fall first, or on its turn in a fight it is beyond what its turn
// has left, in the overlays' mode): placed with Shift, it spends nothing
// of the turn. The token ends where the drawn path ends, in height too (a
// flight to the overlays' End elevation: session.DropHeight), in one
// undo step.
func (ed *Editor) MoveToken(i, x, y int, force bool) bool {
	if i < 0 || i >= len(ed.enc.Tokens) {
		return false
	}
	t := ed.enc.Tokens[i]
	set := ed.dropSettings(i)
	if t.X == x && t.Y == y && session.DropHeight(ed.enc, i, set) == t.Elevation {
		ed.rebuildOverlays()
		return false
	}
	move := session.PlanMove(ed.enc, i, x, y, set) // one path query, its spending kept
	reason := session.EndRefusalAt(ed.enc, i, x, y, move.Elevation)
	unpaid := move.Refusal // "" when the creature makes this move
	if reason == "" {
		reason = unpaid
	}
	if reason == "off the map" || (reason != "" && !force) {
		msg := fmt.Sprintf("%s not moved: %s", t.Name, reason)
		if reason != "off the map" {
			msg += " (hold Shift to place anyway)"
		}
		ed.message(msg)
		ed.rebuildOverlays()
		return false
	}
	err := ed.apply("", func(c *model.Encounter) error {
		c.Tokens[i].X, c.Tokens[i].Y, c.Tokens[i].Elevation = x, y, move.Elevation
		move.Spend(c) // on its turn in a fight, unless unpaid
		ed.followParty(c, i)
		return nil
	})
	if err != nil {
		return false
	}
	where, height := fmt.Sprintf("(%d, %d)", x, y), ""
	if move.Elevation != t.Elevation {
		height = " " + session.Height(move.Elevation)
		where += "," + height
	}
	if reason != "" {
		msg := fmt.Sprintf("%s placed anyway%s: %s", t.Name, height, reason)
		if _, turn := session.TurnOf(ed.enc, i); turn && unpaid != "" {
			msg += "; nothing spent"
		}
		ed.message(ed.withFall(msg, i))
	} else {
		ed.message(ed.withFall(fmt.Sprintf("%s moved to %s", t.Name, where), i)) // elevation.go
	}
	ed.rebuildOverlays()
	ed.showMovedInspector() // the form kept, its square updated
	return true
}

// dropSettings are the overlays' settings a drag of token i moves by: the
// mode, and the End elevation when i is the token it was asked for (the
// selected one: syncEndElevation drops it for another).
func (ed *Editor) dropSettings(i int) session.Settings {
	s := ed.ovp.settings
	if i != ed.sel {
		s.EndSet = false
	}
	return s
}

// DropRefusal says why a drag of token i may not end at (x, y), "" when
// it may: session.EndRefusalAt at the height the drag ends at (a flight
// to the overlays' End elevation), then, on its turn, a creature that
// makes no move of its own (session.StaysPut: unconscious, or in the air
// and must fall first), whose ghost looked fine until the drop refused
// it. The drag's ghost asks it; the drop asks the path too (MoveToken).
func (ed *Editor) DropRefusal(i, x, y int) string {
	if why := session.EndRefusalAt(ed.enc, i, x, y, session.DropHeight(ed.enc, i, ed.dropSettings(i))); why != "" {
		return why
	}
	return session.StaysPut(ed.enc, i)
}

// centreOn brings token i into the middle of the view.
func (ed *Editor) centreOn(i int) {
	if i < 0 || i >= len(ed.enc.Tokens) {
		return
	}
	t := &ed.enc.Tokens[i]
	k := float64(ed.enc.Space(t))
	ed.view.CentreOn(float64(t.X)+k/2, float64(t.Y)+k/2)
}

// tokenAt returns the topmost token covering (x, y), -1 for none.
func (ed *Editor) tokenAt(x, y int) int {
	best := -1
	for i := range ed.enc.Tokens {
		t := &ed.enc.Tokens[i]
		k := ed.enc.Space(t)
		if x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k && (best < 0 || render.DrawnAbove(ed.enc, i, best, -1)) {
			best = i // the one drawn on top: a flyer over the creature under it
		}
	}
	return best
}

// tokenPick is the token a select press on square (x, y) picks: the one
// whose space holds the square, or else, where the zoom draws tokens as
// dots wider than their spaces (a whole 1000 x 1000 map in the window),
// the one whose dot centre is nearest within dotPickRadius; -1 for none.
func (ed *Editor) tokenPick(x, y int) int {
	if i := ed.tokenAt(x, y); i >= 0 {
		return i
	}
	z := float64(ed.view.Zoom())
	if z <= 0 {
		return -1
	}
	reach := dotPickRadius / z // in squares
	best, bestD := -1, math.Inf(1)
	for i := len(ed.enc.Tokens) - 1; i >= 0; i-- {
		t := &ed.enc.Tokens[i]
		half := float64(ed.enc.Space(t)) / 2
		d := math.Hypot(float64(x)+0.5-(float64(t.X)+half), float64(y)+0.5-(float64(t.Y)+half))
		if d <= reach && d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// dotPickRadius is how near a press must be to a token's centre, in
// units, to pick it when the token is drawn as a dot: the dot's radius and
// a unit of slack.
const dotPickRadius = render.MinTokenRadius + 1

// tokensAt lists the tokens whose spaces hold (x, y), the one drawn on
// top first.
func (ed *Editor) tokensAt(x, y int) []int {
	var out []int
	for i := len(ed.enc.Tokens) - 1; i >= 0; i-- {
		t := &ed.enc.Tokens[i]
		k := ed.enc.Space(t)
		if x >= t.X && x < t.X+k && y >= t.Y && y < t.Y+k {
			out = append(out, i)
		}
	}
	render.TopFirst(ed.enc, out, -1)
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
