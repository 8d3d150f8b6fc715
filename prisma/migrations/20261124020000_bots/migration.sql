-- Bots in seats (issue 12): a bot is a player row whose `bot` names its strength; a person's is
-- null. Its token is random and never shown, so only the service's bot runner acts for it.
ALTER TABLE "players" ADD COLUMN "bot" TEXT;

-- A freshly dealt hand is a move too: the bot runner of every instance learns of it (a table
-- completed by its last seat, the next hand of a session) the same way it learns of actions.
-- Imported hand records (no table) seat no bots.
CREATE TRIGGER hands_dealt
  AFTER INSERT ON hands
  FOR EACH ROW
  WHEN (NEW.table_id IS NOT NULL)
  EXECUTE FUNCTION notify_hand_moved();

-- GET /tables lists by status, newest first (and the bot runner's sweep reads the playing ones).
CREATE INDEX "tables_status_created_at_idx" ON "tables"("status", "created_at" DESC);
