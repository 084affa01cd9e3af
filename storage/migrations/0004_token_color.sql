-- 0004: a token's colour (encounter-format.md, "Settled by the app"): the
-- "#rrggbb" its disc is drawn in, '' = by side. It joins the token's other
-- added fields, so a token with only a colour takes a token_fields row.

ALTER TABLE token_fields ADD COLUMN color TEXT NOT NULL DEFAULT '';
