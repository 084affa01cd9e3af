package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"encounterplanner/model"
	"encounterplanner/rules"
)

func TestLibrary(t *testing.T) {
	test.NewTempApp(t)
	a, _ := NewEncounter("Alpha", model.SF2E, 10, 8, 5)
	st := newMemStore(model.Sample(), a)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1024, 700))
	var opened string
	l := NewLibrary(w, st, func(id string) { opened = id })
	if n := len(l.Items()); n != 2 {
		t.Fatalf("%d encounters listed, want 2", n)
	}
	if l.openBtn.Disabled() == false {
		t.Errorf("Open should be disabled with nothing selected")
	}
	l.Select(1)
	id := l.Items()[1].ID
	w.Canvas().Unfocus()
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if opened != id {
		t.Errorf("Enter opened %q, want %q", opened, id)
	}
	if err := l.Rename(id, "  "); err == nil {
		t.Errorf("a blank name should be refused")
	}
	if err := l.Rename(id, "Beta"); err != nil {
		t.Fatal(err)
	}
	if err := l.Duplicate(id); err != nil {
		t.Fatal(err)
	}
	if n := len(l.Items()); n != 3 {
		t.Fatalf("%d encounters after duplicating, want 3", n)
	}
	var names []string
	for _, s := range l.Items() {
		names = append(names, s.Name)
	}
	if !strings.Contains(strings.Join(names, "|"), "Beta (copy)") {
		t.Errorf("names %q lack the copy", names)
	}
	if err := l.Delete(id); err != nil {
		t.Fatal(err)
	}
	if n := len(l.Items()); n != 2 {
		t.Errorf("%d encounters after deleting, want 2", n)
	}
	// deleting asks first
	l.Select(0)
	l.deleteSelected()
	if w.Canvas().Overlays().Top() == nil || st.count() != 2 {
		t.Errorf("delete should ask for confirmation before deleting")
	}
}

func TestNewEncounterChecks(t *testing.T) {
	if _, err := NewEncounter("x", model.SF2E, 0, 5, 5); err == nil {
		t.Errorf("a 0-wide map should be refused")
	}
	if _, err := NewEncounter(" ", model.SF2E, 5, 5, 5); err == nil {
		t.Errorf("a blank name should be refused")
	}
	e, err := NewEncounter("Deck", model.Starship, 20, 20, 50)
	if err != nil || e.FeetPerSquare != 0 || e.Feet() != 50 {
		t.Errorf("starship default scale: %v, %d", err, e.FeetPerSquare)
	}
}

func TestShellStart(t *testing.T) {
	test.NewTempApp(t)
	e := model.Sample()
	st := newMemStore(e)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	p := newPump()
	s := NewShell(w, st)
	s.post = p.post
	s.Start(Options{InitialEncounterID: "Derelict cargo bay"})
	if s.Editor() == nil || s.Editor().Encounter().ID != e.ID {
		t.Fatalf("opening by name should show the editor")
	}
	s.Editor().Close()
	s.ShowLibrary()
	if s.Library() == nil || s.Editor() != nil {
		t.Fatalf("ShowLibrary should replace the editor")
	}
	s2 := NewShell(w, st)
	s2.post = p.post
	s2.Start(Options{}) // reopens the last encounter
	if s2.Editor() == nil {
		t.Errorf("a plain start should reopen the last encounter")
	} else {
		s2.Editor().Close()
	}
	s3 := NewShell(w, st)
	s3.post = p.post
	s3.Start(Options{InitialEncounterID: "no such"})
	if s3.Library() == nil {
		t.Errorf("an unknown encounter should fall back to the library")
	}
}

func TestDescribePath(t *testing.T) {
	e := model.Sample()
	i := e.TokenIndex("Iseph")
	tash := e.TokenIndex("Tashtari")
	p := &rules.Path{Reachable: true, Cost: 25, Actions: 1, Steps: []rules.Step{
		{X: 3, Y: 10, Turn: rules.NoTurn, Cost: 5, Total: 5},
		{X: 4, Y: 10, Turn: rules.NoTurn, Cost: 5, Total: 10, Flags: rules.FlagHazardous | rules.FlagReaction},
		{X: 5, Y: 10, Turn: rules.NoTurn, Cost: 10, Total: 20, Flags: rules.FlagDifficult},
	}}
	threat := map[int][]rules.Point{tash: {{X: 3, Y: 10}}}
	got := describePath(e, i, p, threat)
	want := "path 25 ft · 1 action · 1 difficult · 1 hazard · provokes Tashtari"
	if got != want {
		t.Errorf("describePath = %q, want %q", got, want)
	}
	if got := describePath(e, i, &rules.Path{}, nil); got != "no path there" {
		t.Errorf("unreachable: %q", got)
	}
	e.Ruleset = model.Points
	if got := describePath(e, i, &rules.Path{Reachable: true, Cost: 3, Actions: 2}, nil); got != "path 3 pt · 2 actions" {
		t.Errorf("points: %q", got)
	}
}

