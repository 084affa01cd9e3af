package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/ui/controls"
	"encounterplanner/ui/session"
)

// outOfSight says why o is not wholly shown in ed's window ("" when it
// is): hidden, or cut by the window or by a scroll it is in (the GM would
// have to scroll to reach it).
func outOfSight(ed *Editor, o fyne.CanvasObject) string {
	type rect struct{ x0, y0, x1, y1 float32 }
	why := "not in the window"
	var walk func(n fyne.CanvasObject, at fyne.Position, clip rect) bool
	walk = func(n fyne.CanvasObject, at fyne.Position, clip rect) bool {
		if !n.Visible() {
			return false
		}
		p := at.Add(n.Position())
		s := n.Size()
		if n == o {
			why = ""
			if p.X < clip.x0-0.5 || p.Y < clip.y0-0.5 || p.X+s.Width > clip.x1+0.5 || p.Y+s.Height > clip.y1+0.5 {
				why = fmt.Sprintf("at (%v, %v)-(%v, %v), outside its view (%v, %v)-(%v, %v)", p.X, p.Y, p.X+s.Width, p.Y+s.Height, clip.x0, clip.y0, clip.x1, clip.y1)
			}
			return true
		}
		if _, ok := n.(*container.Scroll); ok {
			clip = rect{max(clip.x0, p.X), max(clip.y0, p.Y), min(clip.x1, p.X+s.Width), min(clip.y1, p.Y+s.Height)}
		}
		for _, k := range childrenOf(n) {
			if walk(k, p, clip) {
				return true
			}
		}
		return false
	}
	s := ed.win.Canvas().Size()
	walk(ed.win.Canvas().Content(), fyne.Position{}, rect{0, 0, s.Width, s.Height})
	return why
}

// quickOutOfSight says why the inspector does not show name's HP, Damage
// and Heal (for a creature with HP) and condition picker whole ("" when
// it does).
func quickOutOfSight(ed *Editor, name string) string {
	want := 6
	buttons := []string{"Damage", "Heal", "Add"}
	if i := ed.enc.TokenIndex(name); i >= 0 && ed.enc.Tokens[i].HP == nil {
		want, buttons = 4, buttons[2:] // Damage and Heal come with the HP
	}
	var parts []fyne.CanvasObject
	if hp, ok := inspectorFind(ed, func(c *fyne.Container) bool { _, ok := c.Layout.(hpLayout); return ok }); ok {
		parts = append(parts, hp.Objects[0], hp.Objects[1])
	}
	for _, name := range buttons {
		if b, ok := inspectorFind(ed, func(b *controls.PaneButton) bool { return b.Text == name }); ok {
			parts = append(parts, b)
		}
	}
	if s, ok := inspectorFind(ed, func(s *controls.PaneSelect) bool { return s.PlaceHolder == "condition" }); ok {
		parts = append(parts, s)
	}
	if len(parts) != want {
		return fmt.Sprintf("%d of the %d HP and condition controls in the inspector", len(parts), want)
	}
	for _, o := range parts {
		if why := outOfSight(ed, o); why != "" {
			return fmt.Sprintf("%T %s", o, why)
		}
	}
	// whose they are, first
	if head, ok := ed.insp.box.Objects[0].(*widget.Label); !ok || head.Text != name {
		return fmt.Sprintf("the inspector starts with %T, not %s's name", ed.insp.box.Objects[0], name)
	}
	return ""
}

// twelveInAFight is the sample with five goblins more, every creature with
// HP, in a fight, in an editor the size of the app's first window (less
// the menu bar the test window does not draw).
func twelveInAFight(t *testing.T) (*Editor, *pump) {
	t.Helper()
	e := model.Sample()
	for i := len(e.Tokens); i < 12; i++ {
		e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: fmt.Sprint("Goblin ", i), X: i, Y: 12, Size: model.Medium, Side: "enemy", Speeds: map[string]int{model.SpeedLand: 25}})
	}
	for i := range e.Tokens {
		e.Tokens[i].HP = &model.HP{Current: 23, Max: 30}
	}
	ed, _, p := newTestEditor(t, e)
	ed.win.Resize(fyne.NewSize(1200, 780-30))
	roll := 0
	if err := ed.StartFight(func() int { roll++; return roll }); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	return ed, p
}

