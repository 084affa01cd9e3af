-- 0003: the fields added with table play and the third dimension
-- (encounter-format.md): edges, background placement, GM-only squares, fog,
-- the party, the fight and area templates of an encounter; elevation,
-- level, initiative, hit points and image of a token.
--
-- They live in tables of their own, one row only for an encounter or a
-- token that has any of them, so encounters without them are stored as
-- before. Door and shallow-water terrain needs no column: the terrain BLOB
-- has a two-bytes-a-square format for it (storage/terrain.go).

CREATE TABLE encounter_fields (
	encounter_id TEXT PRIMARY KEY REFERENCES encounters (id) ON DELETE CASCADE,
	edges        TEXT,  -- JSON [[kind, x1, y1, x2, y2], ...], kind as model.EdgeKind; NULL = none
	placement    TEXT,  -- JSON {"x": .., "y": .., "px": ..}; NULL = stretched to the map
	gm_only      BLOB,  -- one bit a square, row by row, low bit first; NULL = none
	revealed     BLOB,  -- one bit a square, 1 = revealed; NULL = no fog of war
	party        TEXT,  -- JSON {"side", "level", "size"}; NULL = none
	fight        TEXT,  -- JSON {"round", "order", "turn", "state"}; NULL = no fight
	areas        TEXT   -- JSON array of area templates; NULL = none
) WITHOUT ROWID;

CREATE TABLE token_fields (
	encounter_id TEXT    NOT NULL,
	ord          INTEGER NOT NULL,
	elevation    INTEGER NOT NULL,
	level        INTEGER,          -- NULL = none
	initiative   INTEGER,          -- NULL = none
	hp_current   INTEGER,          -- NULL (with hp_max) = not tracked
	hp_max       INTEGER,
	image        TEXT    NOT NULL, -- data: URL, '' = none
	PRIMARY KEY (encounter_id, ord),
	FOREIGN KEY (encounter_id, ord) REFERENCES tokens (encounter_id, ord) ON DELETE CASCADE
) WITHOUT ROWID;
