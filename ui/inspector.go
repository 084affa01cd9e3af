package ui

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
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

// showInspector rebuilds the token inspector for the selected token, or
// the list of tokens when none is.
func (ed *Editor) showInspector() {
	// a field or button of the form about to go keeps the keyboard
	// otherwise, out of the window: a click on Damage (or on the order's
	// next creature) leaves the focus where it was, and every key after
	// it, N for the next turn too, went into the amount field no longer
	// shown. Leaving it first keeps what was typed (PaneEntry's OnCommit),
	// as Tab or a click elsewhere would, and the next key is the map's.
	if c := ed.win.Canvas(); holds(ed.insp.box, c.Focused()) {
		c.Unfocus()
	}
	ed.insp.show(ed.enc, ed.sel, inspectorActions{
		pick: func(i int) {
			ed.Select(i)
			ed.showOnMap(i) // the map moves only for a token out of view
		},
		editor:    ed.tokenEditor,
		duplicate: ed.DuplicateToken,
		remove:    ed.DeleteToken,
		reshow:    ed.showInspector,
		art:       ed.tokenArtButtons,
		below:     ed.belowRefusal,
		fall:      ed.FallSelected,
	})
	ed.fitQuickRoom() // fightpanel.go
	ed.keepInspectorInView()
}

// showMovedInspector brings the inspector up to date after a move of the
// selected token: its form stays, only the headline's "at (x, y)" and the
// Fall button follow (inspectorPanel.moved). Rebuilt on every drop, the
// form's forty-odd widgets and their renderers, which Fyne keeps for a
// minute after they are gone, took the app from 180 MB to 618 MB
// resident over 1500 drags on a 1000 x 1000 map. Anything else that
// changed (the form a move does not keep) rebuilds it as before.
func (ed *Editor) showMovedInspector() {
	if !ed.insp.moved(ed.enc, ed.sel) {
		ed.showInspector()
		return
	}
	ed.syncFallButton() // fall.go
	ed.keepInspectorInView()
}

// keepInspectorInView scrolls the inspector back into its content: a
// scroll keeps its offset when what it shows gets shorter, and the GM who
// had scrolled a token's form down to Delete and pressed Escape saw an
// empty pane, the token list all above the view. The list shows from its
// top (in a fight the order is there, and scrollToSelection has the say);
// a shorter form ends at the view's foot.
func (ed *Editor) keepInspectorInView() {
	sc := ed.fight.scroll
	if sc == nil || sc.Content == nil {
		return
	}
	if ed.sel < 0 && ed.enc.Fight == nil {
		sc.ScrollToTop()
		return
	}
	if most := max(0, sc.Content.MinSize().Height-sc.Size().Height); sc.Offset.Y > most {
		sc.ScrollToOffset(fyne.NewPos(sc.Offset.X, most))
	}
}

// inspectorActions are what the inspector's widgets ask of the editor.
type inspectorActions struct {
	pick      func(i int) // select token i and bring it into view
	editor    func(id string, head *tokenHead) tokenEdit
	duplicate func()
	remove    func()
	reshow    func()                   // rebuild the form (a quick button changed several fields)
	art       func() fyne.CanvasObject // the token picture's buttons; nil: none
	// below says why token t may not go down to elevation z, "" when it
	// may (the Elevation field refuses as PageDown does: elevation.go)
	below func(t *model.Token, z int) string
	fall  func() // the selected token falls (the Fall button: fall.go)
}

