package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"encounterplanner/model"
)

// List returns every encounter, most recently updated first (ties by name,
// then id, so the order is stable).
func (s *Store) List(ctx context.Context) ([]model.Summary, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT id, name, ruleset, width, height, updated
		FROM encounters ORDER BY updated DESC, name, id`)
	if err != nil {
		return nil, dbErr("list encounters", false, err)
	}
	defer rows.Close()
	var out []model.Summary
	for rows.Next() {
		var sum model.Summary
		var updated int64
		if err := rows.Scan(&sum.ID, &sum.Name, &sum.Ruleset, &sum.Width, &sum.Height, &updated); err != nil {
			return nil, dbErr("list encounters", false, err)
		}
		sum.Updated = fromNanos(updated)
		out = append(out, sum)
	}
	if err := rows.Err(); err != nil {
		return nil, dbErr("list encounters", false, err)
	}
	return out, nil
}

// Version returns the stored version of the encounter with the id, or
// model.ErrNotFound: one primary-key read, 11 µs where listing a library
// of 300 encounters takes 0.6 ms (BenchmarkVersion), so an open editor
// may look every two seconds whether another window changed its
// encounter.
func (s *Store) Version(ctx context.Context, id string) (int64, error) {
	var v int64
	err := s.rdb.QueryRowContext(ctx, `SELECT version FROM encounters WHERE id = ?`, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("look at encounter %s: %w", id, model.ErrNotFound)
	}
	if err != nil {
		return 0, dbErr(fmt.Sprintf("look at encounter %s", id), false, err)
	}
	return v, nil
}

// Find resolves an id, or else an exact name, to an id. A name several
// encounters share is a *model.AmbiguousError listing their ids (newest
// first); nothing matching is model.ErrNotFound.
func (s *Store) Find(ctx context.Context, nameOrID string) (string, error) {
	op := fmt.Sprintf("find encounter %q", nameOrID)
	var id string
	err := s.rdb.QueryRowContext(ctx, `SELECT id FROM encounters WHERE id = ?`, nameOrID).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", dbErr(op, false, err)
	}
	rows, err := s.rdb.QueryContext(ctx, `SELECT id FROM encounters WHERE name = ? ORDER BY updated DESC, id`, nameOrID)
	if err != nil {
		return "", dbErr(op, false, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		if err := rows.Scan(&id); err != nil {
			return "", dbErr(op, false, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return "", dbErr(op, false, err)
	}
	switch len(ids) {
	case 0:
		return "", fmt.Errorf("%s: %w (no encounter has that id or name)", op, model.ErrNotFound)
	case 1:
		return ids[0], nil
	}
	return "", &model.AmbiguousError{Name: nameOrID, IDs: ids}
}

// Load returns the encounter with the id, read in one snapshot, equal
// (reflect.DeepEqual) to the one last saved: empty token, note, speed and
// condition lists come back nil, as the file codec gives them. An image
// that model.Validate no longer accepts (a background over today's limits,
// say) is left out and named in Dropped (model.DropUnusableImages), and
// text it no longer accepts (a name holding a right-to-left override) is
// mended and named there (model.MendText), as is a fight round or turn
// count past today's bounds (model.MendFight), so the encounter still opens,
// saves and exports; the next save stores it so.
func (s *Store) Load(ctx context.Context, id string) (*model.Encounter, error) {
	return s.load(ctx, id, true)
}

// LoadWithoutImages is Load without the map image and the tokens'
// pictures (left ""), for a reader of the rest alone: the library rates
// every encounter it lists, and reading fifteen 20 MB map images took it
// 270-370 ms each time it showed (TestLoadWithoutImages). Only read what
// it returns: saved, it would store the encounter without its images.
func (s *Store) LoadWithoutImages(ctx context.Context, id string) (*model.Encounter, error) {
	return s.load(ctx, id, false)
}

// load is Load, with the images when images is set.
func (s *Store) load(ctx context.Context, id string, images bool) (*model.Encounter, error) {
	op := fmt.Sprintf("load encounter %s", id)
	tx, err := s.rdb.BeginTx(ctx, nil)
	if err != nil {
		return nil, dbErr(op, false, err)
	}
	defer tx.Rollback()
	e := &model.Encounter{ID: id}
	var w, h int
	var terrain []byte
	var created, updated int64
	err = tx.QueryRowContext(ctx, `SELECT name, ruleset, feet_per_square, width, height, terrain,
		background, created, updated, version FROM encounters WHERE id = ?`, id).Scan(
		&e.Name, &e.Ruleset, &e.FeetPerSquare, &w, &h, &terrain, &e.Background, &created, &updated, &e.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%s: %w", op, model.ErrNotFound)
	}
	if err != nil {
		return nil, dbErr(op, false, err)
	}
	op = fmt.Sprintf("load encounter %q", e.Name)
	e.Created, e.Updated = fromNanos(created), fromNanos(updated)
	if e.Grid, err = decodeTerrain(terrain, w, h); err != nil {
		return nil, fmt.Errorf("%s: %w: %v; restore a backup", op, ErrNotDatabase, err)
	}
	if e.Tokens, err = loadTokens(ctx, tx, id); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if e.Notes, err = loadNotes(ctx, tx, id); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := loadFields(ctx, tx, e); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if !images {
		e.Background = "" // a database from before the images' own tables
		e.Dropped = append(model.MendText(e), model.MendFight(e)...)
		return e, nil
	}
	if err := s.loadBackground(ctx, tx, id, e.Version, &e.Background); err != nil {
		return nil, dbErr(op, false, err)
	}
	if err := s.loadTokenImages(ctx, tx, e); err != nil {
		return nil, dbErr(op, false, err)
	}
	// An image stored before today's limits (or damaged) must not keep
	// the encounter from opening and saving: it is left out, and said; so
	// is text stored before the model refused characters that garble it,
	// which is mended (model.MendText), and a fight past today's bounds
	// (model.MendFight).
	e.Dropped = append(append(model.MendText(e), model.MendFight(e)...), model.DropUnusableImages(e)...)
	return e, nil
}

func loadTokens(ctx context.Context, tx *sql.Tx, id string) ([]model.Token, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, name, x, y, size, side, speeds, reach, long,
		reach_weapon, facing, hidden, conditions, notes FROM tokens WHERE encounter_id = ? ORDER BY ord`, id)
	if err != nil {
		return nil, dbErr("read tokens", false, err)
	}
	defer rows.Close()
	var out []model.Token
	for rows.Next() {
		var t model.Token
		var size, facing string
		var speeds, conds sql.NullString
		var reach sql.NullInt64
		if err := rows.Scan(&t.ID, &t.Name, &t.X, &t.Y, &size, &t.Side, &speeds, &reach, &t.Long,
			&t.ReachWeapon, &facing, &t.Hidden, &conds, &t.Notes); err != nil {
			return nil, dbErr("read tokens", false, err)
		}
		if t.Size, err = model.ParseSize(size); err != nil {
			return nil, fmt.Errorf("token %q: %w", t.Name, err)
		}
		if t.Facing, err = model.ParseFacing(facing); err != nil {
			return nil, fmt.Errorf("token %q: %w", t.Name, err)
		}
		if reach.Valid {
			r := int(reach.Int64)
			t.Reach = &r
		}
		if speeds.Valid {
			if err := json.Unmarshal([]byte(speeds.String), &t.Speeds); err != nil {
				return nil, fmt.Errorf("token %q: speeds: %w", t.Name, err)
			}
			if len(t.Speeds) == 0 {
				t.Speeds = nil
			}
		}
		if conds.Valid {
			if err := json.Unmarshal([]byte(conds.String), &t.Conditions); err != nil {
				return nil, fmt.Errorf("token %q: conditions: %w", t.Name, err)
			}
			if len(t.Conditions) == 0 {
				t.Conditions = nil
			}
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, dbErr("read tokens", false, err)
	}
	return out, nil
}

