package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
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

// inspectorPanel is the selected token's form, or the token list.
type inspectorPanel struct {
	box      *fyne.Container
	errLabel *widget.Label // the inspector's last refused edit, in the GM's words
}