// stubEngine flanks when two allies stand on opposite sides of a foe, in
// a row or a column; everything else is empty.
type stubEngine struct{ calls int }

func (s *stubEngine) Reach(dst []rules.Square, e *model.Encounter, q rules.MoveQuery) ([]rules.Square, error) {
	return dst, nil
}
func (s *stubEngine) Path(e *model.Encounter, q rules.MoveQuery, x, y int) (rules.Path, error) {
	return rules.Path{}, nil
}
func (s *stubEngine) Cover(e *model.Encounter, from, to int) (rules.Cover, error) { return 0, nil }
func (s *stubEngine) Threatened(dst []rules.Point, e *model.Encounter, tok int) []rules.Point {
	return dst
}
func (s *stubEngine) Flanking(e *model.Encounter) ([]rules.Flank, error) {
	s.calls++
	var out []rules.Flank
	for f := range e.Tokens {
		for a := range e.Tokens {
			for b := a + 1; b < len(e.Tokens); b++ {
				F, A, B := e.Tokens[f], e.Tokens[a], e.Tokens[b]
				if !model.Allies(A.Side, B.Side) || !model.Enemies(A.Side, F.Side) {
					continue
				}
				row := A.Y == F.Y && B.Y == F.Y && (A.X-F.X)*(B.X-F.X) == -1
				col := A.X == F.X && B.X == F.X && (A.Y-F.Y)*(B.Y-F.Y) == -1
				if row || col {
					out = append(out, rules.Flank{Target: f, By: [2]int{a, b}})
				}
			}
		}
	}
	return out, nil
}

func TestFlankSpots(t *testing.T) {
	e, _ := NewEncounter("Flank", model.SF2E, 40, 40, 5)
	e.Tokens = []model.Token{
		{Name: "Foe", X: 5, Y: 5, Side: "enemy"},
		{Name: "Ally", X: 4, Y: 5, Side: "party"},
		{Name: "Mover", X: 20, Y: 20, Side: "party"},
	}
	eng := &stubEngine{}
	got := flankSpots(eng, e, 2)
	if len(got) != 1 || got[0] != (rules.Point{X: 6, Y: 5}) {
		t.Errorf("flank spots %v, want [(6, 5)]", got)
	}
	// many foes: the number of tries stays bounded
	for i := 0; i < 30; i++ {
		e.Tokens = append(e.Tokens, model.Token{Name: "F" + string(rune('A'+i%26)) + string(rune('a'+i/26)), X: (i % 20) * 2, Y: 10 + (i/20)*3, Side: "enemy"})
	}
	eng.calls = 0
	flankSpots(eng, e, 2)
	if eng.calls > flankSpotLimit {
		t.Errorf("%d Flanking calls, limit %d", eng.calls, flankSpotLimit)
	}
}

func TestImportEncounter(t *testing.T) {
	st := newMemStore()
	e := model.Sample()
	e.ID = "stale"
	id, err := importEncounter(st, e)
	if err != nil || id == "" || id == "stale" || st.count() != 1 {
		t.Fatalf("import: id %q, err %v, %d stored", id, err, st.count())
	}
	ed := &Editor{}
	if len(ed.exportItems()) < 6 {
		t.Errorf("the File menu should offer the exports and imports")
	}
}

func TestLibraryRowTaps(t *testing.T) {
	test.NewTempApp(t)
	st := newMemStore(model.Sample())
	w := test.NewTempWindow(t, widget.NewLabel(""))
	var opened string
	l := NewLibrary(w, st, func(id string) { opened = id })
	row := newLibRow(l)
	row.set(0, l.Items()[0])
	test.Tap(row)
	if l.sel != 0 || l.openBtn.Disabled() {
		t.Errorf("a tap should select the row and enable Open")
	}
	test.DoubleTap(row)
	if opened != l.Items()[0].ID {
		t.Errorf("a double tap should open the encounter")
	}
}
