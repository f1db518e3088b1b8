-- Links kept as what each adds (docs/live.md): games.link holds the
-- link of link_messages messages (NULL: of games.messages, as every row
-- written before this did), and each later link is a row of links whose
-- link is the one before it cut to `keep` bytes, then `added`.
ALTER TABLE games ADD COLUMN link_messages BIGINT;
ALTER TABLE links ADD COLUMN keep BIGINT;
ALTER TABLE links ADD COLUMN added TEXT;
