-- A session that ends well: the next hand waits while the people read the last one's result
-- (`held_until`, cleared once every person seated has said "next": `ready`, by seat), and an
-- ended table names the table its rematch opened (`rematch_table_id`), so one rematch is opened.
ALTER TABLE "hands" ADD COLUMN "held_until" TIMESTAMPTZ(3),
ADD COLUMN "ready" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

ALTER TABLE "tables" ADD COLUMN "rematch_table_id" UUID;
