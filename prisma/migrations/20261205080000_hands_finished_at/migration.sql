-- The review sweep asks every few seconds for the hands that ended lately (src/reviews/review-store.ts).
CREATE INDEX "hands_finished_at_idx" ON "hands"("finished_at");
