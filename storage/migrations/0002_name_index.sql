-- 0002: Find, Import and SaveAsCopy look encounters up by exact name; without
-- an index each lookup scans the whole library.

CREATE INDEX encounters_name ON encounters (name);
