-- When each seat of a hand went away (src/hands/hand-store.ts): 1-based by seat + 1, as
-- `misses`; null for a seat that is not away. A table ends once all its people have been away
-- for ABANDONED_TABLE_MINUTES (src/tables/housekeeping.ts), counted from here, not from the last
-- time a person acted; an offer of a seat holds only if it was made since its holder went away.
ALTER TABLE "hands" ADD COLUMN "away_since" TIMESTAMPTZ(3)[] DEFAULT ARRAY[]::TIMESTAMPTZ(3)[];
-- Seats away in hands under way before this: their time away counts from now.
UPDATE "hands" SET "away_since" = (
    SELECT array_agg(CASE WHEN (i - 1) = ANY("away") THEN now() END ORDER BY i) FROM generate_series(1, "seat_count") AS i)
  WHERE "status" = 'active' AND cardinality("away") > 0;
