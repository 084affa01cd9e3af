-- 0001: encounters with their tokens and notes.
--
-- Times are unix nanoseconds (UTC), so a round trip is exact to the
-- nanosecond and ORDER BY updated is a plain integer sort.
-- terrain is the grid, one byte per square (the 8 trait bits), behind a
-- one-byte format tag (see storage/terrain.go).

CREATE TABLE encounters (
	id              TEXT    PRIMARY KEY,
	name            TEXT    NOT NULL CHECK (name <> ''),
	ruleset         TEXT    NOT NULL,
	feet_per_square INTEGER NOT NULL CHECK (feet_per_square >= 0),
	width           INTEGER NOT NULL CHECK (width BETWEEN 1 AND 1000),
	height          INTEGER NOT NULL CHECK (height BETWEEN 1 AND 1000),
	terrain         BLOB    NOT NULL,
	background      TEXT    NOT NULL DEFAULT '',
	created         INTEGER NOT NULL,
	updated         INTEGER NOT NULL,
	version         INTEGER NOT NULL CHECK (version >= 1)
);

CREATE INDEX encounters_updated ON encounters (updated DESC);

CREATE TABLE tokens (
	encounter_id TEXT    NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
	ord          INTEGER NOT NULL,
	id           TEXT    NOT NULL,
	name         TEXT    NOT NULL,
	x            INTEGER NOT NULL,
	y            INTEGER NOT NULL,
	size         TEXT    NOT NULL,
	side         TEXT    NOT NULL,
	speeds       TEXT,             -- JSON object {"land": 25, ...}; NULL = none
	reach        INTEGER,          -- feet; NULL = from the size table
	long         INTEGER NOT NULL,
	reach_weapon INTEGER NOT NULL,
	facing       TEXT    NOT NULL,
	hidden       INTEGER NOT NULL,
	conditions   TEXT,             -- JSON array of strings; NULL = none
	notes        TEXT    NOT NULL,
	PRIMARY KEY (encounter_id, ord),
	UNIQUE (encounter_id, id)
) WITHOUT ROWID;

CREATE TABLE notes (
	encounter_id TEXT    NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
	ord          INTEGER NOT NULL,
	x            INTEGER NOT NULL,
	y            INTEGER NOT NULL,
	text         TEXT    NOT NULL,
	player       INTEGER NOT NULL,
	PRIMARY KEY (encounter_id, ord)
) WITHOUT ROWID;
