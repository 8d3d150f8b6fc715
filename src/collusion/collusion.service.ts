import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { pairStatistics, type AuditHand, type PairRow } from '../analysis/collusion/pairs.js';
import { recordOf } from '../audit/stored-record.js';
import { ApiError } from '../common/problems.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import { describeRefusal, gameFor, replay, type HandRecord } from '../engine/index.js';
import { finishedHands, findHand, readEvents } from '../hands/hand-store.js';
import { storedEvidence, storeEvidence } from './evidence-store.js';
import { AUDIT_GAMES, evidenceKey, isAuditGame, type AnyHandEvidence as HandEvidence, type AuditGame } from './evidence-of.js';
import { EvidencePool } from './evidence-pool.js';

/** Filters of `GET /audit/collusion`. */
export interface CollusionFilters {
  game: string;
  tableId?: string;
  playerId?: string;
  from?: string;
  to?: string;
  minHands?: number;
}

export interface CollusionJob {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  filters: CollusionFilters;
  /** Hands whose evidence is computed, of `total`. */
  done: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  pairs: PairRow[] | null;
  /** Hands that could not be evaluated (a log the engine refuses …), each with its reason; the job goes on without them. */
  unevaluated: UnevaluatedHand[];
}

interface UnevaluatedHand {
  handId: string;
  code: string;
  detail: string;
  /** HAND_NOT_REPLAYABLE: the refused action (absent: the rules or the deal). */
  actionIndex?: number;
}

const JOB_TTL_MS = 60 * 60_000;

/** Evidence of a finished hand never changes: stored per estimator (evidence-store.ts) and cached here per hand id. */
const EVIDENCE_CACHE_LIMIT = 200_000;

/**
 * The collusion audit over the stored hands of Dobbm or Droggn (docs/audit.md). Evidence costs
 * about 30 double-dummy solves (Dobbm) or playouts (Droggn) per hand, AUDIT_SAMPLES per caller,
 * so the ranked table is computed as a job with progress to poll, yielding to other requests
 * between hands. The evidence runs in AUDIT_WORKERS worker threads (evidence-pool.ts), one hand
 * in flight per worker, so that it does not block other requests; every hand's evidence is cached.
 */
@Injectable()
export class CollusionService implements OnModuleDestroy {
  private readonly log = new Logger('Collusion');
  private readonly evidence = new Map<string, HandEvidence>();
  private readonly jobs = new Map<string, CollusionJob>();
  private readonly pool: EvidencePool;

  private readonly samples: number;
  /** Hands whose evidence this instance computed (the rest it read): the tests count on it. */
  computed = 0;

  // @Inject by class: works also where no decorator metadata is emitted (tsx).
  constructor(
    @Inject(DatabaseService) private readonly db: DatabaseService,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.samples = settings.auditSamples;
    this.pool = new EvidencePool(settings.auditWorkers);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }

  /** Evidence per call of one hand (`GET /hands/{id}/audit`). */
  async handAudit(handId: string): Promise<{ handId: string; evidence: HandEvidence }> {
    const hand = await findHand(this.db.pool, handId);
    if (!isAuditGame(hand.game))
      throw ApiError.of(
        'VALIDATION_FAILED',
        `the collusion audit covers ${AUDIT_GAMES.join(' and ')} (the games with Schwacher and Retour); hand ${handId} is ${hand.game}`,
      );
    return { handId, evidence: await this.evidenceOf(handId) };
  }

  /** The job for these filters: a finished one is reused for a minute, a running one is joined. */
  collusion(filters: CollusionFilters): CollusionJob {
    if (!isAuditGame(filters.game))
      throw ApiError.of(
        'VALIDATION_FAILED',
        `the collusion audit covers ${AUDIT_GAMES.map((g) => `"${g}"`).join(' and ')}, the games with Schwacher and Retour`,
      );
    this.forgetExpiredJobs();
    const key = JSON.stringify(filters);
    for (const job of this.jobs.values()) {
      if (JSON.stringify(job.filters) !== key) continue;
      const fresh = job.finishedAt === null || Date.now() - Date.parse(job.finishedAt) < 60_000;
      if (job.status !== 'failed' && fresh) return job;
    }
    const job: CollusionJob = {
      jobId: randomUUID(),
      status: 'running',
      filters,
      done: 0,
      total: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
      pairs: null,
      unevaluated: [],
    };
    this.jobs.set(job.jobId, job);
    void this.run(job);
    return job;
  }

