import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { ApiError } from '../common/problems.js';
import { loadHand, readEvents, type HandAt } from '../hands/hand-store.js';
import { finishedHands, handsWithoutEvidence } from './audit-hands.js';
import { QueueNap, type JobQueue } from '../jobs/job-queue.js';
import { finishJob, readJob, recordProgress, type StoredJob } from './audit-job-store.js';
import { AUDIT_GAMES, evidenceKey, type AuditGame } from './evidence-of.js';
import { AUDIT_KINDS, estimatorOf, isSharingEstimator, worldsOf, type AuditKind, type EstimatorSettings } from './audit-kinds.js';
import { rankPairs } from './audit-ranking.js';
import type { EvidencePool } from './evidence-pool.js';
import { evidenceOfHands, evidenceSettled, settledHands, storeEvidence, storeEvidenceProblem } from './evidence-store.js';
import { computeHandEvidence, computeSharingEvidence, problemOf } from './hand-evidence.js';
import { sharingBudget, sharingEstimator } from './sharing/evidence.js';

/** The queues of the audit: one job per hand's doubling or card-sharing evidence, one per step of an audit. */
const EVIDENCE_QUEUE = 'hand-evidence';
const SHARING_QUEUE = 'card-sharing-evidence';
const AUDIT_QUEUE = 'collusion-audit';
export const AUDIT_QUEUES = [
  { name: EVIDENCE_QUEUE, retryLimit: 3 },
  { name: SHARING_QUEUE, retryLimit: 3 },
  // An audit step that fails (the database away for a moment) is tried again; expiries count too.
  { name: AUDIT_QUEUE, retryLimit: 20 },
] as const;

/**
 * What a hand's evidence job names: the hand, and the estimator's inputs (any worker computes it
 * with these, not its own settings) — samples per doubling call, or worlds per card-sharing valuation.
 */
type EvidenceJob = HandAt & { game: AuditGame } & ({ samples: number } | { worlds: number });

const isSharingJob = (job: EvidenceJob): job is HandAt & { game: AuditGame; worlds: number } => 'worlds' in job;
const estimatorOfJob = (job: EvidenceJob): string =>
  isSharingJob(job) ? sharingEstimator(sharingBudget(job.worlds)) : evidenceKey(job.game, job.samples);
/** Each kind's evidence queue. */
const QUEUE_OF_KIND: Record<AuditKind, string> = { doubling: EVIDENCE_QUEUE, 'card-sharing': SHARING_QUEUE };
const kindOfJob = (job: EvidenceJob): AuditKind => (isSharingJob(job) ? 'card-sharing' : 'doubling');
const queueOfJob = (job: EvidenceJob): string => QUEUE_OF_KIND[kindOfJob(job)];
interface AuditStep {
  jobId: string;
}

/** Priorities (higher first): an audit's steps, the evidence an audit waits for, the sweep's. */
const PRIORITY = { audit: 10, requested: 5, ahead: 0 } as const;

/**
 * The sweep tops each kind's queue up to this many hands per worker thread. An audit's own hands,
 * queued at a higher priority, are taken before any of them, so the backlog bounds only the
 * queue's rows and the sweep's pace: at most this many hands per thread and sweep interval — a
 * card-sharing hand costs seconds where a doubling hand costs tens of ms.
 */
const SWEEP_BACKLOG_PER_THREAD: Record<AuditKind, number> = { doubling: 16, 'card-sharing': 8 };

/**
 * Evidence jobs fetched at once per evidence thread: enough to keep it busy between fetches, few
 * enough to finish well inside the expiry. A card-sharing hand costs seconds, not tens of ms: one.
 */
const EVIDENCE_BATCH_PER_THREAD = 8;
const SHARING_BATCH_PER_THREAD = 1;

/** How long a stopping worker waits for the hands under way. */
const STOP_WAIT_MS = 5_000;

/** How often an idle worker looks for evidence jobs. */
const EMPTY_QUEUE_POLL_MS = 250;

const evidenceJobKey = (estimator: string, handId: string): string => `${estimator}:${handId}`;

/** Queues an audit's first step, unless a step of it is queued or running: what an API instance does on every ask while the audit runs. */
export async function queueAuditStep(queue: JobQueue, jobId: string): Promise<void> {
  if ((await queue.liveKeys(AUDIT_QUEUE, [jobId])).size) return;
  await queueNextStep(await queue.boss(), jobId);
}

/** Queues an audit's next step: the running step's last act (its own job is still running, so no look at the queue first). */
async function queueNextStep(boss: PgBoss, jobId: string, startAfterSeconds = 0): Promise<void> {
  await boss.send(AUDIT_QUEUE, { jobId } satisfies AuditStep, {
    singletonKey: jobId,
    priority: PRIORITY.audit,
    ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
  });
}

