-- On PostgreSQL this migration makes the lobby's changes notifications
-- between instances. SQLite serves one instance, told in process: nothing
-- to do.
SELECT 1;
