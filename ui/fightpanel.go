package ui

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// fightPanel is the initiative tracker above the inspector, shown while a
// fight is in progress: the round, what the current creature has left,
// Next turn, Delay and End fight pinned at the right pane's top (bar), then
// the order (the current token marked, each with up and down, or dragged)
// in a scroll of its own, and under it the inspector, whose HP, Damage and
// Heal and conditions come first (fightColumn). Every change is one undo
// step; the fight is saved with the encounter (Encounter.Fight).
type fightPanel struct {
	bar    *fyne.Container   // the round and the turn controls, outside the scroll
	pin    *fyne.Container   // bar, order and inspector (pinFightBar, fightColumn)
	box    *fyne.Container   // the order's rows
	order  *container.Scroll // box, in as many rows as the inspector leaves
	scroll *container.Scroll // the inspector's scroll, under the order
	shown  string            // the round and turn last shown (followTurn)
	rows   *lazyRows         // the order's rows, in box (updateOrder)
	// tail is the room under the rows that lets the order scroll the
	// current creature's row to the top near its foot (showTurnRow)
	tail   *canvas.Rectangle
	toTurn bool // the turn changed: show its row (showFight)
	// wrap: the order ends with a row for the next round's first
	// creature, after the last one's, whose turn it is (setWrap)
	wrap bool
	// quickRoom is the room fightColumn keeps for the inspector's quick
	// part (fitQuickRoom): token quickFor's is the one shown, quickSeen
	// each creature's when last shown, by token id, and quickTurn the
	// round and turn the room was last fitted to the creatures in
	quickRoom float32
	quickFor  string
	quickSeen map[string]float32
	quickTurn string
	// quickGrown is what the shown creature's quick part has grown by
	// past quickRoom since its room was fitted (a condition added): the
	// pane's top asks it of the answers under the overlay switches
	// (fightTopWant) while the order keeps its rows (fightColumn)
	quickGrown float32
}

// fitQuickRoom fits the room the order leaves the inspector's quick part
// (the selected creature's name, HP, Damage and Heal, conditions) to the
// part just shown. Another token's gets its room: the order and the
// overlay panel give it (fightColumn). The same token's, grown by a
// condition added or 0 HP's words, keeps the room it had: the order
// shrank under it, and Damage moved up away from the pointer that had
// just pressed it, a condition's remove button taking its place.
//
// In a fight the room is the largest quick part of the creatures still in
// the fight, each as last shown. It followed each creature's, and on the
// den the order had five rows on the Goblin Archer's turn and four on the
// frightened Dae's, so the amount field and Damage moved 40 px from one
// turn to the next, and a click where the amount had been hit the HP.
// Then it kept the largest the fight had shown until the fight ended,
// and one creature with five conditions, removed dead or its conditions
// cleared, took the order a row or two for the rest of the fight. The
// room now grows as soon as a larger part shows, and shrinks only as a
// turn or round begins (never under the GM's pointer in the middle of a
// turn), when the creature with the largest has left the fight or shows
// a smaller one. With no creature selected it keeps the room.
//
// What the same creature's part grows by past its room (quickGrown) the
// pane's top asks of the answers under the overlay switches: in a fight
// of four at the first window size, prone added to the Ogre went under
// the split handle, only its top edge in sight. The handle moves down
// instead, where the answers can give the room, and the order and the
// inspector's controls above stay where they are.
func (ed *Editor) fitQuickRoom() {
	fp := &ed.fight
	id, h := "", float32(0)
	if ed.insp.quick != nil {
		id, h = ed.enc.Tokens[ed.sel].ID, ed.insp.quickHeight()
	}
	f := ed.enc.Fight
	room := fp.quickRoom
	switch {
	case f == nil:
		fp.quickSeen, fp.quickTurn = nil, ""
		if id != fp.quickFor {
			room = h
		}
	default:
		if fp.quickSeen == nil {
			fp.quickSeen = map[string]float32{}
		}
		if id != "" {
			fp.quickSeen[id] = h
		}
		if turn := fmt.Sprintf("%d %s", f.Round, f.Turn); turn != fp.quickTurn {
			// a turn begins: the creatures still in the fight
			fp.quickTurn = turn
			in := map[string]bool{}
			for _, n := range f.Order {
				if i := ed.enc.TokenIndex(n); i >= 0 {
					in[ed.enc.Tokens[i].ID] = true
				}
			}
			room = 0
			for seen, sh := range fp.quickSeen {
				if !in[seen] {
					delete(fp.quickSeen, seen)
					continue
				}
				room = max(room, sh)
			}
			room = max(room, h)
		} else if id != fp.quickFor && id != "" {
			room = max(room, h)
		}
	}
	grown := float32(0)
	if f != nil && id != "" {
		grown = max(0, h-room)
	}
	if id == fp.quickFor && room == fp.quickRoom && grown == fp.quickGrown {
		return
	}
	fp.quickFor, fp.quickRoom, fp.quickGrown = id, room, grown
	if ed.right != nil && fp.pin != nil {
		ed.right.Refresh()
		fp.pin.Refresh()
	}
}

