-- Web Push (docs/push.md): the server's VAPID key, made once and kept
-- here so that every instance and every restart signs with it, and the
-- browsers' push subscriptions, each sent by a player's key.
CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    site TEXT NOT NULL,
    lang TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_key ON push_subscriptions (key, created_ms);
