-- Players, games with every link's arrival, and lobby challenges (docs/lobby.md).
-- Times are Unix milliseconds (server time); flags are 0 or 1.

-- A player: their key and the name they last gave.
CREATE TABLE players (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    first_seen_ms BIGINT NOT NULL,
    last_seen_ms BIGINT NOT NULL
);

-- A game the relay has seen: its terms, players, latest link, clock and
-- result.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    size BIGINT NOT NULL,
    edition TEXT NOT NULL,
    -- The clock setting as the wire spells it (JSON); NULL: no clock.
    clock TEXT,
    rated BIGINT NOT NULL,
    poster_key TEXT,
    poster_name TEXT,
    black_key TEXT,
    black_name TEXT,
    green_key TEXT,
    green_name TEXT,
    link TEXT NOT NULL,
    messages BIGINT NOT NULL,
    link_ms BIGINT NOT NULL,
    -- The clock's state; all NULL before a clocked game has begun.
    clock_black_ms BIGINT,
    clock_green_ms BIGINT,
    clock_running TEXT,
    clock_since_ms BIGINT,
    winner TEXT,
    reason TEXT,
    created_ms BIGINT NOT NULL,
    ended_ms BIGINT
);
CREATE INDEX games_black ON games (black_key);
CREATE INDEX games_green ON games (green_key);

-- When each link of a game arrived, by its number of messages (the link
-- itself is the game's latest link cut to that many messages).
CREATE TABLE links (
    game TEXT NOT NULL,
    messages BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, messages)
);

-- Open lobby challenges. A live one is held by the instance (and its
-- connection) where its poster is connected, which refreshes heartbeat_ms.
CREATE TABLE hooks (
    game TEXT PRIMARY KEY,
    link TEXT NOT NULL,
    size BIGINT NOT NULL,
    edition TEXT NOT NULL,
    color TEXT NOT NULL,
    clock TEXT NOT NULL,
    live BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    poster_key TEXT NOT NULL,
    poster_name TEXT NOT NULL,
    address TEXT NOT NULL,
    instance TEXT,
    conn BIGINT,
    posted_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    heartbeat_ms BIGINT NOT NULL
);
CREATE INDEX hooks_poster ON hooks (poster_key);
CREATE INDEX hooks_address ON hooks (address);
CREATE INDEX hooks_instance ON hooks (instance);
CREATE INDEX hooks_expires ON hooks (expires_ms);
