import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { GAME_IDS, type GameId } from '../engine/index.js';
import { loadHand, readEvents, type HandAt } from '../hands/hand-store.js';
import { QueueNap, type JobQueue } from '../jobs/job-queue.js';
import type { EvidencePool } from '../collusion/evidence-pool.js';
import { replayableRecord, seedOf } from '../collusion/hand-evidence.js';
import { reviewEstimator } from '../solvers/review/games.js';
import type { SeatReview } from '../solvers/review/review.js';
import { finishReview, handsToReview, readReview, reviewProgress, startReview } from './review-store.js';

/** The hand reviews' queue: a job kind of the audit's queue and workers (docs/review.md). */
const REVIEW_QUEUE = 'hand-review';
export const REVIEW_QUEUES = [{ name: REVIEW_QUEUE, retryLimit: 3 }] as const;

/** What a review job names: the hand (any worker computes it with the estimator of its version). */
interface ReviewJob extends HandAt {
  game: GameId;
}

/** Asked for by a player (first request) before swept up (a hand just ended with a person at the table). */
const PRIORITY = { requested: 5, swept: 1 } as const;
/** How far back the sweep looks for hands just ended with a person at the table, and how many it queues at a time. */
const SWEEP_HOURS = 24;
const SWEEP_BATCH = 8;
/** How often an idle worker looks for review jobs. */
const EMPTY_QUEUE_POLL_MS = 250;

const jobKey = (job: ReviewJob): string => `${reviewEstimator(job.game)}:${job.handId}`;
const estimators = (): Record<string, string> => Object.fromEntries(GAME_IDS.map((g) => [g, reviewEstimator(g)]));

/** Queues a hand's review unless its job is queued or running already. */
export async function queueReview(queue: JobQueue, job: ReviewJob, priority: number = PRIORITY.requested): Promise<void> {
  const key = jobKey(job);
  if ((await queue.liveKeys(REVIEW_QUEUE, [key])).size) return;
  await (await queue.boss()).send(REVIEW_QUEUE, job, { singletonKey: key, priority });
}

/**
 * The review's worker, beside the audit's (src/collusion/audit-work.ts) in the same process, on
 * the same queue and threads: takes a hand's review job, reviews its seats one task at a time in
 * the threads (recording progress after each), and stores the review. A sweep queues the hands
 * that just ended with a person at the table; a request queues any other. A worker killed mid-
 * review loses only that hand's work: its job expires and is handed out again, and the running
 * row starts over.
 */
export class ReviewWork {
  /** Hands this worker reviewed: the tests count on it. */
  reviewed = 0;
  private stopped = false;
  private loop: Promise<void> | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly nap = new QueueNap();

  constructor(
    private readonly db: pg.Pool,
    private readonly queue: JobQueue,
    private readonly pool: EvidencePool,
    private readonly log: { warn(message: string): void },
    /** Seconds between sweeps for hands that just ended (REVIEW_SWEEP_SECONDS); 0: reviews on request only. */
    private readonly sweepSeconds: number,
  ) {}

  async start(): Promise<void> {
    const boss = await this.queue.boss();
    this.loop = this.take(boss);
    if (this.sweepSeconds > 0) this.scheduleSweep();
  }

  wake(): void {
    this.nap.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.sweepTimer);
    this.wake();
    // A review under way is not waited for: its job expires and goes to another worker.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.loop, new Promise((r) => (timer = setTimeout(r, 1_000)))]);
    clearTimeout(timer);
  }

  /** One review at a time (its seats go to the threads one by one, so that the audit's evidence interleaves). */
  private async take(boss: PgBoss): Promise<void> {
    while (!this.stopped) {
      const jobs = await boss.fetch<ReviewJob>(REVIEW_QUEUE, { batchSize: 1, includeMetadata: true }).catch((err: Error) => {
        this.log.warn(`review jobs: ${err.message}`);
        return [];
      });
      const job = jobs?.[0];
      if (!job) {
        await this.nap.sleep(EMPTY_QUEUE_POLL_MS);
        continue;
      }
      try {
        await this.review(job.data, job.retryCount >= job.retryLimit);
        await boss.complete(REVIEW_QUEUE, job.id);
      } catch (err) {
        await boss.fail(REVIEW_QUEUE, job.id, { message: (err as Error).message }).catch(() => undefined);
      }
    }
  }

  private async review(job: ReviewJob, lastTry: boolean): Promise<void> {
    const at = { tableId: job.tableId, handId: job.handId };
    const estimator = reviewEstimator(job.game);
    const stored = await readReview(this.db, at, estimator);
    if (stored && stored.status !== 'running') return;
    const [hand, events] = await Promise.all([loadHand(this.db, at), readEvents(this.db, at)]);
    try {
      const record = replayableRecord(hand, events);
      const seats = [...new Set(record.actions.map((a) => a.seat))].sort((a, b) => a - b);
      const bySubstitute = events.filter((e) => e.by === 'substitute').map((e) => e.seq);
      await startReview(this.db, at, estimator, seats.length);
      const reviews: SeatReview[] = [];
      for (const seat of seats) {
        if (this.stopped) throw new Error('the worker is stopping');
        reviews.push(await this.pool.review({ record, seat, seed: seedOf(record), bySubstitute }));
        await reviewProgress(this.db, at, estimator, reviews.length);
      }
      await finishReview(this.db, at, estimator, { seats: reviews });
      this.reviewed++;
    } catch (err) {
      if (lastTry) await finishReview(this.db, at, estimator, { error: (err as Error).message });
      throw err;
    }
  }

  private scheduleSweep(): void {
    const sweep = async (): Promise<void> => {
      for (const h of await handsToReview(this.db, estimators(), SWEEP_HOURS, SWEEP_BATCH))
        await queueReview(this.queue, { tableId: h.tableId, handId: h.handId, game: h.game as GameId }, PRIORITY.swept);
    };
    const next = (): void => {
      if (this.stopped) return;
      this.sweepTimer = setTimeout(() => {
        sweep()
          .catch((err: Error) => this.log.warn(`review sweep: ${err.message}`))
          .finally(next);
      }, this.sweepSeconds * 1000);
      this.sweepTimer.unref();
    };
    next();
  }
}
