import { afterAll, beforeAll } from '@jest/globals';
import { scratchDatabase } from '../../scripts/lib/scratch-database.js';

/**
 * Empty databases for one test file, created before its tests and dropped after them, on the
 * run's PostgreSQL server (DATABASE_URL); returns each one's connection string by key.
 */
export function scratchDatabases<K extends string>(prefixes: Record<K, string>): Record<K, string> {
  const dbs = (Object.keys(prefixes) as K[]).map((key) => ({ key, db: scratchDatabase(process.env.DATABASE_URL!, prefixes[key]) }));
  beforeAll(async () => {
    for (const { db } of dbs) await db.create();
  });
  afterAll(async () => {
    for (const { db } of dbs) await db.drop();
  });
  return Object.fromEntries(dbs.map(({ key, db }) => [key, db.url])) as Record<K, string>;
}
