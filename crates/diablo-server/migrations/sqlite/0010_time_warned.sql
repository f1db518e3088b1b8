-- The count of messages of a turn-based game when its mover was last told
-- that the deadline is near (docs/push.md): told once a move, by one
-- instance.
ALTER TABLE games ADD COLUMN time_warned BIGINT;