// TestTheTurnsHPNeedsNoScrolling: in a fight the inspector's HP and
// conditions came after the whole order in one scroll; at the first
// window size the GM scrolled past every creature, each turn, to reach
// Damage and Heal. With twelve creatures, on every turn of a round, the
// current creature's row in the order and its HP, Damage, Heal and
// condition picker are in sight together, and so are a target's when the
// GM picks one, and with the handle dragged as far down as it goes.
func TestTheTurnsHPNeedsNoScrolling(t *testing.T) {
	ed, p := twelveInAFight(t)
	f := ed.enc.Fight
	for turn := range len(f.Order) + 1 {
		name := ed.enc.Fight.Turn
		if why := quickOutOfSight(ed, name); why != "" {
			t.Errorf("turn %d (%s): %s", turn, name, why)
		}
		i := 0
		for i < len(f.Order) && ed.enc.Fight.Order[i] != name {
			i++
		}
		if o := ed.fight.rows.rowAt(i); o == nil {
			t.Errorf("turn %d: %s's row in the order is not made", turn, name)
		} else if why := outOfSight(ed, o); why != "" {
			t.Errorf("turn %d: %s's row in the order %s", turn, name, why)
		}
		ed.NextTurn()
		settle(t, ed, p)
	}
	target := ed.enc.Fight.Order[len(f.Order)-1]
	ed.Select(ed.enc.TokenIndex(target))
	settle(t, ed, p)
	if why := quickOutOfSight(ed, target); why != "" {
		t.Errorf("%s picked as a target: %s", target, why)
	}
	handle := rightPaneHandle(t, ed)
	handle.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, 2000)})
	handle.DragEnd()
	ed.right.Refresh()
	if why := quickOutOfSight(ed, target); why != "" {
		t.Errorf("the handle dragged down: %s", why)
	}
}

// TestHPSaysWhichIsTheMax: filled, the two HP fields read "23 | 30", and
// the GM could not tell current from max. A slash stands between them,
// in a fight and out of one: "23 / 30".
func TestHPSaysWhichIsTheMax(t *testing.T) {
	for _, fight := range []bool{false, true} {
		ed, _ := twelveInAFight(t)
		if !fight {
			ed.EndFight()
		}
		ed.Select(ed.enc.TokenIndex("Iseph"))
		relayout(ed.win.Content())
		hp := formWidget(t, ed, "HP").(*fyne.Container)
		cur, most := hp.Objects[0], hp.Objects[1]
		if entryOf(t, cur).Text != "23" || entryOf(t, most).Text != "30" {
			t.Fatalf("HP fields %q %q", entryOf(t, cur).Text, entryOf(t, most).Text)
		}
		var slash *controls.Caption
		for _, o := range hp.Objects {
			if x, ok := o.(*controls.Caption); ok && x.Text == "/" {
				slash = x
			}
		}
		if slash == nil {
			t.Errorf("fight %v: no slash between current and max HP", fight)
			continue
		}
		if l, r := cur.Position().X+cur.Size().Width, most.Position().X; slash.Position().X < l || slash.Position().X+slash.Size().Width > r {
			t.Errorf("fight %v: the slash at x=%v is not between current HP (ends %v) and max (starts %v)", fight, slash.Position().X, l, r)
		}
	}
}

