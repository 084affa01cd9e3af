-- 0006: a token's picture in a table of its own, by token id, for the
-- reason 0005 gave the map image one: every save deletes and inserts the
-- encounter's tokens and their token_fields rows, which rewrote every
-- picture on every autosave. Here a picture is written only when it
-- changes (storage/images.go); token_fields.image stays '' for a
-- database at this schema or newer.

CREATE TABLE token_images (
	encounter_id TEXT NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
	token_id     TEXT NOT NULL,
	image        TEXT NOT NULL, -- data: URL, never '' (no row = no picture)
	PRIMARY KEY (encounter_id, token_id)
);

INSERT INTO token_images (encounter_id, token_id, image)
	SELECT f.encounter_id, t.id, f.image FROM token_fields f
	JOIN tokens t ON t.encounter_id = f.encounter_id AND t.ord = f.ord
	WHERE f.image != '';
UPDATE token_fields SET image = '' WHERE image != '';
