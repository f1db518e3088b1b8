-- Who let a game abort (docs/lobby.md): the side due to make the first
-- move, which it did not make in time. A key that lets several games
-- abort may not take challenges for a while.
ALTER TABLE games ADD COLUMN aborted_by TEXT;
CREATE INDEX games_aborted ON games (reason, ended_ms);