// TestInspectorFieldsClearTheScrollBar: the inspector's scroll bar is
// drawn over its content's right edge, and ran over the max HP field. In
// a fight and out of one, every field and button of the inspector ends a
// scroll bar's width short of the column's edge.
func TestInspectorFieldsClearTheScrollBar(t *testing.T) {
	for _, fight := range []bool{false, true} {
		ed, _ := twelveInAFight(t)
		if !fight {
			ed.EndFight()
		}
		tk := ed.enc.TokenIndex("Tashtari")
		ed.enc.Tokens[tk].Conditions = []string{"frightened 2", "off-guard"}
		ed.Select(tk)
		ed.showInspector()
		relayout(ed.win.Content())
		d := fyne.CurrentApp().Driver()
		edge := d.AbsolutePositionForObject(ed.fight.scroll).X + ed.fight.scroll.Size().Width - theme.ScrollBarSize()
		n := 0
		walkObjects(ed.insp.box, func(o fyne.CanvasObject) {
			switch o.(type) {
			case *controls.PaneEntry, *controls.PaneSelect, *controls.PaneSelectEntry, *controls.PaneButton, *controls.PaneCheck:
				n++
				if r := d.AbsolutePositionForObject(o).X + o.Size().Width; r > edge+0.5 {
					t.Errorf("fight %v: %T ends at x=%v, under the scroll bar from %v", fight, o, r, edge)
				}
			}
		})
		if n < 10 {
			t.Errorf("fight %v: only %d fields and buttons in the inspector", fight, n)
		}
	}
}

// TestTheTurnBringsTheCreatureIntoView: on a big map, starting a fight or
// pressing N left the view where it was, and the creature whose turn
// began could be off screen. The map is centred on it when it is not
// wholly in view, and stays put when it is; the player display keeps its
// own view.
func TestTheTurnBringsTheCreatureIntoView(t *testing.T) {
	e := openEncounter(t, 200, 200)
	for _, c := range []struct {
		name string
		x, y int
		init int
	}{{"Far", 150, 120, 20}, {"Near", 3, 3, 15}, {"Edge", 10, 8, 10}, {"Large far", 60, 190, 5}} {
		v := c.init
		size := model.Medium
		if c.name == "Large far" {
			size = model.Large
		}
		e.Tokens = append(e.Tokens, model.Token{ID: model.NewID(), Name: c.name, X: c.x, Y: c.y, Size: size, Side: "enemy", Initiative: &v, Speeds: map[string]int{model.SpeedLand: 25}})
	}
	ed, _, p := newTestEditor(t, e)
	ed.openPlayer()
	settle(t, ed, p)
	pz, px := ed.player.View().Zoom(), fmt.Sprint(ed.player.View().Origin())
	inView := func(name string) bool {
		tk := ed.enc.Tokens[ed.enc.TokenIndex(name)]
		k := float64(ed.enc.Space(&tk))
		ox, oy := ed.view.Origin()
		z := float64(ed.view.Zoom())
		w, h := float64(ed.view.Size().Width)/z, float64(ed.view.Size().Height)/z
		return float64(tk.X) >= ox && float64(tk.Y) >= oy && float64(tk.X)+k <= ox+w && float64(tk.Y)+k <= oy+h
	}
	if err := ed.StartFight(d20); err != nil {
		t.Fatal(err)
	}
	settle(t, ed, p)
	if ed.enc.Fight.Turn != "Far" || !inView("Far") {
		t.Errorf("the fight started on %s's turn: in view %v, want Far in view", ed.enc.Fight.Turn, inView(ed.enc.Fight.Turn))
	}
	// Near is off screen from Far: the view moves again
	ed.NextTurn()
	settle(t, ed, p)
	if !inView("Near") {
		t.Error("Near's turn: not in view")
	}
	// Edge, seven squares from Near, is in view once Near is centred:
	// the view stays where it is
	ox, oy := ed.view.Origin()
	if !inView("Edge") {
		t.Fatal("Edge is not in view from Near: the test's map needs another place")
	}
	ed.NextTurn()
	settle(t, ed, p)
	if x, y := ed.view.Origin(); x != ox || y != oy {
		t.Errorf("Edge's turn, Edge already in view: the view moved from (%v, %v) to (%v, %v)", ox, oy, x, y)
	}
	ed.NextTurn()
	settle(t, ed, p)
	if !inView("Large far") {
		t.Error("the Large creature's turn: not wholly in view")
	}
	if z, o := ed.player.View().Zoom(), fmt.Sprint(ed.player.View().Origin()); z != pz || o != px {
		t.Errorf("the player display moved from %v %v to %v %v", pz, px, z, o)
	}
}