func loadNotes(ctx context.Context, tx *sql.Tx, id string) ([]model.Note, error) {
	rows, err := tx.QueryContext(ctx, `SELECT x, y, text, player FROM notes WHERE encounter_id = ? ORDER BY ord`, id)
	if err != nil {
		return nil, dbErr("read notes", false, err)
	}
	defer rows.Close()
	var out []model.Note
	for rows.Next() {
		var n model.Note
		if err := rows.Scan(&n.X, &n.Y, &n.Text, &n.Player); err != nil {
			return nil, dbErr("read notes", false, err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, dbErr("read notes", false, err)
	}
	return out, nil
}

// Save stores e in one transaction. It validates first (returning
// model.Validate's error as is). A new encounter (Version 0) gets an id if
// it has none and Version 1; otherwise e.Version must equal the stored
// version, or Save writes nothing and returns model.ErrConflict. On success
// e's ID, Version, Created, Updated and any missing token ids are set to
// what was stored, so e equals what Load returns.
func (s *Store) Save(ctx context.Context, e *model.Encounter) error {
	if err := model.Validate(e); err != nil {
		return err
	}
	op := fmt.Sprintf("save encounter %q", e.Name)
	tx, err := s.beginWrite(ctx, op, EditsKept)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := s.saveTx(ctx, tx, e, op)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return dbErr(op, true, err)
	}
	s.saved(res)
	res.apply(e)
	return nil
}

// saved is what a save stored that the caller's encounter lacks.
type saved struct {
	id               string
	version          int64
	created, updated time.Time
	tokenIDs         []string
	bg               *bgMark    // the background image stored, when in its table
	tok              *tokenMark // the token pictures stored, when in their table
}

// saved notes, once a save committed, what the store now holds.
func (s *Store) saved(r *saved) {
	if r.bg != nil {
		s.marks.set(r.id, *r.bg)
	}
	if r.tok != nil {
		s.tmarks.set(r.id, *r.tok)
	}
}

func (r *saved) apply(e *model.Encounter) {
	e.ID, e.Version, e.Created, e.Updated = r.id, r.version, r.created, r.updated
	for i := range e.Tokens {
		e.Tokens[i].ID = r.tokenIDs[i]
	}
}

// saveTx writes a validated e inside tx, leaving e itself unchanged.
func (s *Store) saveTx(ctx context.Context, tx *sql.Tx, e *model.Encounter, op string) (*saved, error) {
	now := s.now()
	res := &saved{id: e.ID, version: e.Version + 1, updated: now, tokenIDs: make([]string, len(e.Tokens))}
	if res.id == "" {
		res.id = model.NewID()
	}
	for i := range e.Tokens {
		res.tokenIDs[i] = e.Tokens[i].ID
		if res.tokenIDs[i] == "" {
			res.tokenIDs[i] = model.NewID()
		}
	}
	terrain := encodeTerrain(&e.Grid)
	bgTable, err := hasBackgroundTable(ctx, tx)
	if err != nil {
		return nil, dbErr(op, true, err)
	}
	rowBG := e.Background // before migration 0005, the row holds the image
	if bgTable {
		rowBG = ""
	}
	if e.Version == 0 {
		res.created = now
		_, err := tx.ExecContext(ctx, `INSERT INTO encounters (id, name, ruleset, feet_per_square, width,
			height, terrain, background, created, updated, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
			res.id, e.Name, string(e.Ruleset), e.FeetPerSquare, e.Grid.W, e.Grid.H, terrain, rowBG,
			now.UnixNano(), now.UnixNano())
		if isUniqueViolation(err) {
			return nil, fmt.Errorf("%s: %w: an encounter with id %s is already stored; reload it, or save yours as a copy", op, model.ErrConflict, res.id)
		}
		if err != nil {
			return nil, dbErr(op, true, err)
		}
	} else {
		// The version check and the write are one statement: no other
		// writer can slip in between (and the transaction holds the write
		// lock anyway).
		var created int64
		err := tx.QueryRowContext(ctx, `UPDATE encounters SET name = ?, ruleset = ?, feet_per_square = ?,
			width = ?, height = ?, terrain = ?, background = ?, updated = ?, version = version + 1
			WHERE id = ? AND version = ? RETURNING created`,
			e.Name, string(e.Ruleset), e.FeetPerSquare, e.Grid.W, e.Grid.H, terrain, rowBG,
			now.UnixNano(), res.id, e.Version).Scan(&created)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, s.conflict(ctx, tx, e, op)
		}
		if err != nil {
			return nil, dbErr(op, true, err)
		}
		res.created = fromNanos(created)
		if err := deleteFields(ctx, tx, res.id); err != nil {
			return nil, dbErr(op, true, err)
		}
		for _, del := range []string{`DELETE FROM tokens WHERE encounter_id = ?`, `DELETE FROM notes WHERE encounter_id = ?`} {
			if _, err := tx.ExecContext(ctx, del, res.id); err != nil {
				return nil, dbErr(op, true, err)
			}
		}
	}
	if bgTable {
		m, err := s.saveBackground(ctx, tx, res.id, e.Background, e.Version)
		if err != nil {
			return nil, dbErr(op, true, err)
		}
		res.bg = &m
	}
	if err := insertTokens(ctx, tx, res.id, e.Tokens, res.tokenIDs); err != nil {
		return nil, dbErr(op, true, err)
	}
	if err := insertNotes(ctx, tx, res.id, e.Notes); err != nil {
		return nil, dbErr(op, true, err)
	}
	imgTable, err := hasTokenImagesTable(ctx, tx)
	if err != nil {
		return nil, dbErr(op, true, err)
	}
	fe := e // from migration 0006, token_fields holds no picture
	if imgTable && slices.ContainsFunc(e.Tokens, func(t model.Token) bool { return t.Image != "" }) {
		c := *e
		c.Tokens = slices.Clone(e.Tokens)
		for i := range c.Tokens {
			c.Tokens[i].Image = ""
		}
		fe = &c
	}
	if err := insertFields(ctx, tx, res.id, fe); err != nil {
		if errors.Is(err, errOldSchema) {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		return nil, dbErr(op, true, err)
	}
	if imgTable {
		m, err := s.saveTokenImages(ctx, tx, res.id, e.Tokens, res.tokenIDs, e.Version)
		if err != nil {
			return nil, dbErr(op, true, err)
		}
		res.tok = &m
	}
	return res, nil
}

// conflict explains why the versioned UPDATE matched no row.
func (s *Store) conflict(ctx context.Context, tx *sql.Tx, e *model.Encounter, op string) error {
	var stored int64
	err := tx.QueryRowContext(ctx, `SELECT version FROM encounters WHERE id = ?`, e.ID).Scan(&stored)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return deletedError{op}
	case err != nil:
		return dbErr(op, true, err)
	}
	return fmt.Errorf("%s: %w (you opened version %d, version %d is stored); save it as a copy to keep your edits",
		op, model.ErrConflict, e.Version, stored)
}

// deletedError is a save's conflict with a delete: ErrConflict, and
// ErrNotFound, so the app says the encounter was deleted, not that
// another window saved it.
type deletedError struct{ op string }

func (e deletedError) Error() string {
	return fmt.Sprintf("%s: %v: it was deleted; save it as a copy to keep your edits", e.op, model.ErrConflict)
}

func (deletedError) Unwrap() []error { return []error{model.ErrConflict, model.ErrNotFound} }

func insertTokens(ctx context.Context, tx *sql.Tx, encID string, tokens []model.Token, ids []string) error {
	if len(tokens) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO tokens (encounter_id, ord, id, name, x, y, size, side,
		speeds, reach, long, reach_weapon, facing, hidden, conditions, notes)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	for i := range tokens {
		t := &tokens[i]
		var speeds, conds, reach any
		if len(t.Speeds) > 0 {
			speeds = speedsJSON(t.Speeds)
		}
		if len(t.Conditions) > 0 {
			b, err := json.Marshal(t.Conditions)
			if err != nil {
				return err
			}
			conds = string(b)
		}
		if t.Reach != nil {
			reach = *t.Reach
		}
		if _, err := st.ExecContext(ctx, encID, i, ids[i], t.Name, t.X, t.Y, t.Size.String(), t.Side,
			speeds, reach, t.Long, t.ReachWeapon, t.Facing.String(), t.Hidden, conds, t.Notes); err != nil {
			return err
		}
	}
	return nil
}

// speedsJSON writes validated speeds as a JSON object in model.SpeedKeys
// order; the keys need no escaping.
func speedsJSON(m map[string]int) string {
	b := make([]byte, 0, 16*len(m))
	b = append(b, '{')
	for _, k := range model.SpeedKeys {
		v, ok := m[k]
		if !ok {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return string(append(b, '}'))
}

func insertNotes(ctx context.Context, tx *sql.Tx, encID string, notes []model.Note) error {
	if len(notes) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO notes (encounter_id, ord, x, y, text, player) VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	for i, n := range notes {
		if _, err := st.ExecContext(ctx, encID, i, n.X, n.Y, n.Text, n.Player); err != nil {
			return err
		}
	}
	return nil
}

// Rename gives the encounter a new name. It counts as a change: the version
// is bumped, so a window still holding the old version gets ErrConflict
// rather than silently undoing the rename.
func (s *Store) Rename(ctx context.Context, id, name string) error {
	op := fmt.Sprintf("rename encounter %s to %q", id, name)
	if err := checkName(name); err != nil {
		return err
	}
	tx, err := s.beginWrite(ctx, op, EditsKept)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE encounters SET name = ?, updated = ?, version = version + 1 WHERE id = ?`,
		name, s.now().UnixNano(), id)
	if err != nil {
		return dbErr(op, true, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return dbErr(op, true, err)
	} else if n == 0 {
		return fmt.Errorf("%s: %w", op, model.ErrNotFound)
	}
	if err := tx.Commit(); err != nil {
		return dbErr(op, true, err)
	}
	return nil
}

// Duplicate copies the encounter, tokens and notes included, under a new id
// and newName, and returns the new id.
func (s *Store) Duplicate(ctx context.Context, id, newName string) (string, error) {
	op := fmt.Sprintf("duplicate encounter %s as %q", id, newName)
	if err := checkName(newName); err != nil {
		return "", err
	}
	tx, err := s.beginWrite(ctx, op, EditsKept)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	newID := model.NewID()
	now := s.now().UnixNano()
	res, err := tx.ExecContext(ctx, `INSERT INTO encounters (id, name, ruleset, feet_per_square, width, height,
		terrain, background, created, updated, version)
		SELECT ?, ?, ruleset, feet_per_square, width, height, terrain, background, ?, ?, 1
		FROM encounters WHERE id = ?`, newID, newName, now, now, id)
	if err != nil {
		return "", dbErr(op, true, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return "", dbErr(op, true, err)
	} else if n == 0 {
		return "", fmt.Errorf("%s: %w", op, model.ErrNotFound)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO tokens (encounter_id, ord, id, name, x, y, size, side,
		speeds, reach, long, reach_weapon, facing, hidden, conditions, notes)
		SELECT ?, ord, id, name, x, y, size, side, speeds, reach, long, reach_weapon, facing, hidden,
		conditions, notes FROM tokens WHERE encounter_id = ?`, newID, id); err != nil {
		return "", dbErr(op, true, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO notes (encounter_id, ord, x, y, text, player)
		SELECT ?, ord, x, y, text, player FROM notes WHERE encounter_id = ?`, newID, id); err != nil {
		return "", dbErr(op, true, err)
	}
	if err := duplicateFields(ctx, tx, id, newID); err != nil {
		return "", dbErr(op, true, err)
	}
	if err := duplicateBackground(ctx, tx, id, newID); err != nil {
		return "", dbErr(op, true, err)
	}
	if err := duplicateTokenImages(ctx, tx, id, newID); err != nil {
		return "", dbErr(op, true, err)
	}
	if err := tx.Commit(); err != nil {
		return "", dbErr(op, true, err)
	}
	return newID, nil
}

// Delete removes the encounter; its tokens and notes go with it (ON DELETE
// CASCADE).
func (s *Store) Delete(ctx context.Context, id string) error {
	op := fmt.Sprintf("delete encounter %s", id)
	tx, err := s.beginWrite(ctx, op, "")
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `DELETE FROM encounters WHERE id = ?`, id)
	if err != nil {
		return dbErr(op, false, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return dbErr(op, false, err)
	} else if n == 0 {
		return fmt.Errorf("%s: %w", op, model.ErrNotFound)
	}
	if err := tx.Commit(); err != nil {
		return dbErr(op, false, err)
	}
	return nil
}

// Import stores a copy of e as a new encounter (e is not changed) and
// returns its id and name: a name already stored gets " (2)", " (3)" ...
// appended (queries.md, import).
func (s *Store) Import(ctx context.Context, e *model.Encounter) (id, name string, err error) {
	c := e.Clone()
	c.ID, c.Version, c.Created, c.Updated = "", 0, time.Time{}, time.Time{}
	if err := s.insertUnique(ctx, c, e.Name, "import encounter"); err != nil {
		return "", "", err
	}
	return c.ID, c.Name, nil
}

// SaveAsCopy resolves a conflict by keeping the caller's edits as a new
// encounter named "NAME (copy)" (then " (copy) (2)" ...), and returns its
// id. e becomes that copy (ID, Name, Version, Created, Updated), so the
// window holding it goes on editing the copy and its next Save succeeds.
func (s *Store) SaveAsCopy(ctx context.Context, e *model.Encounter) (string, error) {
	c := e.Clone()
	c.ID, c.Version, c.Created, c.Updated = "", 0, time.Time{}, time.Time{}
	if err := s.insertUnique(ctx, c, e.Name+" (copy)", "save encounter as a copy"); err != nil {
		return "", err
	}
	e.ID, e.Name, e.Version, e.Created, e.Updated = c.ID, c.Name, c.Version, c.Created, c.Updated
	for i := range e.Tokens {
		e.Tokens[i].ID = c.Tokens[i].ID
	}
	return c.ID, nil
}

// insertUnique saves the new encounter c under base, or base with " (N)"
// appended when that name is taken, choosing the name and inserting in one
// transaction so two imports cannot pick the same name.
func (s *Store) insertUnique(ctx context.Context, c *model.Encounter, base, what string) error {
	c.Name = base
	if utf8.RuneCountInString(base) > maxName {
		c.Name = truncate(base, maxName)
	}
	if err := model.Validate(c); err != nil {
		return err
	}
	op := fmt.Sprintf("%s %q", what, base)
	tx, err := s.beginWrite(ctx, op, EditsKept)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	name, err := uniqueName(ctx, tx, c.Name)
	if err != nil {
		return dbErr(op, true, err)
	}
	c.Name = name
	res, err := s.saveTx(ctx, tx, c, op)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return dbErr(op, true, err)
	}
	s.saved(res)
	res.apply(c)
	return nil
}

// maxName is the longest name model.Validate accepts, in characters.
const maxName = 200

func uniqueName(ctx context.Context, tx *sql.Tx, base string) (string, error) {
	taken := func(name string) (bool, error) {
		var n int
		err := tx.QueryRowContext(ctx, `SELECT count(*) FROM encounters WHERE name = ?`, name).Scan(&n)
		return n > 0, err
	}
	name := base
	for i := 2; ; i++ {
		t, err := taken(name)
		if err != nil || !t {
			return name, err
		}
		suffix := fmt.Sprintf(" (%d)", i)
		name = truncate(base, maxName-len(suffix)) + suffix
	}
}

// truncate keeps the first n characters of s.
func truncate(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// checkName applies model.Validate's rule for encounter names, so a rename
// fails with the same message an edit would.
func checkName(name string) error {
	e := model.Encounter{Name: name, Ruleset: model.SF2E, Grid: model.NewGrid(1, 1)}
	return model.Validate(&e)
}

// Export writes the encounter named (or with the id) nameOrID as an
// encounter/1 file.
func (s *Store) Export(ctx context.Context, nameOrID string, w io.Writer) error {
	id, err := s.Find(ctx, nameOrID)
	if err != nil {
		return err
	}
	e, err := s.Load(ctx, id)
	if err != nil {
		return err
	}
	if err := model.WriteEncounter(w, e); err != nil {
		return fmt.Errorf("export encounter %q: %w", e.Name, err)
	}
	return nil
}

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// The fields added with table play and the third dimension live in the
// tables encounter_fields and token_fields (migration 0003), one row only
// for an encounter or token that has any of them. A database opened at an
// older schema (a test's, or a read-only backup) lacks the tables: it loads
// without the fields and saves an encounter that has none.

// errOldSchema: the encounter has fields the database's schema cannot hold.
var errOldSchema = errors.New("the database's schema is too old to hold the encounter's edges, fog, fight, areas or token fields")

type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func hasFieldTables(ctx context.Context, q queryer) (bool, error) {
	return hasTable(ctx, q, "encounter_fields")
}

// hasTable reports whether the database has the table name (the tables a
// migration added, which an older file lacks).
func hasTable(ctx context.Context, q queryer, name string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name).Scan(&n)
	return n > 0, err
}

// hasColorColumn reports whether token_fields has the color column
// (migration 0004).
func hasColorColumn(ctx context.Context, q queryer) (bool, error) {
	return hasColumn(ctx, q, "token_fields", "color")
}

// hasKeptColumn reports whether encounter_fields has the revealed_kept
// column (migration 0007).
func hasKeptColumn(ctx context.Context, q queryer) (bool, error) {
	return hasColumn(ctx, q, "encounter_fields", "revealed_kept")
}

// hasColumn reports whether table has the column name (the columns a
// migration added, which an older file lacks).
func hasColumn(ctx context.Context, q queryer, table, name string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info(?) WHERE name = ?`, table, name).Scan(&n)
	return n > 0, err
}

// The JSON shapes of the columns.
type (
	placementJSON struct {
		X  float64 `json:"x"`
		Y  float64 `json:"y"`
		Px float64 `json:"px"`
	}
	partyJSON struct {
		Side  string `json:"side"`
		Level int    `json:"level"`
		Size  int    `json:"size"`
	}
	turnJSON struct {
		Actions   int `json:"actions"`
		Diagonals int `json:"diagonals"`
		Spent     int `json:"spent"`
	}
	fightJSON struct {
		Round int                 `json:"round"`
		Order []string            `json:"order"`
		Turn  string              `json:"turn"`
		State map[string]turnJSON `json:"state"`
	}
	areaJSON struct {
		Kind         uint8  `json:"kind"`
		X            int    `json:"x"`
		Y            int    `json:"y"`
		Token        string `json:"token"`
		Radius       int    `json:"radius"`
		Dir          uint8  `json:"dir"`
		Toward       [2]int `json:"toward"`
		Length       int    `json:"length"`
		OriginOffset int    `json:"originOffset"`
		Label        string `json:"label"`
		Player       bool   `json:"player"`
	}
)

// hasEncounterFields reports whether e has any field encounter_fields holds.
func hasEncounterFields(e *model.Encounter) bool {
	return len(e.Edges) > 0 || e.Placement != nil || e.GMOnly != nil || e.Revealed != nil || e.RevealedKept != nil ||
		e.Party != nil || e.Fight != nil || len(e.Areas) > 0
}

func hasTokenFields(t *model.Token) bool {
	return t.Elevation != 0 || t.Level != nil || t.Initiative != nil || t.HP != nil || t.Image != "" || t.Color != ""
}

func jsonOrNil(v any, present bool) (any, error) {
	if !present {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// packBits keeps one bit a square, low bit first; nil stays NULL.
func packBits(m []bool) any {
	if m == nil {
		return nil
	}
	b := make([]byte, (len(m)+7)/8)
	for i, v := range m {
		if v {
			b[i/8] |= 1 << (i % 8)
		}
	}
	return b
}

func unpackBits(b []byte, n int) ([]bool, error) {
	if b == nil {
		return nil, nil
	}
	if len(b) != (n+7)/8 {
		return nil, fmt.Errorf("holds %d bytes, expected %d for %d squares", len(b), (n+7)/8, n)
	}
	m := make([]bool, n)
	for i := range m {
		m[i] = b[i/8]&(1<<(i%8)) != 0
	}
	return m, nil
}

func deleteFields(ctx context.Context, tx *sql.Tx, id string) error {
	ok, err := hasFieldTables(ctx, tx)
	if err != nil || !ok {
		return err
	}
	for _, del := range []string{`DELETE FROM token_fields WHERE encounter_id = ?`, `DELETE FROM encounter_fields WHERE encounter_id = ?`} {
		if _, err := tx.ExecContext(ctx, del, id); err != nil {
			return err
		}
	}
	return nil
}

func insertFields(ctx context.Context, tx *sql.Tx, id string, e *model.Encounter) error {
	some := hasEncounterFields(e)
	for i := range e.Tokens {
		some = some || hasTokenFields(&e.Tokens[i])
	}
	if !some {
		return nil
	}
	if ok, err := hasFieldTables(ctx, tx); err != nil {
		return err
	} else if !ok {
		return errOldSchema
	}
	withColor, err := hasColorColumn(ctx, tx)
	if err != nil {
		return err
	}
	if !withColor {
		for i := range e.Tokens {
			if e.Tokens[i].Color != "" {
				return errOldSchema
			}
		}
	}
	withKept, err := hasKeptColumn(ctx, tx)
	if err != nil {
		return err
	}
	if !withKept && e.RevealedKept != nil {
		return errOldSchema
	}
	if hasEncounterFields(e) {
		var edges [][5]int
		for _, ed := range e.Edges {
			edges = append(edges, [5]int{int(ed.Kind), ed.X1, ed.Y1, ed.X2, ed.Y2})
		}
		var placement *placementJSON
		if p := e.Placement; p != nil {
			placement = &placementJSON{p.X, p.Y, p.PxPerSquare}
		}
		var party *partyJSON
		if p := e.Party; p != nil {
			party = &partyJSON{p.Side, p.Level, p.Size}
		}
		var fight *fightJSON
		if f := e.Fight; f != nil {
			fight = &fightJSON{Round: f.Round, Order: f.Order, Turn: f.Turn}
			if f.State != nil {
				fight.State = make(map[string]turnJSON, len(f.State))
				for k, v := range f.State {
					fight.State[k] = turnJSON(v)
				}
			}
		}
		var areas []areaJSON
		for _, a := range e.Areas {
			areas = append(areas, areaJSON{uint8(a.Kind), a.X, a.Y, a.Token, a.Radius, uint8(a.Dir), a.Toward, a.Length, a.OriginOffset, a.Label, a.Player})
		}
		cols := make([]any, 0, 7)
		for _, c := range []struct {
			v       any
			present bool
		}{{edges, len(edges) > 0}, {placement, placement != nil}} {
			v, err := jsonOrNil(c.v, c.present)
			if err != nil {
				return err
			}
			cols = append(cols, v)
		}
		cols = append(cols, packBits(e.GMOnly), packBits(e.Revealed))
		for _, c := range []struct {
			v       any
			present bool
		}{{party, party != nil}, {fight, fight != nil}, {areas, len(areas) > 0}} {
			v, err := jsonOrNil(c.v, c.present)
			if err != nil {
				return err
			}
			cols = append(cols, v)
		}
		kept, keptQ := "", ""
		if withKept {
			kept, keptQ = ", revealed_kept", ", ?"
			cols = append(cols, packBits(e.RevealedKept))
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO encounter_fields (encounter_id, edges, placement, gm_only,
			revealed, party, fight, areas`+kept+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?`+keptQ+`)`, append([]any{id}, cols...)...); err != nil {
			return err
		}
	}
	var st *sql.Stmt
	for i := range e.Tokens {
		t := &e.Tokens[i]
		if !hasTokenFields(t) {
			continue
		}
		if st == nil {
			var err error
			q := `INSERT INTO token_fields (encounter_id, ord, elevation, level,
				initiative, hp_current, hp_max, image) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
			if withColor {
				q = `INSERT INTO token_fields (encounter_id, ord, elevation, level,
				initiative, hp_current, hp_max, image, color) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
			}
			st, err = tx.PrepareContext(ctx, q)
			if err != nil {
				return err
			}
			defer st.Close()
		}
		var level, initiative, cur, maxHP any
		if t.Level != nil {
			level = *t.Level
		}
		if t.Initiative != nil {
			initiative = *t.Initiative
		}
		if t.HP != nil {
			cur, maxHP = t.HP.Current, t.HP.Max
		}
		args := []any{id, i, t.Elevation, level, initiative, cur, maxHP, t.Image}
		if withColor {
			args = append(args, t.Color)
		}
		if _, err := st.ExecContext(ctx, args...); err != nil {
			return err
		}
	}
	return nil
}

// loadFields reads the encounter's and its tokens' added fields into e.
func loadFields(ctx context.Context, tx *sql.Tx, e *model.Encounter) error {
	if ok, err := hasFieldTables(ctx, tx); err != nil {
		return dbErr("read the encounter's fields", false, err)
	} else if !ok {
		return nil
	}
	withKept, err := hasKeptColumn(ctx, tx)
	if err != nil {
		return dbErr("read the encounter's fields", false, err)
	}
	kept := "NULL"
	if withKept {
		kept = "revealed_kept"
	}
	var edges, placement, party, fight, areas sql.NullString
	var gmOnly, revealed, revealedKept []byte
	err = tx.QueryRowContext(ctx, `SELECT edges, placement, gm_only, revealed, party, fight, areas, `+kept+`
		FROM encounter_fields WHERE encounter_id = ?`, e.ID).Scan(&edges, &placement, &gmOnly, &revealed, &party, &fight, &areas, &revealedKept)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return dbErr("read the encounter's fields", false, err)
	default:
		if err := decodeEncounterFields(e, edges, placement, party, fight, areas, gmOnly, revealed, revealedKept); err != nil {
			return err
		}
	}
	withColor, err := hasColorColumn(ctx, tx)
	if err != nil {
		return dbErr("read the tokens' fields", false, err)
	}
	color := `''`
	if withColor {
		color = "color"
	}
	rows, err := tx.QueryContext(ctx, `SELECT ord, elevation, level, initiative, hp_current, hp_max, image, `+color+`
		FROM token_fields WHERE encounter_id = ? ORDER BY ord`, e.ID)
	if err != nil {
		return dbErr("read the tokens' fields", false, err)
	}
	defer rows.Close()
	for rows.Next() {
		var ord, elevation int
		var level, initiative, cur, maxHP sql.NullInt64
		var image, color string
		if err := rows.Scan(&ord, &elevation, &level, &initiative, &cur, &maxHP, &image, &color); err != nil {
			return dbErr("read the tokens' fields", false, err)
		}
		if ord < 0 || ord >= len(e.Tokens) {
			return fmt.Errorf("token_fields: %w: a row for token %d of %d; restore a backup", ErrNotDatabase, ord, len(e.Tokens))
		}
		t := &e.Tokens[ord]
		t.Elevation, t.Image, t.Color = elevation, image, color
		if level.Valid {
			v := int(level.Int64)
			t.Level = &v
		}
		if initiative.Valid {
			v := int(initiative.Int64)
			t.Initiative = &v
		}
		if cur.Valid && maxHP.Valid {
			t.HP = &model.HP{Current: int(cur.Int64), Max: int(maxHP.Int64)}
		}
	}
	if err := rows.Err(); err != nil {
		return dbErr("read the tokens' fields", false, err)
	}
	return nil
}

func decodeEncounterFields(e *model.Encounter, edges, placement, party, fight, areas sql.NullString, gmOnly, revealed, revealedKept []byte) error {
	damaged := func(col string, err error) error {
		return fmt.Errorf("encounter_fields.%s: %w: %v; restore a backup", col, ErrNotDatabase, err)
	}
	unmarshal := func(col string, s sql.NullString, v any) error {
		if !s.Valid {
			return nil
		}
		if err := json.Unmarshal([]byte(s.String), v); err != nil {
			return damaged(col, err)
		}
		return nil
	}
	var ed [][5]int
	var pl *placementJSON
	var pa *partyJSON
	var fi *fightJSON
	var ar []areaJSON
	for _, c := range []struct {
		col string
		s   sql.NullString
		v   any
	}{{"edges", edges, &ed}, {"placement", placement, &pl}, {"party", party, &pa}, {"fight", fight, &fi}, {"areas", areas, &ar}} {
		if err := unmarshal(c.col, c.s, c.v); err != nil {
			return err
		}
	}
	for _, x := range ed {
		e.Edges = append(e.Edges, model.Edge{Kind: model.EdgeKind(x[0]), X1: x[1], Y1: x[2], X2: x[3], Y2: x[4]})
	}
	if pl != nil {
		e.Placement = &model.BackgroundPlacement{X: pl.X, Y: pl.Y, PxPerSquare: pl.Px}
	}
	if pa != nil {
		e.Party = &model.Party{Side: pa.Side, Level: pa.Level, Size: pa.Size}
	}
	if fi != nil {
		e.Fight = &model.Fight{Round: fi.Round, Order: fi.Order, Turn: fi.Turn}
		if fi.State != nil {
			e.Fight.State = make(map[string]model.TurnState, len(fi.State))
			for k, v := range fi.State {
				e.Fight.State[k] = model.TurnState(v)
			}
		}
	}
	for _, a := range ar {
		e.Areas = append(e.Areas, model.Area{Kind: model.AreaKind(a.Kind), X: a.X, Y: a.Y, Token: a.Token, Radius: a.Radius,
			Dir: model.Facing(a.Dir), Toward: a.Toward, Length: a.Length, OriginOffset: a.OriginOffset, Label: a.Label, Player: a.Player})
	}
	n := e.Grid.W * e.Grid.H
	var err error
	if e.GMOnly, err = unpackBits(gmOnly, n); err != nil {
		return damaged("gm_only", err)
	}
	if e.Revealed, err = unpackBits(revealed, n); err != nil {
		return damaged("revealed", err)
	}
	if e.RevealedKept, err = unpackBits(revealedKept, n); err != nil {
		return damaged("revealed_kept", err)
	}
	return nil
}

// duplicateFields copies the added fields of encounter id to newID, after
// its tokens.
func duplicateFields(ctx context.Context, tx *sql.Tx, id, newID string) error {
	ok, err := hasFieldTables(ctx, tx)
	if err != nil || !ok {
		return err
	}
	withKept, err := hasKeptColumn(ctx, tx)
	if err != nil {
		return err
	}
	kept := ""
	if withKept {
		kept = ", revealed_kept"
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO encounter_fields (encounter_id, edges, placement, gm_only,
		revealed, party, fight, areas`+kept+`) SELECT ?, edges, placement, gm_only, revealed, party, fight, areas`+kept+`
		FROM encounter_fields WHERE encounter_id = ?`, newID, id); err != nil {
		return err
	}
	withColor, err := hasColorColumn(ctx, tx)
	if err != nil {
		return err
	}
	color := ""
	if withColor {
		color = ", color"
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO token_fields (encounter_id, ord, elevation, level, initiative,
		hp_current, hp_max, image`+color+`) SELECT ?, ord, elevation, level, initiative, hp_current, hp_max, image`+color+`
		FROM token_fields WHERE encounter_id = ?`, newID, id)
	return err
}
