-- The hand row keeps the engine's state as of `state_seq`, no longer of every event: it is
-- written at the deal, every 8th event and at the hand's end (src/hands/hand-store.ts
-- `STATE_EVERY`). A reader replays the events after `state_seq` (at most 7). Rewriting the
-- state's JSON on every action cost PostgreSQL a TOASTed jsonb write each time
-- (docs/benchmarks.md, 2026-11-25 11:48 UTC). Rows written before this hold their state at `seq`.
ALTER TABLE "hands" ADD COLUMN "state_seq" INTEGER;
UPDATE "hands" SET "state_seq" = "seq";
ALTER TABLE "hands" ALTER COLUMN "state_seq" SET NOT NULL;
