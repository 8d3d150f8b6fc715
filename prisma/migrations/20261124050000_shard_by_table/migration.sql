-- Sharding by table (issue 14, docs/scaling.md): every row a table plays lives under its
-- table_id, which leads every primary and unique key, so Citus can distribute `tables` by id
-- and the rest by table_id, colocated, and a hand's transaction touches one shard. The data
-- is kept: columns are added and backfilled before the keys change.

-- Imported hand records get a table of their own, with the hand's id as the table's id: one
-- table row per import, marked `imported`, never listed and never joined. It has no host.
ALTER TABLE "tables" ADD COLUMN "imported" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "tables" ALTER COLUMN "host_player_id" DROP NOT NULL;

INSERT INTO "tables" (id, game, options, seat_count, host_player_id, status, hand_count, imported, created_at)
SELECT h.id, h.game, h.options, h.seat_count, NULL, 'ended', 1, true, h.created_at FROM "hands" h WHERE h.table_id IS NULL;
UPDATE "hands" SET table_id = id WHERE table_id IS NULL;

-- The routing table: a request that names only the hand (GET /hands/{id}) looks its table up
-- here, then every statement carries table_id. A Citus reference table (copied to every node).
CREATE TABLE "hand_tables" (
    "hand_id" UUID NOT NULL,
    "table_id" UUID NOT NULL,

    CONSTRAINT "hand_tables_pkey" PRIMARY KEY ("hand_id")
);
INSERT INTO "hand_tables" (hand_id, table_id) SELECT id, table_id FROM "hands";

-- New columns, backfilled from the hand they belong to.
ALTER TABLE "events" ADD COLUMN "table_id" UUID;
UPDATE "events" e SET table_id = h.table_id FROM "hands" h WHERE h.id = e.hand_id;
ALTER TABLE "events" ALTER COLUMN "table_id" SET NOT NULL;

ALTER TABLE "idempotent_responses" ADD COLUMN "table_id" UUID;
UPDATE "idempotent_responses" i SET table_id = h.table_id FROM "hands" h WHERE h.id = i.hand_id;
ALTER TABLE "idempotent_responses" ALTER COLUMN "table_id" SET NOT NULL;

-- Keys led by table_id. The foreign keys into hands go first, as they hang on hands' old key.
ALTER TABLE "events" DROP CONSTRAINT "events_hand_id_fkey";
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_hand_id_fkey";
ALTER TABLE "hands" DROP CONSTRAINT "hands_table_id_fkey";
ALTER TABLE "table_seats" DROP CONSTRAINT "table_seats_table_id_fkey";

ALTER TABLE "hands" ALTER COLUMN "table_id" SET NOT NULL;
ALTER TABLE "hands" DROP CONSTRAINT "hands_pkey", ADD CONSTRAINT "hands_pkey" PRIMARY KEY ("table_id", "id");
ALTER TABLE "events" DROP CONSTRAINT "events_pkey", ADD CONSTRAINT "events_pkey" PRIMARY KEY ("table_id", "hand_id", "seq");
DROP INDEX "events_command_id_key";
CREATE UNIQUE INDEX "events_table_id_command_id_key" ON "events"("table_id", "command_id");
ALTER TABLE "idempotent_responses" DROP CONSTRAINT "idempotent_responses_pkey", ADD CONSTRAINT "idempotent_responses_pkey" PRIMARY KEY ("table_id", "key");
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_pkey", ADD CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("table_id", "hand_id", "seat");
-- The new primary key leads with table_id: the old index on it alone is redundant.
DROP INDEX "ledger_entries_table_id_idx";

-- Foreign keys within a table's shard; no cascading update of the distribution column (Citus refuses it).
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "hands" ADD CONSTRAINT "hands_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "events" ADD CONSTRAINT "events_table_id_hand_id_fkey" FOREIGN KEY ("table_id", "hand_id") REFERENCES "hands"("table_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_table_id_hand_id_fkey" FOREIGN KEY ("table_id", "hand_id") REFERENCES "hands"("table_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Every hand has a table now: the deal notification (bots) goes by source instead.
DROP TRIGGER "hands_dealt" ON "hands";
CREATE TRIGGER hands_dealt
  AFTER INSERT ON hands
  FOR EACH ROW
  WHEN (NEW.source = 'table')
  EXECUTE FUNCTION notify_hand_moved();
