import { randomUUID } from 'node:crypto';
import type { AuditPairRow } from './audit-ranking.js';
import type { AuditKind } from './audit-kinds.js';
import type { Tx } from '../database/database.service.js';

/**
 * The collusion audit's jobs as rows (`collusion_jobs`): state, progress and result, read by any
 * instance, kept across restarts. A running job holds its filters and estimator as `running_key`
 * (unique), so identical filters join it from any instance; the key is cleared when it ends.
 */
type Queryable = Pick<Tx, 'query'>;

/** Filters of `GET /audit/collusion`. */
export interface CollusionFilters {
  game: string;
  /** Absent: the doubling audit (its jobs' filters as they always were); `card-sharing`: docs/audit-card-sharing.md. */
  kind?: Exclude<AuditKind, 'doubling'>;
  tableId?: string;
  playerId?: string;
  from?: string;
  to?: string;
  minHands?: number;
}

export interface UnevaluatedHand {
  handId: string;
  code: string;
  detail: string;
  /** HAND_NOT_REPLAYABLE: the refused action (absent: the rules or the deal). */
  actionIndex?: number;
}

export interface CollusionJob {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  filters: CollusionFilters;
  /** Hands whose evidence is settled (computed, or known not computable), of `total`. */
  done: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  pairs: AuditPairRow[] | null;
  /** Hands that could not be evaluated (a log the engine refuses …), each with its reason; the job goes on without them. */
  unevaluated: UnevaluatedHand[];
}

/** A job and what the workers need beside its public fields. */
export interface StoredJob extends CollusionJob {
  estimator: string;
}

/** How long a finished job can be read; how long one answers the same filters again instead of a new job. */
const JOB_TTL = '1 hour';
const REUSE_FINISHED = '1 minute';

const COLUMNS = `id, filters, estimator, status, done, total, started_at, finished_at, error, pairs, unevaluated`;

interface JobRow {
  id: string;
  filters: CollusionFilters;
  estimator: string;
  status: CollusionJob['status'];
  done: number;
  total: number;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
  pairs: AuditPairRow[] | null;
  unevaluated: UnevaluatedHand[];
}

const jobOf = (r: JobRow): StoredJob => ({
  jobId: r.id,
  status: r.status,
  filters: r.filters,
  done: r.done,
  total: r.total,
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
  error: r.error,
  pairs: r.pairs,
  unevaluated: r.unevaluated,
  estimator: r.estimator,
});

/**
 * The job for these filters: the running one (joined), one finished in the last minute, or a
 * new one (`created`: the caller queues its work). Two instances asking at once get one job.
 */
export async function jobFor(q: Queryable, filters: CollusionFilters, estimator: string): Promise<{ job: StoredJob; created: boolean }> {
  const key = JSON.stringify([estimator, filters]);
  await q.query(`DELETE FROM collusion_jobs WHERE finished_at < now() - interval '${JOB_TTL}'`);
  for (;;) {
    const found = await q.query<JobRow>(
      `SELECT ${COLUMNS} FROM collusion_jobs
       WHERE running_key = $1
          OR (filters = $2::jsonb AND estimator = $3 AND status = 'done' AND finished_at > now() - interval '${REUSE_FINISHED}')
       ORDER BY started_at DESC LIMIT 1`,
      [key, JSON.stringify(filters), estimator],
    );
    if (found.rows[0]) return { job: jobOf(found.rows[0]), created: false };
    const inserted = await q.query<JobRow>(
      `INSERT INTO collusion_jobs (id, running_key, filters, estimator) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (running_key) DO NOTHING RETURNING ${COLUMNS}`,
      [randomUUID(), key, JSON.stringify(filters), estimator],
    );
    // Lost the race to another instance: its job is there now.
    if (inserted.rows[0]) return { job: jobOf(inserted.rows[0]), created: true };
  }
}

export async function readJob(q: Queryable, jobId: string): Promise<StoredJob | undefined> {
  const { rows } = await q.query<JobRow>(
    `SELECT ${COLUMNS} FROM collusion_jobs WHERE id = $1 AND (finished_at IS NULL OR finished_at > now() - interval '${JOB_TTL}')`,
    [jobId],
  );
  return rows[0] && jobOf(rows[0]);
}

export async function recordProgress(q: Queryable, jobId: string, done: number, total: number): Promise<void> {
  await q.query(`UPDATE collusion_jobs SET done = $2, total = $3 WHERE id = $1 AND status = 'running'`, [jobId, done, total]);
}

export async function finishJob(
  q: Queryable,
  jobId: string,
  end: { pairs: AuditPairRow[]; unevaluated: UnevaluatedHand[]; total: number } | { error: string },
): Promise<void> {
  if ('error' in end) {
    await q.query(
      `UPDATE collusion_jobs SET status = 'failed', error = $2, running_key = NULL, finished_at = now() WHERE id = $1 AND status = 'running'`,
      [jobId, end.error],
    );
    return;
  }
  await q.query(
    `UPDATE collusion_jobs SET status = 'done', pairs = $2::jsonb, unevaluated = $3::jsonb, done = $4, total = $4,
       running_key = NULL, finished_at = now() WHERE id = $1 AND status = 'running'`,
    [jobId, JSON.stringify(end.pairs), JSON.stringify(end.unevaluated), end.total],
  );
}
