-- 0005: an encounter's background image in a table of its own. A map image
-- runs to tens of megabytes, and SQLite rewrites a whole row when any of its
-- columns changes: kept in encounters, every autosave (a token moved, the
-- version bumped) rewrote the image too. Here the image is written only when
-- it changes (storage/background.go); encounters.background stays '' for a
-- database at this schema or newer.

CREATE TABLE encounter_backgrounds (
	encounter_id TEXT PRIMARY KEY REFERENCES encounters (id) ON DELETE CASCADE,
	image        TEXT NOT NULL -- data: URL, never '' (no row = no background)
);

INSERT INTO encounter_backgrounds (encounter_id, image)
	SELECT id, background FROM encounters WHERE background != '';
UPDATE encounters SET background = '' WHERE background != '';
