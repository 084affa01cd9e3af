-- 0007: the squares fog of war had revealed, kept while it is off
-- (encounter-format.md, map.revealedKept), so turning it on again brings
-- them back, after a restart too. One bit a square as revealed has;
-- NULL = none kept (always NULL while revealed is set).

ALTER TABLE encounter_fields ADD COLUMN revealed_kept BLOB;
