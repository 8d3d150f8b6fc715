import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { SETTINGS } from '../config/settings.provider.js';
import type { Settings } from '../config/env.js';

/** A connection inside a transaction; the hot paths speak SQL to it directly. */
export type Tx = pg.PoolClient;

// A JSON column comes back parsed; a NUMERIC one stays a string so money is never a float.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

/**
 * Every connection of the service (the pool's and the LISTEN one): recognisable in
 * pg_stat_activity (a DATABASE_URL with ?application_name= names it itself); with the database
 * gone or silent, a connection attempt gives up after 5 s (a request then answers 503).
 */
export const CONNECTION_OPTIONS = { application_name: 'kartentisch', connectionTimeoutMillis: 5000, keepAlive: true } as const;

/** What each open transaction of `DatabaseService.transaction` is to do once it has committed. */
const afterCommit = new WeakMap<Tx, (() => void)[]>();

/** Runs `fn` once `tx` has committed (never, if it rolls back). */
export function onCommit(tx: Tx, fn: () => void): void {
  const pending = afterCommit.get(tx);
  if (!pending) throw new Error('onCommit: not a transaction of DatabaseService.transaction');
  pending.push(fn);
}

/**
 * One pg pool for the whole process, shared by the Prisma client (through its driver adapter)
 * and the raw SQL of the event store, so both count against the same connection limit.
 */
@Injectable()
export class DatabaseService implements OnModuleDestroy {
  readonly pool: pg.Pool;
  readonly prisma: PrismaClient;
  private readonly log = new Logger('Database');

  constructor(@Inject(SETTINGS) settings: Settings) {
    if (!settings.databaseUrl) throw new Error('DatabaseService needs a database URL (the embedded database starts before the app)');
    // Pipelined: a client sends each statement as it is asked for, not after the answer before
    // it, so a transaction's independent statements share a round trip (`transaction`).
    this.pool = new pg.Pool({
      ...CONNECTION_OPTIONS,
      connectionString: settings.databaseUrl,
      max: settings.databasePoolSize,
      pipeline: true,
    });
    // A connection losing its server (terminated backend, restart, failover) emits 'error',
    // idle in the pool or checked out by anyone (our transactions, Prisma, pool.query):
    // without a listener that would end the process. The query under way fails on its own
    // and answers 503; the broken client is dropped by the pool at release.
    this.pool.on('connect', (client) => client.on('error', (err) => this.lost(err)));
    this.pool.on('error', (err) => this.lost(err));
    this.prisma = new PrismaClient({ adapter: new PrismaPg(this.pool) });
  }

  /**
   * Runs `work` in one transaction: COMMIT when it returns, ROLLBACK when it throws; then what
   * `work` asked for with `onCommit`. A connection that cannot even roll back (its server is
   * gone) is discarded, not pooled. BEGIN is not waited for: it goes out with the work's first
   * statement. It fails only where that statement would too (a lost connection, a session in a
   * failed transaction), and then the transaction rolls back as for any error.
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const committed: (() => void)[] = [];
    let broken: Error | undefined;
    let out: T;
    try {
      const begun = client.query('BEGIN').then(
        () => null,
        (err: unknown) => err,
      );
      afterCommit.set(client, committed);
      out = await work(client);
      const failed = await begun;
      if (failed) throw failed;
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr));
      throw err;
    } finally {
      afterCommit.delete(client);
      client.release(broken);
    }
    // Committed: a fault in what follows is logged, not answered as if the work had failed.
    for (const fn of committed) {
      try {
        fn();
      } catch (err) {
        this.log.error(`after commit: ${(err as Error).stack ?? String(err)}`);
      }
    }
    return out;
  }

  private lastLost = 0;

  /** One line per second at most: a restart drops every connection at once. */
  private lost(err: Error): void {
    if (Date.now() - this.lastLost < 1000) return;
    this.lastLost = Date.now();
    this.log.warn(`database connection lost: ${err.message}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.prisma.$disconnect().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }
}
