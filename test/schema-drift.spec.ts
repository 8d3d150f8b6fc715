import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { diffToSchema, SCHEMA_PATH } from '../scripts/schema-engine.js';
import { migrate } from '../src/database/migrations.js';
import { scratchDatabases } from './support/databases.testkit.js';

/**
 * schema.prisma and prisma/migrations must describe the same database. Prisma's own schema
 * engine (WebAssembly) writes the SQL for schema.prisma from scratch; one database gets that,
 * another the migrations through our runner; their catalogues must be identical.
 */
describe('schema.prisma and the migrations', () => {
  const urls = scratchDatabases({ migrated: 'drift_m', fromSchema: 'drift_s', mutated: 'drift_x' });

  it('the migrated database equals the one Prisma builds from schema.prisma', async () => {
    await migrate(urls.migrated);
    await execute(urls.fromSchema, await diffToSchema(urls.fromSchema, true));
    expect(await catalogue(urls.migrated)).toEqual(await catalogue(urls.fromSchema));
  });

  it('the comparison notices a field added to schema.prisma without a migration', async () => {
    const schema = readFileSync(SCHEMA_PATH, 'utf8').replace('model Player {\n', 'model Player {\n  nickname String?\n');
    await execute(urls.mutated, await diffToSchema(urls.mutated, true, schema));
    expect(await catalogue(urls.mutated)).not.toEqual(await catalogue(urls.fromSchema));
  });
});

async function execute(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Tables, columns, indexes and constraints of the public schema, in a comparable form. */
async function catalogue(url: string): Promise<Record<string, unknown>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const columns = await c.query(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision, numeric_scale, datetime_precision
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, column_name`,
    );
    const indexes = await c.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY indexname`,
    );
    const constraints = await c.query(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations' ORDER BY conrelid::regclass::text, conname`,
    );
    return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
  } finally {
    await c.end();
  }
}
