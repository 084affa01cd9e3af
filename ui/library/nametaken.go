package library

import (
	"context"
	"fmt"
	"strings"

	"encounterplanner/model"
)

// NameTaken refuses name for the encounter with the id when another
// encounter in the store already has it, in any case ("goblin ambush"
// and "Goblin Ambush" read as one name in the list, and the command
// line's export-encounter NAME found two and answered "matches several
// encounters"). The error names the other encounter and offers a free
// name ("Goblin ambush (2)", as import numbers a name already stored).
// A list that cannot be read refuses nothing: the rename itself says
// what is wrong with the store. Cost: one List.
func NameTaken(ctx context.Context, store model.EncounterStore, id, name string) error {
	list, err := store.List(ctx)
	if err != nil {
		return nil
	}
	name = strings.TrimSpace(name)
	taken := func(n string) bool {
		for _, s := range list {
			if s.ID != id && strings.EqualFold(strings.TrimSpace(s.Name), n) {
				return true
			}
		}
		return false
	}
	for _, s := range list {
		if s.ID == id || !strings.EqualFold(strings.TrimSpace(s.Name), name) {
			continue
		}
		other := fmt.Sprintf("%q", s.Name)
		if s.Name != name {
			other = fmt.Sprintf("%q (the same name, in other capitals)", s.Name)
		}
		return fmt.Errorf("another encounter in the library is already called %s; give this one a name of its own, such as %q, so that each name finds one encounter",
			other, freeName(name, taken))
	}
	return nil
}

// freeName is name with " (2)", " (3)" ... appended, the first that
// taken says no to, cut to model.MaxName characters.
func freeName(name string, taken func(string) bool) string {
	for k := 2; ; k++ {
		suffix := fmt.Sprintf(" (%d)", k)
		b := name
		if r := []rune(b); len(r)+len(suffix) > model.MaxName {
			b = string(r[:model.MaxName-len(suffix)])
		}
		if n := b + suffix; !taken(n) {
			return n
		}
	}
}
