-- The notification says where the hand went: `<id>:<seq>:<status>` on channel `hand_moved`
-- (was: the id alone). A reader that already holds that seq and status (the instance that
-- wrote it caches it) needs no read to know it is current (src/hands/hand-watch.ts).
-- Instances from before this migration take the whole payload for the id: upgrade all of them.
CREATE OR REPLACE FUNCTION notify_hand_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hand_moved', NEW.id::text || ':' || NEW.seq::text || ':' || NEW.status::text);
  RETURN NULL;
END
$$;
