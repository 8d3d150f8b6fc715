import PgBoss from 'pg-boss';
import type pg from 'pg';
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
    try {
      if (this.stopped) throw new Error('the job queue is stopped');
      await this.makeQueues(boss);
    } catch (err) {
      // A started pg-boss runs its maintenance timer and holds connections until stopped: one
      // that failed here would otherwise outlive the queue, and keep a stopping process alive.
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw err;
    }
    return boss;
  }

  private async makeQueues(boss: PgBoss): Promise<void> {
    for (const q of this.options.queues) {
      const options = { name: q.name, policy: QUEUE_POLICY, retryLimit: q.retryLimit, retryDelay: 1 };
      const existing = await boss.getQueue(q.name);
      // A queue made by an older version ('stately') takes the policy for its next jobs.
      if (existing) {
        if (existing.policy !== QUEUE_POLICY) await boss.updateQueue(q.name, options);
        continue;
      }
      // Two processes starting at once may both create it: the loser finds it there.
      await boss.createQueue(q.name, options).catch(async (err: unknown) => {
        if (!(await boss.getQueue(q.name))) throw err;
      });
    }
  }

  /**
   * The keys among `keys` that have a job in `queue` not yet done: queued, waiting to be retried,
   * or running. Queue a keyed job only when this says it has none, so that a job is not queued
   * again while it runs. (pg-boss 10 has no call for it: a read of its job table, by the queue's
   * partition and the keys.)
   */
  async liveKeys(queue: string, keys: readonly string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const boss = await this.boss();
    const { rows } = (await boss.getDb().executeSql(
      `SELECT DISTINCT j.singleton_key AS key FROM pgboss.job j JOIN unnest($2::text[]) AS k(key) ON j.singleton_key = k.key
       WHERE j.name = $1 AND j.state IN ('created', 'retry', 'active')`,
      [queue, keys],
    )) as { rows: { key: string }[] };
    return new Set(rows.map((r) => r.key));
  }
}

/**
 * 'short': at most one queued job per key, and no limit on running ones. Not 'stately' (one queued
 * and one running): pg-boss 10 activates a fetched batch in one statement, so a queued job whose
 * key is running breaks that statement on the unique index, and every fetch from the queue comes
 * back empty until the running job ends (or expires, when its worker died). With 'short' a fetch
 * never conflicts; that a key is not queued again while it runs is the queuer's part (`liveKeys`),
 * and a job that runs twice all the same finds its work done (every result is a row written once).
 */
const QUEUE_POLICY: PgBoss.QueuePolicy = 'short';

/** Per queue: jobs waiting (queued or waiting to be retried), jobs running, and the age of the oldest waiting one. */
export interface QueueDepth {
  queue: string;
  queued: number;
  active: number;
  oldestSeconds: number;
}

/**
 * Every queue's depth, read from pg-boss's tables on `pool` without starting pg-boss (an API-only
 * instance has none running). The statement gives up after `timeoutMs` in the database itself, so
 * a slow database costs a scrape one connection for that long at most. None before pg-boss has
 * made its schema.
 */
export async function queueDepths(pool: pg.Pool, timeoutMs: number): Promise<QueueDepth[]> {
  const waiting = `j.state IN ('created', 'retry')`;
  try {
    // One round trip: both statements go as one simple query, one implicit transaction, which SET LOCAL needs.
    const results = (await pool.query(
      `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))};
       SELECT q.name AS queue,
              count(j.id) FILTER (WHERE ${waiting})::int AS queued,
              count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
              coalesce(extract(epoch FROM now() - min(j.created_on) FILTER (WHERE ${waiting})), 0)::float8 AS "oldestSeconds"
       FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active')
       GROUP BY q.name ORDER BY q.name`,
    )) as unknown as pg.QueryResult<QueueDepth>[];
    return results[1]!.rows;
  } catch (err) {
    if (['3F000', '42P01'].includes((err as { code?: string }).code ?? '')) return []; // no schema or table yet
    throw err;
  }
}

/** An idle worker's wait before it looks at its queue again: `ms`, cut short by `wake` (this process has just queued work it waits for). */
export class QueueNap {
  private wakeUp: (() => void) | undefined;

  sleep(ms: number): Promise<void> {
    return new Promise<void>((r) => {
      const timer = setTimeout(r, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        r();
      };
    }).finally(() => (this.wakeUp = undefined));
  }

  wake(): void {
    this.wakeUp?.();
  }
}
