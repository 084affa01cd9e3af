package storage

import (
	"context"
	"reflect"
	"testing"
)

// TestLoadWithoutImages: LoadWithoutImages gives what Load gives but the
// map image and the tokens' pictures, and leaves the store's note of the
// images it last read alone: the encounter Load gave saves after it with
// its images kept, and loads with them again.
func TestLoadWithoutImages(t *testing.T) {
	s := MustOpenDB(t)
	e := fullEncounter()
	e.Background = smallImage("map")
	e.Tokens[1].Image = smallImage("portrait")
	mustSave(t, s, e)
	full := mustLoad(t, s, e.ID)
	if full.Background == "" || full.Tokens[1].Image == "" {
		t.Fatal("Load lost the images")
	}
	bare, err := s.LoadWithoutImages(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := full.Clone()
	want.Background = ""
	for i := range want.Tokens {
		want.Tokens[i].Image = ""
	}
	if !reflect.DeepEqual(bare, want) {
		t.Errorf("LoadWithoutImages:\n%+v\nwant Load's without images:\n%+v", bare, want)
	}
	full.Tokens[0].X++
	mustSave(t, s, full)
	again := mustLoad(t, s, e.ID)
	if again.Background != e.Background || again.Tokens[1].Image != e.Tokens[1].Image {
		t.Error("a save after LoadWithoutImages lost the images")
	}
}
