package storage

import (
	"context"
	"database/sql"
	"errors"
	"hash/maphash"
	"sync"

	"encounterplanner/model"
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
// (about 3 ms) instead of a 27 MB write (BenchmarkStoreSaveMapImage).
//
// Token pictures likewise live in token_images (migration 0006), by token
// id, and a save writes only the pictures that changed, came or went since
// the version it knows (BenchmarkStoreSaveTokenImages).

// imgSum is a picture's length and hash (maphash, seeded once a process:
// the marks never leave it).
type imgSum struct {
	n   int
	sum uint64
}

var imageSeed = maphash.MakeSeed()

func sumOf(image string) imgSum { return imgSum{len(image), maphash.String(imageSeed, image)} }

// bgMark is what the store last loaded or saved of an encounter's image.
type bgMark struct {
	version int64
	imgSum
}

// markMap holds the store's marks (bgMark, tokenMark) by encounter id; safe
// for concurrent use.
type markMap[M any] struct {
	mu sync.Mutex
	m  map[string]M
}

func (b *markMap[M]) get(id string) (M, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m, ok := b.m[id]
	return m, ok
}

func (b *markMap[M]) set(id string, m M) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil || len(b.m) >= maxMarks {
		b.m = map[string]M{}
	}
	b.m[id] = m
}

// maxMarks bounds the marks kept (a mark is a few dozen bytes; past this
// many the store starts afresh, which costs each encounter one more write
// of its image).
const maxMarks = 4096

// hasBackgroundTable reports whether the database has encounter_backgrounds
// (migration 0005); before it, the image is encounters.background.
func hasBackgroundTable(ctx context.Context, q queryer) (bool, error) {
	return hasTable(ctx, q, "encounter_backgrounds")
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
	s.marks.set(id, bgMark{version, sumOf(*image)})
	return nil
}

// saveBackground stores image as encounter id's background in tx, the save
// that makes version from prev (0: a new encounter), unless the store knows
// it holds that image at prev already. It returns the mark to set once tx
// commits.
func (s *Store) saveBackground(ctx context.Context, tx *sql.Tx, id, image string, prev int64) (bgMark, error) {
	m := bgMark{prev, sumOf(image)}
	old, known := s.marks.get(id)
	if prev == 0 && image != "" || prev != 0 && !(known && old == m) {
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

// tokenMark is what the store last loaded or saved of an encounter's token
// pictures: the version and, by token id, the tokens that had one.
type tokenMark struct {
	version int64
	sums    map[string]imgSum
}

// hasTokenImagesTable reports whether the database has token_images
// (migration 0006); before it, a picture is token_fields.image.
func hasTokenImagesTable(ctx context.Context, q queryer) (bool, error) {
	return hasTable(ctx, q, "token_images")
}

// loadTokenImages reads the pictures of e's tokens (by id) when the
// database keeps them in their table, and marks them as loaded at e's
// version.
func (s *Store) loadTokenImages(ctx context.Context, tx *sql.Tx, e *model.Encounter) error {
	ok, err := hasTokenImagesTable(ctx, tx)
	if err != nil || !ok {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT token_id, image FROM token_images WHERE encounter_id = ?`, e.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	byID := make(map[string]int, len(e.Tokens))
	for i := range e.Tokens {
		byID[e.Tokens[i].ID] = i
	}
	sums := map[string]imgSum{}
	for rows.Next() {
		var id, image string
		if err := rows.Scan(&id, &image); err != nil {
			return err
		}
		if i, ok := byID[id]; ok {
			e.Tokens[i].Image = image
			sums[id] = sumOf(image)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	s.tmarks.set(e.ID, tokenMark{e.Version, sums})
	return nil
}

// saveTokenImages stores the pictures of tokens (ids: their ids as saved)
// as encounter id's in tx, the save that makes version prev + 1 (prev 0: a
// new encounter): only those that changed, came or went since the store
// last loaded or saved version prev, or all of them when it knows no such
// version. It returns the mark to set once tx commits.
func (s *Store) saveTokenImages(ctx context.Context, tx *sql.Tx, id string, tokens []model.Token, ids []string, prev int64) (tokenMark, error) {
	sums := map[string]imgSum{}
	for i := range tokens {
		if tokens[i].Image != "" {
			sums[ids[i]] = sumOf(tokens[i].Image)
		}
	}
	old, known := s.tmarks.get(id)
	if !known || old.version != prev {
		old = tokenMark{}
		if prev != 0 {
			if _, err := tx.ExecContext(ctx, `DELETE FROM token_images WHERE encounter_id = ?`, id); err != nil {
				return tokenMark{}, err
			}
		}
	}
	for tid := range old.sums {
		if _, ok := sums[tid]; !ok {
			if _, err := tx.ExecContext(ctx, `DELETE FROM token_images WHERE encounter_id = ? AND token_id = ?`, id, tid); err != nil {
				return tokenMark{}, err
			}
		}
	}
	for i := range tokens {
		if tokens[i].Image == "" || old.sums[ids[i]] == sums[ids[i]] {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO token_images (encounter_id, token_id, image) VALUES (?, ?, ?)
			ON CONFLICT (encounter_id, token_id) DO UPDATE SET image = excluded.image`, id, ids[i], tokens[i].Image); err != nil {
			return tokenMark{}, err
		}
	}
	return tokenMark{prev + 1, sums}, nil
}

// duplicateTokenImages copies encounter id's token pictures to newID.
func duplicateTokenImages(ctx context.Context, tx *sql.Tx, id, newID string) error {
	ok, err := hasTokenImagesTable(ctx, tx)
	if err != nil || !ok {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO token_images (encounter_id, token_id, image)
		SELECT ?, token_id, image FROM token_images WHERE encounter_id = ?`, newID, id)
	return err
}
