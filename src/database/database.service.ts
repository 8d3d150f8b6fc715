import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
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
 * One pg pool for the whole process, shared by the Prisma client (through its driver adapter)
 * and the raw SQL of the event store, so both count against the same connection limit.
 */
@Injectable()
export class DatabaseService implements OnModuleDestroy {
  readonly pool: pg.Pool;
  readonly prisma: PrismaClient;

  constructor(@Inject(SETTINGS) settings: Settings) {
    if (!settings.databaseUrl) throw new Error('DatabaseService needs a database URL (the embedded database starts before the app)');
    this.pool = new pg.Pool({ connectionString: settings.databaseUrl, max: settings.databasePoolSize });
    // An idle client losing its server must not crash the process; the next query reports it.
    this.pool.on('error', () => undefined);
    this.prisma = new PrismaClient({ adapter: new PrismaPg(this.pool) });
  }

  /** Runs `work` in one transaction: COMMIT when it returns, ROLLBACK when it throws. */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const out = await work(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.prisma.$disconnect().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }
}
