import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { migrate } from '../src/database/migrations.js';
import { HOT_PATH_SQL as BOT_SQL } from '../src/bots/bot-store.js';
import { HOT_PATH_SQL as HAND_SQL, ROUTE_SQL } from '../src/hands/hand-store.js';
import { HOT_PATH_SQL as LEDGER_SQL, ledgerInsertSql } from '../src/ledgers/ledger-store.js';
import { HOT_PATH_SQL as TABLE_SQL } from '../src/tables/table-store.js';
import { scratchDatabases } from './support/databases.testkit.js';

/**
 * docs/scaling.md: the schema Citus can distribute by table. Every table is placed (distributed
 * by its column, a reference table, or local to the coordinator); a distributed table has its
 * distribution column in every primary and unique key, and a foreign key between distributed
 * tables carries it too; every hot-path statement of the stores names one table.
 */
const DISTRIBUTED: Record<string, string> = {
  tables: 'id',
  table_seats: 'table_id',
  hands: 'table_id',
  events: 'table_id',
  idempotent_responses: 'table_id',
  ledger_entries: 'table_id',
  hand_evidence: 'table_id',
  hand_evidence_problems: 'table_id',
  hand_sharing_evidence: 'table_id',
  seat_presence: 'table_id',
  hand_reviews: 'table_id',
  // By the rated player: a hand's booking writes its players' rows (docs/ratings.md).
  ratings: 'player_id',
  rating_history: 'player_id',
};
const REFERENCE = ['players', 'hand_tables', 'player_sessions', 'link_codes', 'passkeys', 'passkey_challenges'];
/** Never distributed: migration bookkeeping, the benchmark's baseline rows, the audit's job rows (one per audit, read by id). */
const LOCAL = ['_prisma_migrations', 'bench_rows', 'collusion_jobs'];

