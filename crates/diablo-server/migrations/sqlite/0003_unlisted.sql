-- A friend's invitation on a clock (docs/lobby.md): a challenge kept for
-- its terms but not shown in the lobby (listed = 0). It is never held by a
-- lobby connection (live = 0) and goes when taken or after 24 hours.
ALTER TABLE hooks ADD COLUMN listed INTEGER NOT NULL DEFAULT 1;
