package library

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
)

// The library's search and order. A GM with a season of encounters
// scrolled the whole list for one: the field beside the buttons (or
// typing with nothing focused, or Ctrl+F) keeps the encounters whose name
// or ruleset has the words typed, in any case; a click on a column's
// heading orders the list by it, a second click the other way. The order
// is kept for the next start; the search is not.

// Columns of the library, in the order they show.
const (
	colName = iota
	colRuleset
	colSize
	colThreat
	colChanged
	nCols
)

var colTitles = [nCols]string{"Name", "Ruleset", "Size", "Threat", "Last changed"}

// listOrder is the column the list is ordered by and whether backwards.
// The store lists the last changed first: {colChanged, true}.
type listOrder struct {
	col  int
	desc bool
}

// prefOrder is the preference that keeps the order: the column, and
// "-" before it for backwards.
const prefOrder = "libraryOrder"

func savedOrder() listOrder {
	o := listOrder{colChanged, true}
	a := fyne.CurrentApp()
	if a == nil {
		return o
	}
	s := a.Preferences().String(prefOrder)
	desc := strings.HasPrefix(s, "-")
	if c, err := strconv.Atoi(strings.TrimPrefix(s, "-")); err == nil && c >= 0 && c < nCols {
		o = listOrder{c, desc}
	}
	return o
}

func (o listOrder) String() string {
	if o.desc {
		return "-" + strconv.Itoa(o.col)
	}
	return strconv.Itoa(o.col)
}

// headers are the column headings, each a click to order by it.
func (l *Library) headers() []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, nCols)
	l.heads = make([]*headLabel, nCols)
	for c := range nCols {
		h := newHeadLabel(func() { l.OrderBy(c) })
		l.heads[c] = h
		out[c] = h
	}
	l.showOrder()
	return out
}

// showOrder marks the ordering column's heading with its direction.
func (l *Library) showOrder() {
	for c, h := range l.heads {
		t := colTitles[c]
		if c == l.order.col {
			if l.order.desc {
				t += " ▼"
			} else {
				t += " ▲"
			}
		}
		h.SetText(t)
	}
}

// OrderBy orders the list by column c (colName...), the other way when it
// already is; the selection stays.
func (l *Library) OrderBy(c int) {
	if c == l.order.col {
		l.order.desc = !l.order.desc
	} else {
		// names and rulesets from A, the rest from the most
		l.order = listOrder{c, c != colName && c != colRuleset}
	}
	if a := fyne.CurrentApp(); a != nil {
		a.Preferences().SetString(prefOrder, l.order.String())
	}
	l.showOrder()
	l.show(l.selectedID())
}

// Search shows only the encounters whose name or ruleset has every word
// of q, in any case ("" shows them all).
func (l *Library) Search(q string) { l.search.SetText(q) }

func (l *Library) selectedID() string {
	if s, ok := l.selected(); ok {
		return s.ID
	}
	return ""
}

// searchWords are the words of the search, in lower case.
func (l *Library) searchWords() []string { return strings.Fields(strings.ToLower(l.search.Text)) }

