import PgBoss from 'pg-boss';
import { CONNECTION_OPTIONS } from '../database/database.service.js';

/**
 * The service's durable job queue: pg-boss on the service's own PostgreSQL, in a schema of its
 * own (`pgboss`, created and upgraded by pg-boss itself on start). Why pg-boss and not
 * graphile-worker or a queue of our own: docs/scaling.md ("The audit's jobs").
 *
 * A job whose worker died (kill -9, a lost machine) stays active until it expires, then pg-boss's
 * maintenance hands it out again; the expiry is the one setting (AUDIT_JOB_EXPIRE_SECONDS), stamped
 * on a job by the process that queues it (so alike everywhere); the maintenance runs four times
 * per expiry so that no job waits much longer than that.
 */
export class JobQueue {
  private started: Promise<PgBoss> | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      databaseUrl: string;
      expireSeconds: number;
      /** Runs maintenance (expiry, retention): workers do; an API-only instance need not. */
      supervise: boolean;
      queues: readonly { name: string; retryLimit: number }[];
      onError: (err: Error) => void;
    },
  ) {}

  /** The started queue; a failed start (the database away) is tried again by the next call. */
  boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.started ??= this.start().catch((err: unknown) => {
      this.started = undefined;
      throw err;
    });
    return this.started;
  }

  /** Stops the queue; a start under way (a database that does not answer) is waited for at most its connection timeout. */
  async stop(): Promise<void> {
    this.stopped = true;
    const started = this.started;
    this.started = undefined;
    const boss = await started?.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: 5_000, wait: true });
  }

  private async start(): Promise<PgBoss> {
    const { databaseUrl, expireSeconds, supervise } = this.options;
    const boss = new PgBoss({
      connectionString: databaseUrl,
      application_name: 'kartentisch-jobs',
      max: 4,
      // Passed on to its pg pool, as for the service's own connections: a database that does not answer fails the start in 5 s.
      ...({ connectionTimeoutMillis: CONNECTION_OPTIONS.connectionTimeoutMillis, keepAlive: true } as object),
      supervise,
      schedule: false,
      expireInSeconds: expireSeconds,
      maintenanceIntervalSeconds: Math.max(1, Math.floor(expireSeconds / 4)),
      retentionDays: 1,
      deleteAfterDays: 1,
    });
    boss.on('error', this.options.onError);
    await boss.start();
    if (this.stopped) {
      await boss.stop({ graceful: false, wait: true });
      throw new Error('the job queue is stopped');
    }
    for (const q of this.options.queues) {
      // One queued and one running job per key at most ('stately'): the same hand or audit is never queued twice.
      if (await boss.getQueue(q.name)) continue;
      // Two processes starting at once may both create it: the loser finds it there.
      await boss
        .createQueue(q.name, { name: q.name, policy: 'stately', retryLimit: q.retryLimit, retryDelay: 1 })
        .catch(async (err: unknown) => {
          if (!(await boss.getQueue(q.name))) throw err;
        });
    }
    return boss;
  }
}
