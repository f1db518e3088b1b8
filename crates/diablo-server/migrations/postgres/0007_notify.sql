-- Instances are told of the lobby's changes by PostgreSQL itself
-- (docs/lobby.md): every challenge posted or gone, by any instance, is a
-- notification on the channel diablo_hooks, with its game id. Each
-- instance listens, and reads the table again after a lost connection.
CREATE FUNCTION diablo_hooks_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('diablo_hooks', COALESCE(NEW.game, OLD.game));
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER hooks_changed AFTER INSERT OR DELETE ON hooks
    FOR EACH ROW EXECUTE FUNCTION diablo_hooks_changed();
