-- A finished hand's card-sharing evidence (src/collusion/evidence-store.ts), computed once per
-- estimator and kept, as the doubling evidence in hand_evidence: its moments are many per hand,
-- so they have a table of their own. Rows by table_id, as every hand's.
CREATE TABLE "hand_sharing_evidence" (
    "table_id" UUID NOT NULL,
    "hand_id" UUID NOT NULL,
    "estimator" TEXT NOT NULL,
    "evidence" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hand_sharing_evidence_pkey" PRIMARY KEY ("table_id","hand_id","estimator")
);
