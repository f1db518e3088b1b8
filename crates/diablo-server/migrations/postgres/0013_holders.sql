-- Which instance kept each game last, and each instance's heartbeat
-- (every second while it runs; `stopped` 1 once it stopped in order), so
-- a room rebuilt after a crash or a restart charges nobody for the time
-- the server was down (docs/live.md). An instance's row goes with the
-- prune once its last heartbeat is older than the retention.
CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    beat_ms BIGINT NOT NULL,
    stopped BIGINT NOT NULL DEFAULT 0
);
ALTER TABLE games ADD COLUMN holder TEXT;