/** Keys and foreign keys that Citus would refuse, read from the live catalogue. */
async function keyProblems(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables = await c.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const placed = new Set([...Object.keys(DISTRIBUTED), ...REFERENCE, ...LOCAL]);
    const problems = tables.rows
      .filter((t) => !placed.has(t.table_name))
      .map((t) => `${t.table_name}: not placed (distributed, reference or local)`);
    const keys = await c.query<{ tbl: string; idx: string; cols: (string | null)[] }>(
      `SELECT c.relname AS tbl, i.relname AS idx, array_agg(a.attname::text ORDER BY k.ord) AS cols
       FROM pg_index x
       JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
       WHERE x.indisunique GROUP BY c.relname, i.relname`,
    );
    for (const k of keys.rows) {
      const col = DISTRIBUTED[k.tbl];
      if (col && !k.cols.includes(col)) problems.push(`${k.tbl}.${k.idx} (${k.cols.join(', ')}): unique without ${col}`);
    }
    const fks = await c.query<{ tbl: string; ref: string; name: string; cols: string[]; refcols: string[] }>(
      `SELECT c.conrelid::regclass::text AS tbl, c.confrelid::regclass::text AS ref, c.conname AS name,
              ARRAY(SELECT attname::text FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = ANY(c.conkey)) AS cols,
              ARRAY(SELECT attname::text FROM pg_attribute WHERE attrelid = c.confrelid AND attnum = ANY(c.confkey)) AS refcols
       FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
    );
    for (const f of fks.rows) {
      const [col, refCol] = [DISTRIBUTED[f.tbl], DISTRIBUTED[f.ref]];
      if (REFERENCE.includes(f.tbl) && refCol) problems.push(`${f.name}: a reference table cannot point into a distributed one`);
      if (col && refCol && !(f.cols.includes(col) && f.refcols.includes(refCol)))
        problems.push(`${f.name}: a foreign key between distributed tables without ${col} → ${refCol}`);
    }
    return problems.sort();
  } finally {
    await c.end();
  }
}

const KEYWORDS = new Set(['where', 'set', 'on', 'join', 'left', 'inner', 'group', 'order', 'values', 'select', 'limit', 'for', 'and']);

/**
 * Why a statement would not be routed to one shard, or null. Each distributed table it names
 * must be pinned: its distribution column equal to a parameter (or named in an INSERT's
 * columns), or joined on it to a table that is pinned.
 */
function unroutedReason(sql: string): string | null {
  const uses: { table: string; alias: string; col: string }[] = [];
  for (const m of sql.matchAll(/\b(?:from|join|update|into)\s+(\w+)(?:\s+(?:as\s+)?(\w+))?/gi)) {
    const table = m[1]!;
    const col = DISTRIBUTED[table];
    const alias = m[2] && !KEYWORDS.has(m[2].toLowerCase()) ? m[2] : table;
    if (col) uses.push({ table, alias, col });
  }
  const ref = (alias: string, table: string, col: string): string =>
    alias === table ? `(?:(?<![\\w.])|\\b${alias}\\.)${col}` : `\\b${alias}\\.${col}`;
  const pinned = new Set<string>();
  for (const u of uses) {
    const insertCols = new RegExp(`\\binto\\s+${u.table}\\s*\\(([^)]*)\\)`, 'i').exec(sql)?.[1];
    if (insertCols?.split(',').some((c) => c.trim() === u.col)) pinned.add(u.alias);
    if (new RegExp(`${ref(u.alias, u.table, u.col)}\\s*=\\s*\\$\\d`, 'i').test(sql)) pinned.add(u.alias);
  }
  for (let grown = true; grown;) {
    grown = false;
    for (const u of uses.filter((x) => !pinned.has(x.alias))) {
      const joined = uses.some((v) => {
        if (!pinned.has(v.alias)) return false;
        const [a, b] = [ref(u.alias, u.table, u.col), ref(v.alias, v.table, v.col)];
        return new RegExp(`${a}\\s*=\\s*${b}|${b}\\s*=\\s*${a}`, 'i').test(sql);
      });
      if (joined) grown = pinned.add(u.alias).size > 0;
    }
  }
  const loose = uses.filter((u) => !pinned.has(u.alias));
  if (uses.length === 0) return 'names no distributed table';
  return loose.length ? `${loose.map((u) => `${u.table}.${u.col}`).join(', ')} not bound to a parameter` : null;
}

describe('the schema Citus can distribute by table (docs/scaling.md)', () => {
  const urls = scratchDatabases({ current: 'shard_c', broken: 'shard_b' });
  const scratch = mkdtempSync(join(tmpdir(), 'shard-migrations-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('every table is placed, and each distributed one keeps its column in every primary and unique key', async () => {
    await migrate(urls.current);
    expect(await keyProblems(urls.current)).toEqual([]);
  });

  it('fails on a key without table_id (a later migration taking it out of events)', async () => {
    cpSync(fileURLToPath(new URL('../prisma/migrations/', import.meta.url)), scratch, { recursive: true });
    mkdirSync(join(scratch, '29990101000000_key_without_table_id'));
    writeFileSync(
      join(scratch, '29990101000000_key_without_table_id', 'migration.sql'),
      `ALTER TABLE "events" DROP CONSTRAINT "events_table_id_hand_id_fkey";
       ALTER TABLE "events" DROP CONSTRAINT "events_pkey", ADD CONSTRAINT "events_pkey" PRIMARY KEY ("hand_id", "seq");
       CREATE UNIQUE INDEX "idempotent_responses_key_key" ON "idempotent_responses"("key");
       CREATE TABLE "unplaced" (id INT PRIMARY KEY);`,
    );
    await migrate(urls.broken, { dir: scratch });
    expect(await keyProblems(urls.broken)).toEqual([
      'events.events_pkey (hand_id, seq): unique without table_id',
      'idempotent_responses.idempotent_responses_key_key (key): unique without table_id',
      'unplaced: not placed (distributed, reference or local)',
    ]);
  });
});

describe("the stores' hot path names one table per statement", () => {
  const statements = Object.entries({
    ...prefixed('hand', HAND_SQL),
    ...prefixed('table', TABLE_SQL),
    ...prefixed('bot', BOT_SQL),
    ...prefixed('ledger', LEDGER_SQL),
    'ledger.insert': ledgerInsertSql(4),
  });

  it.each(statements)('%s', (_name, sql) => {
    expect(unroutedReason(sql)).toBeNull();
  });

  it('the check notices a statement without the filter, and a join off the column', () => {
    expect(unroutedReason('SELECT seq, status FROM hands WHERE id = $1')).toBe('hands.table_id not bound to a parameter');
    expect(unroutedReason('SELECT 1 FROM hands h JOIN events e ON e.hand_id = h.id WHERE h.table_id = $1 AND h.id = $2')).toBe(
      'events.table_id not bound to a parameter',
    );
    expect(unroutedReason('INSERT INTO events (hand_id, seq) VALUES ($1, $2)')).toBe('events.table_id not bound to a parameter');
    expect(unroutedReason('UPDATE tables SET status = $2 WHERE host_player_id = $1')).toBe('tables.id not bound to a parameter');
  });

  it('the one lookup by hand id alone reads the routing table, a reference table', () => {
    expect(unroutedReason(ROUTE_SQL)).toBe('names no distributed table');
    expect(ROUTE_SQL).toMatch(/\bfrom hand_tables\b/i);
  });

  /** Outside the named statements a store may hold SQL only in the reads across tables, each named here and in docs/scaling.md. */
  const ACROSS_TABLES: Record<string, string[]> = {
    'hands/hand-store.ts': [],
    'bots/bot-store.ts': [],
    'ledgers/ledger-store.ts': [],
    'records/record-store.ts': ['handPage', 'handsDealtFrom'],
    'collusion/audit-hands.ts': ['finishedHands', 'handsWithoutEvidence'],
    'tables/table-store.ts': [
      'playingTablesWithBots',
      'hostedOpenTables',
      'endAbandonedTables',
      'lobbyVersion',
      'dropAwayHands',
      'tablesOpenedAt',
    ],
  };
  it.each(Object.entries(ACROSS_TABLES))('%s has SQL literals only in its statement list and its reads across tables', (file, allowed) => {
    const text = readFileSync(fileURLToPath(new URL(`../src/${file}`, import.meta.url)), 'utf8');
    // Top-level declarations, each up to the next: the functions are checked, the constants are the lists above.
    const functions = text
      .split(/\n(?=(?:export )?(?:async )?function |(?:export )?const )/)
      .filter((d) => /^(?:export )?(?:async )?function /.test(d));
    const withSql = functions
      .filter((f) => /(['`])\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/.test(f))
      .map((f) => /function (\w+)/.exec(f)![1]!);
    expect(withSql.sort()).toEqual([...allowed].sort());
  });
});

function prefixed(prefix: string, sql: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(sql).map(([k, v]) => [`${prefix}.${k}`, v]));
}
