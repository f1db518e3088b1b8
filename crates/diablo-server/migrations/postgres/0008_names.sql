-- A player's name as compared with others' (keys::fold: NFKC, lower
-- case): a name an established player holds is not taken by another
-- key (docs/lobby.md). Rows kept before are folded when the store opens.
ALTER TABLE players ADD COLUMN folded TEXT;
CREATE INDEX players_folded ON players (folded);
