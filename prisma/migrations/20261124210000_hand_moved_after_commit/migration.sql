-- A hand's moves are published by the instance that wrote them, once the write has committed
-- (src/hands/hand-watch.ts `publish`), no longer by these triggers. PostgreSQL takes one lock
-- for every committing transaction that has notified and holds it through the commit's WAL
-- flush, so with the triggers every action's commit waited for every other's: pgbench's
-- action-shaped transaction fell from 3,600 to 2,300 a second with one NOTIFY added
-- (docs/benchmarks.md, 2026-11-24 21:00 UTC). Instances from before this migration publish
-- nothing of their own: upgrade all of them together.
DROP TRIGGER "hands_moved" ON "hands";
DROP TRIGGER "hands_dealt" ON "hands";
DROP FUNCTION notify_hand_moved();
