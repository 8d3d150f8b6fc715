-- A finished hand's review (src/reviews/review-store.ts): every decision of every seat valued, per
-- hand and estimator, with its progress while a worker computes it.
CREATE TABLE "hand_reviews" (
    "table_id" UUID NOT NULL,
    "hand_id" UUID NOT NULL,
    "estimator" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "seats" JSONB,
    "error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hand_reviews_pkey" PRIMARY KEY ("table_id","hand_id","estimator")
);
