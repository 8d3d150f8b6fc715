-- A hand whose seat's substitute cannot act (src/bots/substitutes.ts) is parked: the clock sweep of
-- every instance leaves it alone until `parked_until` while it is still at `parked_seq` (any move
-- ends the park), so that it never takes the place of hands that can be played. `parks` counts the
-- failed tries at that seq in a row: the backoff grows with it.
ALTER TABLE "hands" ADD COLUMN "parked_until" TIMESTAMPTZ(3),
ADD COLUMN "parked_seq" INTEGER,
ADD COLUMN "parks" INTEGER NOT NULL DEFAULT 0;