// pinFightBar puts the fight's turn controls and the order above insp,
// the inspector's scroll. The order shared the inspector's scroll: at the
// first window size the pane's top was about 240 px, and the GM scrolled
// past every creature each turn to reach Damage and Heal. The order now
// scrolls in the height the inspector's quick HP and conditions leave it.
func (ed *Editor) pinFightBar(insp fyne.CanvasObject) fyne.CanvasObject {
	if ed.fight.bar == nil {
		ed.fight.bar = container.NewVBox()
		ed.fight.bar.Hide()
	}
	if ed.fight.box == nil {
		ed.fight.box = container.NewVBox()
	}
	// the arrows clear of the order's own scroll bar; the rows made as
	// they come into view (updateOrder)
	ed.fight.order = newRowsScroll(container.New(clearOfBar(), ed.fight.box), ed.orderRows())
	ed.fight.order.Hide()
	ed.fight.pin = container.New(fightColumn{ed}, ed.fight.bar, ed.fight.order, insp)
	return ed.fight.pin
}

// fightColumn lays out the right pane's top part: the turn controls at
// their height, the order's scroll, then the inspector. The order takes
// what is left after the inspector's quick part (the selected creature's
// name, HP, Damage and Heal, conditions: fightPanel.quickRoom), in whole
// rows, at least orderRowsLeast (the current creature's and the next) as
// long as the inspector keeps what is typed in a field (fieldTextHeight),
// and at most all of them.
// Out of a fight the bar and the order are hidden and the inspector takes
// it all.
//
// The quick part is a wish, not part of the least height: it was, and on
// the unconscious Goblin Warrior's turn (its 0 HP words and two
// conditions) the column asked 420 px, pushed the overlay switches under
// it over the status bar and out of the window, and left the order one
// row. The inspector scrolls instead.
type fightColumn struct{ ed *Editor }

// orderRowsLeast is how many rows of the order the column keeps when the
// pane has the height: the current creature's and the next one's.
const orderRowsLeast = 2

// orderLeast is the height of the order's least rows (all of a shorter
// order).
func (ed *Editor) orderLeast() float32 {
	return min(ed.orderHeight(), orderRowsLeast*ed.orderRowHeight()-theme.Padding())
}

// fieldTextHeight is a text field's height less its padding above the
// text: the least the inspector keeps under the order's two rows where
// the pane is short, scrolled to the field typed in (keepFocusInSight).
func fieldTextHeight() float32 {
	return fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height + theme.InnerPadding()
}

// inspectorLeast is the least height the column asks for the inspector,
// insp, under the order: its own (controls.TopMin, which a drag of the
// handle leaves it), but while its error line shows (under the column)
// only what is typed in the field refused (fieldTextHeight). At the
// window's least size the line, three lines of a refusal, took 73 px of
// the column, and the order went down to the current creature's row,
// hiding who is next.
func (l fightColumn) inspectorLeast(insp fyne.CanvasObject) float32 {
	h := insp.MinSize().Height
	if e := l.ed.insp.errLabel; e != nil && e.Visible() {
		h = min(h, fieldTextHeight())
	}
	return h
}

func (l fightColumn) MinSize(objs []fyne.CanvasObject) fyne.Size {
	bar, order, insp := objs[0], objs[1], objs[2]
	s := insp.MinSize()
	if order.Visible() {
		s.Height = l.inspectorLeast(insp) + l.ed.orderLeast() + theme.Padding()
	}
	if bar.Visible() {
		b := bar.MinSize()
		s = fyne.NewSize(max(s.Width, b.Width), s.Height+b.Height+theme.Padding())
	}
	return s
}

