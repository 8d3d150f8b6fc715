-- The collusion audit's jobs as rows (src/collusion/audit-job-store.ts): any instance answers a
-- job's state, progress and result, and a job outlives the process that started it. The work
-- itself is queued with pg-boss (its own schema, docs/scaling.md). Not distributed: one row per
-- audit, read by id; local to the coordinator on Citus.
CREATE TABLE "collusion_jobs" (
    "id" UUID NOT NULL,
    "running_key" TEXT,
    "filters" JSONB NOT NULL,
    "estimator" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "pairs" JSONB,
    "unevaluated" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "collusion_jobs_pkey" PRIMARY KEY ("id")
);

-- Identical filters join the running job, whichever instance asks: the key is set while the
-- job runs and cleared when it ends (NULLs never collide).
CREATE UNIQUE INDEX "collusion_jobs_running_key_key" ON "collusion_jobs"("running_key");

-- A hand whose evidence cannot be computed (the engine refuses its log, or the computation
-- failed), per estimator: the audit lists it as unevaluated instead of waiting for it.
CREATE TABLE "hand_evidence_problems" (
    "table_id" UUID NOT NULL,
    "hand_id" UUID NOT NULL,
    "estimator" TEXT NOT NULL,
    "problem" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hand_evidence_problems_pkey" PRIMARY KEY ("table_id","hand_id","estimator")
);
