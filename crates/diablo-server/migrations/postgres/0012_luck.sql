-- Black's net luck over a rated game (docs/review.md's luck: the sum of
-- Black's rolls' luck minus Green's; Green's is its negation), worked out
-- by the server once the game is counted (src/luck.rs). NULL until then,
-- and for games that were not counted.
ALTER TABLE games ADD COLUMN luck DOUBLE PRECISION;
CREATE INDEX games_luck_wanted ON games (counted, ended_ms) WHERE luck IS NULL;
