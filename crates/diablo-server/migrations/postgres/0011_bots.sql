-- A bot: a key that said it is a computer player (the lobby's `bot`
-- frame, docs/lobby.md), for good: 1, else 0. Its challenges and its
-- player page say so, and it is never on the leaderboard, however many
-- rated games it plays (docs/ratings.md). Kept when old players are
-- pruned.
ALTER TABLE players ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
