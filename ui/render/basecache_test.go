package render

import (
	"bytes"
	"image"
	"reflect"
	"testing"

	"encounterplanner/model"
	"encounterplanner/rules"
)

// TestBaseKeyKnowsTheView: every field of View, one at a time, changes
// the base's key (a field added to View later is part of it too).
func TestBaseKeyKnowsTheView(t *testing.T) {
	e := testEncounter(model.SF2E)
	r := NewRenderer()
	key := func(v View) uint64 { return r.frameKey(&frame{e: e, v: v}, 100, 100) }
	base := View{Scale: 10}
	k0 := key(base)
	vt := reflect.TypeOf(base)
	for i := 0; i < vt.NumField(); i++ {
		v := base
		f := reflect.ValueOf(&v).Elem().Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Float64:
			f.SetFloat(f.Float() + 0.5)
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		default:
			t.Fatalf("View.%s is a %s: teach this test to change it", vt.Field(i).Name, f.Kind())
		}
		if key(v) == k0 {
			t.Errorf("View.%s changed, the base's key did not", vt.Field(i).Name)
		}
	}
}

// TestBaseReusedOnlyWhenUnchanged: a Renderer that keeps the base of its
// last frame draws exactly what a fresh one draws, after each change of
// the encounter made in place (as the editor edits it), of the view and of
// the overlays; and a frame where only the path, the hover or the ghost
// moved reuses the base instead of drawing it again.
func TestBaseReusedOnlyWhenUnchanged(t *testing.T) {
	e := testEncounter(model.SF2E)
	o := testOverlays()
	v := View{Scale: 30}
	img := image.NewRGBA(image.Rect(0, 0, 14*30, 9*30))
	want := image.NewRGBA(img.Rect)
	kept := NewRenderer()
	kept.KeepBase()
	check := func(what string, reuse bool) {
		t.Helper()
		before := kept.baseRun
		kept.Draw(img, e, v, o)
		NewRenderer().Draw(want, e, v, o)
		if !bytes.Equal(img.Pix, want.Pix) {
			t.Errorf("%s: the frame differs from a fresh renderer's", what)
		}
		if got := kept.baseRun == before; got != reuse {
			t.Errorf("%s: base reused %v, want %v", what, got, reuse)
		}
	}
	check("first frame", false)
	check("same frame", true)
	o.Hover = &rules.Point{X: 3, Y: 3}
	check("hover moved", true)
	o.Ghost = &Ghost{Token: 0, X: 4, Y: 4, OK: true}
	o.Path = &rules.Path{Reachable: true, Cost: 10, Actions: 1, Steps: []rules.Step{{X: 3, Y: 3, Cost: 5, Total: 5}, {X: 4, Y: 4, Cost: 5, Total: 10}}}
	check("ghost and path moved", true)
	e.Grid.Set(1, 1, e.Grid.At(1, 1)^model.Difficult)
	check("a square painted", false)
	e.Tokens[1].X++
	check("a token moved", false)
	e.Tokens[3].Color = "#123456"
	check("a token's colour", false)
	e.Tokens[3].Speeds = map[string]int{"land": 30}
	check("a token's Speeds", false)
	e.Edges = append(e.Edges, model.Edge{Kind: model.EdgeWall, X1: 1, Y1: 1, X2: 3, Y2: 1})
	check("an edge drawn", false)
	e.Revealed = make([]bool, e.Grid.W*e.Grid.H)
	check("fog", false)
	e.Revealed[5] = true
	check("a square revealed", false)
	e.Notes = append(e.Notes, model.Note{X: 6, Y: 6, Text: "trap"})
	check("a note", false)
	o.Reach = o.Reach[:len(o.Reach)-1]
	check("reach changed", false)
	o.Reach[0].Actions = 3
	check("reach changed in place", false)
	o.Cover = append(o.Cover[:0:0], o.Cover[1:]...)
	check("cover changed", false)
	o.Selected = 3
	check("selection changed", false)
	v.OriginX = 0.5
	check("view panned", false)
	v.Player = true
	check("player view", false)
	check("same again", true)
	o = nil
	check("no overlays", false)
}

// TestExportsKeepNoBase: a Renderer keeps a base only when asked
// (KeepBase): an export draws each image once and must not hold a second
// copy of it.
func TestExportsKeepNoBase(t *testing.T) {
	e := testEncounter(model.SF2E)
	img := image.NewRGBA(image.Rect(0, 0, 200, 100))
	r := NewRenderer()
	r.Draw(img, e, View{Scale: 20}, testOverlays())
	r.Draw(img, e, View{Scale: 20}, testOverlays())
	if r.base != nil || r.baseRun != 0 {
		t.Errorf("a renderer not asked to keep bases kept %d bytes", len(r.base))
	}
}

// TestKeptBaseNoAllocs: fingerprinting the encounter and copying the kept
// base allocate nothing, frame after frame.
func TestKeptBaseNoAllocs(t *testing.T) {
	e := testEncounter(model.SF2E)
	for i := range e.Tokens {
		e.Tokens[i].Speeds = map[string]int{"land": 30, "fly": 40}
	}
	o := testOverlays()
	img := image.NewRGBA(image.Rect(0, 0, 420, 270))
	r := NewRenderer()
	r.KeepBase()
	v := View{Scale: 30}
	r.Draw(img, e, v, o)
	if n := testing.AllocsPerRun(20, func() { r.Draw(img, e, v, o) }); n != 0 {
		t.Errorf("%v allocations per frame with a kept base", n)
	}
}
