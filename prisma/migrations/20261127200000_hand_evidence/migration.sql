-- A finished hand's collusion evidence, computed once per estimator and kept
-- (src/collusion/evidence-store.ts): a restart or another instance reads it instead of solving
-- the hand again; a new estimator (its key) computes anew. Rows by table_id, as every hand's.
CREATE TABLE "hand_evidence" (
    "table_id" UUID NOT NULL,
    "hand_id" UUID NOT NULL,
    "estimator" TEXT NOT NULL,
    "evidence" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hand_evidence_pkey" PRIMARY KEY ("table_id","hand_id","estimator")
);
