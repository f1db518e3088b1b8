-- Ratings (docs/ratings.md): each player's Glicko-2 state, its history
-- for the player page's graph, which finished games counted, the clock
-- left after each link, and the address a key was first seen from (the
-- farming limits).

-- A player's rating as of their last rated game (rated_ms; NULL: none
-- yet), and their rated games, wins and losses.
ALTER TABLE players ADD COLUMN rating DOUBLE PRECISION NOT NULL DEFAULT 1500;
ALTER TABLE players ADD COLUMN rd DOUBLE PRECISION NOT NULL DEFAULT 500;
ALTER TABLE players ADD COLUMN volatility DOUBLE PRECISION NOT NULL DEFAULT 0.09;
ALTER TABLE players ADD COLUMN rated_ms BIGINT;
ALTER TABLE players ADD COLUMN games BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN wins BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN losses BIGINT NOT NULL DEFAULT 0;
-- The address the key was first seen from (posting a challenge or taking
-- one), and when; NULL when only seen from an exempt (loopback) address.
ALTER TABLE players ADD COLUMN address TEXT;
ALTER TABLE players ADD COLUMN address_ms BIGINT;
CREATE INDEX players_address ON players (address, address_ms);
CREATE INDEX players_rating ON players (rating);

-- Whether a finished game changed the ratings: NULL until its end is
-- recorded, then 1 (it did) or 0 (casual, aborted, same key, or over a
-- farming limit). Games that ended before ratings existed did not.
ALTER TABLE games ADD COLUMN counted BIGINT;
UPDATE games SET counted = 0 WHERE ended_ms IS NOT NULL;
CREATE INDEX games_ended ON games (ended_ms);

-- The clock left to each side once the link arrived; NULL without one.
ALTER TABLE links ADD COLUMN black_ms BIGINT;
ALTER TABLE links ADD COLUMN green_ms BIGINT;

-- Each player's rating after each rated game.
CREATE TABLE ratings (
    key TEXT NOT NULL,
    game TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (key, game)
);
CREATE INDEX ratings_at ON ratings (key, at_ms);