// TestTheOrderGetsItsRowsBackAtTheNextTurn: the order's room under it
// kept the largest HP and conditions the fight had shown until the fight
// ended. At the first window size the Ogre Brute's seven conditions left
// the order two rows where it had four, and once the Ogre was removed dead
// or its conditions were cleared it kept two for the rest of the fight.
// The room now follows the creatures still in the fight, but only as a
// turn begins: in the middle of Iseph's turn, where the GM removed the
// Ogre or cleared its conditions, the order and Iseph's Damage stay where
// they are; at the Goblin Warrior's turn the order has its rows back, and
// from then on its height stays put from turn to turn.
func TestTheOrderGetsItsRowsBackAtTheNextTurn(t *testing.T) {
	for _, how := range []string{"Removed", "ConditionsCleared"} {
		t.Run(how, func(t *testing.T) {
			e := denFight(t)
			w := &e.Tokens[e.TokenIndex("Goblin Warrior")] // unhurt, as at .ci/e2e-table's start
			w.Conditions, w.HP.Current = nil, w.HP.Max
			e.Tokens[e.TokenIndex("Ogre Brute")].Conditions = []string{"frightened 2", "prone", "off-guard", "clumsy 1", "enfeebled 2", "sickened 1", "slowed 1"}
			ed, _, p := newTestEditor(t, e)
			ed.win.Resize(fyne.NewSize(1200, 780).Subtract(editorChrome()).Add(fyne.NewSquareSize(2 * theme.Padding())))
			settle(t, ed, p)
			sc := ed.fight.order
			var before float32
			for ed.enc.Fight.Turn != "Iseph" { // through the Ogre's turn
				ed.NextTurn()
				settle(t, ed, p)
				if ed.enc.Fight.Turn == "Goblin Archer" {
					before = sc.Size().Height
				}
			}
			h := sc.Size().Height
			if h >= before {
				t.Fatalf("the order is %v high on Iseph's turn, %v before the Ogre's conditions showed: not the case to check", h, before)
			}
			damageAt := func() float32 {
				t.Helper()
				b, ok := inspectorFind(ed, func(b *controls.PaneButton) bool { return b.Text == "Damage" })
				if !ok {
					t.Fatal("no Damage button")
				}
				return fyne.CurrentApp().Driver().AbsolutePositionForObject(b).Y
			}
			y := damageAt()
			ogre := ed.enc.TokenIndex("Ogre Brute")
			ed.Select(ogre)
			settle(t, ed, p)
			if how == "Removed" {
				ed.DeleteToken()
			}
			for how != "Removed" && len(ed.enc.Tokens[ogre].Conditions) > 0 { // each condition's remove button
				c := ed.enc.Tokens[ogre].Conditions[0]
				rm, ok := inspectorFind(ed, func(b *controls.PaneButton) bool { return b.Text == session.ConditionWords(c) })
				if !ok {
					t.Fatalf("no remove button for %q", c)
				}
				test.Tap(rm)
			}
			settle(t, ed, p)
			ed.Select(ed.enc.TokenIndex("Iseph"))
			settle(t, ed, p)
			if got := sc.Size().Height; got != h {
				t.Errorf("in the middle of Iseph's turn the order went from %v to %v high", h, got)
			}
			if got := damageAt(); got != y {
				t.Errorf("in the middle of Iseph's turn Damage moved from y %v to %v", y, got)
			}
			ed.NextTurn()
			settle(t, ed, p)
			after := sc.Size().Height
			if after < before || after < h+ed.orderRowHeight()-0.5 {
				t.Errorf("at the Goblin Warrior's turn the order is %v high, %v on Iseph's and %v before the Ogre's conditions showed: the room it gave them is not back", after, h, before)
			}
			for range 3 {
				ed.NextTurn()
				settle(t, ed, p)
				if got := sc.Size().Height; got != after && ed.enc.Fight.Turn != "Navasi" { // Navasi's elevation row takes one
					t.Errorf("%s's turn: the order is %v high, %v at the Goblin Warrior's", ed.enc.Fight.Turn, got, after)
				}
			}
		})
	}
}