/** Queues hands' evidence, except those whose evidence job is queued or running already (a hand is never queued again while it runs). */
async function queueEvidence(queue: JobQueue, jobs: EvidenceJob[], priority: number): Promise<void> {
  const keyOf = (data: EvidenceJob): string => evidenceJobKey(estimatorOfJob(data), data.handId);
  for (const name of new Set(jobs.map(queueOfJob))) {
    const mine = jobs.filter((data) => queueOfJob(data) === name);
    const live = await queue.liveKeys(name, mine.map(keyOf));
    const fresh = mine.filter((data) => !live.has(keyOf(data)));
    if (fresh.length) await (await queue.boss()).insert(fresh.map((data) => ({ name, data, priority, singletonKey: keyOf(data) })));
  }
}

/** The evidence job of a hand for an estimator: the inputs it names. */
const evidenceJobOf = (at: HandAt, game: AuditGame, estimator: string): EvidenceJob =>
  isSharingEstimator(estimator) ? { ...at, game, worlds: worldsOf(estimator) } : { ...at, game, samples: samplesOf(estimator) };

/** Queues one finished hand's evidence for an estimator ahead of the audits' own (`GET /hands/{id}/audit` waits for it). */
export const queueHandEvidence = (queue: JobQueue, hand: HandAt, game: AuditGame, estimator: string): Promise<void> =>
  queueEvidence(queue, [evidenceJobOf(hand, game, estimator)], PRIORITY.audit);

/**
 * A worker of the audit (`npm run worker`, or in the API process unless AUDIT_JOBS=off): takes
 * hands' evidence jobs and audit steps from the queue, and sweeps finished hands without stored
 * evidence into the queue at low priority. Every piece of work is idempotent and its result a
 * row, so a worker killed at any point loses at most the hands it was computing: the queue hands
 * the job out again once it expires, and a repeated job finds its work done.
 *
 * An audit is a chain of short steps, each a job: list the hands, queue the evidence not yet
 * settled, wait a little for it (recording progress), and either rank the pairs or queue the
 * next step. No step holds a worker while the evidence is computed elsewhere.
 */
export class AuditWork {
  /** Hands whose evidence of each kind this worker computed (the rest it found settled): the tests count on it. */
  readonly computed: Record<AuditKind, number> = { doubling: 0, 'card-sharing': 0 };
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private evidenceLoop: Promise<void> | undefined;
  private readonly nap = new QueueNap();

  constructor(
    private readonly db: pg.Pool,
    private readonly queue: JobQueue,
    private readonly pool: EvidencePool,
    private readonly settings: EstimatorSettings & { auditSweepSeconds: number; auditJobExpireSeconds: number },
    private readonly log: { warn(message: string): void },
  ) {}

  async start(): Promise<void> {
    const boss = await this.queue.boss();
    const threads = Math.max(1, this.pool.size);
    this.evidenceLoop = Promise.all([
      this.takeEvidence(boss, EVIDENCE_QUEUE, EVIDENCE_BATCH_PER_THREAD * threads),
      this.takeEvidence(boss, SHARING_QUEUE, SHARING_BATCH_PER_THREAD * threads),
    ]).then(() => undefined);
    await boss.work<AuditStep>(AUDIT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([job]) => {
      try {
        await this.auditStep(boss, job!.data);
      } catch (err) {
        // The last try: the job ends as failed, with the reason, instead of running for ever.
        const message = err instanceof Error ? err.message : String(err);
        if (job!.retryCount >= job!.retryLimit) await finishJob(this.db, job!.data.jobId, { error: message });
        throw err;
      }
    });
    if (this.settings.auditSweepSeconds > 0) this.scheduleSweep(boss, threads);
  }

  /** Cuts an idle wait short: this process has just queued a hand it waits for (`GET /hands/{id}/audit`). */
  wake(): void {
    this.nap.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.sweepTimer);
    // The hands under way are finished and stored if that takes no more than a few seconds; else their jobs expire and go to another worker.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.evidenceLoop, new Promise((r) => (timer = setTimeout(r, STOP_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /**
   * The evidence jobs, `batch` at a time (enough to keep every thread busy), fetched again as soon
   * as a batch is done; the queue is polled only while it is empty. (pg-boss's `work` waits out
   * its polling interval after every batch, which left the threads idle between short hands.)
   */
  private async takeEvidence(boss: PgBoss, queue: string, batch: number): Promise<void> {
    while (!this.stopped) {
      const jobs = await boss.fetch<EvidenceJob>(queue, { batchSize: batch, includeMetadata: true }).catch((err: Error) => {
        this.log.warn(`evidence jobs: ${err.message}`);
        return [];
      });
      if (!jobs?.length) {
        await this.nap.sleep(EMPTY_QUEUE_POLL_MS);
        continue;
      }
      const outcomes = await Promise.all(
        jobs.map((j) =>
          this.evidence(j.data, j.retryCount >= j.retryLimit).then(
            () => null,
            (err: Error) => err,
          ),
        ),
      );
      // One statement for the batch's completed jobs; a failed one is retried by the queue (a refused log is not a failure: it is stored).
      const completed = jobs.filter((_, i) => outcomes[i] === null).map((j) => j.id);
      if (completed.length) await boss.complete(queue, completed).catch((err: Error) => this.log.warn(`evidence jobs: ${err.message}`));
      for (const [i, err] of outcomes.entries())
        if (err) await boss.fail(queue, jobs[i]!.id, { message: err.message }).catch(() => undefined);
    }
  }

