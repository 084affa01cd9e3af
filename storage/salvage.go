package storage

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"

	"encounterplanner/model"
)

// Salvage reads what it can of the library at path that Open refused as
// damaged, without writing to it (read-only and immutable: no -wal or
// -shm file appears beside it), for a new library to take in: every
// encounter that loads, each as Load gives it. One whose map image or
// token pictures cannot be read comes without them, said in its Dropped;
// one that cannot be read at all is named in lost, with why, as is a list
// of encounters that breaks off. A file SQLite cannot read at all is an
// error. Cost: one Load per encounter, the file read once more.
func Salvage(ctx context.Context, path string) (kept []*model.Encounter, lost []string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, fmt.Errorf("salvage %s: %w", path, err)
	}
	if err := checkRegular(abs); err != nil {
		return nil, nil, err
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("immutable", "1")
	db, err := sql.Open("sqlite3", fileURI(abs)+"?"+q.Encode())
	if err != nil {
		return nil, nil, fmt.Errorf("salvage %s: %w", path, err)
	}
	defer db.Close()
	s := &Store{path: abs, readOnly: true, db: db, rdb: db}
	rows, err := db.QueryContext(ctx, `SELECT id, name FROM encounters`)
	if err != nil {
		return nil, nil, fmt.Errorf("salvage %s: the list of encounters cannot be read: %w", path, dbErr("list", false, err))
	}
	type listed struct{ id, name string }
	var all []listed
	for rows.Next() {
		var l listed
		if err := rows.Scan(&l.id, &l.name); err != nil {
			continue
		}
		all = append(all, l)
	}
	if err := rows.Err(); err != nil {
		lost = append(lost, fmt.Sprintf("the list of encounters breaks off after %d of them (%v): any after those cannot be found", len(all), err))
	}
	rows.Close()
	for _, l := range all {
		e, err := s.Load(ctx, l.id)
		if err != nil {
			// the images are the biggest part of the file, so the likeliest
			// hit: the rest of the encounter may still read
			if e, err = s.LoadWithoutImages(ctx, l.id); err == nil {
				e.Dropped = append(e.Dropped, "its map image and token pictures could not be read from the damaged file, and are left out")
			}
		}
		if err != nil {
			lost = append(lost, fmt.Sprintf("%q: %v", model.ReadableName(l.name), err))
			continue
		}
		kept = append(kept, e)
	}
	return kept, lost, nil
}