func (l fightColumn) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bar, order, insp := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	y := float32(0)
	if bar.Visible() {
		h := bar.MinSize().Height
		bar.Move(fyne.NewPos(0, 0))
		bar.Resize(fyne.NewSize(size.Width, h))
		y = h + pad
	}
	if order.Visible() {
		least := insp.MinSize().Height
		room := size.Height - y - pad - max(least, l.ed.fight.quickRoom)
		h := l.ed.orderHeight()
		if row := l.ed.orderRowHeight(); room < h && row > 0 {
			// whole rows: a row cut in half at the order's foot looked
			// like a broken control; the rest goes to the inspector,
			// which gives up its quick part's room for the next
			// creature's row, and scrolls. Where the pane is short (the
			// least window with a refusal under the inspector, or the
			// overlay switches' elevation row on Navasi's turn) it gives
			// up its least height too, but for a field's text
			rows := func(room float32) float32 { return float32(math.Floor(float64((room + pad) / row))) }
			most := rows(size.Height - y - pad - min(least, fieldTextHeight()))
			n := max(1, rows(room), min(orderRowsLeast, most))
			h = min(h, n*row-pad)
		}
		was := order.Size().Height
		if l.ed.fight.quickGrown > 0 && was > 0 {
			// the room the shown creature's grown quick part asked of
			// the pane (fitQuickRoom) is the inspector's: the order
			// keeps its rows, and Add and Damage stay put
			h = min(h, was)
		}
		order.Move(fyne.NewPos(0, y))
		order.Resize(fyne.NewSize(size.Width, h))
		// a view made shorter or taller (the window, the overlay
		// switches' elevation row) shows the turn's row first again,
		// and the row after the last comes or goes as the view needs it
		if l.ed.setWrap(l.ed.wrapWanted(h)) || h != was {
			l.ed.showTurnRow()
		}
		y += h + pad
	}
	insp.Move(fyne.NewPos(0, y))
	insp.Resize(fyne.NewSize(size.Width, max(size.Height-y, 0)))
}

// orderHeight is the height of the whole order, but for the row after the
// last (setWrap): the order's view is never made taller for it.
func (ed *Editor) orderHeight() float32 {
	h := ed.fight.box.MinSize().Height
	if t := ed.fight.tail; t != nil && t.Visible() {
		h -= t.MinSize().Height + theme.Padding() // room to scroll, not rows
	}
	if ed.fight.wrap {
		h -= ed.orderRowHeight()
	}
	return h
}

// wrapWanted reports whether the order's view, h high, wants the row
// after the last (setWrap): it is the last creature's turn, and the view
// cannot show the whole order, so not the first row, whose creature goes
// next, with the last.
func (ed *Editor) wrapWanted(h float32) bool {
	f := ed.enc.Fight
	if f == nil || len(f.Order) < 2 || f.Turn != f.Order[len(f.Order)-1] {
		return false
	}
	return h < float32(len(f.Order))*ed.orderRowHeight()-theme.Padding()-0.5
}

// setWrap puts the row after the last in the order, or takes it out, and
// reports whether that changed anything. On the round's last creature's
// turn, the order scrolled to its foot, the creature who goes next, at
// the top, was out of view: the GM could not see who is next. Then, where
// the view does not show the whole order (wrapWanted), a row after the
// last names the next round and who begins it, "Round 3: Iseph (19)",
// without the arrows (bindOrderRow); it selects that creature as its row
// at the top does.
func (ed *Editor) setWrap(on bool) bool {
	if on == ed.fight.wrap {
		return false
	}
	ed.fight.wrap = on
	rows := ed.orderRows()
	if f := ed.enc.Fight; f != nil {
		rows.SetLength(ed.orderLength(f))
	}
	if box, sc := ed.fight.box, ed.fight.order; box != nil && sc != nil {
		box.Refresh() // the separator under the rows follows them
		c := sc.Content
		c.Resize(c.MinSize().Max(sc.Size()))
		sc.Refresh()
	}
	rows.Refresh()
	return true
}

// orderLength is the number of the order's rows for f: a row a creature,
// and the row after the last while the order has it (setWrap).
func (ed *Editor) orderLength(f *model.Fight) int {
	if ed.fight.wrap {
		return len(f.Order) + 1
	}
	return len(f.Order)
}

// orderRowHeight is the height of one row of the order, with the padding
// under it.
func (ed *Editor) orderRowHeight() float32 {
	if ed.orderRows().Length() == 0 {
		return 0
	}
	return ed.orderRows().rowHeight() + theme.Padding()
}

// orderRowsWanted is how many rows of the order the right pane's top asks
// before the answers under the overlay switches get their lines: enough
// to see who comes next at a glance.
const orderRowsWanted = 5

// fightTopWant is the height the right pane's top asks in a fight: the
// turn controls, orderRowsWanted rows of the order (all of a shorter
// one) and the inspector's quick part, as large as it has grown.
func (ed *Editor) fightTopWant() float32 {
	pad := theme.Padding()
	h := ed.fight.quickRoom + ed.fight.quickGrown + pad
	if ed.fight.bar != nil && ed.fight.bar.Visible() {
		h += ed.fight.bar.MinSize().Height + pad
	}
	return h + min(ed.orderHeight(), orderRowsWanted*ed.orderRowHeight())
}

