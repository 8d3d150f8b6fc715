-- Why a table ended when its session did not end it: `abandoned`, a waiting table at which no
-- person sat for half an hour (src/tables/housekeeping.ts). Null for every other table.
ALTER TABLE "tables" ADD COLUMN "end_reason" TEXT;
