import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ApiError } from '../common/problems.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import { findHand, readEvents } from '../hands/hand-store.js';
import { JobQueue } from '../jobs/job-queue.js';
import { jobFor, readJob, type CollusionFilters, type CollusionJob, type StoredJob } from './audit-job-store.js';
import { AUDIT_QUEUES, AuditWork, queueAuditStep, queueHandEvidence } from './audit-work.js';
import { settledEvidence, type StoredEvidence } from './evidence-store.js';
import { AUDIT_GAMES, isAuditGame, type AuditGame } from './evidence-of.js';
import { estimatorOf, type AuditKind, type EstimatorSettings } from './audit-kinds.js';
import { EvidencePool } from './evidence-pool.js';
import { replayableRecord } from './hand-evidence.js';
import { REVIEW_QUEUES, ReviewWork } from '../reviews/review-work.js';

/**
 * The collusion audit over the stored hands of Dobbm, Droggn or Doppelkopf, of either kind: the
 * doubling (docs/audit.md) or card sharing (docs/audit-card-sharing.md). An audit is a
 * durable job (docs/scaling.md): its state, progress and result are a row of `collusion_jobs`,
 * so any instance answers it; its work is queued (pg-boss) and done by the audit's workers
 * (`npm run worker`, or this process unless AUDIT_JOBS=off), never on a request. Evidence is
 * computed once per hand and estimator and stored; an audit of stored hands is a query.
 */
@Injectable()
export class CollusionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Collusion');
  /** The in-process worker's evidence threads. */
  private readonly pool: EvidencePool;
  /** The audit's job queue, the hand reviews' too (src/reviews/). */
  readonly queue: JobQueue;
  private readonly estimators: EstimatorSettings;
  /** This process's worker of the audit's jobs (AUDIT_JOBS=in-process, the default); none on an API-only instance. */
  readonly work: AuditWork | undefined;
  /** This process's worker of the hand reviews' jobs, on the same queue and threads (AUDIT_JOBS=in-process). */
  readonly reviews: ReviewWork | undefined;
  private retry: NodeJS.Timeout | undefined;
  private destroyed = false;

  // @Inject by class: works also where no decorator metadata is emitted (tsx).
  constructor(
    @Inject(DatabaseService) private readonly db: DatabaseService,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.estimators = settings;
    this.pool = new EvidencePool(settings.auditWorkers, settings.auditPriority === 'normal' ? 'caller' : 'lowest');
    this.queue = new JobQueue({
      databaseUrl: settings.databaseUrl!,
      expireSeconds: settings.auditJobExpireSeconds,
      supervise: settings.auditJobs === 'in-process',
      queues: [...AUDIT_QUEUES, ...REVIEW_QUEUES],
      onError: (err) => this.log.warn(`job queue: ${err.message}`),
    });
    if (settings.auditJobs === 'in-process') {
      this.work = new AuditWork(this.db.pool, this.queue, this.pool, settings, this.log);
      this.reviews = new ReviewWork(this.db.pool, this.queue, this.pool, this.log, settings.reviewSweepSeconds);
    }
  }

  /** Starts the in-process worker without holding up the start; with the database away, tries again every 5 s. */
  onApplicationBootstrap(): void {
    const start = (): void => {
      Promise.all([this.work?.start(), this.reviews?.start()]).catch((err: Error) => {
        if (this.destroyed) return;
        this.log.warn(`the audit's worker did not start (${err.message}); trying again in 5 s`);
        this.retry = setTimeout(start, 5_000);
        this.retry.unref();
      });
    };
    start();
  }

  async onModuleDestroy(): Promise<void> {
    this.destroyed = true;
    clearTimeout(this.retry);
    await this.work?.stop();
    await this.reviews?.stop();
    await this.queue.stop();
    await this.pool.close();
  }

  /**
   * The evidence per call of one hand (`GET /hands/{id}/audit`), as stored by the audit's workers:
   * a finished hand without it has its evidence job queued ahead of the audits' hands, and the
   * answer waits up to `waitSeconds` for a worker to store it, else says it is pending. This
   * instance never computes evidence (it replays the log, to refuse one the engine refuses at once).
   */
  async handAudit(handId: string, waitSeconds: number, kind: AuditKind = 'doubling'): Promise<HandAudit> {
    const hand = await findHand(this.db.pool, handId);
    if (!isAuditGame(hand.game))
      throw ApiError.of('VALIDATION_FAILED', `the collusion audit covers ${AUDIT_GAMES.join(', ')}; hand ${handId} is ${hand.game}`);
    // A hand in play is evaluated once it is over (the audit weighs finished hands only).
    if (hand.status === 'active') return { handId, status: 'pending', finished: false };
    const at = { tableId: hand.homeTableId, handId };
    const key = estimatorOf(kind, hand.game, this.estimators);
    let settled = await settledEvidence(this.db.pool, at, key);
    if (!settled) {
      replayableRecord(hand, await readEvents(this.db.pool, at));
      await queueHandEvidence(this.queue, at, hand.game, key);
      this.work?.wake();
      for (const until = Date.now() + waitSeconds * 1000; !settled && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, HAND_AUDIT_POLL_MS));
        settled = await settledEvidence(this.db.pool, at, key);
      }
    }
    if (!settled) return { handId, status: 'pending', finished: true };
    if ('evidence' in settled) return { handId, evidence: settled.evidence };
    const { code, detail, ...extra } = settled.problem;
    throw code === 'HAND_NOT_REPLAYABLE' ? ApiError.of(code, detail, extra) : ApiError.of('EVIDENCE_FAILED', detail, extra);
  }

  /** The job for these filters, from any instance: a finished one is reused for a minute, a running one is joined. */
  async collusion(filters: CollusionFilters): Promise<CollusionJob> {
    if (!isAuditGame(filters.game))
      throw ApiError.of('VALIDATION_FAILED', `the collusion audit covers ${AUDIT_GAMES.map((g) => `"${g}"`).join(', ')}`);
    const estimator = estimatorOf(filters.kind ?? 'doubling', filters.game as AuditGame, this.estimators);
    const { job, created } = await jobFor(this.db.pool, filters, estimator);
    // Queued on every ask while it runs, not only when created: a start lost between the row and the queue is made good (one queued step per job at most).
    if (created || job.status === 'running') await queueAuditStep(this.queue, job.jobId);
    return publicJob(job);
  }

  async job(jobId: string): Promise<CollusionJob> {
    const job = /^[0-9a-f-]{36}$/i.test(jobId) ? await readJob(this.db.pool, jobId) : undefined;
    if (!job) throw ApiError.of('ROUTE_NOT_FOUND', `no collusion job ${jobId}`);
    return publicJob(job);
  }
}

const publicJob = ({ estimator: _, ...job }: StoredJob): CollusionJob => job;

/** One hand's audit: its evidence, or pending (queued for a worker, or the hand still in play). */
export type HandAudit = { handId: string; evidence: StoredEvidence } | { handId: string; status: 'pending'; finished: boolean };

/** How often a waiting `GET /hands/{id}/audit` looks whether its evidence is stored. */
const HAND_AUDIT_POLL_MS = 100;