// d20 rolls a twenty-sided die for initiative.
func d20() int { return rand.IntN(20) + 1 }

// showFight rebuilds the fight panel from the encounter's fight.
func (ed *Editor) showFight() {
	box, bar := ed.fight.box, ed.fight.bar
	if box == nil {
		return
	}
	if bar == nil { // a panel without the pinned bar: it goes on the order's top
		bar = container.NewVBox()
	}
	ed.followTurn()
	ed.syncFightItem() // Start fight… or End fight
	bar.RemoveAll()
	f := ed.enc.Fight
	if f == nil {
		shown := box.Visible() || bar.Visible()
		box.RemoveAll()
		ed.fight.wrap = false
		ed.orderRows().SetLength(0)
		ed.orderRows().Refresh() // its rows wait for the next fight
		box.Hide()
		bar.Hide()
		if ed.fight.order != nil {
			ed.fight.order.Hide()
		}
		if ed.fight.pin != nil && shown {
			// the hidden bar's room goes back to the scroll: an undone
			// Start fight left an empty band there until the selection
			// changed. Only when the fight just ended: refreshing the
			// pane refreshes the inspector's every row, 30 ms an edit with
			// 1000 tokens listed
			ed.fight.pin.Refresh()
		}
		return
	}
	head := fmt.Sprintf("Round %d", f.Round)
	if j := ed.enc.TokenIndex(f.Turn); j >= 0 {
		if w := turnWords(ed.enc, j, f.State[f.Turn]); w != "" {
			head += " · " + w // one line: the pinned bar leaves the inspector the rest
		}
	}
	heading := widget.NewLabelWithStyle(head, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	heading.Wrapping = fyne.TextWrapWord
	bar.Add(heading)
	// Delay is greyed once the creature has moved (session.DelayRefusal);
	// a tap on it then says why in the status bar
	delay := newWhyButton("Delay", ed.DelayTurn, func() string { return session.DelayRefusal(ed.enc) }, ed.message)
	if session.DelayRefusal(ed.enc) != "" {
		delay.Disable()
	}
	bar.Add(container.NewGridWithColumns(3,
		controls.NewPaneButton("Next (N)", ed.NextTurn),
		delay,
		controls.NewPaneButton("End", ed.EndFight)))
	bar.Add(widget.NewSeparator())
	var top fyne.CanvasObject
	if bar != ed.fight.bar {
		top = bar
	}
	grew := ed.updateOrder(f, top, !box.Visible())
	if grew {
		box.Refresh()
	}
	box.Show()
	bar.Show()
	bar.Refresh()
	if ed.fight.order != nil {
		hidden := !ed.fight.order.Visible()
		ed.fight.order.Show()
		if grew || hidden {
			// the order's height follows its rows; only then: refreshing
			// the pane refreshes the inspector's every row
			ed.fight.pin.Refresh()
		}
		if ed.fight.toTurn {
			ed.fight.toTurn = false
			ed.showTurnRow()
		}
	}
}

// updateOrder makes the order's rows show f, under head when not nil, and
// reports whether the box's objects were put in again (it must be laid out
// again and refreshed); anew puts them in whether or not the order's
// length changed.
//
// Only the rows in the order's view are made (lazyRows): a row per
// creature, three buttons each, made Start fight and End take 1.2 s with
// 1000 creatures, most of it decoding each arrow's icon. A row is a
// position in the order, not a creature: Next, a Delay or a move in the
// order changes the words of the rows it touches (two for Next), and only
// those buttons are refreshed (bindOrderRow).
func (ed *Editor) updateOrder(f *model.Fight, head fyne.CanvasObject, anew bool) bool {
	box, rows := ed.fight.box, ed.orderRows()
	grew := anew || head != nil || rows.Length() != ed.orderLength(f) || len(box.Objects) == 0
	if ed.fight.wrap && (ed.fight.order == nil || !ed.wrapWanted(ed.fight.order.Size().Height)) {
		ed.setWrap(false) // the turn moved on from the last creature
	}
	rows.SetLength(ed.orderLength(f))
	if !grew {
		rows.Refresh() // the rows in view show f
		return false
	}
	objs := make([]fyne.CanvasObject, 0, 3)
	if head != nil {
		objs = append(objs, head) // the bar, in a panel without the pinned one
	}
	if ed.fight.tail == nil {
		ed.fight.tail = canvas.NewRectangle(color.Transparent)
		ed.fight.tail.Hide()
	}
	box.Objects = append(objs, rows, widget.NewSeparator(), ed.fight.tail) // laid out once, by Refresh
	return true
}

// orderRows are the order's rows, kept from one fight to the next.
func (ed *Editor) orderRows() *lazyRows {
	if ed.fight.rows == nil {
		ed.fight.rows = newLazyRows(ed.newOrderRow, ed.bindOrderRow)
	}
	return ed.fight.rows
}

// newOrderRow is a row of the order: the creature's button, which selects
// it, up and down, and the row dragged to reorder (fightrow.go). Each acts
// on the position the row shows when it is pressed.
func (ed *Editor) newOrderRow() fyne.CanvasObject {
	var r *orderRow
	pick := controls.NewPaneButton("", func() {
		if fi := ed.enc.Fight; fi != nil && len(fi.Order) > 0 && r.at <= len(fi.Order) {
			// the row after the last is the first creature's (setWrap)
			if j := ed.enc.TokenIndex(fi.Order[r.at%len(fi.Order)]); j >= 0 {
				ed.Select(j)
			}
		}
	})
	pick.Alignment = widget.ButtonAlignLeading
	pick.Importance = widget.LowImportance
	up := controls.NewPaneButtonWithIcon("", theme.MoveUpIcon(), func() { ed.MoveInOrder(r.at, -1) })
	down := controls.NewPaneButtonWithIcon("", theme.MoveDownIcon(), func() { ed.MoveInOrder(r.at, 1) })
	arrows := container.NewHBox(up, down)
	row := container.NewBorder(nil, nil, nil, arrows, pick)
	r = newOrderRow(row, func(rows int) { ed.MoveInOrder(r.at, rows) })
	r.pick, r.arrows = pick, arrows
	return r
}

// bindOrderRow makes row o show position i of the fight's order: the
// creature's name and initiative, marked and coloured when it is its turn;
// after the last, the next round's first creature, without the arrows
// (setWrap).
func (ed *Editor) bindOrderRow(i int, o fyne.CanvasObject) {
	r := o.(*orderRow)
	r.at = i
	f := ed.enc.Fight
	if f == nil || len(f.Order) == 0 || i > len(f.Order) {
		return
	}
	wrap := i == len(f.Order)
	n := f.Order[i%len(f.Order)]
	label := n
	if j := ed.enc.TokenIndex(n); j >= 0 && ed.enc.Tokens[j].Initiative != nil {
		label = fmt.Sprintf("%s (%d)", n, *ed.enc.Tokens[j].Initiative)
	}
	imp := widget.LowImportance
	switch {
	case wrap:
		label = fmt.Sprintf("Round %d: %s", f.Round+1, label)
	case n == f.Turn:
		label = "▶ " + label
		imp = widget.HighImportance
	}
	if p := r.pick; p.Text != label || p.Importance != imp || r.arrows.Visible() == wrap {
		p.Text, p.Importance = label, imp
		if wrap {
			r.arrows.Hide()
		} else {
			r.arrows.Show()
		}
		r.min = fyne.Size{} // measured again
		p.Refresh()
		r.content.Refresh() // the name takes the arrows' room, or gives it back
	}
}

// showTurnRow scrolls the order so that the row of the creature whose
// turn it is comes first, with those after it below: in a short pane the
// current creature's row was often out of sight. Near the order's foot
// the view shows its last whole rows, the current one and the next among
// them: on the last creature's turn, the row after the last, where the
// view needs it (setWrap).
func (ed *Editor) showTurnRow() {
	f, sc := ed.enc.Fight, ed.fight.order
	if f == nil || sc == nil {
		return
	}
	i := slices.Index(f.Order, f.Turn)
	if i < 0 {
		return
	}
	ed.setWrap(ed.wrapWanted(sc.Size().Height))
	row := ed.orderRowHeight()
	if row <= 0 {
		return
	}
	// whole rows from the top; where the order does not fit in view, the
	// current row first even near the order's foot, with room under the
	// rows for it (tail): the view stopped at the foot and the Goblin
	// Archer's row came third, under two who had acted
	whole := int((sc.Size().Height + theme.Padding()) / row)
	n := ed.orderRows().Length()
	top := 0
	if n > whole {
		top = i
	}
	if t := ed.fight.tail; t != nil {
		under := max(0, float32(top+whole-n)*row)
		if t.MinSize().Height != under || t.Visible() != (under > 0) {
			t.SetMinSize(fyne.NewSize(0, under))
			t.Hidden = under <= 0 // no padding above it either
			ed.fight.box.Refresh()
		}
	}
	// the rows were just rebuilt: lay them out before the offset is
	// bounded by their height
	c := sc.Content
	c.Resize(c.MinSize().Max(sc.Size()))
	sc.ScrollToOffset(fyne.NewPos(0, float32(top)*row))
}

// followTurn selects the creature whose turn it is whenever the turn
// changed, whatever changed it: Next, Delay, an undo or redo of them, or
// the current creature deleted (its turn passes on). Undoing N left the
// next creature selected, its reach drawn on the previous one's turn, and
// a deleted current creature left nothing selected. A change within a
// turn (damage to another creature, a move) keeps the GM's selection.
// The creature is brought into the map's view (showOnMap) and its row
// into the order's.
func (ed *Editor) followTurn() {
	f := ed.enc.Fight
	now := ""
	if f != nil {
		now = fmt.Sprintf("%d\x00%s", f.Round, f.Turn)
	}
	if now == ed.fight.shown {
		return
	}
	was := ed.fight.shown != ""
	ed.fight.shown = now
	ed.fight.toTurn = true
	if (f != nil) != was {
		// the fight started or ended with its creature selected: the
		// inspector puts HP and conditions first, or back in the form
		ed.showInspector()
	}
	if f != nil {
		if j := ed.enc.TokenIndex(f.Turn); j >= 0 {
			ed.Select(j)
			ed.showOnMap(j)
		}
	}
}

// showOnMap centres the editor's map on token i when it is not wholly in
// view: on a big map, starting a fight or pressing N left the view where
// it was, and the creature whose turn began was often off screen. A token
// in view stays where the GM has it. The player display keeps its own
// view (it never follows the editor's).
func (ed *Editor) showOnMap(i int) {
	s := ed.view.Size()
	z := float64(ed.view.Zoom())
	if s.Width <= 0 || s.Height <= 0 || z <= 0 || i < 0 || i >= len(ed.enc.Tokens) {
		return // not laid out yet: nothing is in view
	}
	t := &ed.enc.Tokens[i]
	k := float64(ed.enc.Space(t))
	ox, oy := ed.view.Origin()
	w, h := float64(s.Width)/z, float64(s.Height)/z
	if float64(t.X) >= ox && float64(t.Y) >= oy && float64(t.X)+k <= ox+w && float64(t.Y)+k <= oy+h {
		return
	}
	ed.centreOn(i)
}

// scrollToSelection shows, in a fight, the selected creature's HP, Damage
// and Heal and conditions: the inspector, under the order, goes back to
// its top, where they are. (They came after the whole order in one
// scroll, and a goblin picked to take damage showed its inspector out of
// sight below.)
func (ed *Editor) scrollToSelection() {
	sc := ed.fight.scroll
	if sc == nil || ed.enc.Fight == nil {
		return
	}
	if ed.fight.pin != nil {
		ed.fight.pin.Refresh() // the order gives the new quick part its room
	}
	sc.ScrollToTop()
}

// turnWords says what token j, whose turn it is, has left of its turn:
// "2 of 3 actions left to move", or "unconscious: cannot move" for a
// token that cannot act, whose actions do not move it; "cannot act or
// move" for cannot-act, whose words already say the first half ("cannot
// act: cannot move" said it twice); "15 ft up: must fall first" for one
// in the air without a fly Speed (rules.MustFall), which moves only once
// it has fallen (fall.go): the line promised 3 actions to move while
// its drag was refused.
func turnWords(e *model.Encounter, j int, ts model.TurnState) string {
	r, t := e.Ruleset, &e.Tokens[j]
	if c := rules.Incapacity(t); c == model.CondCannotAct {
		return session.ConditionInText(c) + " or move"
	} else if c != "" {
		return session.ConditionInText(c) + ": cannot move"
	}
	if rules.MustFall(e, j) {
		return session.Height(t.Elevation) + ": must fall first"
	}
	w := session.TurnWords(r, t, ts)
	if a, _, _ := rules.Describe(r).TurnCounts(); a && w != "" {
		w += " to move"
	}
	return w
}

// fightEdit applies one change to the fight as one undo step, then selects
// the token whose turn it is.
func (ed *Editor) fightEdit(f func(c *model.Encounter) error) error {
	err := ed.apply("", f)
	if err == nil && ed.enc.Fight != nil {
		ed.Select(ed.enc.TokenIndex(ed.enc.Fight.Turn))
	}
	return err
}

// StartFight begins a fight: tokens without an initiative get roll()
// (nil: they go last), the order is by initiative (on a tie the party's
// adversaries first, then by name: session.StartFight).
func (ed *Editor) StartFight(roll func() int) error {
	err := ed.fightEdit(func(c *model.Encounter) error { return session.StartFight(c, roll) })
	if err == nil {
		// over a fight in progress the step changed initiatives and the
		// order: Undo said "Pip's initiative changed"
		ed.hist.Name("fight started")
	}
	return err
}

// NextTurn passes the turn on (key N); after the last token a new round.
// Only the current token's turn state matters, so the others' go.
func (ed *Editor) NextTurn() {
	if ed.enc.Fight == nil {
		ed.message("no fight in progress: Encounter > Start fight…")
		return
	}
	round := ed.enc.Fight.Round
	if ed.fightEdit(func(c *model.Encounter) error { c.Fight.NextTurn(); c.Fight.State = nil; return nil }) == nil {
		ed.message(turnMessage(ed.enc.Fight, round))
	}
}

// turnMessage says whose turn it is now ("Navasi's turn", "Round 3:
// Iseph's turn" when a round begins): the status bar kept the last
// message ("nothing to redo") through Next and Delay.
func turnMessage(f *model.Fight, round int) string {
	if f.Round != round {
		return fmt.Sprintf("Round %d: %s's turn", f.Round, f.Turn)
	}
	return f.Turn + "'s turn"
}

// DelayTurn moves the current creature after the next one, whose turn
// begins, and gives it that one's initiative (session.Delay). A creature
// that has already moved this turn may not Delay: the status bar says so
// and nothing changes (it came back with a whole turn again).
func (ed *Editor) DelayTurn() {
	if ed.enc.Fight == nil {
		ed.message("no fight in progress: Encounter > Start fight…")
		return
	}
	if why := session.DelayRefusal(ed.enc); why != "" {
		ed.message(why)
		return
	}
	who, round := ed.enc.Fight.Turn, ed.enc.Fight.Round
	err := ed.fightEdit(func(c *model.Encounter) error {
		if err := session.Delay(c); err != nil {
			return err
		}
		c.Fight.State = nil
		return nil
	})
	if err == nil {
		ed.hist.Name(who + " delayed") // not "turn passed", nor an initiative changed
		ed.message(fmt.Sprintf("%s delays, acting after %s: %s", who, ed.enc.Fight.Turn, turnMessage(ed.enc.Fight, round)))
	}
}

// EndFight ends the fight at once, and says so with the way back: the
// order and the round left the panel without a word.
func (ed *Editor) EndFight() {
	if ed.enc.Fight == nil {
		return
	}
	if ed.apply("", func(c *model.Encounter) error { c.Fight = nil; return nil }) == nil {
		ed.message("Fight ended (Ctrl+Z brings it back)")
	}
}

// MoveInOrder moves the i-th token of the order delta places.
func (ed *Editor) MoveInOrder(i, delta int) {
	if ed.enc.Fight == nil {
		return
	}
	c := ed.enc.Fight.Clone()
	if !session.MoveInOrder(c, i, delta) {
		return
	}
	ed.apply("", func(e *model.Encounter) error { e.Fight = c; return nil })
}

// The Encounter menu's fight item: "Start fight…" without a fight, and
// in one "End fight", which ends it at once as the fight pane's End does
// (Ctrl+Z brings it back). It was "Start fight…" in round 2 too, where
// what the GM does from the menu is end the fight; a new fight with new
// initiatives is End fight, then Start fight…. One item in one place,
// whose label follows the fight (syncFightItem).
const (
	startFightLabel = "Start fight…"
	endFightLabel   = "End fight"
)

// fightItem is the Encounter menu's fight item for the fight as it is.
func (ed *Editor) fightItem(item func(string, func(), fyne.Shortcut) *fyne.MenuItem) *fyne.MenuItem {
	if ed.enc.Fight != nil {
		return item(endFightLabel, ed.EndFight, nil)
	}
	return item(startFightLabel, ed.askStartFight, nil)
}

// syncFightItem makes the menu's fight item the one for the fight as it
// is, when a fight began or ended (a start, End, an undo); the menu is
// set again only then.
func (ed *Editor) syncFightItem() {
	m := ed.win.MainMenu()
	if m == nil {
		return
	}
	want := ed.fightItem(func(l string, a func(), _ fyne.Shortcut) *fyne.MenuItem { return fyne.NewMenuItem(l, a) })
	for _, menu := range m.Items {
		for j, it := range menu.Items {
			if it.Label != startFightLabel && it.Label != endFightLabel {
				continue
			}
			if it.Label != want.Label {
				menu.Items[j] = want // a new item: the one chosen stays what it was
				ed.win.SetMainMenu(m)
			}
			return
		}
	}
}

// askStartFight is Encounter > Start fight…: with a fight in progress
// (the menu then offers End fight, but one chosen from a menu opened
// before the fight began still comes here) it first asks whether to
// start a new one, which replaces that fight's order, round and turn;
// Escape cancels and Enter goes on, as in the app's other confirmations
// (Ctrl+Z brings the old fight back).
func (ed *Editor) askStartFight() {
	f := ed.enc.Fight
	if f == nil {
		ed.startFightDialog()
		return
	}
	d := dialog.NewConfirm("Start a new fight?",
		fmt.Sprintf("A fight is in progress (round %d, %s's turn). Start a new one?", f.Round, f.Turn),
		func(ok bool) {
			if ok {
				ed.startFightDialog()
			}
		}, ed.win)
	d.SetConfirmText("Start new")
	d.SetDismissText("Cancel")
	d.Show()
	ed.esc.Confirms(d, d.Confirm) // Escape keeps the fight, Enter asks the initiatives
}

// startFightDialog asks each token's initiative: a number typed, or empty
// to roll a d20. The creatures' list scrolls inside a dialog that fits the
// window (a mob of twenty ran it past the window's bottom, its last rows
// out of reach), Start and Cancel always below it. Enter in a field starts,
// Escape cancels. A bad value keeps the dialog open with everything typed,
// says which creature's field is wrong and puts the cursor there.
func (ed *Editor) startFightDialog() {
	if len(ed.enc.Tokens) == 0 {
		ed.message("a fight needs tokens: place some first (T)")
		return
	}
	names := make([]string, len(ed.enc.Tokens))
	entries := make([]*controls.EscEntry, len(ed.enc.Tokens))
	var items []*widget.FormItem
	for i, t := range ed.enc.Tokens {
		en := ed.esc.Entry()
		en.SetPlaceHolder("roll d20")
		if t.Initiative != nil {
			en.SetText(strconv.Itoa(*t.Initiative))
		}
		names[i], entries[i] = t.Name, en
		items = append(items, widget.NewFormItem(t.Name, en))
	}
	form := widget.NewForm(items...)
	list := container.NewVScroll(form)
	list.SetMinSize(fyne.NewSize(320, startFightListHeight(form.MinSize().Height, ed.win.Canvas().Size().Height)))
	problem := widget.NewLabel("")
	problem.Importance = widget.DangerImportance
	problem.Wrapping = fyne.TextWrapWord
	problem.Hide()
	d := dialog.NewCustomWithoutButtons("Start fight: initiative", container.NewBorder(problem, nil, nil, nil, list), ed.win)
	refuse := func(i int, msg string) {
		problem.SetText(msg)
		problem.Show()
		// grown by the error line, not shrinking the list: a wrapped label
		// knows its lines only at its width, so it is given it before the
		// dialog asks its height (else one line, and the list lost a row)
		problem.Resize(fyne.NewSize(list.Size().Width, problem.MinSize().Height))
		d.Resize(fyne.NewSize(360, 0))
		if i >= 0 {
			list.ScrollToOffset(fyne.NewPos(0, entries[i].Position().Y))
			ed.win.Canvas().Focus(entries[i])
		}
	}
	start := func() {
		init := make([]*int, len(entries))
		for i, en := range entries {
			s := strings.TrimSpace(en.Text)
			if s == "" {
				continue
			}
			v, err := strconv.Atoi(s)
			if err != nil {
				refuse(i, fmt.Sprintf("Initiative of %s: %q is not a whole number (type digits, like 12, or leave it empty to roll)", names[i], s))
				return
			}
			init[i] = &v
		}
		ed.status.quiet = true // the refusal shows in the dialog
		err := ed.fightEdit(func(c *model.Encounter) error {
			for i := range c.Tokens {
				if i < len(init) {
					c.Tokens[i].Initiative = init[i]
				}
			}
			return session.StartFight(c, d20)
		})
		ed.status.quiet = false
		if err != nil {
			refuse(-1, fmt.Sprintf("Could not start the fight: %v", err))
			return
		}
		d.Hide()
	}
	startBtn := widget.NewButton("Start", start)
	startBtn.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", d.Hide), startBtn})
	for _, en := range entries {
		en.OnSubmitted = func(string) { start() } // Enter in a field starts, as in the other forms
	}
	d.Resize(fyne.NewSize(360, 0))
	d.Show()
	ed.esc.Closes(d)
	ed.win.Canvas().Focus(entries[0])
}

// startFightListHeight is the height of the Start fight dialog's list of
// creatures: all of them while they fit, else what the window has left
// after the dialog's title, error line and buttons (at least a few rows).
func startFightListHeight(need, window float32) float32 {
	return min(need, max(window-startFightChrome, 120))
}

// startFightChrome is the Start fight dialog's height outside its list:
// title, a two-line error, buttons, the dialog's padding and a margin.
const startFightChrome = 300
