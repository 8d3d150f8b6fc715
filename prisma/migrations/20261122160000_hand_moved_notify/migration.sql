-- Live updates (DESIGN.md "Running it"): every committed change of a hand's seq or status is
-- announced on channel `hand_moved` with the hand's id. Each instance LISTENs and wakes its own
-- long-polling readers (GET /hands/{id} with If-None-Match and Prefer: wait), whichever
-- instance wrote. NOTIFY is transactional: a rolled-back append announces nothing.
CREATE FUNCTION notify_hand_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hand_moved', NEW.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER hands_moved
  AFTER UPDATE OF seq, status ON hands
  FOR EACH ROW
  WHEN (OLD.seq IS DISTINCT FROM NEW.seq OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_hand_moved();