  /** Finished jobs are kept for JOB_TTL_MS to be read, then dropped (the map would only grow). */
  private forgetExpiredJobs(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) if (job.finishedAt !== null && now - Date.parse(job.finishedAt) > JOB_TTL_MS) this.jobs.delete(id);
  }

  job(jobId: string): CollusionJob {
    this.forgetExpiredJobs();
    const job = this.jobs.get(jobId);
    if (!job) throw ApiError.of('ROUTE_NOT_FOUND', `no collusion job ${jobId}`);
    return job;
  }

  private async run(job: CollusionJob): Promise<void> {
    try {
      const hands = await this.handsFor(job.filters);
      job.total = hands.length;
      const audited: (AuditHand | null)[] = hands.map(() => null);
      const unevaluated: (UnevaluatedHand | null)[] = hands.map(() => null);
      // As many hands in flight as there are evidence workers (one on the main thread without).
      let next = 0;
      const lane = async (): Promise<void> => {
        for (let i = next++; i < hands.length; i = next++) {
          const h = hands[i]!;
          const evidence = await this.evidenceOf(h.id).catch((err: unknown) => {
            unevaluated[i] = unevaluatedHand(h.id, err);
            return null;
          });
          // Imported records without seating have no players to pair: they are skipped.
          if (evidence && h.seating.every((p) => p !== null)) {
            audited[i] = { handId: h.id, sequence: i, tableId: h.tableId ?? undefined, players: h.seating as string[], evidence };
          }
          job.done++;
          await yieldToRequests();
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, this.pool.size) }, lane));
      const audit = audited.filter((a): a is AuditHand => a !== null);
      job.unevaluated = unevaluated.filter((u): u is UnevaluatedHand => u !== null);
      // Pairs below the minimum are not tested (and not counted in the q-values): not listed either.
      let rows = pairStatistics(audit, { minHands: job.filters.minHands ?? 1 }).filter((r) => r.method !== 'untested');
      if (job.filters.playerId) rows = rows.filter((r) => r.declarer === job.filters.playerId || r.defender === job.filters.playerId);
      job.pairs = rows;
      job.status = 'done';
    } catch (err) {
      job.status = 'failed';
      job.error = err instanceof Error ? err.message : String(err);
    } finally {
      job.finishedAt = new Date().toISOString();
    }
  }

  private async handsFor(f: CollusionFilters): Promise<{ id: string; tableId: string | null; seating: (string | null)[] }[]> {
    // The player filter applies to the pairs, not the hands: a defender is judged against his whole history.
    return finishedHands(this.db.pool, f);
  }

  private async evidenceOf(handId: string): Promise<HandEvidence> {
    const cached = this.evidence.get(handId);
    if (cached) return cached;
    const hand = await findHand(this.db.pool, handId);
    const at = { tableId: hand.homeTableId, handId };
    const key = evidenceKey(hand.game as AuditGame, this.samples);
    const finished = hand.status !== 'active';
    const stored = finished ? await storedEvidence(this.db.pool, at, key) : undefined;
    if (stored) return this.remember(handId, stored);
    const events = await readEvents(this.db.pool, { tableId: hand.homeTableId, handId });
    const record = recordOf(hand, events) as HandRecord<AuditGame>;
    // Replayed here as well (a fraction of the evidence's cost) so that a refused log is a clear 422, not a worker's error.
    const replayed = replay(gameFor(record.game), record);
    if (!replayed.ok) {
      const at = replayed.actionIndex === null ? {} : { actionIndex: replayed.actionIndex };
      throw ApiError.of('HAND_NOT_REPLAYABLE', `hand ${handId} cannot be evaluated: ${describeRefusal(replayed)}`, {
        ...at,
        rejection: replayed.rejection,
      });
    }
    const evidence = await this.pool.evidence({ record, samples: this.samples, seed: seedOf(record) });
    this.computed++;
    if (!finished) return evidence;
    // Not kept (a read-only replica, the database away for a moment): the audit goes on, the hand is computed again next time.
    await storeEvidence(this.db.pool, at, key, evidence).catch((err: Error) =>
      this.log.warn(`evidence of hand ${handId} not stored: ${err.message}`),
    );
    return this.remember(handId, evidence);
  }

  /** A finished hand's evidence never changes: kept in memory too (bounded), beside the store. */
  private remember(handId: string, evidence: HandEvidence): HandEvidence {
    if (this.evidence.size >= EVIDENCE_CACHE_LIMIT) this.evidence.delete(this.evidence.keys().next().value!);
    this.evidence.set(handId, evidence);
    return evidence;
  }
}

/**
 * A fixed seed per hand, taken from what was dealt and played (not from its id), so that a hand
 * has the same evidence every time it is computed — also when the same record is imported again.
 */
function seedOf(record: HandRecord<AuditGame>): number {
  const text = JSON.stringify([record.dealer, record.deck ?? null, record.hands ?? null, record.talon ?? null, record.actions]);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Why one hand of a job has no evidence: its problem code (HAND_NOT_REPLAYABLE …), or EVIDENCE_FAILED for an error while computing it. */
function unevaluatedHand(handId: string, err: unknown): UnevaluatedHand {
  if (err instanceof ApiError) {
    const at = typeof err.extra.actionIndex === 'number' ? { actionIndex: err.extra.actionIndex } : {};
    return { handId, code: err.code, detail: err.message, ...at };
  }
  return { handId, code: 'EVIDENCE_FAILED', detail: err instanceof Error ? err.message : String(err) };
}