// show fills the inspector with token sel's form, or with the list of
// tokens when sel is none.
func (ip *inspectorPanel) show(e *model.Encounter, sel int, act inspectorActions) {
	box := ip.box
	box.RemoveAll()
	ip.refused = ""
	ip.quick = nil
	ip.form = shownForm{}
	head := widget.NewLabelWithStyle("Inspector", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	if e.Fight != nil && sel >= 0 && sel < len(e.Tokens) {
		// in a fight the inspector opens with whose HP it shows: the
		// selection is often another creature than the one whose turn it is
		head.SetText(e.Tokens[sel].Name)
		head.Truncation = fyne.TextTruncateEllipsis
	}
	box.Add(head)
	if ip.rows != nil {
		ip.rows.SetLength(0) // until tokenList lists them again
	}
	if sel < 0 || sel >= len(e.Tokens) {
		ip.tokenList(e, act)
	} else {
		ip.tokenForm(e, sel, act)
	}
	box.Refresh()
	// a new form: the last refusal was about the old one. Cleared once the
	// form is there: hiding the line lays the scroll out again, and with
	// the box still empty that scrolled the pane to its top (in a fight,
	// the order), away from the inspector the GM was using
	ip.setError("")
}

// tokenList fills the inspector with every token, a click selecting it.
// Only the rows in the inspector's view are made (lazyRows): a widget per
// token made opening 1000 tokens take 165 ms and a deselection 51 ms.
func (ip *inspectorPanel) tokenList(e *model.Encounter, act inspectorActions) {
	box := ip.box
	box.Add(widget.NewLabel("No token selected.\nV: click a token to select it,\nT: click a square to add one.\nRight-click a square for notes."))
	if len(e.Tokens) == 0 {
		return
	}
	box.Add(widget.NewLabelWithStyle("Tokens", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	ip.listed, ip.pick = e, act.pick
	rows := ip.listRows()
	rows.SetLength(len(e.Tokens))
	box.Objects = append(box.Objects, rows) // laid out by show's Refresh
}

// listRows are the token list's rows, kept from one list to the next.
func (ip *inspectorPanel) listRows() *lazyRows {
	if ip.rows == nil {
		ip.rows = newLazyRows(func() fyne.CanvasObject {
			b := controls.NewPaneButton("", nil)
			b.Alignment = widget.ButtonAlignLeading
			b.Importance = widget.LowImportance
			return container.New(narrowRow{}, b)
		}, ip.bindListRow)
	}
	return ip.rows
}

// bindListRow makes row o show token i of the list.
func (ip *inspectorPanel) bindListRow(i int, o fyne.CanvasObject) {
	if ip.listed == nil || i >= len(ip.listed.Tokens) {
		return
	}
	t := &ip.listed.Tokens[i]
	b := o.(*fyne.Container).Objects[0].(*controls.PaneButton)
	pick := ip.pick
	b.OnTapped = func() { pick(i) }
	if text := tokenListLabel(t); b.Text != text || (b.Icon != nil) != t.Hidden {
		b.Text, b.Icon = text, nil
		if t.Hidden {
			b.Icon = theme.VisibilityOffIcon()
		}
		b.Refresh()
	}
}

// narrowRow lays its one object out at the row's width and asks for none:
// a token's line longer than the column is cut at the column's edge rather
// than widening the inspector's column, which pushed the fight panel's
// arrows (in the same scroll) out of sight.
type narrowRow struct{}

func (narrowRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(0, objs[0].MinSize().Height)
}

func (narrowRow) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	objs[0].Move(fyne.Position{})
	objs[0].Resize(s)
}

// tokenListLabel is token t's line in the inspector's list. "hidden" comes
// right after the name, with a crossed-out eye before it: at the end, the
// column cut it off ("Tashtari scout · enemy · (16, 8) · hidde…").
func tokenListLabel(t *model.Token) string {
	name := t.Name
	if t.Hidden {
		name += " · hidden"
	}
	return fmt.Sprintf("%s · %s · (%d, %d)", name, t.SideOrNeutral(), t.X, t.Y)
}

// tokenEdit applies one field's edit to a token (found by id: undo can
// replace the encounter under the inspector), and returns the refusal, if
// any, for a field that must show the value kept.
type tokenEdit func(field string, f func(t *model.Token) error) error

// tokenForm fills the inspector with token i's form: its headline, the
// last refused edit, the fields the ruleset has, and Duplicate and Delete.
func (ip *inspectorPanel) tokenForm(e *model.Encounter, i int, act inspectorActions) {
	box := ip.box
	t := e.Tokens[i]
	head := newTokenHead(e, &t) // tokenhead.go
	ip.form = shownForm{tok: t.Clone(), head: head, fight: e.Fight != nil}
	edit := act.editor(t.ID, head)
	d := rules.Describe(e.Ruleset)

	// HP (hitpoints.go) and the condition picker (conditions.go); in a
	// fight they come first, where the GM applies damage at the table,
	// in a form of their own whose only label is HP: the rows are the
	// column's width, so the amount, Damage and Heal share one, and the
	// picker, its value and Add another (fightColumn keeps them in sight)
	fight := e.Fight != nil
	hp := hpItems(e, &t, edit, act.reshow, fight)
	conds := conditionItems(e, &t, edit, act.reshow, fight)
	if fight {
		ip.quick = widget.NewForm(append(hp, conds...)...)
		box.Add(ip.quick)
	}
	box.Add(head)
	var items []*widget.FormItem
	items = append(items, identityItems(e, &t, edit)...)
	items = append(items, colorItem(&t, edit))
	items = append(items, speedItems(d, &t, edit)...)
	items = append(items, rulesItems(d, &t, edit)...)
	items = append(items, levelItems(e, &t, edit)...) // threat.go
	if !fight {
		items = append(items, hp...)
	}
	items = append(items, elevationItems(e, i, edit, act)...)
	items = append(items, noteItems(e.Ruleset, &t, edit)...)
	if !fight {
		items = append(items, conds...)
	}
	form := widget.NewForm(items...)
	// Escape out of a refused field ("-5" for the Land Speed) puts the token's
	// value back: the field showed a value the map did not use, under its
	// red line, until another token was selected
	putBack := func() {
		if ip.errLabel != nil && ip.errLabel.Visible() {
			act.reshow()
		}
	}
	onEscape(form, putBack)
	if ip.quick != nil {
		onEscape(ip.quick, putBack)
	}
	box.Add(form)
	if act.art != nil {
		box.Add(act.art())
	}
	box.Add(controls.NewPaneButton("Duplicate (Ctrl+D)", act.duplicate))
	del := controls.NewPaneButton("Delete (Del)", act.remove)
	del.Importance = widget.DangerImportance
	box.Add(del)
}

// shownForm is what the inspector's token form was made from, for a move
// to tell whether the form still fits the token (inspectorPanel.moved).
type shownForm struct {
	tok   model.Token // the token as the form was made, head nil for none
	head  *tokenHead
	fight bool // made with a fight on (its HP and conditions first)
}

// moved updates the form of token sel in place after a move of it, and
// reports whether it could: the form shows sel, no refused or held value
// is on its line (a rebuild puts the value in use back), the fight has
// neither begun nor ended, and the token differs from the one the form
// was made from only in its square. The form shows nothing else a move
// changes: its square is the headline's, its height the Elevation field's
// (a flight that ends higher or lower rebuilds it), and what a move
// spends in a fight the order's.
func (ip *inspectorPanel) moved(e *model.Encounter, sel int) bool {
	f := &ip.form
	if f.head == nil || sel < 0 || sel >= len(e.Tokens) || e.Tokens[sel].ID != f.tok.ID {
		return false
	}
	if ip.refused != "" || ip.errLabel != nil && ip.errLabel.Visible() || (e.Fight != nil) != f.fight {
		return false
	}
	t := &e.Tokens[sel]
	was := f.tok
	was.X, was.Y = t.X, t.Y
	if !reflect.DeepEqual(&was, t) {
		return false
	}
	f.tok.X, f.tok.Y = t.X, t.Y
	f.head.show(e, t)
	return true
}

// onEscape gives every text field under o the Escape action f, after
// the field's own (a name puts back the name in use).
func onEscape(o fyne.CanvasObject, f func()) {
	switch w := o.(type) {
	case *controls.PaneEntry:
		w.OnEscape = then(w.OnEscape, f)
	case *controls.PaneSelectEntry:
		w.OnEscape = then(w.OnEscape, f)
	case *widget.Form:
		for _, it := range w.Items {
			onEscape(it.Widget, f)
		}
	case *fyne.Container:
		for _, c := range w.Objects {
			onEscape(c, f)
		}
	}
}

// then is f and then g; f may be nil.
func then(f, g func()) func() {
	if f == nil {
		return g
	}
	return func() { f(); g() }
}

// committed are the fields applied once the GM is done typing
// (identityItems): each edit is its own undo step, and one that changes
// nothing (Tab through the field) is none.
var committed = map[string]bool{"name": true, "side": true}

// tokenEditor returns the tokenEdit for the token with the id: a refused
// edit shows in the inspector's error line and the status bar in the GM's
// words; a kept one updates the headline (a new size or side).
func (ed *Editor) tokenEditor(id string, head *tokenHead) tokenEdit {
	return func(field string, f func(t *model.Token) error) error {
		j := ed.enc.TokenIndex(id)
		if j < 0 {
			return nil
		}
		name := ed.enc.Tokens[j].Name
		key := "token:" + id + ":" + field // typing into a field is one undo step
		var err error
		switch {
		case committed[field] && unchanged(&ed.enc.Tokens[j], f):
			// nothing to apply: the refusal, if any, is over
		case committed[field]:
			key = ""
			fallthrough
		default:
			ed.status.quiet = true // the status bar gets the GM's wording below
			err = ed.apply(key, func(c *model.Encounter) error { return f(&c.Tokens[j]) })
			ed.status.quiet = false
		}
		if isHeld(err) {
			// what is typed waits for the field to be done: said, in
			// no refusal's red, until it is
			ed.insp.setLine(name+": "+err.Error(), widget.MediumImportance)
			ed.insp.refused = field
			return err
		}
		if err != nil {
			msg := tokenError(ed.enc, name, err)
			ed.message(msg)
			ed.insp.setError(msg)
			// a text field keeps showing what it refused: its line
			// stays until it holds a value kept (a list puts its value
			// in use back by itself)
			ed.insp.refused = ""
			switch ed.win.Canvas().Focused().(type) {
			case *controls.PaneEntry, *controls.PaneSelectEntry:
				ed.insp.refused = field
			}
			return err
		}
		switched := ed.fitModeAfter(field) // elevation.go: a fly Speed cleared, a height typed
		if w := session.FallWarning(ed.enc, j); w != "" || !switched {
			ed.message(w) // "" unless now in the air without a fly Speed or unable to act (0 HP)
		}
		// another field kept: the refused value still shows, and its
		// line with it (Escape puts back the value in use)
		if r := ed.insp.refused; r == "" || r == field {
			ed.insp.refused = ""
			ed.insp.setError("")
		}
		if j := ed.enc.TokenIndex(id); j >= 0 {
			head.show(ed.enc, &ed.enc.Tokens[j])
		}
		return nil
	}
}

// heldEdit is what a field holds, as typed, until the GM is done with it
// (Enter, or leaving the field), in their words: a tokenEdit that returns
// it changed nothing yet, and the inspector's line says what will happen
// then. Max HP typed below the current HP is one (hitpoints.go).
type heldEdit string

func (h heldEdit) Error() string { return string(h) }

// isHeld reports whether err is a heldEdit.
func isHeld(err error) bool {
	var h heldEdit
	return errors.As(err, &h)
}

// unchanged reports whether the edit f leaves t as it is.
func unchanged(t *model.Token, f func(t *model.Token) error) bool {
	c := t.Clone()
	return f(&c) == nil && reflect.DeepEqual(&c, t)
}

// identityItems are the name, size and side fields. The name and the
// side are free text applied when the GM is done typing (Enter, or leaving
// the field), as one edit: applied as typed, a rename went through every
// prefix of the new name, each one saved, shown on the map and in the
// fight's order, and one undo step each; a taken name ("Navasi") left the
// token with the last free prefix ("Navas"). Escape puts back the value in
// use.
func identityItems(e *model.Encounter, t *model.Token, edit tokenEdit) []*widget.FormItem {
	name := controls.NewPaneEntry()
	name.SetText(t.Name)
	keptName := t.Name
	name.OnCommit = func(s string) {
		if edit("name", func(t *model.Token) error { t.Name = strings.TrimSpace(s); return nil }) == nil {
			keptName = strings.TrimSpace(s)
		}
	}
	name.OnEscape = func() { name.SetText(keptName) }
	size := controls.NewPaneSelect(sizeNames(e.Ruleset), nil)
	kept := t.Size.String()
	size.SetSelected(kept)
	var onSize func(s string)
	onSize = func(s string) {
		err := edit("size", func(t *model.Token) error {
			z, err := model.ParseSize(s)
			t.Size = z
			return err
		})
		if err == nil {
			kept = s
			return
		}
		// refused (a gargantuan that does not fit): back to the size the
		// token has, which showed the refused one until another token
		size.OnChanged = nil
		size.SetSelected(kept)
		size.OnChanged = onSize
	}
	size.OnChanged = onSize
	side := controls.NewPaneSelectEntry(sides(e))
	side.SetText(t.SideOrNeutral())
	keptSide := t.SideOrNeutral()
	side.OnEscape = func() { side.SetText(keptSide) }
	side.OnCommit = func(s string) {
		err := edit("side", func(t *model.Token) error {
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
		if err == nil {
			keptSide = strings.TrimSpace(s)
		}
	}
	return []*widget.FormItem{
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Size", size),
		widget.NewFormItem("Side", side),
	}
}

// speedItems are one field per Speed the ruleset uses, blank for none,
// under a "Speed" heading that says their unit: labelled "Land ft", two GMs
// in a row took them for heights (beside "Elevation ft").
func speedItems(d *rules.Ruleset, t *model.Token, edit tokenEdit) []*widget.FormItem {
	unit := widget.NewLabel(speedUnitWords(d))
	unit.Importance = widget.LowImportance
	items := []*widget.FormItem{widget.NewFormItem(speedHeading, unit)}
	for _, k := range d.SpeedKeys {
		en := controls.NewPaneEntry()
		en.SetPlaceHolder("none")
		if v, ok := t.Speeds[k]; ok {
			en.SetText(strconv.Itoa(v))
		}
		en.OnChanged = func(s string) {
			edit("speed."+k, func(t *model.Token) error {
				v, ok, err := parseOptInt(s, speedLabel(d, k))
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
		items = append(items, widget.NewFormItem(speedFieldLabel(k), en))
	}
	return items
}

// speedHeading is the label of the row over the Speed fields.
const speedHeading = "Speed"

// speedUnitWords says, beside the heading, what the Speeds count: "in
// feet", or "in points" where Speeds are movement points (points).
func speedUnitWords(d *rules.Ruleset) string {
	if d.Points {
		return "in points"
	}
	return "in feet"
}

// speedFieldLabel is the label of the Speed k's field under the heading:
// "Land", "Fly", "Mobility".
func speedFieldLabel(k string) string {
	return strings.ToUpper(k[:1]) + k[1:]
}

// speedLabel is what a refusal calls the Speed k: "Land Speed", and
// "Mobility" (points: the points each further action adds).
func speedLabel(d *rules.Ruleset, k string) string {
	if d.Points && k == model.SpeedMobility {
		return speedFieldLabel(k)
	}
	return speedFieldLabel(k) + " Speed"
}

// reachLabel is the inspector's label of the melee reach.
const reachLabel = "Reach ft"

// rulesItems are the fields only some rulesets have: melee reach and
// "long" (sf2e, pf1e), a reach weapon (pf1e), a facing (starship).
func rulesItems(d *rules.Ruleset, t *model.Token, edit tokenEdit) []*widget.FormItem {
	var items []*widget.FormItem
	if d.MeleeReach {
		reach := controls.NewPaneEntry()
		reach.SetPlaceHolder("by size")
		if t.Reach != nil {
			reach.SetText(strconv.Itoa(*t.Reach))
		}
		reach.OnChanged = func(s string) {
			edit("reach", func(t *model.Token) error {
				v, ok, err := parseOptInt(s, reachLabel)
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
		items = append(items, widget.NewFormItem(reachLabel, reach))
		long := controls.NewPaneCheck("long (quadruped)", nil)
		long.SetChecked(t.Long)
		long.OnChanged = func(b bool) { edit("long", func(t *model.Token) error { t.Long = b; return nil }) }
		items = append(items, widget.NewFormItem("", long))
	}
	if d.ReachWeapon {
		rw := controls.NewPaneCheck("reach weapon", nil)
		rw.SetChecked(t.ReachWeapon)
		rw.OnChanged = func(b bool) { edit("reachWeapon", func(t *model.Token) error { t.ReachWeapon = b; return nil }) }
		items = append(items, widget.NewFormItem("", rw))
	}
	if d.Facing {
		var fs []string
		for f := model.N; f <= model.NW; f++ {
			fs = append(fs, f.String())
		}
		facing := controls.NewPaneSelect(fs, nil)
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
	return items
}

// noteItems are the hidden switch, the conditions and the GM's notes, in
// ruleset rs.
func noteItems(rs model.Ruleset, t *model.Token, edit tokenEdit) []*widget.FormItem {
	// "hidden from players" made the form 11 px wider than the column
	// less the scroll bar, which then ran over the fields' right edge
	hidden := controls.NewPaneCheck("hidden (GM only)", nil)
	hidden.SetChecked(t.Hidden)
	hidden.OnChanged = func(b bool) { edit("hidden", func(t *model.Token) error { t.Hidden = b; return nil }) }
	conds := controls.NewPaneEntry()
	// in words, as the picker and the badges: what the GM types is kept
	// by its name when it is a condition of the app's ("Taken cover" is
	// taken-cover, which the rules act on), else as typed
	conds.SetPlaceHolder(session.ConditionsHint(rs))
	words := make([]string, len(t.Conditions))
	for i, c := range t.Conditions {
		words[i] = session.ConditionWords(c)
	}
	conds.SetText(strings.Join(words, ", "))
	conds.OnChanged = func(s string) {
		edit("conditions", func(t *model.Token) error {
			var cs []string
			for _, c := range strings.Split(s, ",") {
				if c = session.ConditionLabel(c); c != "" {
					cs = append(cs, c)
				}
			}
			t.Conditions = cs
			return nil
		})
	}
	notes := controls.NewPaneMultiLineEntry()
	notes.Wrapping = fyne.TextWrapWord
	// the notes grow with their lines (up to noteRows) rather than scroll
	// inside two: the wheel over the inspector scrolls the inspector
	// (rightpane.go), and cursor keys the longer notes
	fit := func(s string) { notes.SetMinRowsVisible(min(max(2, strings.Count(s, "\n")+1), noteRows)) }
	fit(t.Notes)
	notes.SetText(t.Notes)
	notes.OnChanged = func(s string) {
		fit(s)
		edit("notes", func(t *model.Token) error { t.Notes = model.LineBreaks(s); return nil }) // pasted "\r\n"
	}
	return []*widget.FormItem{
		widget.NewFormItem("", hidden),
		widget.NewFormItem("Conditions", conds),
		widget.NewFormItem("Notes", notes),
	}
}

// noteRows is the most lines the notes field grows to.
const noteRows = 10

// inspectorPanel is the selected token's form, or the token list.
type inspectorPanel struct {
	box      *fyne.Container
	errLabel *widget.Label // the inspector's last refused edit, in the GM's words
	// refused is the field (as tokenEdit names it) whose text field still
	// shows the value errLabel refuses; "" when none does
	refused string
	// errHolder holds errLabel under the inspector's scroll (rightpane.go)
	errHolder *fyne.Container
	// quick is, in a fight, the form of the token's HP, Damage and Heal
	// and conditions, under its name at the inspector's top; nil otherwise
	quick *widget.Form
	// rows are the token list's (tokenList), of the tokens of listed,
	// pick selecting one
	rows   *lazyRows
	listed *model.Encounter
	pick   func(i int)
	// form is what the token form shown was made from (tokenForm), zero
	// while the list shows
	form shownForm
	// keepInSight scrolls the inspector so that the field being typed in
	// is not hidden by the error line that has just shortened its view
	// (rightpane.go); nil in a bare panel
	keepInSight func()
}

// quickHeight is the height of the inspector's top down to the end of its
// quick part (quick), which the fight's order leaves in sight; 0 without
// one.
func (ip *inspectorPanel) quickHeight() float32 {
	if ip.quick == nil {
		return 0
	}
	h := float32(0)
	for _, o := range ip.box.Objects {
		if !o.Visible() {
			continue
		}
		if h > 0 {
			h += theme.Padding()
		}
		h += o.MinSize().Height
		if o == ip.quick {
			return h
		}
	}
	return 0
}

// errorLine is the line for the inspector's last refused edit. It sits
// under the inspector's scroll (rightpane.go), not in the form: at the top
// of the form it came and went with each keystroke and moved every field
// by one to four lines, so the GM's next click landed in another field
// (a value meant for max HP went into Level). Outside the scroll it only
// shortens the view from below, and stays in sight however far the form
// is scrolled.
func (ip *inspectorPanel) errorLine() *widget.Label {
	if ip.errLabel == nil {
		ip.errLabel = widget.NewLabel("")
		ip.errLabel.Wrapping = fyne.TextWrapWord
		ip.errLabel.Importance = widget.DangerImportance
		ip.errLabel.Hide()
	}
	return ip.errLabel
}

// setError shows msg on the error line, "" hiding it, and gives the
// inspector's scroll the room left: a frame lays the holder out again when
// the line shows, but not when it hides (a hidden object's size is not
// checked), which left a blank band above the handle.
func (ip *inspectorPanel) setError(msg string) { ip.setLine(msg, widget.DangerImportance) }

// setLine shows msg on the error line in the importance's colour: a
// refusal in red (setError), what a field holds until it is done in the
// text's own (heldEdit).
func (ip *inspectorPanel) setLine(msg string, importance widget.Importance) {
	l := ip.errorLine()
	if msg == l.Text && (msg != "") == l.Visible() && (msg == "" || l.Importance == importance) {
		return
	}
	l.Importance = importance
	l.SetText(msg)
	if msg == "" {
		l.Hide()
	} else {
		l.Show()
	}
	if c := ip.errHolder; c != nil && c.Layout != nil {
		// the line wraps at the column's width: give it that width first,
		// so that its height (and the scroll's room) is the one drawn
		l.Resize(fyne.NewSize(c.Size().Width, l.Size().Height))
		c.Layout.Layout(c.Objects, c.Size())
	}
	if msg != "" && ip.keepInSight != nil {
		ip.keepInSight()
	}
}
