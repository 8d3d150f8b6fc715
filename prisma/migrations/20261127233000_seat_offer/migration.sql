-- Between hands the host may hand an away player's seat on (src/tables/tables.service.ts):
-- `offered_at` is set while the host offers it; once it passes, `from_hand` names the first hand
-- its new holder plays and `previous_player_id` the holder of the hands before (null: the holder
-- has played it from the start).
ALTER TABLE "table_seats" ADD COLUMN "offered_at" TIMESTAMPTZ(3),
ADD COLUMN "from_hand" INTEGER,
ADD COLUMN "previous_player_id" UUID;
