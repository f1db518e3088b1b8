-- Tournaments (docs/tournaments.md): a round robin's terms, its players,
-- and its pairings, each a game once its Black player's page posted it.
-- Standings are read from the pairings and their games' results.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    size BIGINT NOT NULL,
    edition TEXT NOT NULL,
    -- The clock setting as the wire spells it (JSON).
    clock TEXT NOT NULL,
    rated BIGINT NOT NULL,
    duplicate BIGINT NOT NULL,
    double_round BIGINT NOT NULL,
    starts_ms BIGINT NOT NULL,
    minutes BIGINT,
    max_players BIGINT NOT NULL,
    creator_key TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    -- 'open' until it starts, then 'running'; 'over' once every pairing
    -- is decided, or at the start with fewer than two players.
    status TEXT NOT NULL,
    ended_ms BIGINT
);
CREATE INDEX tournaments_open ON tournaments (status, starts_ms);
CREATE INDEX tournaments_creator ON tournaments (creator_key, status);

CREATE TABLE tournament_players (
    tournament TEXT NOT NULL,
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    joined_ms BIGINT NOT NULL,
    PRIMARY KEY (tournament, key)
);

CREATE TABLE tournament_pairings (
    tournament TEXT NOT NULL,
    round BIGINT NOT NULL,
    black_key TEXT NOT NULL,
    green_key TEXT NOT NULL,
    -- The game, once Black's page posted its invitation, and that
    -- invitation (handed to Green).
    game TEXT,
    link TEXT,
    PRIMARY KEY (tournament, round, black_key)
);
CREATE INDEX tournament_pairings_game ON tournament_pairings (game);
