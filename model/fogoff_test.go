package model

import (
	"reflect"
	"strings"
	"testing"
)

// fogRoom is a 4 x 2 map with fog, its left column revealed.
func fogRoom() *Encounter {
	e := &Encounter{Name: "Fog", Ruleset: SF2E, Grid: NewGrid(4, 2)}
	e.Revealed = []bool{true, false, false, false, true, false, false, false}
	return e
}

// TestFogOffKeepsWhatItRevealed: turning fog of war off threw its reveals
// away, so turning it on again fogged the whole map. Off keeps them, on
// brings them back; off with nothing revealed keeps nothing, and on then
// hides every square.
func TestFogOffKeepsWhatItRevealed(t *testing.T) {
	e := fogRoom()
	want := append([]bool(nil), e.Revealed...)
	if n := e.FogOff(); n != 2 || e.Revealed != nil {
		t.Fatalf("FogOff: kept %d, fog %v; want 2 kept, fog off", n, e.Revealed)
	}
	if e.FogOff() != 0 || e.RevealedKept == nil {
		t.Fatal("a second FogOff lost the kept squares")
	}
	if !e.FogOn() || !reflect.DeepEqual(e.Revealed, want) || e.RevealedKept != nil {
		t.Fatalf("FogOn: revealed %v kept %v, want %v and none kept", e.Revealed, e.RevealedKept, want)
	}
	if e.FogOn() {
		t.Error("FogOn with fog on reports turning it on")
	}
	for i := range e.Revealed {
		e.Revealed[i] = false
	}
	if n := e.FogOff(); n != 0 || e.RevealedKept != nil {
		t.Fatalf("nothing revealed: kept %d %v", n, e.RevealedKept)
	}
	e.FogOn()
	if len(e.Revealed) != 8 || anyTrue(e.Revealed) {
		t.Fatalf("fog on with nothing kept: %v", e.Revealed)
	}
}

// TestRevealedKeptFileField: the kept squares are written as
// map.revealedKept and read back; a file without it reads as before, one
// with it and map.revealed both is an error naming the field, and one of
// all 0 reads as none kept.
func TestRevealedKeptFileField(t *testing.T) {
	e := fogRoom()
	e.FogOff()
	data, err := EncodeEncounter(e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"revealedKept": [`) || strings.Contains(string(data), `"revealed": [`) {
		t.Fatalf("written:\n%s", data)
	}
	back, err := DecodeEncounter(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.RevealedKept, e.RevealedKept) || back.Revealed != nil {
		t.Fatalf("read back kept %v fog %v", back.RevealedKept, back.Revealed)
	}
	again, _ := EncodeEncounter(back)
	if string(again) != string(data) {
		t.Errorf("write(read(write(e))) differs:\n%s\n%s", again, data)
	}

	old := `{"format": "encounter/1", "name": "Old", "ruleset": "sf2e", "map": {"rows": ["....", "...."], "revealed": ["1000", "0000"]}}`
	if o, err := DecodeEncounter([]byte(old)); err != nil || o.RevealedKept != nil || o.Revealed == nil {
		t.Fatalf("an older file: %v, kept %v", err, o.RevealedKept)
	}
	both := `{"format": "encounter/1", "name": "Both", "ruleset": "sf2e", "map": {"rows": ["....", "...."], "revealed": ["1000", "0000"], "revealedKept": ["0100", "0000"]}}`
	if _, err := DecodeEncounter([]byte(both)); err == nil || !strings.HasPrefix(err.Error(), "map.revealedKept:") {
		t.Fatalf("revealed and revealedKept both: %v", err)
	}
	zeros := `{"format": "encounter/1", "name": "Z", "ruleset": "sf2e", "map": {"rows": ["....", "...."], "revealedKept": ["0000", "0000"]}}`
	if z, err := DecodeEncounter([]byte(zeros)); err != nil || z.RevealedKept != nil {
		t.Fatalf("all 0: %v, kept %v", err, z.RevealedKept)
	}
	ragged := `{"format": "encounter/1", "name": "R", "ruleset": "sf2e", "map": {"rows": ["....", "...."], "revealedKept": ["01", "0000"]}}`
	if _, err := DecodeEncounter([]byte(ragged)); err == nil || !strings.HasPrefix(err.Error(), "map.revealedKept[0]:") {
		t.Fatalf("a ragged row: %v", err)
	}
}

// TestReshapeMovesTheKeptReveals: a new map size moves the kept squares
// with their squares, as it moves the fog; cutting away every kept square
// leaves none kept.
func TestReshapeMovesTheKeptReveals(t *testing.T) {
	e := fogRoom()
	e.FogOff()
	e.ReshapeMap(1, 0, 5, 2)
	want := []bool{false, true, false, false, false, false, true, false, false, false}
	if !reflect.DeepEqual(e.RevealedKept, want) {
		t.Fatalf("moved right one column: %v, want %v", e.RevealedKept, want)
	}
	e.ReshapeMap(-2, 0, 3, 2)
	if e.RevealedKept != nil {
		t.Fatalf("the revealed column cut off: %v kept", e.RevealedKept)
	}
}
