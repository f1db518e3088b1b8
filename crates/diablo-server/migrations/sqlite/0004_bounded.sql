-- Results nobody can change (docs/ratings.md, docs/lobby.md): the start
-- of the server that last gave a game's clock its restart bonus (given
-- once per start), and the address whose link began the game (games
-- begun per address per hour are bounded).
ALTER TABLE games ADD COLUMN bonus_start_ms BIGINT;
ALTER TABLE games ADD COLUMN address TEXT;
CREATE INDEX games_address ON games (address, created_ms);
CREATE INDEX games_link_ms ON games (link_ms);
-- Invitations nobody accepted are no longer kept: those kept before go.
DELETE FROM links WHERE game IN (SELECT id FROM games WHERE messages < 2);
DELETE FROM games WHERE messages < 2;
