package storage

import (
	"context"
	"database/sql"
	"errors"
	"hash/maphash"
	"sync"
)

// An encounter's background image lives in encounter_backgrounds (migration
// 0005), apart from the row every save rewrites, and a save writes it only
// when it changed. The store knows what it holds from its own loads and
// saves: for each encounter, the version it last loaded or saved and the
// image's length and hash then. A save of that same version whose image
// has that length and hash leaves the stored image alone; the versioned
// UPDATE has just proved no other writer saved in between (every write of
// an image bumps the version), so the stored image is still that one. Any
// other save writes it. A 20 MB map image then costs an autosave a hash
// (about 2 ms) instead of a 27 MB write (BenchmarkStoreSaveMapImage).

// bgMark is what the store last loaded or saved of an encounter's image.
type bgMark struct {
	version int64
	n       int
	sum     uint64
}

// bgMarks are the store's marks by encounter id; safe for concurrent use.
type bgMarks struct {
	mu   sync.Mutex
	seed maphash.Seed
	m    map[string]bgMark
}

// maxMarks bounds the marks kept (a mark is a few dozen bytes; past this
// many the store starts afresh, which costs each encounter one more write
// of its image).
const maxMarks = 4096

func (b *bgMarks) mark(image string, version int64) bgMark {
	b.mu.Lock()
	if b.m == nil {
		b.seed = maphash.MakeSeed()
		b.m = map[string]bgMark{}
	}
	seed := b.seed
	b.mu.Unlock()
	return bgMark{version: version, n: len(image), sum: maphash.String(seed, image)}
}

// stored reports whether the store holds image at version for id.
func (b *bgMarks) stored(id string, m bgMark) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	old, ok := b.m[id]
	return ok && old == m
}

func (b *bgMarks) set(id string, m bgMark) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil {
		return // no mark was made
	}
	if len(b.m) >= maxMarks {
		clear(b.m)
	}
	b.m[id] = m
}

// hasBackgroundTable reports whether the database has encounter_backgrounds
// (migration 0005); before it, the image is encounters.background.
func hasBackgroundTable(ctx context.Context, q queryer) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'encounter_backgrounds'`).Scan(&n)
	return n > 0, err
}

// loadBackground reads encounter id's image into *image when the database
// keeps images in their table (it left the row's column there otherwise),
// and marks it as loaded at version.
func (s *Store) loadBackground(ctx context.Context, tx *sql.Tx, id string, version int64, image *string) error {
	ok, err := hasBackgroundTable(ctx, tx)
	if err != nil || !ok {
		return err
	}
	err = tx.QueryRowContext(ctx, `SELECT image FROM encounter_backgrounds WHERE encounter_id = ?`, id).Scan(image)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	s.marks.set(id, s.marks.mark(*image, version))
	return nil
}

// saveBackground stores image as encounter id's background in tx, the save
// that makes version from prev (0: a new encounter), unless the store knows
// it holds that image at prev already. It returns the mark to set once tx
// commits.
func (s *Store) saveBackground(ctx context.Context, tx *sql.Tx, id, image string, prev int64) (bgMark, error) {
	m := s.marks.mark(image, prev)
	if prev == 0 && image != "" || prev != 0 && !s.marks.stored(id, m) {
		var err error
		if image == "" {
			_, err = tx.ExecContext(ctx, `DELETE FROM encounter_backgrounds WHERE encounter_id = ?`, id)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO encounter_backgrounds (encounter_id, image) VALUES (?, ?)
				ON CONFLICT (encounter_id) DO UPDATE SET image = excluded.image`, id, image)
		}
		if err != nil {
			return bgMark{}, err
		}
	}
	m.version = prev + 1
	return m, nil
}

// duplicateBackground copies encounter id's image to newID.
func duplicateBackground(ctx context.Context, tx *sql.Tx, id, newID string) error {
	ok, err := hasBackgroundTable(ctx, tx)
	if err != nil || !ok {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO encounter_backgrounds (encounter_id, image)
		SELECT ?, image FROM encounter_backgrounds WHERE encounter_id = ?`, newID, id)
	return err
}