  /** One hand's evidence, unless it is settled already (by another worker, an earlier run, the same hand queued twice). */
  private async evidence(job: EvidenceJob, lastTry: boolean): Promise<void> {
    const at = { tableId: job.tableId, handId: job.handId };
    const estimator = estimatorOfJob(job);
    if (await evidenceSettled(this.db, at, estimator)) return;
    const [hand, events] = await Promise.all([loadHand(this.db, at), readEvents(this.db, at)]);
    let evidence;
    try {
      evidence = isSharingJob(job)
        ? await computeSharingEvidence(this.pool, hand, events, job.worlds)
        : await computeHandEvidence(this.pool, hand, events, job.samples);
    } catch (err) {
      // A refused log is for good; anything else (a worker thread lost, the pool closing) is tried again first.
      if (!(err instanceof ApiError) && !lastTry) throw err;
      await storeEvidenceProblem(this.db, at, estimator, problemOf(err));
      return;
    }
    this.computed[kindOfJob(job)]++;
    await storeEvidence(this.db, at, estimator, evidence);
  }

  private async auditStep(boss: PgBoss, step: AuditStep): Promise<void> {
    const job = await readJob(this.db, step.jobId);
    if (!job || job.status !== 'running') return;
    const hands = await finishedHands(this.db, job.filters);
    const ats = hands.map((h) => h.at);
    const game = job.filters.game as AuditGame;
    let settled = await settledHands(this.db, ats, job.estimator);
    const missing = hands.filter((h) => !settled.has(h.id));
    await queueEvidence(
      this.queue,
      missing.map((h) => evidenceJobOf(h.at, game, job.estimator)),
      PRIORITY.requested,
    );
    // Waits a while for the evidence (a third of the expiry, so that a live step never expires), recording progress.
    const until = Date.now() + (this.settings.auditJobExpireSeconds * 1000) / 3;
    while (settled.size < ats.length && Date.now() < until && !this.stopped) {
      await recordProgress(this.db, job.jobId, settled.size, ats.length);
      await new Promise((r) => setTimeout(r, 250));
      settled = await settledHands(this.db, ats, job.estimator);
    }
    if (settled.size < ats.length) {
      await recordProgress(this.db, job.jobId, settled.size, ats.length);
      await queueNextStep(boss, job.jobId, 1);
      return;
    }
    await this.rank(job, hands);
  }

  /** All evidence settled: the ranked pairs, from the stored evidence alone. */
  private async rank(job: StoredJob, hands: Awaited<ReturnType<typeof finishedHands>>): Promise<void> {
    const stored = await evidenceOfHands(
      this.db,
      hands.map((h) => h.at),
      job.estimator,
    );
    await finishJob(this.db, job.jobId, { ...rankPairs(job.filters, hands, stored), total: hands.length });
  }

  /**
   * Every `auditSweepSeconds`: finished hands without evidence of each kind for this worker's
   * estimators, newest first, into that kind's queue at low priority.
   */
  private scheduleSweep(boss: PgBoss, threads: number): void {
    const sweep = async (): Promise<void> => {
      for (const kind of AUDIT_KINDS) {
        let room = SWEEP_BACKLOG_PER_THREAD[kind] * threads - (await boss.getQueueSize(QUEUE_OF_KIND[kind]));
        for (const game of AUDIT_GAMES) {
          if (room <= 0) break;
          const estimator = estimatorOf(kind, game, this.settings);
          const hands = await handsWithoutEvidence(this.db, game, estimator, room);
          await queueEvidence(
            this.queue,
            hands.map((at) => evidenceJobOf(at, game, estimator)),
            PRIORITY.ahead,
          );
          room -= hands.length;
        }
      }
    };
    const next = (): void => {
      if (this.stopped) return;
      this.sweepTimer = setTimeout(() => {
        sweep()
          .catch((err: Error) => this.log.warn(`evidence sweep: ${err.message}`))
          .finally(next);
      }, this.settings.auditSweepSeconds * 1000);
      this.sweepTimer.unref();
    };
    next();
  }
}

/** The samples per caller a doubling estimator key names (the job's, not this worker's setting). */
function samplesOf(estimator: string): number {
  const m = /-samples(\d+)$/.exec(estimator);
  if (!m) throw new Error(`not a doubling estimator: ${estimator}`);
  return Number(m[1]);
}
