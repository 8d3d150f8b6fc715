-- Turn clocks and substitutes (src/hands/decide.ts, src/bots/substitutes.ts).
-- tables.turn_seconds: the table's clock, seconds per decision (null: no clock).
-- hands.turn_seconds: the clock the hand was dealt with; hands.deadline: when the seat to act
-- runs out (null: no clock, or the hand is over); stored with the hand, so that any instance,
-- after any restart, lets the substitute act once it has passed.
-- hands.away: seats whose substitute plays until their person is back; hands.misses: each
-- seat's clock expiries in a row (1-based by seat + 1, as PostgreSQL arrays are).
-- events.by: 'substitute' when a substitute played the event for its seat's player (hashed).
ALTER TABLE "tables" ADD COLUMN "turn_seconds" INTEGER;
ALTER TABLE "hands" ADD COLUMN "turn_seconds" INTEGER;
ALTER TABLE "hands" ADD COLUMN "deadline" TIMESTAMPTZ(3);
ALTER TABLE "hands" ADD COLUMN "away" INTEGER[] DEFAULT ARRAY[]::INTEGER[];
ALTER TABLE "hands" ADD COLUMN "misses" INTEGER[] DEFAULT ARRAY[]::INTEGER[];
ALTER TABLE "events" ADD COLUMN "by" TEXT;
CREATE INDEX "hands_deadline_idx" ON "hands"("deadline");
