package session

import (
	"testing"

	"encounterplanner/model"
)

// maskString draws a mask row by row, '#' for set.
func maskString(m []bool, w int) string {
	s := ""
	for i, v := range m {
		if i > 0 && i%w == 0 {
			s += "/"
		}
		if v {
			s += "#"
		} else {
			s += "."
		}
	}
	return s
}

func TestMasks(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(m []bool)
		want string
	}{
		{"brush 1", func(m []bool) { MarkBrush(m, 4, 3, 1, 1, 1, true) }, "..../.#../...."},
		{"brush 3 at the corner", func(m []bool) { MarkBrush(m, 4, 3, 0, 0, 3, true) }, "##../##../...."},
		{"brush 2 goes right and down", func(m []bool) { MarkBrush(m, 4, 3, 2, 1, 2, true) }, "..../..##/..##"},
		{"line", func(m []bool) { MarkLine(m, 4, 3, 0, 0, 3, 0, 1, true) }, "####/..../...."},
		{"rect any corner order, clipped", func(m []bool) { MarkRect(m, 4, 3, 9, 2, 2, 1, true) }, "..../..##/..##"},
		{"rect hides", func(m []bool) {
			MarkRect(m, 4, 3, 0, 0, 3, 2, true)
			MarkRect(m, 4, 3, 1, 1, 1, 1, false)
		}, "####/#.##/####"},
	} {
		m := make([]bool, 12)
		c.f(m)
		if got := maskString(m, 4); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestFogOnAndAll(t *testing.T) {
	e := &model.Encounter{Grid: model.NewGrid(3, 2)}
	if !FogOn(e) || maskString(e.Revealed, 3) != ".../..." {
		t.Fatalf("FogOn: %v", e.Revealed)
	}
	e.Revealed[0] = true
	if FogOn(e) || !e.Revealed[0] {
		t.Fatal("FogOn with fog on changed it")
	}
	SetAll(e, true)
	if maskString(e.Revealed, 3) != "###/###" {
		t.Fatalf("reveal all: %v", e.Revealed)
	}
	SetAll(e, false)
	if maskString(e.Revealed, 3) != ".../..." {
		t.Fatalf("hide all: %v", e.Revealed)
	}
}

// TestRevealRoomStopsAtClosedDoor reveals the left room of a map split by
// a wall line with a closed door edge, then opens the door.
func TestRevealRoomStopsAtClosedDoor(t *testing.T) {
	e := &model.Encounter{Name: "rooms", Ruleset: model.SF2E, Grid: model.NewGrid(4, 2), Edges: []model.Edge{
		{Kind: model.EdgeWall, X1: 2, Y1: 0, X2: 2, Y2: 1},
		{Kind: model.EdgeDoor, X1: 2, Y1: 1, X2: 2, Y2: 2},
	}}
	if err := RevealRoom(e, 0, 0); err != nil {
		t.Fatal(err)
	}
	if got := maskString(e.Revealed, 4); got != "##../##.." {
		t.Errorf("closed door: %s", got)
	}
	e.Revealed = nil
	e.Edges[1].Kind = model.EdgeOpenDoor
	if err := RevealRoom(e, 0, 0); err != nil {
		t.Fatal(err)
	}
	if got := maskString(e.Revealed, 4); got != "####/####" {
		t.Errorf("open door: %s", got)
	}
}

// TestRevealPartyAndFollow reveals what the party token sees across a
// wall line; a monster's view reveals nothing.
func TestRevealPartyAndFollow(t *testing.T) {
	e := &model.Encounter{Name: "sight", Ruleset: model.SF2E, Grid: model.NewGrid(5, 1), Edges: []model.Edge{
		{Kind: model.EdgeWall, X1: 3, Y1: 0, X2: 3, Y2: 1},
	}, Tokens: []model.Token{
		{Name: "Hero", Side: "party", X: 0, Y: 0, Size: model.Medium},
		{Name: "Orc", Side: "enemies", X: 4, Y: 0, Size: model.Medium},
	}}
	if err := RevealParty(e); err != nil {
		t.Fatal(err)
	}
	if got := maskString(e.Revealed, 5); got != "###.." {
		t.Errorf("party sight: %s", got)
	}
	e.Revealed = make([]bool, 5)
	if ch, err := RevealSeenBy(e, 1); err != nil || ch {
		t.Errorf("the orc's move revealed: %v %v", ch, err)
	}
	if ch, err := RevealSeenBy(e, 0); err != nil || !ch || maskString(e.Revealed, 5) != "###.." {
		t.Errorf("the hero's move: %v %v %s", ch, err, maskString(e.Revealed, 5))
	}
	e.Revealed = nil
	if ch, _ := RevealSeenBy(e, 0); ch || e.Revealed != nil {
		t.Error("follow without fog turned fog on")
	}
}

// RevealSeenByParty reveals what every party token sees, and nothing
// without fog: what "reveal follows the party" does when a door opens.
func TestRevealSeenByPartyAfterADoorOpens(t *testing.T) {
	e := &model.Encounter{Name: "door", Ruleset: model.SF2E, Grid: model.NewGrid(6, 1), Edges: []model.Edge{
		{Kind: model.EdgeDoor, X1: 3, Y1: 0, X2: 3, Y2: 1},
	}, Tokens: []model.Token{
		{Name: "Hero", Side: "party", X: 0, Y: 0, Size: model.Medium},
		{Name: "Scout", Side: "party", X: 1, Y: 0, Size: model.Medium},
		{Name: "Orc", Side: "enemies", X: 5, Y: 0, Size: model.Medium},
	}}
	if ch, _ := RevealSeenByParty(e); ch || e.Revealed != nil {
		t.Fatal("without fog it turned fog on")
	}
	e.Revealed = make([]bool, 6)
	if ch, err := RevealSeenByParty(e); err != nil || !ch || maskString(e.Revealed, 6) != "###..." {
		t.Fatalf("the door closed: %v %v %s", ch, err, maskString(e.Revealed, 6))
	}
	e.Edges[0].Kind = model.EdgeOpenDoor
	if ch, err := RevealSeenByParty(e); err != nil || !ch || maskString(e.Revealed, 6) != "######" {
		t.Errorf("the door open: %v %v %s", ch, err, maskString(e.Revealed, 6))
	}
	if ch, _ := RevealSeenByParty(e); ch {
		t.Error("nothing new, yet it says it revealed something")
	}
}
