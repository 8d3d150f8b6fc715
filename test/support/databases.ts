import { afterAll, beforeAll } from '@jest/globals';
import pg from 'pg';

/**
 * Empty databases for one test file, created before its tests and dropped after them, on the
 * run's PostgreSQL server (DATABASE_URL); returns each one's connection string by key.
 */
export function scratchDatabases<K extends string>(prefixes: Record<K, string>): Record<K, string> {
  const base = new URL(process.env.DATABASE_URL!);
  const suffix = `${process.pid}_${Date.now()}`;
  const names = Object.fromEntries(Object.entries(prefixes).map(([k, p]) => [k, `${p as string}_${suffix}`])) as Record<K, string>;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    for (const db of Object.values<string>(names)) await admin.query(`CREATE DATABASE "${db}"`);
  });
  afterAll(async () => {
    for (const db of Object.values<string>(names)) await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await admin.end();
  });
  const urlOf = (db: string) => Object.assign(new URL(base.toString()), { pathname: `/${db}` }).toString();
  return Object.fromEntries(Object.entries<string>(names).map(([k, db]) => [k, urlOf(db)])) as Record<K, string>;
}
