import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../config/paths.js';

/**
 * Applies `prisma/migrations/<timestamp>_<name>/migration.sql` in order and records each in
 * Prisma's own `_prisma_migrations` table (same columns, same SHA-256 checksum), so that
 * `prisma migrate deploy` can take over on a machine that has Prisma's native schema engine.
 * The native engine cannot be downloaded here (no network but the npm registry where this project is built), hence this runner.
 */
const MIGRATIONS_DIR = path.join(projectRoot(), 'prisma', 'migrations');

/** Prisma migrate's advisory lock key, so this runner and `prisma migrate` exclude each other. */
const PRISMA_MIGRATE_LOCK = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * Returns the names of the migrations it applied (empty when the database was current).
 * `until` stops after the migration of that name: a database at an earlier schema (the
 * migration test builds one to migrate data written under it).
 */
export async function migrate(connectionString: string, opts: { dir?: string; until?: string } = {}): Promise<string[]> {
  const all = await readMigrations(opts.dir);
  const last = opts.until === undefined ? all.length : all.findIndex((m) => m.name === opts.until) + 1;
  if (last === 0) throw new Error(`no migration ${opts.until}`);
  const migrations = all.slice(0, last);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const m of migrations) {
      const prior = applied.get(m.name);
      if (prior?.finished_at) {
        if (prior.checksum !== m.checksum) {
          throw new Error(
            `migration ${m.name} was changed after it was applied (checksum differs); add a new migration instead of editing an applied one`,
          );
        }
        continue;
      }
      if (prior)
        throw new Error(
          `migration ${m.name} failed earlier and is half-applied; fix the database by hand, then delete its row in _prisma_migrations`,
        );
      await applyOne(client, m);
      done.push(m.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
    await client.end();
  }
}

async function applyOne(client: pg.Client, m: Migration): Promise<void> {
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(m.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [id, m.checksum, m.name],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
  }
}

/** True when every migration on disk is recorded as applied (the /health check). */
export async function isMigrated(client: { query: pg.Pool['query'] }, expected: readonly Migration[]): Promise<boolean> {
  const { rows } = await client.query<{ migration_name: string }>(
    'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  const names = new Set(rows.map((r) => r.migration_name));
  return expected.every((m) => names.has(m.name));
}