// matches reports whether summary s has every one of words (lower case).
func matches(s model.Summary, words []string) bool {
	if len(words) == 0 {
		return true
	}
	hay := strings.ToLower(s.Name + " " + rulesetTitle(s.Ruleset) + " " + string(s.Ruleset))
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// finds reports whether the search shows the encounter with the id.
func (l *Library) finds(id string) bool {
	for _, s := range l.all {
		if s.ID == id {
			return matches(s, l.searchWords())
		}
	}
	return false
}

// show lists what the search finds in the chosen order and selects the
// encounter with the id; with a search and no such encounter listed, the
// first found, so that Enter opens it.
func (l *Library) show(id string) {
	idx := make([]int, 0, len(l.all))
	words := l.searchWords() // once, not an encounter at a time
	for i, s := range l.all {
		if matches(s, words) {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int {
		c := l.compare(a, b)
		if l.order.desc {
			c = -c
		}
		// ties by name from A, then as the store lists them
		return cmp.Or(c, naturalCompare(l.all[a].Name, l.all[b].Name), a-b)
	})
	l.items = make([]model.Summary, len(idx))
	l.threats = make([]string, len(idx))
	for k, i := range idx {
		l.items[k], l.threats[k] = l.all[i], l.allThreats[i]
	}
	l.sel = -1
	l.list.UnselectAll()
	l.list.Refresh()
	switch {
	case len(l.all) == 0:
		l.empty.SetText("No encounters yet. New… makes one.")
		l.empty.Show()
	case len(l.items) == 0:
		l.empty.SetText(fmt.Sprintf("No encounter's name or ruleset has %q. Escape clears the search.", strings.TrimSpace(l.search.Text)))
		l.empty.Show()
	default:
		l.empty.Hide()
	}
	at := -1
	for i, s := range l.items {
		if s.ID == id {
			at = i
		}
	}
	if at < 0 && strings.TrimSpace(l.search.Text) != "" && len(l.items) > 0 {
		at = 0
	}
	if at >= 0 {
		l.list.Select(at)
		l.list.ScrollTo(at)
	}
	l.updateButtons()
}

// compare orders stored encounters a and b (indexes of all) by the
// chosen column.
func (l *Library) compare(a, b int) int {
	sa, sb := l.all[a], l.all[b]
	switch l.order.col {
	case colName:
		return naturalCompare(sa.Name, sb.Name)
	case colRuleset:
		return strings.Compare(rulesetTitle(sa.Ruleset), rulesetTitle(sb.Ruleset))
	case colSize:
		return cmp.Or(cmp.Compare(sa.Width*sa.Height, sb.Width*sb.Height), cmp.Compare(sa.Width, sb.Width))
	case colThreat:
		return cmp.Compare(threatXP(l.allThreats[a]), threatXP(l.allThreats[b]))
	}
	return sa.Updated.Compare(sb.Updated)
}

// naturalCompare orders names as a GM reads them: in any case, and a run
// of digits by its number, so that the copies an import numbers come in
// order: "Den (2)", "Den (3)" ... "Den (10)", where byte order put
// "(10)" to "(19)" before "(2)". Equal numbers written with more zeros
// come after; names that differ only in case, by their bytes.
func naturalCompare(a, b string) int {
	la, lb := strings.ToLower(a), strings.ToLower(b)
	i, j := 0, 0
	for i < len(la) && j < len(lb) {
		ca, cb := la[i], lb[j]
		if isDigit(ca) && isDigit(cb) {
			si, sj := i, j
			for i < len(la) && isDigit(la[i]) {
				i++
			}
			for j < len(lb) && isDigit(lb[j]) {
				j++
			}
			na, nb := strings.TrimLeft(la[si:i], "0"), strings.TrimLeft(lb[sj:j], "0")
			if c := cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb), cmp.Compare(i-si, j-sj)); c != 0 {
				return c
			}
			continue
		}
		if ca != cb {
			return cmp.Compare(ca, cb)
		}
		i, j = i+1, j+1
	}
	return cmp.Or(cmp.Compare(len(la)-i, len(lb)-j), strings.Compare(a, b))
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// threatXP is the XP of a threat column's text ("XP 80 · moderate": 80),
// -1 for none (a ruleset without a threat budget, or no party level).
func threatXP(s string) int {
	f := strings.Fields(s)
	if len(f) < 2 || f[0] != "XP" {
		return -1
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return -1
	}
	return n
}

// searchEntry is the library's search field: the list's keys (Up, Down,
// Enter to open) and F10 (the menus) work from it; Escape empties it, and
// a second Escape leaves it; an Alt released in it opens no menu.
type searchEntry struct {
	widget.Entry
	l *Library
}

func newSearchEntry(l *Library) *searchEntry {
	e := &searchEntry{l: l}
	e.ExtendBaseWidget(e)
	e.SetPlaceHolder("Search (Ctrl+F, or type)")
	e.OnChanged = func(string) { l.show(l.selectedID()) }
	return e
}

// TypedKey implements fyne.Focusable.
func (e *searchEntry) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyReturn, fyne.KeyEnter, fyne.KeyF10:
		if h := e.l.win.Canvas().OnTypedKey(); h != nil {
			h(k)
		}
		return
	case fyne.KeyEscape:
		if e.Text != "" {
			e.SetText("")
		} else {
			e.l.win.Canvas().Unfocus()
		}
		return
	}
	e.Entry.TypedKey(k)
}

// KeyDown implements desktop.Keyable: Alt opens no menu (controls.AltKey).
func (e *searchEntry) KeyDown(k *fyne.KeyEvent) {
	controls.AltKey(e, k, true, e.l.esc.Post)
	e.Entry.KeyDown(k)
}

// KeyUp implements desktop.Keyable.
func (e *searchEntry) KeyUp(k *fyne.KeyEvent) {
	controls.AltKey(e, k, false, e.l.esc.Post)
	e.Entry.KeyUp(k)
}

// headLabel is a column heading a click orders the list by.
type headLabel struct {
	widget.Label
	tapped func()
}

func newHeadLabel(tapped func()) *headLabel {
	h := &headLabel{tapped: tapped}
	h.TextStyle = fyne.TextStyle{Bold: true}
	h.Truncation = fyne.TextTruncateEllipsis
	h.ExtendBaseWidget(h)
	return h
}

// Tapped orders the list by the column.
func (h *headLabel) Tapped(*fyne.PointEvent) { h.tapped() }

// Cursor shows that the heading takes a click.
func (h *headLabel) Cursor() desktop.Cursor { return desktop.PointerCursor }
